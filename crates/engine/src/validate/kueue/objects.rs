//! The Kueue objects themselves: their names, the names they refer to each other by, the cohort
//! tree, the policies Kueue's API refuses in combination, and the scenario fields a Kueue
//! agreement has no counterpart for (docs/FORMAT.md, "Kueue").

use super::quotas::{self, Holder};
use super::{check_name, listed, not_among, Index};
use crate::diagnostic::Report;
use crate::quantity::Quantity;
use crate::scenario::kueue::{
    BorrowWithinCohortPolicy, FairSharing, FairSharingStrategy, Kueue, ReclaimPolicy,
    WhenCanBorrow, WhenCanPreempt,
};
use crate::scenario::Scenario;
use crate::validate::Names;
use std::collections::HashMap;
use std::fmt::Display;

pub(super) fn check(scenario: &Scenario, index: &Index, report: &mut Report) {
    one_form(scenario, report);
    object_names(index.kueue, report);
    cohorts(index, report);
    cohort_cycles(index, report);
    cluster_queues(index, report);
    local_queues(index, report);
    fair_sharing(index.kueue, report);
}

/// A scenario states its agreement once, and what only AWS has cannot go with Kueue objects:
/// quota shares, training plans and the actions that update a share.
fn one_form(scenario: &Scenario, report: &mut Report) {
    if !scenario.quota_shares.is_empty() {
        report.error(
            "quota_shares",
            "the agreement is written as Kueue objects (kueue), so it cannot also have quota shares; keep one of the two forms",
        );
    }
    for (i, plan) in scenario.training_plans.iter().enumerate() {
        report.error(
            format!("training_plans[{i}]"),
            format!("training plan {}: training plans have no Kueue counterpart; state reserved capacity as a ClusterQueue's nominal_quota", plan.name),
        );
    }
    for (i, action) in scenario.actions.iter().enumerate() {
        if let Some(update) = &action.update_share {
            report.error(
                format!("actions[{i}].update_share"),
                format!("update_share changes quota share {}, and a Kueue agreement has no quota shares; Kueue has no counterpart for it", update.share),
            );
        }
    }
}

/// Names are unique within their kind; a LocalQueue's within its namespace.
fn object_names(kueue: &Kueue, report: &mut Report) {
    let kinds = [
        (
            "resource_flavors",
            "ResourceFlavor",
            names_of(&kueue.resource_flavors, |f| &f.name),
        ),
        ("cohorts", "Cohort", names_of(&kueue.cohorts, |c| &c.name)),
        (
            "cluster_queues",
            "ClusterQueue",
            names_of(&kueue.cluster_queues, |q| &q.name),
        ),
        (
            "priority_classes",
            "WorkloadPriorityClass",
            names_of(&kueue.priority_classes, |c| &c.name),
        ),
        (
            "namespaces",
            "namespace",
            names_of(&kueue.namespaces, |n| &n.name),
        ),
    ];
    for (field, kind, names) in kinds {
        let mut seen = Names::default();
        for (i, name) in names.into_iter().enumerate() {
            let label = format!("{kind} {name}");
            let path = format!("kueue.{field}[{i}].name");
            check_name(report, &path, &label, name, &mut seen, kind);
        }
    }
    let mut per_namespace: HashMap<&str, Names> = HashMap::new();
    for (i, queue) in kueue.local_queues.iter().enumerate() {
        let label = format!("LocalQueue {}/{}", queue.namespace, queue.name);
        let kind = format!("LocalQueue of namespace {}", queue.namespace);
        let seen = per_namespace.entry(&queue.namespace).or_default();
        let path = format!("kueue.local_queues[{i}].name");
        check_name(report, &path, &label, &queue.name, seen, &kind);
    }
}

fn names_of<T>(items: &[T], name: impl Fn(&T) -> &String) -> Vec<&str> {
    items.iter().map(|item| name(item).as_str()).collect()
}

fn cohorts(index: &Index, report: &mut Report) {
    for (i, cohort) in index.kueue.cohorts.iter().enumerate() {
        let path = format!("kueue.cohorts[{i}]");
        let label = format!("Cohort {}", cohort.name);
        let named = cohort.parent.as_deref();
        cohort_exists(index, report, &path, &label, "parent", named);
        weight(report, &path, &label, cohort.fair_sharing.as_ref());
        quotas::check(index, report, &Holder::cohort(&path, cohort));
    }
}

/// A cohort that `field` (a ClusterQueue's `cohort`, a Cohort's `parent`) names is listed.
fn cohort_exists(
    index: &Index,
    report: &mut Report,
    path: &dyn Display,
    label: &str,
    field: &str,
    name: Option<&str>,
) {
    let Some(name) = name.filter(|n| index.cohort(n).is_none()) else {
        return;
    };
    let names = index.kueue.cohorts.iter().map(|c| c.name.as_str());
    report.error(
        format!("{path}.{field}"),
        format!(
            "{label}: {}; list it in kueue.cohorts",
            not_among(field, name, "Cohorts", names)
        ),
    );
}

/// Kueue's cohorts form a tree: a cohort whose parents lead back to it has no root. Each cycle
/// is reported once, at its first-listed member, with the names around it.
fn cohort_cycles(index: &Index, report: &mut Report) {
    let cohorts = &index.kueue.cohorts;
    let parent = |i: usize| {
        cohorts[i]
            .parent
            .as_deref()
            .and_then(|p| index.cohort_index(p))
    };
    // The walk that first reached each cohort; a walk that meets itself has found a cycle.
    let mut reached_by: Vec<Option<usize>> = vec![None; cohorts.len()];
    for start in 0..cohorts.len() {
        let mut at = Some(start);
        while let Some(i) = at.filter(|&i| reached_by[i].is_none()) {
            reached_by[i] = Some(start);
            at = parent(i);
        }
        let Some(met) = at.filter(|&i| reached_by[i] == Some(start)) else {
            continue;
        };
        let mut cycle = vec![met];
        while let Some(next) = parent(*cycle.last().unwrap()).filter(|&n| n != met) {
            cycle.push(next);
        }
        let first = cycle
            .iter()
            .position(|&i| i == *cycle.iter().min().unwrap());
        cycle.rotate_left(first.unwrap_or(0));
        let mut names: Vec<&str> = cycle.iter().map(|&i| cohorts[i].name.as_str()).collect();
        names.push(names[0]);
        report.error(
            format!("kueue.cohorts[{}].parent", cycle[0]),
            format!("Cohort {}: its parents form a cycle, {}; Kueue's cohorts form a tree, so one of them needs no parent or one outside the cycle", names[0], names.join(" -> ")),
        );
    }
}

fn cluster_queues(index: &Index, report: &mut Report) {
    for (i, queue) in index.kueue.cluster_queues.iter().enumerate() {
        let path = format!("kueue.cluster_queues[{i}]");
        let label = format!("ClusterQueue {}", queue.name);
        let named = queue.cohort.as_deref();
        cohort_exists(index, report, &path, &label, "cohort", named);
        if index.cohort(&queue.name).is_some() {
            report.error(
                format!("{path}.name"),
                format!("{label}: a Cohort is also called {}; Kueue keeps ClusterQueues and Cohorts in one tree, so their names must differ", queue.name),
            );
        }
        let preemption = &queue.preemption;
        if preemption.reclaim_within_cohort == ReclaimPolicy::Never
            && preemption.borrow_within_cohort.policy != BorrowWithinCohortPolicy::Never
        {
            report.error(
                format!("{path}.preemption.borrow_within_cohort.policy"),
                format!("{label}: borrow_within_cohort {:?} needs reclaim_within_cohort LowerPriority or Any; Kueue refuses it with reclaim_within_cohort Never", preemption.borrow_within_cohort.policy),
            );
        }
        let fungibility = &queue.flavor_fungibility;
        let both_try_next = fungibility.when_can_borrow == WhenCanBorrow::TryNextFlavor
            && fungibility.when_can_preempt == WhenCanPreempt::TryNextFlavor;
        if fungibility.preference.is_some() && !both_try_next {
            report.error(
                format!("{path}.flavor_fungibility.preference"),
                format!("{label}: preference applies only when when_can_borrow and when_can_preempt are both TryNextFlavor; they are {:?} and {:?}", fungibility.when_can_borrow, fungibility.when_can_preempt),
            );
        }
        weight(report, &path, &label, queue.fair_sharing.as_ref());
        quotas::check(index, report, &Holder::queue(&path, queue));
    }
}

/// Kueue takes a weight of 0 (an infinite share) or more than 10^-9; a smaller positive weight
/// would collapse in its arithmetic.
fn weight(
    report: &mut Report,
    path: &dyn Display,
    label: &str,
    fair_sharing: Option<&FairSharing>,
) {
    let Some(weight) = fair_sharing.map(|f| f.weight) else {
        return;
    };
    let smallest = Quantity::parse("1n").expect("1n is a quantity");
    if !weight.is_zero() && weight <= smallest {
        report.error(
            format!("{path}.fair_sharing.weight"),
            format!("{label}: a fair-sharing weight is 0 or more than 1n (10^-9); Kueue refuses {weight}"),
        );
    }
}

fn local_queues(index: &Index, report: &mut Report) {
    for (i, queue) in index.kueue.local_queues.iter().enumerate() {
        if index.queue(&queue.cluster_queue).is_none() {
            let names = index.kueue.cluster_queues.iter().map(|q| q.name.as_str());
            report.error(
                format!("kueue.local_queues[{i}].cluster_queue"),
                format!(
                    "LocalQueue {}/{}: {}",
                    queue.namespace,
                    queue.name,
                    not_among("ClusterQueue", &queue.cluster_queue, "ClusterQueues", names)
                ),
            );
        }
    }
}

/// The manager Configuration accepts three lists of fair-sharing preemption strategies, or none
/// (then both, in order).
fn fair_sharing(kueue: &Kueue, report: &mut Report) {
    use FairSharingStrategy::{
        LessThanInitialShare as Initial, LessThanOrEqualToFinalShare as Final,
    };
    let Some(config) = &kueue.fair_sharing else {
        return;
    };
    let allowed: [&[FairSharingStrategy]; 4] = [&[], &[Final], &[Initial], &[Final, Initial]];
    if !allowed.contains(&config.preemption_strategies.as_slice()) {
        let written: Vec<String> = config
            .preemption_strategies
            .iter()
            .map(|s| format!("{s:?}"))
            .collect();
        report.error(
            "kueue.fair_sharing.preemption_strategies",
            format!("fair sharing: preemption_strategies {} is not one Kueue accepts; write [LessThanOrEqualToFinalShare], [LessThanInitialShare], both in that order, or leave it empty for both", listed(written.iter().map(String::as_str))),
        );
    }
}
