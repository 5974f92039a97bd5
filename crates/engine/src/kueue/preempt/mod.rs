//! Preemption under Kueue's rules (docs/KUEUE.md, "Preemption"): which admitted workloads a
//! pending one may evict to fit, classic (`classic`) or under fair sharing (`fair`), and what
//! both share: the policies, the published victim order, the fit test and the fill-back that
//! keeps the set minimal (Kueue's `pkg/scheduler/preemption`).

mod classic;
mod fair;
mod targets;

use super::snapshot::{Snapshot, VictimKey};
use super::tree;
use super::world::{CqId, Fr, JobId};
use crate::result::StopKind;
use crate::scenario::kueue::{BorrowWithinCohortPolicy, ReclaimPolicy, WithinClusterQueue};
use crate::time::Seconds;
use std::cmp::Ordering;

/// The workload that needs room.
#[derive(Clone, Copy)]
pub struct Preemptor {
    pub cq: CqId,
    pub priority: i32,
    /// Its queue-order timestamp: its creation (preemption never moves it).
    pub created: Seconds,
}

/// A workload to evict, and Kueue's reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    pub job: JobId,
    pub reason: StopKind,
}

/// What a preemption search works on: the preemptor, the FRs that need preemption, and the
/// usage the preemptor needs (the whole assignment, or one FR when the flavor assigner only
/// asks whether preemption is possible).
pub struct Search<'s, 'a> {
    pub snap: &'s mut Snapshot<'a>,
    pub preemptor: Preemptor,
    pub frs: &'s [Fr],
    pub usage: &'s [(Fr, i64)],
}

/// The workloads to evict so the preemptor fits, or none when it cannot (all or nothing).
pub fn targets(
    search: &mut Search,
    fair: Option<&[crate::scenario::kueue::FairSharingStrategy]>,
) -> Vec<Target> {
    match fair {
        Some(strategies) => fair::targets(search, strategies),
        None => classic::targets(search),
    }
}

/// Whether `candidate` (another workload's priority and creation) may be preempted under
/// `policy`, Kueue's `SatisfiesPreemptionPolicy`.
fn satisfies(
    policy: Policy,
    preemptor: &Preemptor,
    priority: i32,
    created: impl FnOnce() -> Seconds,
) -> bool {
    match policy {
        Policy::Never => false,
        Policy::LowerPriority => preemptor.priority > priority,
        Policy::LowerOrNewerEqual => {
            preemptor.priority > priority
                || (preemptor.priority == priority && preemptor.created < created())
        }
        Policy::Any => true,
    }
}

/// `withinClusterQueue` and `reclaimWithinCohort` on one scale.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Policy {
    Never,
    LowerPriority,
    LowerOrNewerEqual,
    Any,
}

impl From<WithinClusterQueue> for Policy {
    fn from(p: WithinClusterQueue) -> Policy {
        match p {
            WithinClusterQueue::Never => Policy::Never,
            WithinClusterQueue::LowerPriority => Policy::LowerPriority,
            WithinClusterQueue::LowerOrNewerEqualPriority => Policy::LowerOrNewerEqual,
        }
    }
}

impl From<ReclaimPolicy> for Policy {
    fn from(p: ReclaimPolicy) -> Policy {
        match p {
            ReclaimPolicy::Never => Policy::Never,
            ReclaimPolicy::LowerPriority => Policy::LowerPriority,
            ReclaimPolicy::Any => Policy::Any,
        }
    }
}

impl Search<'_, '_> {
    fn world(&self) -> &super::world::World {
        self.snap.world
    }

    fn policy_within(&self) -> Policy {
        self.world().queues[self.preemptor.cq]
            .policies
            .within
            .into()
    }

    fn policy_reclaim(&self) -> Policy {
        self.world().queues[self.preemptor.cq]
            .policies
            .reclaim
            .into()
    }

    fn borrow_within_forbidden(&self) -> bool {
        self.world().queues[self.preemptor.cq]
            .policies
            .borrow_within
            == BorrowWithinCohortPolicy::Never
    }

    /// Whether an admitted workload, by its place in the victim order, may be evicted for the
    /// preemptor under `policy` and holds an FR that needs preemption. The policy is read
    /// first: it needs only the key's priority (the creation time only on a tie), while the
    /// FRs need the workload's holding.
    fn is_candidate(&self, policy: Policy, key: VictimKey) -> bool {
        let created = || self.world().jobs[key.job].submit;
        satisfies(policy, &self.preemptor, key.priority(), created) && self.uses_frs(key.job)
    }

    /// Whether an admitted workload holds any FR that needs preemption.
    fn uses_frs(&self, j: JobId) -> bool {
        let holding = self.snap.admitted.get(j).expect("candidates are admitted");
        holding.usage.iter().any(|(fr, _)| self.frs.contains(fr))
    }

    /// Kueue's `CandidatesOrdering`: other queues' workloads first, then the victim order
    /// within a side (lower priority, the most recently admitted, the name for the UID).
    fn order(&self, a: VictimKey, b: VictimKey) -> Ordering {
        (self.is_own(a.job), a).cmp(&(self.is_own(b.job), b))
    }

    /// [`Search::order`] of two admitted workloads by job.
    fn order_jobs(&self, a: JobId, b: JobId) -> Ordering {
        let key = |j| {
            self.snap
                .admitted
                .key(self.world(), j)
                .expect("candidates are admitted")
        };
        self.order(key(a), key(b))
    }

    fn is_own(&self, j: JobId) -> bool {
        self.snap
            .admitted
            .get(j)
            .is_some_and(|h| h.cq == self.preemptor.cq)
    }

    /// Kueue's `workloadFits`: every FR of the preemptor's usage is available, and without
    /// borrowing when the run forbids it.
    fn fits(&self, allow_borrowing: bool) -> bool {
        let node = self.snap.node(self.preemptor.cq);
        self.usage.iter().all(|&(fr, v)| {
            (allow_borrowing || !tree::borrowing_with(self.world(), &self.snap.usage, node, fr, v))
                && v <= self.snap.available(self.preemptor.cq, fr)
        })
    }

    /// Removes the targets' usage again in reverse, from the second-to-last, and drops each
    /// target the preemptor fits without (Kueue's `fillBackWorkloads`, with its swap-remove).
    fn fill_back(&mut self, mut targets: Vec<Target>, allow_borrowing: bool) -> Vec<Target> {
        if targets.len() < 2 {
            return targets;
        }
        for i in (0..targets.len() - 1).rev() {
            self.snap.restore_workload(targets[i].job);
            if self.fits(allow_borrowing) {
                let last = targets.len() - 1;
                targets.swap(i, last);
                targets.pop();
            } else {
                self.snap.remove_workload(targets[i].job);
            }
        }
        targets
    }

    /// Puts every target back into the snapshot.
    fn restore(&mut self, targets: &[Target]) {
        for t in targets {
            self.snap.restore_workload(t.job);
        }
    }

    /// Whether the preemptor's queue is strictly below nominal on every FR needing preemption
    /// (`queueUnderNominalInResourcesNeedingPreemption`).
    fn queue_under_nominal(&self) -> bool {
        let node = self.snap.node(self.preemptor.cq);
        self.frs
            .iter()
            .all(|&fr| self.world().nodes[node].nominal[fr] > self.snap.usage.of(node, fr))
    }

    /// Whether the preemptor's queue borrows on none of the FRs needing preemption.
    fn queue_within_nominal(&self) -> bool {
        let node = self.snap.node(self.preemptor.cq);
        !self
            .frs
            .iter()
            .any(|&fr| tree::borrowing_with(self.world(), &self.snap.usage, node, fr, 0))
    }
}

/// Whether a queue can always take its nominal quota back (Kueue's `CanAlwaysReclaim`):
/// `reclaimWithinCohort: Any`.
pub fn can_always_reclaim(world: &super::world::World, cq: CqId) -> bool {
    world.queues[cq].policies.reclaim == ReclaimPolicy::Any
}
