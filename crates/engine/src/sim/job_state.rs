//! What the run knows about one job as it goes: where it is, its saved progress, its pending
//! clock (SEMANTICS §3, max pending time) and why it waits.

use super::per_reason::PerReason;
use super::reason::Reason;
use super::wait_times::WaitTimes;
use super::world::{Job, MAX_ENTRIES};
use crate::common::attempt;
use crate::common::Phase;
use crate::time::{MaybeSeconds, Seconds};

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

/// What the run knows about one job. The attempt in progress and the clocks of a pending job are
/// boxed, so a job that is neither (most of them, most of the time: not yet submitted, or ended)
/// holds a pointer for each instead of their bytes (docs/PERFORMANCE.md, "The CLI at one and five million jobs").
pub struct JobState {
    pub phase: Phase,
    /// The reason on each entry at the job's last evaluation.
    pub entry_reasons: EntryReasons,
    pub priority: u32,
    /// Bumped whenever an attempt starts or stops, so stale attempt events are ignored.
    pub epoch: u32,
    /// Bumped whenever the pending clock pauses or stops, so stale expiries are ignored.
    pub clock_epoch: u32,
    /// Preemptions counted against `preemption_retries`.
    pub retries_used: u32,
    /// Saved fraction of the job's work.
    pub progress: f64,
    pub wait_total: Seconds,
    /// Time waited per reason so far.
    pub waited: WaitTimes,
    /// The scheduling phase that last visited the job (a job sits in several queues); kept
    /// across attempts, so a job preempted and requeued within a phase is not visited twice.
    pub visited: u64,
    pub running: Option<Box<Running>>,
    /// While pending, its clocks.
    pub pending: Option<Box<Pending>>,
}

/// The clocks of a pending job, from when it became pending.
pub struct Pending {
    pub since: Seconds,
    /// The pending clock (SEMANTICS §3, max pending time): time used, and since when it runs.
    pub clock_used: Seconds,
    pub clock_since: MaybeSeconds,
    /// When it was preempted, if that made it pending.
    pub preempted_at: MaybeSeconds,
    /// The group clock when waiting began or, under strict FIFO, since when the job waits behind
    /// another (see `waiting`).
    pub waiting_from: PerReason,
    pub behind_since: MaybeSeconds,
}

impl Pending {
    pub fn new(now: Seconds) -> Pending {
        Pending {
            since: now,
            clock_used: 0,
            clock_since: MaybeSeconds::NONE,
            preempted_at: MaybeSeconds::NONE,
            waiting_from: [0; Reason::AWS.len()],
            behind_since: MaybeSeconds::NONE,
        }
    }
}

impl JobState {
    pub fn new(job: &Job) -> Self {
        JobState {
            phase: Phase::NotSubmitted,
            entry_reasons: EntryReasons::default(),
            priority: job.priority,
            epoch: 0,
            clock_epoch: 0,
            retries_used: 0,
            progress: 0.0,
            wait_total: 0,
            waited: WaitTimes::default(),
            visited: 0,
            running: None,
            pending: None,
        }
    }

    /// The clocks of the job, which is pending.
    pub fn pending(&mut self) -> &mut Pending {
        self.pending.as_mut().expect("the job is pending")
    }

    /// Compute still needed on an entry whose whole job takes `duration`.
    pub fn remaining(&self, duration: Seconds) -> Seconds {
        crate::time::compute_needed(self.progress, duration)
    }
}

/// The reason on each entry of a job (`None`: it fitted), inline: a job has at most
/// [`MAX_ENTRIES`] entries. Empty until the job is first evaluated.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EntryReasons {
    reasons: [Option<Reason>; MAX_ENTRIES],
    len: u8,
}

impl EntryReasons {
    /// `n` entries, each with `reason`.
    pub fn filled(reason: Option<Reason>, n: usize) -> Self {
        let mut reasons = EntryReasons::default();
        reasons.resize(n, reason);
        reasons
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    pub fn push(&mut self, reason: Option<Reason>) {
        self.reasons[usize::from(self.len)] = reason;
        self.len += 1;
    }

    /// Grows to `n` entries with `reason`, or shortens to `n`.
    pub fn resize(&mut self, n: usize, reason: Option<Reason>) {
        while usize::from(self.len) < n {
            self.push(reason);
        }
        self.len = self.len.min(n as u8);
    }
}

impl std::ops::Deref for EntryReasons {
    type Target = [Option<Reason>];
    fn deref(&self) -> &[Option<Reason>] {
        &self.reasons[..usize::from(self.len)]
    }
}

impl FromIterator<Option<Reason>> for EntryReasons {
    fn from_iter<I: IntoIterator<Item = Option<Reason>>>(reasons: I) -> Self {
        let mut all = EntryReasons::default();
        for reason in reasons {
            all.push(reason);
        }
        all
    }
}
