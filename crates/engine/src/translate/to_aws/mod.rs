//! Kueue objects to AWS quota shares (docs/KUEUE-TRANSLATION.md): [`to_aws`].

mod capacity;
mod entries;
mod flavors;
mod jobs;
mod layout;
mod matching;
mod priorities;
mod shares;

pub use flavors::placeholder_type;

use super::notes::Notes;
use super::{unchanged, Translation};
use crate::result::numbers::counted;
use crate::scenario::kueue::{Kueue, QueueingStrategy};
use crate::scenario::{Action, InstanceType, Queueing, Rules, Scenario};
use flavors::Flavors;
use priorities::Priorities;
use std::collections::{BTreeMap, BTreeSet};

/// What the jobs' translation reads.
struct Context<'a> {
    kueue: &'a Kueue,
    flavors: &'a Flavors<'a>,
    queues: &'a BTreeMap<String, Option<String>>,
    priorities: &'a Priorities,
    /// Types with an AWS spot pool.
    spot_types: Vec<String>,
    /// The scenario's own types and the placeholders made for unknown flavor types.
    own: Vec<InstanceType>,
}

impl Context<'_> {
    fn own_type(&self, name: &str) -> Option<InstanceType> {
        crate::scenario::catalog::resolve(&self.own, name)
    }
}

/// The scenario's Kueue agreement as AWS quota shares, under AWS's rules, where AWS can express
/// it; every approximation and omission is a note. A scenario already in AWS's form comes back
/// as it is, with a note.
pub fn to_aws(k: &Scenario) -> Translation {
    let Some(kueue) = &k.kueue else {
        return unchanged(k, Rules::Aws);
    };
    let mut notes = Notes::default();
    let flavors = Flavors::read(k, kueue, &mut notes);
    let (capacity, spot) = capacity::pools(k, kueue, &flavors, &mut notes);
    let layout = layout::layout(kueue, &flavors, &mut notes);
    let priorities = Priorities::of(k, &mut notes);
    agreement_notes(kueue, &mut notes);
    let mut own = k.instance_types.clone();
    own.extend(flavors.placeholders.iter().cloned());
    let ctx = Context {
        kueue,
        flavors: &flavors,
        queues: &layout.share_of_queue,
        priorities: &priorities,
        spot_types: spot.iter().map(|p| p.instance_type.clone()).collect(),
        own: own.clone(),
    };
    let jobs: Vec<_> = k
        .jobs
        .iter()
        .enumerate()
        .filter_map(|(i, j)| ctx.job(i, j, &mut notes))
        .collect();
    let job_mixes = k
        .job_mixes
        .iter()
        .enumerate()
        .filter_map(|(i, m)| ctx.mix(i, m, &mut notes))
        .collect();
    let scenario = Scenario {
        rules: Rules::Aws,
        queueing: queueing(kueue, &mut notes),
        instance_types: own,
        capacity,
        spot,
        training_plans: Vec::new(),
        quota_shares: layout.shares,
        kueue: None,
        actions: actions(k, &jobs, &priorities, &mut notes),
        jobs: jobs.into(),
        job_mixes,
        ..k.clone()
    };
    Translation {
        scenario,
        notes: notes.finish(),
    }
}

/// For each ClusterQueue of a Kueue scenario, the share [`to_aws`] puts its jobs in:
/// `Some(share)`, or `None` when the AWS scenario has no shares; a queue without an AWS form is
/// absent. Importers that read a cluster's jobs themselves (the account import) place them by it.
pub fn queue_shares(k: &Scenario) -> BTreeMap<String, Option<String>> {
    let Some(kueue) = &k.kueue else {
        return BTreeMap::new();
    };
    let mut notes = Notes::default();
    let flavors = Flavors::read(k, kueue, &mut notes);
    layout::layout(kueue, &flavors, &mut notes).share_of_queue
}

/// AWS's one queueing rule for all shares: strict when every ClusterQueue is StrictFIFO.
fn queueing(kueue: &Kueue, notes: &mut Notes) -> Queueing {
    let strict: Vec<&str> = kueue
        .cluster_queues
        .iter()
        .filter(|q| q.queueing_strategy == QueueingStrategy::StrictFIFO)
        .map(|q| q.name.as_str())
        .collect();
    if strict.is_empty() {
        Queueing::BestEffortFifo
    } else if strict.len() == kueue.cluster_queues.len() {
        notes.carried(
            "kueue.cluster_queues[*].queueing_strategy",
            "every ClusterQueue is StrictFIFO: queueing strict_fifo",
        );
        Queueing::StrictFifo
    } else {
        notes.approximated("kueue.cluster_queues[*].queueing_strategy", format!("AWS has one queueing rule for all shares; only {} of {} ClusterQueues are StrictFIFO ({}): best_effort_fifo", strict.len(), kueue.cluster_queues.len(), strict.join(", ")));
        Queueing::BestEffortFifo
    }
}

/// Actions on jobs that were kept, with priorities mapped.
fn actions(
    k: &Scenario,
    jobs: &[crate::scenario::JobSpec],
    priorities: &Priorities,
    notes: &mut Notes,
) -> Vec<Action> {
    let kept: BTreeSet<&str> = jobs.iter().map(|j| j.name.as_str()).collect();
    let dropped: BTreeSet<&str> = k
        .jobs
        .iter()
        .map(|j| j.name.as_str())
        .filter(|n| !kept.contains(n))
        .collect();
    let mut out = Vec::new();
    for (i, a) in k.actions.iter().enumerate() {
        let job = a
            .set_priority
            .as_ref()
            .map(|p| p.job.as_str())
            .or(a.cancel.as_ref().map(|c| c.job.as_str()));
        if job.is_some_and(|j| dropped.contains(j)) {
            notes.dropped(
                format!("actions[{i}]"),
                format!("its job {} was dropped", job.unwrap_or("")),
            );
            continue;
        }
        let mut a = a.clone();
        if let Some(p) = &mut a.set_priority {
            p.priority = priorities.get(p.priority);
        }
        out.push(a);
    }
    out
}

/// What AWS's one flat pool of shares cannot state of the Kueue objects around the queues.
fn agreement_notes(kueue: &Kueue, notes: &mut Notes) {
    let roots = kueue.cohorts.iter().filter(|c| c.parent.is_none()).count();
    if kueue.cohorts.iter().any(|c| c.parent.is_some()) || roots > 1 {
        notes.approximated("kueue.cohorts", format!("{} in {}: AWS shares lend and borrow in one pool, so the tree is flattened and every share lends to and borrows from every other", counted(kueue.cohorts.len() as u64, "cohort"), counted(roots as u64, "tree")));
    }
    for (i, c) in kueue.cohorts.iter().enumerate() {
        let limited = c
            .resource_groups
            .iter()
            .flat_map(|g| &g.flavors)
            .flat_map(|f| &f.resources)
            .any(|r| r.borrowing_limit.is_some() || r.lending_limit.is_some());
        if limited {
            notes.dropped(format!("kueue.cohorts[{i}].resource_groups"), format!("cohort {}: limits towards its parent have no AWS counterpart; its own quota is capacity no share owns", c.name));
        }
        if c.fair_sharing.is_some() {
            notes.dropped(
                format!("kueue.cohorts[{i}].fair_sharing"),
                format!("cohort {}: AWS has no fair-sharing weights", c.name),
            );
        }
    }
    if kueue.fair_sharing.is_some() {
        notes.dropped("kueue.fair_sharing", "AWS has no fair sharing: idle capacity goes to borrowers first-in first-out, and reclaim follows the lenders' limits");
    }
    if !kueue.local_queues.is_empty() {
        notes.carried(
            "kueue.local_queues",
            format!(
                "{}: each job is in the share of the ClusterQueue its LocalQueue leads to",
                counted(kueue.local_queues.len() as u64, "LocalQueue")
            ),
        );
    }
    if !kueue.priority_classes.is_empty() {
        notes.carried(
            "kueue.priority_classes",
            format!(
                "WorkloadPriorityClasses ({}): each job keeps its class's value as its priority",
                kueue.priority_classes.len()
            ),
        );
    }
    if !kueue.namespaces.is_empty() {
        notes.dropped(
            "kueue.namespaces",
            format!(
                "{}: AWS shares have no namespaces",
                counted(kueue.namespaces.len() as u64, "namespace")
            ),
        );
    }
}
