//! The scheduling pass of SEMANTICS §4: phase A (owners first, queue order), phase B (borrowers,
//! FIFO order), phase C (preemption, queue order), and A and B again for the jobs C preempted,
//! until nothing changes.
//!
//! A phase walks its ordered set with a cursor instead of copying it, and stops as soon as no pool
//! has a free instance (nothing more can start without preemption), so a long queue behind a full
//! cluster costs little. Jobs not reached keep the reason of their last evaluation (SEMANTICS §6).

use super::fit::{self, Placement};
use super::job_state::Phase;
use super::order::{fifo_key, queue_key, FifoKey, QueueKey};
use super::reason::Reason;
use super::world::JobId;
use super::Sim;
use std::collections::BTreeSet;
use std::ops::Bound::{Excluded, Unbounded};

/// Which jobs a phase considers.
#[derive(Clone, Copy)]
enum Scope<'a> {
    AllPending,
    Only(&'a [JobId]),
}

impl Sim<'_> {
    pub(super) fn pass(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        self.phase_owners(Scope::AllPending);
        self.phase_borrowers(Scope::AllPending);
        if self.world.shares.is_empty() {
            return; // without shares all jobs form one queue with no preemption (SEMANTICS §2)
        }
        loop {
            let (changed, preempted) = self.phase_preemption();
            if !changed {
                break;
            }
            self.phase_owners(Scope::Only(&preempted));
            self.phase_borrowers(Scope::Only(&preempted));
        }
    }

    fn total_free(&self) -> u64 {
        (0..self.world.pools.len()).map(|p| u64::from(self.cap.pool_free(self.world, p))).sum()
    }

    /// SEMANTICS §4, strict FIFO: only the first pending job of its share's queue may start or preempt.
    fn held_back(&self, j: JobId) -> bool {
        self.world.strict_fifo && self.share_queue[self.world.jobs[j].share.unwrap_or(0)].first().map(|k| k.3) != Some(j)
    }

    fn queue_key_of(&self, j: JobId) -> QueueKey {
        queue_key(self.jobs[j].priority, self.world.jobs[j].submit, self.world.name_rank[j], j)
    }

    fn fifo_key_of(&self, j: JobId) -> FifoKey {
        fifo_key(self.jobs[j].priority, self.world.jobs[j].submit, self.world.name_rank[j], j)
    }

    /// Evaluates first fit for a pending job, recording why it waits when it does not fit.
    fn evaluate(&mut self, j: JobId) -> Option<(usize, Placement, Vec<Option<Reason>>)> {
        if self.held_back(j) {
            let n = self.world.jobs[j].entries.len();
            self.jobs[j].set_reason(self.now, Reason::BehindHigherPriority);
            self.jobs[j].entry_reasons = vec![Some(Reason::BehindHigherPriority); n];
            return None;
        }
        let mut reasons = Vec::new();
        match fit::first_fit(self.world, &self.cap, &self.world.jobs[j], &mut reasons) {
            Some((e, placement)) => Some((e, placement, reasons)),
            None => {
                if let Some(Some(first)) = reasons.first() {
                    self.jobs[j].set_reason(self.now, *first);
                }
                self.jobs[j].entry_reasons = reasons;
                None
            }
        }
    }

    /// Phase A: in queue order, jobs whose first fitting entry keeps their share within its own
    /// limit start; a job whose first fitting entry would borrow waits for phase B.
    fn phase_owners(&mut self, scope: Scope) {
        let keys: Box<dyn Fn(&Sim, Option<QueueKey>) -> Option<QueueKey>> = match scope {
            Scope::AllPending => Box::new(|sim: &Sim, after: Option<QueueKey>| next_after(&sim.pending, after)),
            Scope::Only(jobs) => {
                let fixed: BTreeSet<QueueKey> = jobs.iter().filter(|&&j| self.jobs[j].phase == Phase::Pending).map(|&j| self.queue_key_of(j)).collect();
                Box::new(move |_: &Sim, after: Option<QueueKey>| next_after(&fixed, after))
            }
        };
        let mut free = self.total_free();
        let mut cursor = None;
        while free > 0 {
            let Some(key) = keys(self, cursor) else { break };
            cursor = Some(key);
            let j = key.3;
            if self.jobs[j].phase != Phase::Pending {
                continue;
            }
            if let Some((e, placement, skipped)) = self.evaluate(j) {
                if placement.borrowed == 0 {
                    self.start(j, e, placement, skipped, false);
                    free = self.total_free();
                }
            }
        }
    }

    /// Phase B: in FIFO order, each remaining job starts on its first fitting entry, borrowing
    /// if it must (AWS `idleResourceAssignmentStrategy = FIFO`).
    fn phase_borrowers(&mut self, scope: Scope) {
        let keys: Box<dyn Fn(&Sim, Option<FifoKey>) -> Option<FifoKey>> = match scope {
            Scope::AllPending => Box::new(|sim: &Sim, after: Option<FifoKey>| next_after(&sim.pending_fifo, after)),
            Scope::Only(jobs) => {
                let fixed: BTreeSet<FifoKey> = jobs.iter().filter(|&&j| self.jobs[j].phase == Phase::Pending).map(|&j| self.fifo_key_of(j)).collect();
                Box::new(move |_: &Sim, after: Option<FifoKey>| next_after(&fixed, after))
            }
        };
        let mut free = self.total_free();
        let mut cursor = None;
        while free > 0 {
            let Some(key) = keys(self, cursor) else { break };
            cursor = Some(key);
            let j = key.3;
            if self.jobs[j].phase != Phase::Pending {
                continue;
            }
            if let Some((e, placement, skipped)) = self.evaluate(j) {
                self.start(j, e, placement, skipped, false);
                free = self.total_free();
            }
        }
    }

    /// Phase C: in queue order, each pending job tries its entries in order, reclaim first, then
    /// in-share preemption; the first entry where either frees enough starts the job at once.
    /// Returns whether anything started, and the jobs preempted.
    fn phase_preemption(&mut self) -> (bool, Vec<JobId>) {
        let mut changed = false;
        let mut preempted = Vec::new();
        let mut cursor: Option<QueueKey> = None;
        while let Some(key) = next_after(&self.pending, cursor) {
            cursor = Some(key);
            let j = key.3;
            // A job preempted at this instant cannot preempt at this instant (SEMANTICS §4).
            if self.jobs[j].preempted_at == Some(self.now) || self.held_back(j) || !self.may_preempt(j) {
                continue;
            }
            if let Some(victims) = self.start_by_preemption(j) {
                changed = true;
                preempted.extend(victims);
            }
        }
        (changed, preempted)
    }

    /// Tries each entry in order; on success the victims are preempted and the job started.
    fn start_by_preemption(&mut self, j: JobId) -> Option<Vec<JobId>> {
        let job = &self.world.jobs[j];
        let mut skipped = Vec::new();
        for e in 0..job.entries.len() {
            if let Ok(placement) = fit::check(self.world, &self.cap, job, e) {
                // Room appeared (a victim freed more than its preemptor needed): no victims needed.
                self.start(j, e, placement, skipped, false);
                return Some(Vec::new());
            }
            if let Some((victims, stop)) = self.find_victims(j, e) {
                for &v in &victims {
                    self.preempt(v, stop, Some(j));
                }
                let placement = fit::check(self.world, &self.cap, job, e).ok()?;
                self.start(j, e, placement, skipped, true);
                return Some(victims);
            }
            skipped.push(fit::check(self.world, &self.cap, job, e).err());
        }
        None
    }
}

fn next_after<K: Ord + Copy>(set: &BTreeSet<K>, after: Option<K>) -> Option<K> {
    match after {
        None => set.first().copied(),
        Some(k) => set.range((Excluded(k), Unbounded)).next().copied(),
    }
}
