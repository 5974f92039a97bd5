//! An audited run: the invariants of SEMANTICS checked after every decision, for the property
//! tests. Off in normal runs; `simulate_audited` turns it on.
//!
//! - No pool starts more instances than it has (a capacity drop may leave running jobs above the
//!   new level, SEMANTICS §1, but nothing new starts there).
//! - The quota invariant `sum borrowed <= lendable` holds after every decision, or, where a
//!   capacity drop or a share update broke it, does not get worse (SEMANTICS §2, §4).
//! - The work a job completes adds up to exactly its work: the progress each interruption saved
//!   plus the compute of the final attempt.
//! - A pass leaves no pending job that may start and fits an entry without preempting, and a
//!   second pass at the same instant, over every pending job and every type, starts and preempts
//!   nothing (SEMANTICS §4: a pass is idempotent). The second pass is the real one, with the
//!   shortcuts of `pass` given nothing to skip, so it checks those shortcuts too.

use super::world::{JobId, PoolId, TypeId};
use super::Sim;
use crate::common::Phase;
use crate::time::Seconds;

#[derive(Default)]
pub struct Audit {
    pub violations: Vec<String>,
    /// Per type, how far a capacity drop or share update let the invariant be broken.
    tolerance: Vec<i64>,
    /// Per job, the fraction of its work completed so far.
    work: Vec<f64>,
    /// Attempts started so far, to see whether a second pass started any.
    starts: u64,
}

impl Audit {
    pub fn new(types: usize, jobs: usize) -> Self {
        Audit {
            violations: Vec::new(),
            tolerance: vec![0; types],
            work: vec![0.0; jobs],
            starts: 0,
        }
    }
}

impl Sim<'_> {
    /// After a start on `pool`: the pool holds what it has, and the invariant holds.
    pub(super) fn audit_start(&mut self, j: JobId, pool: PoolId) {
        let Some(audit) = self.audit.as_mut() else {
            return;
        };
        audit.starts += 1;
        let capacity = self.cap.pool_capacity(self.world, pool);
        if self.cap.pool_used[pool] > capacity {
            audit.violations.push(format!(
                "t={}: starting {} put {} instances on a pool of {capacity}",
                self.now,
                self.world.job_name(j),
                self.cap.pool_used[pool]
            ));
        }
        self.audit_quota(&format!("starting {}", self.world.job_name(j)));
    }

    /// After a pass: nothing that may start fits, and a second pass over everything changes
    /// nothing. The second pass leaves the jobs' last evaluated reasons as the first left them, so
    /// an audited run gives the same result as a plain one.
    pub(super) fn audit_pass(&mut self) {
        if self.audit.is_none() || self.pending.len == 0 {
            return;
        }
        let pending: Vec<JobId> = (0..self.jobs.len())
            .filter(|&j| self.jobs[j].phase == Phase::Pending)
            .collect();
        let fitting: Vec<JobId> = pending
            .iter()
            .copied()
            .filter(|&j| !self.held_back(j) && self.fits_somewhere(j))
            .collect();
        let reasons: Vec<_> = pending
            .iter()
            .map(|&j| self.jobs[j].entry_reasons)
            .collect();
        let starts = self.audit.as_ref().map_or(0, |a| a.starts);
        let types = self.world.all_types.clone();
        self.phases(&types, &pending);
        for (&j, r) in pending.iter().zip(reasons) {
            if self.jobs[j].phase == Phase::Pending {
                self.jobs[j].entry_reasons = r;
            }
        }
        let now = self.now;
        let names = |jobs: &[JobId]| -> Vec<&str> {
            jobs.iter().map(|&j| self.world.job_name(j)).collect()
        };
        let fitting = names(&fitting);
        let Some(audit) = self.audit.as_mut() else {
            return;
        };
        if !fitting.is_empty() {
            audit.violations.push(format!(
                "t={now}: after the pass, {fitting:?} still fit an entry without preempting"
            ));
        }
        if audit.starts != starts {
            audit.violations.push(format!(
                "t={now}: a second pass at the same instant started {} more attempts",
                audit.starts - starts
            ));
        }
    }

    /// The quota invariant on every type, after a decision.
    pub(super) fn audit_quota(&mut self, decision: &str) {
        if self.world.shares.is_empty() {
            return;
        }
        let Some(audit) = self.audit.as_mut() else {
            return;
        };
        for t in 0..self.world.types.len() {
            let excess = self.cap.excess(t, None);
            if excess > audit.tolerance[t] {
                audit.violations.push(format!(
                    "t={}: after {decision}, {} borrows {excess} more than is lendable",
                    self.now, self.world.types[t].name
                ));
            }
            // Once jobs end the slack comes back, and may not be given away again.
            audit.tolerance[t] = audit.tolerance[t].min(excess.max(0));
        }
    }

    /// A capacity drop or share update may break the invariant; later decisions must not worsen it.
    pub(super) fn audit_allow_current(&mut self, types: &[TypeId]) {
        let Some(audit) = self.audit.as_mut() else {
            return;
        };
        for &t in types {
            audit.tolerance[t] = audit.tolerance[t].max(self.cap.excess(t, None));
        }
    }

    /// Work accounting when an attempt stops: `saved` of `duration` kept, or the whole attempt's
    /// `compute` when it succeeded.
    pub(super) fn audit_work(
        &mut self,
        j: JobId,
        succeeded: bool,
        compute: Seconds,
        saved: Seconds,
        duration: Seconds,
    ) {
        let Some(audit) = self.audit.as_mut() else {
            return;
        };
        let done = if succeeded { compute } else { saved };
        audit.work[j] += done as f64 / duration as f64;
        if succeeded {
            // Each attempt rounds its remaining compute to the nearest second.
            let tolerance = self.log.attempts_of(j) as f64 / duration as f64;
            if (audit.work[j] - 1.0).abs() > tolerance {
                audit.violations.push(format!(
                    "{} succeeded after completing {} of its work",
                    self.world.job_name(j),
                    audit.work[j]
                ));
            }
        }
    }
}
