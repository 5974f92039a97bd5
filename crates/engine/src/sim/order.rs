//! The tie-break orders of SEMANTICS §4 and §5, each one named key used everywhere.
//!
//! Names compare byte by byte; `World::name_rank` holds that order precomputed.

use super::world::JobId;
use crate::time::Seconds;
use std::cmp::Reverse;

/// Queue order: priority descending, then original submit time, then name.
pub type QueueKey = (Reverse<u32>, Seconds, u32, JobId);

/// Phase B's FIFO order (AWS `idleResourceAssignmentStrategy = FIFO`): submit time, then
/// priority descending, then name.
pub type FifoKey = (Seconds, Reverse<u32>, u32, JobId);

pub fn queue_key(priority: u32, submit: Seconds, name_rank: u32, job: JobId) -> QueueKey {
    (Reverse(priority), submit, name_rank, job)
}

pub fn fifo_key(priority: u32, submit: Seconds, name_rank: u32, job: JobId) -> FifoKey {
    (submit, Reverse(priority), name_rank, job)
}

/// Reclaim victims: most instances borrowed first, then lower priority, then most recently
/// started, then name.
pub fn reclaim_victim_key(
    borrowed: u32,
    priority: u32,
    started: Seconds,
    name_rank: u32,
) -> (Reverse<u32>, u32, Reverse<Seconds>, u32) {
    (Reverse(borrowed), priority, Reverse(started), name_rank)
}

/// In-share and limit-lowered victims: lowest priority, then most recently started, then name.
pub fn in_share_victim_key(
    priority: u32,
    started: Seconds,
    name_rank: u32,
) -> (u32, Reverse<Seconds>, u32) {
    (priority, Reverse(started), name_rank)
}
