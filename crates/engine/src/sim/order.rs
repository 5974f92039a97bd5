//! The tie-break orders of SEMANTICS §4 and §5, each one named key used everywhere.
//!
//! Each key is a struct whose fields are declared in comparison order, so the derived `Ord`
//! is the rule. Names compare byte by byte; `World::name_rank` holds that order precomputed.
//! A name's rank is its job's alone, so a pending job's key holds no job index beside it: the
//! world finds the job from the rank (`World::job_ranked`), and the key is 16 bytes where it was
//! 24, in sets that hold two million pending jobs at five million jobs (docs/PERFORMANCE.md,
//! "The CLI at one and five million jobs").

use crate::time::Seconds;
use std::cmp::Reverse;

/// Queue order: priority descending, then original submit time, then name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct QueueKey {
    pub priority: Reverse<u32>,
    pub submit: Seconds,
    pub name_rank: u32,
}

/// Phase B's FIFO order (AWS `idleResourceAssignmentStrategy = FIFO`): submit time, then
/// priority descending, then name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct FifoKey {
    pub submit: Seconds,
    pub priority: Reverse<u32>,
    pub name_rank: u32,
}

pub fn queue_key(priority: u32, submit: Seconds, name_rank: u32) -> QueueKey {
    QueueKey {
        priority: Reverse(priority),
        submit,
        name_rank,
    }
}

pub fn fifo_key(priority: u32, submit: Seconds, name_rank: u32) -> FifoKey {
    FifoKey {
        submit,
        priority: Reverse(priority),
        name_rank,
    }
}

/// Either order's key names its job by its name's rank; the scheduling pass walks both orders
/// with one routine.
pub trait JobKey: Ord + Copy {
    fn name_rank(&self) -> u32;
}

impl JobKey for QueueKey {
    fn name_rank(&self) -> u32 {
        self.name_rank
    }
}

impl JobKey for FifoKey {
    fn name_rank(&self) -> u32 {
        self.name_rank
    }
}

/// Reclaim victims: most instances borrowed first, then lower priority, then most recently
/// started, then name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ReclaimVictimKey {
    pub borrowed: Reverse<u32>,
    pub priority: u32,
    pub started: Reverse<Seconds>,
    pub name_rank: u32,
}

pub fn reclaim_victim_key(
    borrowed: u32,
    priority: u32,
    started: Seconds,
    name_rank: u32,
) -> ReclaimVictimKey {
    ReclaimVictimKey {
        borrowed: Reverse(borrowed),
        priority,
        started: Reverse(started),
        name_rank,
    }
}

/// In-share and limit-lowered victims: lowest priority, then most recently started, then name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct InShareVictimKey {
    pub priority: u32,
    pub started: Reverse<Seconds>,
    pub name_rank: u32,
}

pub fn in_share_victim_key(priority: u32, started: Seconds, name_rank: u32) -> InShareVictimKey {
    InShareVictimKey {
        priority,
        started: Reverse(started),
        name_rank,
    }
}
