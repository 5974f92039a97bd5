//! Jobs and mixes submitted to a Kueue agreement (docs/FORMAT.md, "A job under Kueue"): the
//! ClusterQueue each reaches, its priority class, its pod sets and what they request, the state
//! of a job already admitted, and the AWS fields Kueue has no counterpart for.

use super::{check_name, listed, not_among, Index, Misroute, Placed, Submission};
use crate::diagnostic::Report;
use crate::scenario::kueue::{Admitted, ClusterQueue};
use crate::scenario::Scenario;
use crate::time::MAX_TIME_H;
use crate::validate::Context;
use crate::validate::Names;

pub(super) fn check(scenario: &Scenario, context: &Context, index: &Index, report: &mut Report) {
    for submission in super::submissions(scenario) {
        without_counterpart(&submission, report);
        let queue = routed(index, &submission, report);
        priority_class(index, &submission, report);
        pod_sets(&submission, report);
        let placed = submission.pod_sets(context);
        for set in &placed {
            requests(index, &submission, queue, set, report);
        }
        if let Some(admitted) = submission.admitted {
            check_admitted(&submission, queue, &placed, admitted, report);
        }
    }
}

/// SageMaker's pending and spot limits, retries and training plans have no Kueue counterpart
/// (docs/FORMAT.md, "A job under Kueue").
fn without_counterpart(s: &Submission, report: &mut Report) {
    let job = &s.attributes;
    for (field, set) in [
        ("max_pending_h", job.max_pending_h.is_some()),
        ("preemption_retries", job.preemption_retries.is_some()),
        ("max_wait_h", job.max_wait_h.is_some()),
    ] {
        if set {
            report.error(
                format!("{}.{field}", s.path),
                format!("{}: {field} has no Kueue counterpart; remove it", s.label),
            );
        }
    }
    for (k, entry) in job.preferences.iter().enumerate() {
        if let Some(plan) = &entry.training_plan {
            report.error(
                format!("{}.preferences[{k}].training_plan", s.path),
                format!("{}: training plan {plan} has no Kueue counterpart; a Kueue job runs on its ClusterQueue's flavors", s.label),
            );
        }
    }
}

/// The ClusterQueue the submission reaches, or an error saying why it reaches none.
fn routed<'a>(index: &Index<'a>, s: &Submission, report: &mut Report) -> Option<&'a ClusterQueue> {
    let error = match index.route(s) {
        Ok(queue) => return Some(queue),
        Err(Misroute::Neither) => (
            s.share_path.clone(),
            "name its ClusterQueue in share, or its LocalQueue in local_queue".to_string(),
        ),
        Err(Misroute::NoLocalQueue) => {
            let namespace = s.namespace();
            let name = s.attributes.local_queue.as_deref().unwrap_or_default();
            let names = (index.kueue.local_queues.iter())
                .filter(|q| q.namespace == namespace)
                .map(|q| q.name.as_str());
            let kinds = format!("LocalQueues of namespace {namespace}");
            (
                format!("{}.local_queue", s.path),
                not_among("LocalQueue", name, &kinds, names),
            )
        }
        Err(Misroute::Disagree(lq)) => (
            s.share_path.clone(),
            format!(
                "share names ClusterQueue {}, but its LocalQueue {}/{} leads to ClusterQueue {}; name the same queue, or only one",
                s.share.unwrap_or_default(),
                lq.namespace,
                lq.name,
                lq.cluster_queue
            ),
        ),
        // A LocalQueue that leads nowhere is reported at the LocalQueue.
        Err(Misroute::NoQueue) if s.share.is_none() => return None,
        Err(Misroute::NoQueue) => {
            let names = index.kueue.cluster_queues.iter().map(|q| q.name.as_str());
            let share = s.share.unwrap_or_default();
            (
                s.share_path.clone(),
                not_among("ClusterQueue", share, "ClusterQueues", names),
            )
        }
    };
    report.error(error.0, format!("{}: {}", s.label, error.1));
    None
}

/// A WorkloadPriorityClass gives the job its value: `priority` must hold it.
fn priority_class(index: &Index, s: &Submission, report: &mut Report) {
    let Some(name) = s.attributes.priority_class.as_deref() else {
        return;
    };
    match index.priority_class(name) {
        None => {
            let names = index.kueue.priority_classes.iter().map(|c| c.name.as_str());
            report.error(
                format!("{}.priority_class", s.path),
                format!(
                    "{}: {}",
                    s.label,
                    not_among("priority class", name, "WorkloadPriorityClasses", names)
                ),
            );
        }
        Some(class) if class.value != s.attributes.priority => report.error(
            format!("{}.priority", s.path),
            format!(
                "{}: priority {} is not the value of its WorkloadPriorityClass {} ({}); write {}",
                s.label, s.attributes.priority, class.name, class.value, class.value
            ),
        ),
        Some(_) => {}
    }
}

/// A job has pod sets, or preferences to derive its one from; each has a unique name and pods.
fn pod_sets(s: &Submission, report: &mut Report) {
    let job = &s.attributes;
    if job.pod_sets.is_empty() && job.preferences.is_empty() {
        report.error(
            format!("{}.pod_sets", s.path),
            format!("{}: it has no pod sets and no preferences to derive one from; list its pod_sets, or preferences (the default pod set asks for the first preference's accelerators)", s.label),
        );
    }
    let mut seen = Names::default();
    for (p, set) in job.pod_sets.iter().enumerate() {
        let path = format!("{}.pod_sets[{p}]", s.path);
        check_name(
            report,
            &format_args!("{path}.name"),
            &s.label,
            &set.name,
            &mut seen,
            "pod set",
        );
        if set.count == 0 {
            report.error(
                format!("{path}.count"),
                format!(
                    "{}: pod set {} has no pods; count is at least 1",
                    s.label, set.name
                ),
            );
        }
    }
}

/// Kueue admits a workload only when its ClusterQueue covers every resource it requests.
fn requests(
    index: &Index,
    s: &Submission,
    queue: Option<&ClusterQueue>,
    set: &Placed,
    report: &mut Report,
) {
    for resource in set.set.requests.keys() {
        let path = set.request_path(resource);
        let label = set.label();
        if !index.covered_anywhere(resource) {
            report.error(
                path,
                format!("{}: {label} requests {resource}, which no ClusterQueue covers, so it can never be admitted", s.label),
            );
        } else if let Some(queue) = queue.filter(|q| !covers(q, resource)) {
            report.error(
                path,
                format!("{}: {label} requests {resource}, which its ClusterQueue {} does not cover; it covers {}, so it can never be admitted", s.label, queue.name, listed(covered(queue))),
            );
        }
    }
}

fn covered(queue: &ClusterQueue) -> impl Iterator<Item = &str> {
    (queue.resource_groups.iter()).flat_map(|g| g.covered_resources.iter().map(String::as_str))
}

fn covers(queue: &ClusterQueue, resource: &str) -> bool {
    covered(queue).any(|r| r == resource)
}

/// The flavors a ClusterQueue offers `resource` on, in its order.
fn flavors_for<'q>(queue: &'q ClusterQueue, resource: &str) -> Vec<&'q str> {
    (queue.resource_groups.iter())
        .filter(|g| g.covered_resources.iter().any(|r| r == resource))
        .flat_map(|g| g.flavors.iter().map(|f| f.name.as_str()))
        .collect()
}

/// A job admitted when the cluster's state was taken: reserved at or before that time, with one
/// flavor map per pod set giving each requested resource a flavor its ClusterQueue offers it on.
fn check_admitted(
    s: &Submission,
    queue: Option<&ClusterQueue>,
    placed: &[Placed],
    (admitted, submit_h): (&Admitted, f64),
    report: &mut Report,
) {
    if submit_h != 0.0 {
        report.error(
            format!("{}.submit_h", s.path),
            format!("{}: an admitted job is submitted at 0, when the cluster's state was taken; submit_h is {submit_h}", s.label),
        );
    }
    let path = format!("{}.admitted", s.path);
    // The time of its `QuotaReserved` condition on the scenario's clock, whose 0 is the file's
    // earliest creation: it may be after 0 although the job holds its flavors from 0
    // (docs/KUEUE.md, "The cluster's current state").
    if !(admitted.at_h.is_finite() && (-MAX_TIME_H..=MAX_TIME_H).contains(&admitted.at_h)) {
        report.error(
            format!("{path}.at_h"),
            format!("{}: at_h is when its quota was reserved, in hours from -{MAX_TIME_H} to {MAX_TIME_H}", s.label),
        );
    }
    if admitted.pod_sets.len() != placed.len() {
        report.error(
            format!("{path}.pod_sets"),
            format!(
                "{}: admitted needs one flavor map per pod set, in order ({}); it gives {}",
                s.label,
                placed.len(),
                admitted.pod_sets.len()
            ),
        );
    }
    for (p, (flavors, set)) in admitted.pod_sets.iter().zip(placed).enumerate() {
        let path = format!("{path}.pod_sets[{p}]");
        let label = set.label();
        for resource in set
            .set
            .requests
            .keys()
            .filter(|r| !flavors.contains_key(*r))
        {
            report.error(
                &path,
                format!("{}: admitted gives {label} no flavor for {resource}; give each resource it requests a flavor", s.label),
            );
        }
        for (resource, flavor) in flavors {
            let path = format!("{path}.{resource}");
            if !set.set.requests.contains_key(resource) {
                report.error(
                    path,
                    format!("{}: {label} requests no {resource}; admitted gives flavors only to the resources it requests", s.label),
                );
                continue;
            }
            let Some(queue) = queue.filter(|q| covers(q, resource)) else {
                continue;
            };
            let offered = flavors_for(queue, resource);
            if !offered.contains(&flavor.as_str()) {
                report.error(
                    path,
                    format!(
                        "{}: flavor {flavor} is not one ClusterQueue {} offers {resource} on {}",
                        s.label,
                        queue.name,
                        listed(offered)
                    ),
                );
            }
        }
    }
}
