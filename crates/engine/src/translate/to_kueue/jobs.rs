//! Jobs under Kueue (docs/FORMAT.md, "A job under Kueue"; docs/KUEUE-TRANSLATION.md, "Jobs"):
//! a job keeps its name, times, priority, checkpoints, observed outcome and preference list
//! (its pods' instance-type affinity), is submitted to its share's ClusterQueue through the
//! LocalQueue of the same name, and gets one pod set `main`: the first entry's instance count of
//! pods, each asking for that type's accelerators. Spot jobs select and tolerate the spot
//! flavors; other jobs select on-demand ones. What Kueue has no field for is dropped.

use super::super::notes::{JobPlace, Notes};
use super::super::NoteKind;
use super::flavors::{spot_toleration, CAPACITY_TYPE_LABEL};
use crate::quantity::Quantity;
use crate::result::Text;
use crate::scenario::kueue::{pod_sets_of, PodSet, MAIN_POD_SET, PODS};
use crate::scenario::{JobAttributes, JobMix, JobSpec, Scenario};
use std::collections::BTreeMap;

/// The job under Kueue, in ClusterQueue `queue`.
pub(super) fn job(
    i: usize,
    spec: &JobSpec,
    s: &Scenario,
    queue: &str,
    notes: &mut Notes,
) -> JobSpec {
    let attributes = attributes(JobPlace::Job(i), &spec.attributes(), s, queue, notes);
    let mut out = JobSpec::from_attributes(
        spec.name.clone(),
        Some(Text::from(queue)),
        spec.submit_h,
        spec.duration_h,
        &attributes,
    );
    out.observed = spec.observed.clone();
    out
}

/// The mix under Kueue, its jobs in ClusterQueue `queue`.
pub(super) fn mix(i: usize, mix: &JobMix, s: &Scenario, queue: &str, notes: &mut Notes) -> JobMix {
    JobMix {
        share: Some(queue.to_string()),
        template: attributes(JobPlace::Template(i), &mix.template, s, queue, notes),
        ..mix.clone()
    }
}

fn attributes(
    place: JobPlace,
    a: &JobAttributes,
    s: &Scenario,
    queue: &str,
    notes: &mut Notes,
) -> JobAttributes {
    dropped_fields(place, a, notes);
    let mut out = a.clone();
    out.max_pending_h = None;
    out.preemption_retries = None;
    out.max_wait_h = None;
    out.spot = false;
    for p in &mut out.preferences {
        p.training_plan = None;
    }
    out.pod_sets = pod_sets(place, a, s, notes);
    out.local_queue = Some(queue.to_string());
    out
}

fn dropped_fields(place: JobPlace, a: &JobAttributes, notes: &mut Notes) {
    let mut drop = |field: &str, text: &str| notes.per_job(place, field, NoteKind::Dropped, text);
    if a.max_pending_h.is_some() {
        drop("max_pending_h", "Kueue has no limit on pending time (MaxPendingTimeInSeconds); the workload waits until admitted");
    }
    if a.preemption_retries.is_some() {
        drop(
            "preemption_retries",
            "Kueue requeues a preempted workload every time",
        );
    }
    if a.max_wait_h.is_some() {
        drop(
            "max_wait_h",
            "Kueue has no cap on a spot job's waiting plus running time",
        );
    }
    if a.preferences.iter().any(|p| p.training_plan.is_some()) {
        drop("preferences[*].training_plan", "training plans have no Kueue counterpart; the entry runs on its type's on-demand flavor");
    }
}

/// The one pod set `main`, with the node selector and toleration of its capacity type.
fn pod_sets(place: JobPlace, a: &JobAttributes, s: &Scenario, notes: &mut Notes) -> Vec<PodSet> {
    let mut sets = pod_sets_of(&s.instance_types, a).unwrap_or_else(|| {
        vec![PodSet {
            name: MAIN_POD_SET.to_string(),
            count: a.instance_count.unwrap_or(1),
            requests: BTreeMap::from([(PODS.to_string(), Quantity::units(1))]),
            node_selector: BTreeMap::new(),
            node_affinity: Vec::new(),
            tolerations: Vec::new(),
        }]
    });
    let capacity = if a.spot { "spot" } else { "on-demand" };
    for set in &mut sets {
        set.node_selector
            .insert(CAPACITY_TYPE_LABEL.to_string(), capacity.to_string());
        if a.spot {
            set.tolerations.push(spot_toleration());
        }
    }
    if a.spot {
        notes.per_job(place, "spot", NoteKind::Carried, "spot jobs select the spot flavors (karpenter.sh/capacity-type: spot) and tolerate their taint spot=true:NoSchedule");
    }
    entry_notes(place, a, s, notes);
    sets
}

/// Entries whose count or accelerators differ from the first's: the pod set is the first's.
fn entry_notes(place: JobPlace, a: &JobAttributes, s: &Scenario, notes: &mut Notes) {
    let counts: Vec<Option<u32>> = a.preferences.iter().map(|p| p.instance_count).collect();
    if counts.windows(2).any(|w| w[0] != w[1]) {
        notes.per_job(place, "preferences[*].instance_count", NoteKind::Approximated, "entries ask for different instance counts; the pod set has the first entry's count of pods on every flavor");
    }
    let accelerators: Vec<Option<u32>> = a
        .preferences
        .iter()
        .map(|p| s.instance_type(&p.instance_type).map(|t| t.accelerators))
        .collect();
    if accelerators.windows(2).any(|w| w[0] != w[1]) {
        notes.per_job(place, "preferences[*].instance_type", NoteKind::Approximated, "entries' types hold different numbers of accelerators; each pod asks for the first entry's, on every flavor");
    }
}
