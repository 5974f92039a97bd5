//! The engine's codes in sentences, for the job story. The codes are SEMANTICS §6's words and
//! stay visible next to the sentence, so what people learn transfers to the real system.

use quotalab_engine::result::{PoolKind, Reason, StopKind};

/// A reason in a few words, for labels (the waiting chart's rows, the job story): "borrow limit
/// reached", never `borrow_limit`. The one place that names each reason briefly.
pub fn reason_label(code: Reason) -> &'static str {
    match code {
        Reason::NoCapacity => "pool full",
        Reason::ShareLimit => "share limit reached",
        Reason::BorrowLimit => "borrow limit reached",
        Reason::NoLendable => "nothing to borrow",
        Reason::PlanInactive => "plan block closed",
        Reason::BehindHigherPriority => "behind an earlier job",
        Reason::QuotaLimitExceeded => "larger than the share may hold",
        Reason::CapacityExceeded => "larger than the pool",
        Reason::InsufficientQuota => "insufficient unused quota",
        Reason::ExceedsMaxQuota => "larger than the queue may ever get",
        Reason::PendingPreemption => "waiting for preempted workloads",
        Reason::NoMatchingFlavor => "no flavor matches",
        Reason::NamespaceNotSelected => "namespace not selected",
        Reason::ClusterQueueStopped => "ClusterQueue stopped",
    }
}

/// Why an entry could not be used (a blocking reason), as a sentence.
pub fn reason(code: Reason) -> &'static str {
    match code {
        Reason::NoCapacity => "the pool had no free instance",
        Reason::ShareLimit => "the share's own limit was in use and it may not borrow",
        Reason::BorrowLimit => "the share had reached its borrow limit",
        Reason::NoLendable => "no other share had idle capacity to lend",
        Reason::PlanInactive => "the training plan had no block open for new starts",
        Reason::BehindHigherPriority => {
            "a job ahead of it in the share's queue was still pending (strict FIFO)"
        }
        Reason::QuotaLimitExceeded => {
            "it needs more than the share may ever hold, or the type is not in the share's limits"
        }
        Reason::CapacityExceeded => "it needs more instances than the pool ever offers",
        Reason::InsufficientQuota => {
            "its ClusterQueue had not enough unused quota, even by borrowing from the cohort"
        }
        Reason::ExceedsMaxQuota => {
            "it asks for more than its ClusterQueue could ever get in the flavors it may use"
        }
        Reason::PendingPreemption => {
            "it preempted other workloads and waited for their quota to be released"
        }
        Reason::NoMatchingFlavor => {
            "no flavor of its ClusterQueue matches its node selector, affinity or tolerations"
        }
        Reason::NamespaceNotSelected => {
            "its ClusterQueue's namespaceSelector does not select its namespace"
        }
        Reason::ClusterQueueStopped => "its ClusterQueue's stopPolicy holds new admissions",
    }
}

/// How an attempt was cut short.
pub fn preemption(kind: StopKind) -> &'static str {
    match kind {
        StopKind::Reclaim => "reclaimed: the share that lent the capacity took it back",
        StopKind::InShare => {
            "in-share preemption: a higher-priority job of the same share needed it"
        }
        StopKind::LimitLowered => "the share's capacity limit was lowered below what it held",
        StopKind::PlanEnd => "the training plan's block was ending",
        StopKind::Spot => "the spot instance was interrupted",
        StopKind::InClusterQueue => {
            "InClusterQueue: a higher-priority workload of the same ClusterQueue needed its quota"
        }
        StopKind::InCohortReclamation => {
            "InCohortReclamation: its queue was borrowing, and the lender took its quota back"
        }
        StopKind::InCohortReclaimWhileBorrowing => {
            "InCohortReclaimWhileBorrowing: a borrowing queue preempted it under borrowWithinCohort"
        }
        StopKind::InCohortFairSharing => {
            "InCohortFairSharing: fair sharing moved its quota to a queue with a smaller share"
        }
    }
}

/// A pool kind in words.
pub fn pool_kind(pool: PoolKind) -> &'static str {
    match pool {
        PoolKind::OnDemand => "on-demand",
        PoolKind::TrainingPlan => "training plan",
        PoolKind::Spot => "spot",
    }
}

/// A pool in words, with its plan's name.
pub fn pool(pool: PoolKind, plan: Option<&str>) -> String {
    match plan {
        Some(plan) => format!("training plan {plan}"),
        None => pool_kind(pool).to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_reads_as_words_not_a_code() {
        for code in Reason::ALL {
            assert!(!reason_label(code).contains('_'), "{code:?}");
            assert_ne!(reason_label(code), code.as_str(), "{code:?}");
            assert!(reason(code).contains(' '), "{code:?}");
        }
        assert_eq!(reason_label(Reason::BorrowLimit), "borrow limit reached");
    }
}
