//! A Kueue job's preference list and instance counts under AWS (docs/KUEUE-TRANSLATION.md,
//! "Jobs"): its own preference list when it has one, else the instance types of its
//! ClusterQueue's flavors its pods fit, in the queue's order; spot when its pods select spot
//! capacity or fit only spot flavors. Its instances are its pods' accelerators divided by the
//! type's accelerators per instance, rounded up (pods, for a type without accelerators).

use super::super::notes::{JobPlace, Notes};
use super::super::resources::{unit_of, units};
use super::super::NoteKind;
use super::matching::fits;
use super::Context;
use crate::result::Text;
use crate::scenario::kueue::{
    pod_sets_of, ClusterQueue, PodSet, ACCELERATOR_RESOURCES, PODS, SPOT_LABELS,
};
use crate::scenario::{InstanceType, JobAttributes, Preference};
use crate::validate::limits::MAX_INSTANCES;

/// AWS: a preference list has at most 5 entries.
const MAX_ENTRIES: usize = 5;

/// The job's fields under AWS's rules; `None` when no instance type can be found for it.
pub(super) fn attributes(
    place: JobPlace,
    a: &JobAttributes,
    q: &ClusterQueue,
    ctx: &Context,
    notes: &mut Notes,
) -> Option<JobAttributes> {
    let sets = if a.pod_sets.is_empty() {
        pod_sets_of(&ctx.own, a).unwrap_or_default()
    } else {
        a.pod_sets.clone()
    };
    let (mut preferences, mut spot) = if a.preferences.is_empty() {
        derive(place, &sets, q, ctx, notes)?
    } else {
        (a.preferences.clone(), selects_spot(&sets))
    };
    if spot
        && !ctx
            .spot_types
            .iter()
            .any(|t| preferences[0].instance_type == *t)
    {
        notes.per_job(
            place,
            "pod_sets[*].node_selector",
            NoteKind::Approximated,
            "its pods select spot capacity, but the type has no spot pool: an on-demand job",
        );
        spot = false;
    }
    let most = if spot { 1 } else { MAX_ENTRIES };
    if preferences.len() > most {
        let why = if spot {
            "an AWS spot job has exactly one entry"
        } else {
            "an AWS preference list has at most 5 entries"
        };
        notes.per_job(
            place,
            "preferences",
            NoteKind::Dropped,
            &format!("{why}: the first {most} are kept"),
        );
        preferences.truncate(most);
    }
    for p in &mut preferences {
        p.training_plan = None;
    }
    let instance_count = counts(place, a, &sets, &mut preferences, ctx, notes);
    Some(JobAttributes {
        priority: ctx.priorities.get(a.priority),
        instance_count,
        preferences,
        spot,
        pod_sets: Vec::new(),
        local_queue: None,
        namespace: None,
        priority_class: None,
        ..a.clone()
    })
}

fn selects_spot(sets: &[PodSet]) -> bool {
    sets.iter().any(|s| {
        SPOT_LABELS
            .iter()
            .any(|(k, v)| s.node_selector.get(*k).map(String::as_str) == Some(*v))
    })
}

/// The types of the queue's flavors the pods fit: on-demand ones, else spot ones (a spot job).
fn derive(
    place: JobPlace,
    sets: &[PodSet],
    q: &ClusterQueue,
    ctx: &Context,
    notes: &mut Notes,
) -> Option<(Vec<Preference>, bool)> {
    let keys: std::collections::BTreeSet<&str> = q
        .resource_groups
        .iter()
        .flat_map(|g| &g.flavors)
        .filter_map(|fq| ctx.flavors.object(&fq.name))
        .flat_map(|f| f.node_labels.keys().map(String::as_str))
        .collect();
    let mut fitting: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    let mut any: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    for fq in q.resource_groups.iter().flat_map(|g| &g.flavors) {
        let (Some(t), Some(f)) = (ctx.flavors.get(&fq.name), ctx.flavors.object(&fq.name)) else {
            continue;
        };
        let kind = usize::from(t.spot);
        add(&mut any[kind], &t.def.name);
        if sets.iter().all(|s| fits(s, f, &keys)) {
            add(&mut fitting[kind], &t.def.name);
        }
    }
    let entries = |types: &[String]| {
        types
            .iter()
            .map(|t| Preference {
                instance_type: Text::from(t.as_str()),
                instance_count: None,
                training_plan: None,
                duration_h: None,
            })
            .collect()
    };
    for (kind, spot) in [(0, false), (1, true)] {
        if !fitting[kind].is_empty() {
            return Some((entries(&fitting[kind]), spot));
        }
    }
    let fallback = if any[0].is_empty() {
        (&any[1], true)
    } else {
        (&any[0], false)
    };
    if fallback.0.is_empty() {
        return None;
    }
    notes.per_job(place, "pod_sets", NoteKind::Approximated, "its pods fit none of its ClusterQueue's flavors (node selector, affinity, taints): every flavor's type is its preference list");
    Some((entries(fallback.0), fallback.1))
}

fn add(list: &mut Vec<String>, t: &str) {
    if !list.iter().any(|x| x == t) {
        list.push(t.to_string());
    }
}

/// Instances of `t` the pod sets need, and whether that is exact.
fn needed(sets: &[PodSet], t: &InstanceType) -> (u64, bool) {
    let (unit, per) = unit_of(Some(t));
    let pods: u64 = sets.iter().map(|s| u64::from(s.count)).sum();
    let per_pod = |s: &PodSet| -> u64 {
        let by = |r: &str| s.requests.get(r).map(|q| units(q, r));
        by(unit)
            .or_else(|| ACCELERATOR_RESOURCES.iter().find_map(|r| by(r)))
            .unwrap_or(0)
    };
    let accelerators: u64 = sets
        .iter()
        .map(|s| u64::from(s.count).saturating_mul(per_pod(s)))
        .sum();
    let (n, exact) = if unit == PODS || accelerators == 0 {
        (pods, true)
    } else {
        (
            accelerators.div_ceil(per.max(1)),
            accelerators.is_multiple_of(per.max(1)),
        )
    };
    (n.clamp(1, u64::from(MAX_INSTANCES)), exact)
}

/// Sets the entries' counts (returning the job's) from the pod sets; the job's own counts stay
/// when they agree with its pods on the first entry, or when it has no pod sets of its own.
fn counts(
    place: JobPlace,
    a: &JobAttributes,
    sets: &[PodSet],
    prefs: &mut [Preference],
    ctx: &Context,
    notes: &mut Notes,
) -> Option<u32> {
    let set = prefs.iter().filter(|p| p.instance_count.is_some()).count();
    let shaped = if a.instance_count.is_some() {
        set == 0
    } else {
        set == prefs.len()
    };
    let need: Vec<(u64, bool)> = prefs
        .iter()
        .map(|p| {
            ctx.own_type(&p.instance_type)
                .map_or((1, true), |t| needed(sets, &t))
        })
        .collect();
    let first = prefs[0].instance_count.or(a.instance_count).map(u64::from);
    if shaped && (a.pod_sets.is_empty() || first == Some(need[0].0)) {
        return a.instance_count;
    }
    if sets.len() > 1 {
        notes.per_job(
            place,
            "pod_sets",
            NoteKind::Approximated,
            "several pod sets: their pods are added up as one job's instances",
        );
    }
    if need.iter().any(|(_, exact)| !exact) {
        notes.per_job(
            place,
            "pod_sets[*].count",
            NoteKind::Approximated,
            "its pods' accelerators are not a whole number of instances: rounded up",
        );
    }
    if sets.iter().any(|s| {
        s.requests
            .keys()
            .any(|r| r != PODS && !ACCELERATOR_RESOURCES.contains(&r.as_str()))
    }) {
        notes.per_job(place, "pod_sets[*].requests", NoteKind::Dropped, "requests other than accelerators (cpu, memory) have no AWS counterpart: an instance is the unit");
    }
    let n = |i: usize| u32::try_from(need[i].0).unwrap_or(MAX_INSTANCES);
    if need.iter().all(|x| x.0 == need[0].0) {
        prefs.iter_mut().for_each(|p| p.instance_count = None);
        return Some(n(0));
    }
    for (i, p) in prefs.iter_mut().enumerate() {
        p.instance_count = Some(n(i));
    }
    None
}
