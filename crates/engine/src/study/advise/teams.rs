//! The teams a search's targets name: quota shares under AWS's rules, ClusterQueues under
//! Kueue's, the queues results report per (docs/ADVISOR.md, "Under Kueue's rules").

use crate::scenario::{Rules, Scenario};

/// What a team is called under `rules`, for messages: "share" or "ClusterQueue".
pub fn team_noun(rules: Rules) -> &'static str {
    match rules {
        Rules::Aws => "share",
        Rules::Kueue => "ClusterQueue",
    }
}

/// Every team of the scenario, in its order.
pub fn teams(scenario: &Scenario) -> Vec<String> {
    match (scenario.rules, &scenario.kueue) {
        (Rules::Kueue, Some(k)) => k.cluster_queues.iter().map(|q| q.name.clone()).collect(),
        (Rules::Kueue, None) => Vec::new(),
        (Rules::Aws, _) => scenario
            .quota_shares
            .iter()
            .map(|s| s.name.clone())
            .collect(),
    }
}

/// The teams that have jobs, in the scenario's order: a team without jobs has no completions or
/// waits to hold to a bound, so `*` leaves it out. Under Kueue a job reaches its ClusterQueue by
/// name or through its LocalQueue.
pub fn teams_with_jobs(scenario: &Scenario) -> Vec<String> {
    let queue_of = |share: Option<&str>, local_queue: Option<&str>, namespace: Option<&str>| match (
        scenario.rules,
        &scenario.kueue,
    ) {
        (Rules::Kueue, Some(k)) => k
            .cluster_queue_of(share, local_queue, namespace)
            .map(str::to_string),
        _ => share.map(str::to_string),
    };
    let jobs = scenario.jobs.iter().map(|j| {
        queue_of(
            j.share.as_deref(),
            j.local_queue.as_deref(),
            j.namespace.as_deref(),
        )
    });
    let mixes = scenario.job_mixes.iter().map(|m| {
        queue_of(
            m.share.as_deref(),
            m.template.local_queue.as_deref(),
            m.template.namespace.as_deref(),
        )
    });
    let queued: Vec<String> = jobs.chain(mixes).flatten().collect();
    teams(scenario)
        .into_iter()
        .filter(|t| queued.contains(t))
        .collect()
}
