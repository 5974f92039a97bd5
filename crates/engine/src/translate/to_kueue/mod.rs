//! AWS quota shares to Kueue objects (docs/KUEUE-TRANSLATION.md): [`to_kueue`].

mod flavors;
mod jobs;
mod queues;

pub use flavors::SPOT_TAINT_KEY;
pub use queues::SINGLE_QUEUE;

use super::notes::Notes;
use super::{unchanged, Translation};
use crate::scenario::kueue::{Kueue, LocalQueue, DEFAULT_NAMESPACE};
use crate::scenario::{Action, Rules, Scenario};
use flavors::FlavorPlan;

/// The scenario's AWS agreement as Kueue objects, under Kueue's rules: a ResourceFlavor per
/// instance type and spot pool, one Cohort named after the scenario, a ClusterQueue and a
/// LocalQueue per share, and the jobs as workloads of those queues. A scenario already in Kueue's
/// form comes back as it is, with a note.
pub fn to_kueue(aws: &Scenario) -> Translation {
    if aws.kueue.is_some() {
        return unchanged(aws, Rules::Kueue);
    }
    let mut notes = Notes::default();
    let plan = FlavorPlan::of(aws);
    let (cohorts, cluster_queues) = queues::build(aws, &plan, &mut notes);
    if aws.queueing == crate::scenario::Queueing::StrictFifo {
        notes.carried(
            "queueing",
            "strict_fifo: every ClusterQueue's queueingStrategy is StrictFIFO",
        );
    }
    dropped(aws, &mut notes);
    let queue_of = |share: Option<&str>| share.unwrap_or(SINGLE_QUEUE).to_string();
    let jobs = aws
        .jobs
        .iter()
        .enumerate()
        .map(|(i, j)| jobs::job(i, j, aws, &queue_of(j.share.as_deref()), &mut notes))
        .collect();
    let job_mixes = aws
        .job_mixes
        .iter()
        .enumerate()
        .map(|(i, m)| jobs::mix(i, m, aws, &queue_of(m.share.as_deref()), &mut notes))
        .collect();
    let local_queues = cluster_queues
        .iter()
        .map(|q| LocalQueue {
            name: q.name.clone(),
            namespace: DEFAULT_NAMESPACE.to_string(),
            cluster_queue: q.name.clone(),
        })
        .collect();
    let kueue = Kueue {
        resource_flavors: plan.objects(),
        cohorts,
        cluster_queues,
        local_queues,
        ..Kueue::default()
    };
    let scenario = Scenario {
        rules: Rules::Kueue,
        queueing: Default::default(),
        capacity: Vec::new(),
        training_plans: Vec::new(),
        quota_shares: Vec::new(),
        kueue: Some(Box::new(kueue)),
        jobs,
        job_mixes,
        actions: actions(aws, &mut notes),
        ..aws.clone()
    };
    Translation {
        scenario,
        notes: notes.finish(),
    }
}

/// Capacity changes and training plans: Kueue's quotas are fixed and it has no reservations.
fn dropped(aws: &Scenario, notes: &mut Notes) {
    for (i, c) in aws.capacity.iter().enumerate() {
        if c.changes.is_empty() {
            continue;
        }
        let levels: Vec<String> = c
            .changes
            .iter()
            .map(|ch| format!("{} at {} h", ch.count, ch.at_h))
            .collect();
        notes.dropped(format!("capacity[{i}].changes"), format!("{} changes of {} ({}): Kueue's quotas do not change during a run; the {} instances at time 0 hold throughout", c.changes.len(), c.instance_type, levels.join(", "), c.count));
    }
    for (i, p) in aws.training_plans.iter().enumerate() {
        notes.dropped(format!("training_plans[{i}]"), format!("plan \"{}\" ({} x {}, {} blocks, upfront {}): Kueue has no reserved capacity; its entries run on the type's on-demand flavor", p.name, p.count, p.instance_type, p.blocks.len(), p.upfront_cost));
    }
}

/// `set_priority` and `cancel` carry over; `update_share` has no Kueue counterpart.
fn actions(aws: &Scenario, notes: &mut Notes) -> Vec<Action> {
    let mut out = Vec::new();
    for (i, a) in aws.actions.iter().enumerate() {
        match &a.update_share {
            Some(u) => notes.dropped(format!("actions[{i}].update_share"), format!("at {} h: ClusterQueues do not change during a run; \"{}\" keeps its terms from time 0", a.at_h, u.share)),
            None => out.push(a.clone()),
        }
    }
    out
}
