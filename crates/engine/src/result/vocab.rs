//! The result's fixed vocabulary: how a job ended, how an attempt stopped, which pool it ran on,
//! why a job waited, what an event is. Each is an enum whose JSON form is its snake_case name
//! (the words of docs/SEMANTICS.md §5 and §6), so the app, the report and the CLI match on the
//! variants and never on strings, while the result's bytes stay those of the words.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Writes the `as_str` of each vocabulary type as its `Display`, so a word prints as in JSON.
macro_rules! display_as_str {
    ($($ty:ty),*) => {$(
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.pad(self.as_str())
            }
        }
    )*};
}

display_as_str!(Status, Outcome, StopKind, PoolKind, Reason, EndReason, EventKind);

/// How a job ended (SEMANTICS §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Its work was done.
    Succeeded,
    /// Memory, retries or a plan-only job's patience ran out.
    Failed,
    /// It was pending longer than its `max_pending_h`.
    TimedOut,
    /// A spot job waited longer than its `max_wait_h`.
    Stopped,
    /// An action cancelled it.
    Cancelled,
    /// The run ended first.
    Unfinished,
}

impl Status {
    /// Every status, in the order counts list them.
    pub const ALL: [Status; 6] = [
        Status::Succeeded,
        Status::Failed,
        Status::TimedOut,
        Status::Stopped,
        Status::Cancelled,
        Status::Unfinished,
    ];

    /// The status as the result's JSON writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Succeeded => "succeeded",
            Status::Failed => "failed",
            Status::TimedOut => "timed_out",
            Status::Stopped => "stopped",
            Status::Cancelled => "cancelled",
            Status::Unfinished => "unfinished",
        }
    }
}

/// How one attempt stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The job's work was done.
    Succeeded,
    /// It ran out of accelerator memory.
    Failed,
    /// Reclaim, in-share or limit-lowered preemption ([`StopKind`]).
    Preempted,
    /// A plan end or a spot interruption ([`StopKind`]).
    Interrupted,
    /// An action cancelled the job.
    Cancelled,
    /// The spot job's `max_wait_h` ran out while it ran.
    Stopped,
    /// The horizon came first.
    Cut,
}

impl Outcome {
    /// Every outcome, in declaration order (the job columns code them by position).
    pub const ALL: [Outcome; 7] = [
        Outcome::Succeeded,
        Outcome::Failed,
        Outcome::Preempted,
        Outcome::Interrupted,
        Outcome::Cancelled,
        Outcome::Stopped,
        Outcome::Cut,
    ];

    /// The outcome as the result's JSON writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Succeeded => "succeeded",
            Outcome::Failed => "failed",
            Outcome::Preempted => "preempted",
            Outcome::Interrupted => "interrupted",
            Outcome::Cancelled => "cancelled",
            Outcome::Stopped => "stopped",
            Outcome::Cut => "cut",
        }
    }

    /// Whether the attempt was cut short by another job or by the capacity going away.
    pub fn is_interruption(self) -> bool {
        matches!(self, Outcome::Preempted | Outcome::Interrupted)
    }
}

/// The kind of a preemption or an interruption (SEMANTICS §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopKind {
    /// Taken back by the share that lent the capacity.
    Reclaim,
    /// Preempted by a higher-priority job of its own share.
    InShare,
    /// A share update lowered the limits it ran under.
    LimitLowered,
    /// Its training plan's block was ending.
    PlanEnd,
    /// Its spot instance was interrupted.
    Spot,
    /// Kueue: preempted by a workload of its own ClusterQueue (`InClusterQueue`).
    InClusterQueue,
    /// Kueue: its queue borrowed, and a queue of the cohort took its quota back
    /// (`InCohortReclamation`).
    InCohortReclamation,
    /// Kueue: preempted by a borrowing workload of another queue under `borrowWithinCohort`
    /// (`InCohortReclaimWhileBorrowing`).
    InCohortReclaimWhileBorrowing,
    /// Kueue: preempted to even out shares under fair sharing (`InCohortFairSharing`).
    InCohortFairSharing,
}

impl StopKind {
    /// Every kind, in the order results list them: AWS's, then Kueue's eviction reasons.
    pub const ALL: [StopKind; 9] = [
        StopKind::Reclaim,
        StopKind::InShare,
        StopKind::LimitLowered,
        StopKind::PlanEnd,
        StopKind::Spot,
        StopKind::InClusterQueue,
        StopKind::InCohortReclamation,
        StopKind::InCohortReclaimWhileBorrowing,
        StopKind::InCohortFairSharing,
    ];

    /// The kinds AWS rules give (SEMANTICS §5).
    pub const AWS: [StopKind; 5] = [
        StopKind::Reclaim,
        StopKind::InShare,
        StopKind::LimitLowered,
        StopKind::PlanEnd,
        StopKind::Spot,
    ];

    /// The kinds Kueue's rules give: its four eviction reasons, and spot interruptions of spot
    /// flavors (docs/KUEUE.md, "Preemption").
    pub const KUEUE: [StopKind; 5] = [
        StopKind::InClusterQueue,
        StopKind::InCohortReclamation,
        StopKind::InCohortReclaimWhileBorrowing,
        StopKind::InCohortFairSharing,
        StopKind::Spot,
    ];

    /// The kind as the result's JSON writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            StopKind::Reclaim => "reclaim",
            StopKind::InShare => "in_share",
            StopKind::LimitLowered => "limit_lowered",
            StopKind::PlanEnd => "plan_end",
            StopKind::Spot => "spot",
            StopKind::InClusterQueue => "in_cluster_queue",
            StopKind::InCohortReclamation => "in_cohort_reclamation",
            StopKind::InCohortReclaimWhileBorrowing => "in_cohort_reclaim_while_borrowing",
            StopKind::InCohortFairSharing => "in_cohort_fair_sharing",
        }
    }

    /// Whether it is a preemption (another job or an agreement change took the capacity; counted
    /// against retries) rather than an interruption (the capacity itself went away; SEMANTICS
    /// §5). The one place that says which kinds are which: the result's counts per job, per share
    /// and in the totals, and an attempt's outcome, all follow it.
    pub fn is_preemption(self) -> bool {
        !matches!(self, StopKind::PlanEnd | StopKind::Spot)
    }

    /// Whether it is a lender taking back what it lent, which its share's `reclaims_made` counts:
    /// AWS's reclaim, and Kueue's `InCohortReclamation`, a queue evicting a borrower of its
    /// cohort to get its own quota back. **ours** for Kueue, which counts no reclaims itself; the
    /// other Kueue reasons preempt by priority or fair share, not to take back what was lent
    /// (docs/KUEUE.md, "Results").
    pub fn is_reclaim(self) -> bool {
        matches!(self, StopKind::Reclaim | StopKind::InCohortReclamation)
    }

    /// Kueue's own word for the reason (the `Preempted` condition's reason), for the four
    /// eviction reasons of Kueue; none for AWS's kinds.
    pub fn kueue_reason(self) -> Option<&'static str> {
        match self {
            StopKind::InClusterQueue => Some("InClusterQueue"),
            StopKind::InCohortReclamation => Some("InCohortReclamation"),
            StopKind::InCohortReclaimWhileBorrowing => Some("InCohortReclaimWhileBorrowing"),
            StopKind::InCohortFairSharing => Some("InCohortFairSharing"),
            _ => None,
        }
    }

    /// How an attempt stopped by this kind ended: preempted or interrupted.
    pub fn outcome(self) -> Outcome {
        if self.is_preemption() {
            Outcome::Preempted
        } else {
            Outcome::Interrupted
        }
    }
}

/// Which kind of capacity an attempt ran on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PoolKind {
    /// The type's on-demand instances, shared by the quota shares.
    OnDemand,
    /// A training plan's reserved instances.
    TrainingPlan,
    /// The type's spot pool.
    Spot,
}

impl PoolKind {
    /// Every kind, in the order results list them.
    pub const ALL: [PoolKind; 3] = [PoolKind::OnDemand, PoolKind::TrainingPlan, PoolKind::Spot];

    /// The kind as the result's JSON writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            PoolKind::OnDemand => "on_demand",
            PoolKind::TrainingPlan => "training_plan",
            PoolKind::Spot => "spot",
        }
    }
}

/// Why a pending job is not running on an entry (SEMANTICS §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The entry's pool is full.
    NoCapacity,
    /// The share's own limit is in use and it may not borrow.
    ShareLimit,
    /// The share's borrow cap is reached.
    BorrowLimit,
    /// Borrowing would take more than is idle to lend.
    NoLendable,
    /// The entry's training plan has no block open for new starts.
    PlanInactive,
    /// Strict FIFO: a job ahead in the share's queue is still pending.
    BehindHigherPriority,
    /// The entry needs more than the share may ever hold, or its type is not in the limits.
    QuotaLimitExceeded,
    /// The entry needs more than its pool ever offers.
    CapacityExceeded,
    /// Kueue: not enough unused quota in the flavors it may use, even by borrowing.
    InsufficientQuota,
    /// Kueue: it asks for more than its ClusterQueue could ever get in any flavor it may use.
    ExceedsMaxQuota,
    /// Kueue: it preempted others and waits for their quota to be released.
    PendingPreemption,
    /// Kueue: no flavor of its ClusterQueue matches its node selector, affinity and
    /// tolerations.
    NoMatchingFlavor,
    /// Kueue: its ClusterQueue's `namespace_selector` does not select its namespace.
    NamespaceNotSelected,
    /// Kueue: its ClusterQueue's `stop_policy` holds new admissions.
    ClusterQueueStopped,
}

impl Reason {
    /// Every reason, in `index` order.
    pub const ALL: [Reason; 14] = [
        Reason::NoCapacity,
        Reason::ShareLimit,
        Reason::BorrowLimit,
        Reason::NoLendable,
        Reason::PlanInactive,
        Reason::BehindHigherPriority,
        Reason::QuotaLimitExceeded,
        Reason::CapacityExceeded,
        Reason::InsufficientQuota,
        Reason::ExceedsMaxQuota,
        Reason::PendingPreemption,
        Reason::NoMatchingFlavor,
        Reason::NamespaceNotSelected,
        Reason::ClusterQueueStopped,
    ];

    /// The name results and the UI use (SEMANTICS §6).
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::NoCapacity => "no_capacity",
            Reason::ShareLimit => "share_limit",
            Reason::BorrowLimit => "borrow_limit",
            Reason::NoLendable => "no_lendable",
            Reason::PlanInactive => "plan_inactive",
            Reason::BehindHigherPriority => "behind_higher_priority",
            Reason::QuotaLimitExceeded => "quota_limit_exceeded",
            Reason::CapacityExceeded => "capacity_exceeded",
            Reason::InsufficientQuota => "insufficient_quota",
            Reason::ExceedsMaxQuota => "exceeds_max_quota",
            Reason::PendingPreemption => "pending_preemption",
            Reason::NoMatchingFlavor => "no_matching_flavor",
            Reason::NamespaceNotSelected => "namespace_not_selected",
            Reason::ClusterQueueStopped => "cluster_queue_stopped",
        }
    }

    /// The reasons AWS rules give (SEMANTICS §6), first in [`Reason::ALL`], so a per-reason
    /// array of an AWS run indexed by [`Reason::index`] needs only these.
    pub const AWS: [Reason; 8] = {
        let mut aws = [Reason::NoCapacity; 8];
        let mut i = 0;
        while i < aws.len() {
            aws[i] = Reason::ALL[i];
            i += 1;
        }
        aws
    };

    /// The reasons Kueue's rules give (docs/KUEUE.md, "Why a job waits").
    pub const KUEUE: [Reason; 7] = [
        Reason::InsufficientQuota,
        Reason::ExceedsMaxQuota,
        Reason::PendingPreemption,
        Reason::NoMatchingFlavor,
        Reason::NamespaceNotSelected,
        Reason::ClusterQueueStopped,
        Reason::BehindHigherPriority,
    ];

    /// A dense index, for per-reason arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Whether the entry can never start, whatever else happens.
    pub fn is_permanent(self) -> bool {
        matches!(
            self,
            Reason::QuotaLimitExceeded
                | Reason::CapacityExceeded
                | Reason::ExceedsMaxQuota
                | Reason::NoMatchingFlavor
                | Reason::NamespaceNotSelected
        )
    }
}

/// Why a job ended as it did, when its status alone does not say (SEMANTICS §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// `failed`: it needs more accelerator memory than its instance has.
    InsufficientAcceleratorMemory,
    /// `failed`: it was preempted more often than its retries allow.
    PreemptionRetriesExhausted,
    /// `failed`: a plan-only job found no plan capacity within its patience.
    InsufficientCapacity,
    /// `timed_out`: its `max_pending_h` ran out.
    MaxPendingTimeExceeded,
    /// `stopped`: its `max_wait_h` ran out.
    MaxWaitExceeded,
    /// `unfinished`: the run ended while it ran, or before it was submitted.
    Horizon,
    /// `unfinished`: still pending, for this reason.
    #[serde(untagged)]
    Waiting(Reason),
}

impl EndReason {
    /// Every end reason, the waiting ones in the order of [`Reason::ALL`] (the job columns code
    /// them by position).
    pub const ALL: [EndReason; 20] = [
        EndReason::InsufficientAcceleratorMemory,
        EndReason::PreemptionRetriesExhausted,
        EndReason::InsufficientCapacity,
        EndReason::MaxPendingTimeExceeded,
        EndReason::MaxWaitExceeded,
        EndReason::Horizon,
        EndReason::Waiting(Reason::ALL[0]),
        EndReason::Waiting(Reason::ALL[1]),
        EndReason::Waiting(Reason::ALL[2]),
        EndReason::Waiting(Reason::ALL[3]),
        EndReason::Waiting(Reason::ALL[4]),
        EndReason::Waiting(Reason::ALL[5]),
        EndReason::Waiting(Reason::ALL[6]),
        EndReason::Waiting(Reason::ALL[7]),
        EndReason::Waiting(Reason::ALL[8]),
        EndReason::Waiting(Reason::ALL[9]),
        EndReason::Waiting(Reason::ALL[10]),
        EndReason::Waiting(Reason::ALL[11]),
        EndReason::Waiting(Reason::ALL[12]),
        EndReason::Waiting(Reason::ALL[13]),
    ];

    /// The reason as the result's JSON writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::InsufficientAcceleratorMemory => "insufficient_accelerator_memory",
            EndReason::PreemptionRetriesExhausted => "preemption_retries_exhausted",
            EndReason::InsufficientCapacity => "insufficient_capacity",
            EndReason::MaxPendingTimeExceeded => "max_pending_time_exceeded",
            EndReason::MaxWaitExceeded => "max_wait_exceeded",
            EndReason::Horizon => "horizon",
            EndReason::Waiting(reason) => reason.as_str(),
        }
    }
}

/// What an entry of the event list records (docs/ARCHITECTURE.md, "Result").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// The job was submitted.
    Submitted,
    /// An attempt started.
    Started,
    /// An attempt was preempted.
    Preempted,
    /// An attempt was interrupted.
    Interrupted,
    /// The job went back to pending.
    Requeued,
    /// The job succeeded.
    Succeeded,
    /// The job failed.
    Failed,
    /// The job timed out pending.
    TimedOut,
    /// The spot job was stopped.
    Stopped,
    /// The job was cancelled.
    Cancelled,
    /// An action changed the job's priority.
    PriorityChanged,
    /// An action updated a share.
    ShareUpdated,
    /// An action changed a type's on-demand capacity.
    CapacityChanged,
}

impl EventKind {
    /// The kind as the result's JSON writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::Submitted => "submitted",
            EventKind::Started => "started",
            EventKind::Preempted => "preempted",
            EventKind::Interrupted => "interrupted",
            EventKind::Requeued => "requeued",
            EventKind::Succeeded => "succeeded",
            EventKind::Failed => "failed",
            EventKind::TimedOut => "timed_out",
            EventKind::Stopped => "stopped",
            EventKind::Cancelled => "cancelled",
            EventKind::PriorityChanged => "priority_changed",
            EventKind::ShareUpdated => "share_updated",
            EventKind::CapacityChanged => "capacity_changed",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json<T: Serialize>(value: T) -> String {
        serde_json::to_string(&value).unwrap()
    }

    #[test]
    fn every_word_serialises_as_its_as_str_and_reads_back() {
        for s in Status::ALL {
            assert_eq!(json(s), format!("\"{s}\""));
            assert_eq!(serde_json::from_str::<Status>(&json(s)).unwrap(), s);
        }
        for k in StopKind::ALL {
            assert_eq!(json(k), format!("\"{k}\""));
        }
        for p in PoolKind::ALL {
            assert_eq!(json(p), format!("\"{p}\""));
        }
        for r in Reason::ALL {
            assert_eq!(json(r), format!("\"{r}\""));
            let waiting = EndReason::Waiting(r);
            assert_eq!(json(waiting), format!("\"{r}\""));
            assert_eq!(
                serde_json::from_str::<EndReason>(&json(waiting)).unwrap(),
                waiting
            );
        }
        assert_eq!(json(EndReason::Horizon), "\"horizon\"");
        assert_eq!(
            serde_json::from_str::<EndReason>("\"max_wait_exceeded\"").unwrap(),
            EndReason::MaxWaitExceeded
        );
        assert_eq!(json(Outcome::Cut), "\"cut\"");
        assert_eq!(json(EventKind::CapacityChanged), "\"capacity_changed\"");
        assert!(serde_json::from_str::<Status>("\"done\"").is_err());
    }
}
