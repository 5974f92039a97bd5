//! What the run knows about one job as it goes: where it is, its saved progress, its pending
//! clock (SEMANTICS §3, max pending time) and why it waits.

use super::attempt;
use super::per_reason::PerReason;
use super::reason::Reason;
use super::world::Job;
use crate::rng::Stream;
use crate::time::Seconds;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    NotSubmitted,
    Pending,
    Running,
    Ended,
}

/// The attempt in progress.
#[derive(Debug, Clone)]
pub struct Running {
    pub entry: usize,
    pub plan: attempt::Plan,
    /// It fails after startup: the accelerators have too little memory.
    pub memory_failure: bool,
    pub borrowed: u32,
    /// When it was started by preemption; it cannot be preempted at that same instant.
    pub by_preemption_at: Option<Seconds>,
}

pub struct JobState {
    pub phase: Phase,
    pub priority: u32,
    pub running: Option<Running>,
    /// Saved fraction of the job's work.
    pub progress: f64,
    /// Bumped whenever an attempt starts or stops, so stale attempt events are ignored.
    pub epoch: u32,
    /// Bumped whenever the pending clock pauses or stops, so stale expiries are ignored.
    pub clock_epoch: u32,
    pub clock_used: Seconds,
    pub clock_since: Option<Seconds>,
    /// Preemptions counted against `preemption_retries`.
    pub retries_used: u32,
    pub preempted_at: Option<Seconds>,
    pub pending_since: Seconds,
    pub wait_total: Seconds,
    /// Time waited per reason so far, and while pending, the group clock when waiting began
    /// or, under strict FIFO, since when the job waits behind another (see `waiting`).
    pub waited: PerReason,
    pub waiting_from: PerReason,
    pub behind_since: Option<Seconds>,
    /// The reason on each entry at the job's last evaluation.
    pub entry_reasons: Vec<Option<Reason>>,
    pub spot_stream: Option<Stream>,
    /// The scheduling phase that last visited the job (a job sits in several queues).
    pub visited: u64,
}

impl JobState {
    pub fn new(job: &Job) -> Self {
        JobState {
            phase: Phase::NotSubmitted,
            priority: job.priority,
            running: None,
            progress: 0.0,
            epoch: 0,
            clock_epoch: 0,
            clock_used: 0,
            clock_since: None,
            retries_used: 0,
            preempted_at: None,
            pending_since: 0,
            wait_total: 0,
            waited: [0; Reason::AWS.len()],
            waiting_from: [0; Reason::AWS.len()],
            behind_since: None,
            entry_reasons: Vec::new(),
            spot_stream: None,
            visited: 0,
        }
    }

    /// Compute still needed on an entry whose whole job takes `duration`.
    pub fn remaining(&self, duration: Seconds) -> Seconds {
        crate::time::compute_needed(self.progress, duration)
    }
}
