//! Whether a job fits on an entry now, without preempting anyone (SEMANTICS §4), and if not,
//! the reason (SEMANTICS §6).

use super::job_state::EntryReasons;
use super::reason::Reason;
use super::state::Capacity;
use super::world::{Job, World};

/// How a fitting placement stands against the share's own limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    /// Instances over the share's own limit that this placement adds (its borrowed count).
    pub borrowed: u32,
}

/// Checks entry `e` of `job`. Reasons are tested from the permanent to the passing, so a job
/// that can never run says so, and a job that waits names the tightest constraint.
pub fn check(world: &World, cap: &Capacity, job: &Job, e: usize) -> Result<Placement, Reason> {
    let entry = &job.entries[e];
    let t = entry.instance_type;
    let pool = &world.pools[entry.pool];
    if let Some(s) = job.share {
        let terms = &cap.terms[s];
        if terms.limits[t].is_none() || terms.ceiling(t).is_some_and(|c| entry.count > c) {
            return Err(Reason::QuotaLimitExceeded);
        }
    }
    if entry.count > pool.ceiling {
        return Err(Reason::CapacityExceeded);
    }
    if let super::world::PoolKind::Plan(p) = pool.kind {
        if !cap.plan_open[p] {
            return Err(Reason::PlanInactive);
        }
    }
    let mut borrowed = 0;
    if let Some(s) = job.share {
        let used = cap.share_used[s][t];
        let own = cap.terms[s].own(t);
        let after = used + entry.count;
        if after > own && !cap.can_borrow(s) {
            return Err(Reason::ShareLimit);
        }
        if !cap.strategy_allows(s, t, after) {
            return Err(Reason::BorrowLimit);
        }
        borrowed = after.saturating_sub(own) - used.saturating_sub(own);
    }
    if cap.pool_free(world, entry.pool) < entry.count {
        return Err(Reason::NoCapacity);
    }
    if let Some(s) = job.share {
        // The quota invariant must hold afterwards, or, when a capacity drop already broke it,
        // must not get worse.
        let before = cap.excess(t, None);
        let after = cap.excess(t, Some((s, entry.count)));
        if after > before.max(0) {
            return Err(Reason::NoLendable);
        }
    }
    Ok(Placement { borrowed })
}

/// The first entry the job fits on, with the reasons of every entry tried before it.
pub fn first_fit(
    world: &World,
    cap: &Capacity,
    job: &Job,
    reasons: &mut EntryReasons,
) -> Option<(usize, Placement)> {
    reasons.clear();
    for e in 0..job.entries.len() {
        match check(world, cap, job, e) {
            Ok(placement) => {
                reasons.resize(job.entries.len(), None);
                return Some((e, placement));
            }
            Err(reason) => reasons.push(Some(reason)),
        }
    }
    None
}
