//! What a ClusterQueue promises, in plain language, one [`Term`] per Kueue field: the agreement
//! report's "What is promised" for a scenario written as Kueue objects, where an AWS one has its
//! quota shares' terms (`terms`). The meanings are docs/KUEUE.md's ("Quota: available, potential
//! and borrowing", "Classic preemption").

use super::fact::Term;
use quotalab_engine::json_text::word_of;
use quotalab_engine::scenario::kueue::{
    BorrowWithinCohortPolicy, ClusterQueue, ReclaimPolicy, WithinClusterQueue,
};

/// The promises of `queue`, in the order a reader checks them: where it lends and borrows, its
/// quotas, then whom its workloads may preempt.
pub fn of_queue(queue: &ClusterQueue) -> Vec<Term> {
    let mut terms = vec![cohort(queue), quotas(queue)];
    if queue.cohort.is_some() {
        terms.push(limits(queue));
    }
    let p = &queue.preemption;
    terms.push(Term {
        topic: "Reclaim within cohort".into(),
        field: "preemption.reclaimWithinCohort".into(),
        value: Some(word_of(&p.reclaim_within_cohort)),
        text: match p.reclaim_within_cohort {
            ReclaimPolicy::Never => "it never takes back quota it lent: borrowers keep it until their workloads end.",
            ReclaimPolicy::LowerPriority => "it takes back quota it lent by evicting borrowers' workloads of lower priority than its own.",
            ReclaimPolicy::Any => "it takes back quota it lent by evicting borrowers' workloads of any priority.",
        }
        .into(),
    });
    terms.push(Term {
        topic: "Within the ClusterQueue".into(),
        field: "preemption.withinClusterQueue".into(),
        value: Some(word_of(&p.within_cluster_queue)),
        text: match p.within_cluster_queue {
            WithinClusterQueue::Never => "its workloads never preempt one another: a workload waits for its own queue's workloads to end.",
            WithinClusterQueue::LowerPriority => "a workload may preempt its own queue's workloads of lower priority.",
            WithinClusterQueue::LowerOrNewerEqualPriority => "a workload may preempt its own queue's workloads of lower priority, and newer ones of equal priority.",
        }
        .into(),
    });
    if p.borrow_within_cohort.policy != BorrowWithinCohortPolicy::Never {
        terms.push(Term {
            topic: "Borrow within cohort".into(),
            field: "preemption.borrowWithinCohort.policy".into(),
            value: Some(word_of(&p.borrow_within_cohort.policy)),
            text: "while borrowing, a workload may preempt lower-priority workloads of other queues in the cohort.".into(),
        });
    }
    terms
}

fn cohort(queue: &ClusterQueue) -> Term {
    Term {
        topic: "Cohort".into(),
        field: "cohortName".into(),
        value: queue.cohort.clone(),
        text: match &queue.cohort {
            Some(_) => "it lends its idle quota to the queues of this cohort and borrows theirs, within the limits below.".into(),
            None => "in no cohort: it neither lends nor borrows, and its workloads run only within its own quota.".into(),
        },
    }
}

/// Every flavor's nominal quota per resource, in the order its workloads try the flavors.
fn quotas(queue: &ClusterQueue) -> Term {
    let flavors: Vec<String> = queue
        .resource_groups
        .iter()
        .flat_map(|g| &g.flavors)
        .map(|f| {
            let each: Vec<String> = f
                .resources
                .iter()
                .map(|r| format!("{} {}", r.nominal_quota, r.name))
                .collect();
            format!("{}: {}", f.name, each.join(", "))
        })
        .collect();
    Term {
        topic: "Nominal quota".into(),
        field: "resourceGroups[].flavors[].resources[].nominalQuota".into(),
        value: None,
        text: if flavors.is_empty() {
            "no quota: its workloads cannot be admitted.".into()
        } else {
            format!(
                "guaranteed {}; its workloads try the flavors in this order.",
                flavors.join("; ")
            )
        },
    }
}

/// How far it may borrow and how much it lends, per flavor and resource that sets a limit.
fn limits(queue: &ClusterQueue) -> Term {
    let mut set = Vec::new();
    for f in queue.resource_groups.iter().flat_map(|g| &g.flavors) {
        for r in &f.resources {
            if let Some(limit) = &r.borrowing_limit {
                set.push(format!("borrows at most {limit} {} on {}", r.name, f.name));
            }
            if let Some(limit) = &r.lending_limit {
                set.push(format!("lends at most {limit} {} on {}", r.name, f.name));
            }
        }
    }
    Term {
        topic: "Borrowing and lending limits".into(),
        field: "borrowingLimit, lendingLimit".into(),
        value: None,
        text: if set.is_empty() {
            "none: it may borrow whatever the cohort has idle, and lends all of its idle quota."
                .into()
        } else {
            format!("it {}; elsewhere no limit.", set.join(", "))
        },
    }
}
