//! How an attempt stopped and how a job ended, as the run records them: the words the event log
//! and the record share, each mapped onto the result's vocabulary (`crate::result::vocab`).

use crate::result::Reason;
use crate::result::{EndReason, EventKind, Outcome, Status, StopKind};

/// Why an attempt stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    Succeeded,
    MemoryFailure,
    Reclaim,
    InShare,
    LimitLowered,
    PlanEnd,
    Spot,
    Cancelled,
    MaxWait,
    /// The horizon (or the event budget) came first.
    Cut,
    /// Kueue evicted it for a preemptor, with Kueue's reason (docs/KUEUE.md).
    Evicted(StopKind),
}

impl Stop {
    /// How an attempt that ran to its end stopped, and how its job ended: failed for memory
    /// after its startup, or succeeded.
    pub fn at_end(memory_failure: bool) -> (Stop, Ending) {
        if memory_failure {
            (Stop::MemoryFailure, Ending::InsufficientMemory)
        } else {
            (Stop::Succeeded, Ending::Succeeded)
        }
    }

    pub fn outcome(self) -> Outcome {
        // A preemption or an interruption: which of the two is the kind's to say.
        if let Some(kind) = self.kind() {
            return kind.outcome();
        }
        match self {
            Stop::Succeeded => Outcome::Succeeded,
            Stop::MemoryFailure => Outcome::Failed,
            Stop::Cancelled => Outcome::Cancelled,
            Stop::MaxWait => Outcome::Stopped,
            // The horizon or the event budget: every kind was answered above.
            _ => Outcome::Cut,
        }
    }

    /// The preemption or interruption kind, if it was one.
    pub fn kind(self) -> Option<StopKind> {
        match self {
            Stop::Reclaim => Some(StopKind::Reclaim),
            Stop::InShare => Some(StopKind::InShare),
            Stop::LimitLowered => Some(StopKind::LimitLowered),
            Stop::PlanEnd => Some(StopKind::PlanEnd),
            Stop::Spot => Some(StopKind::Spot),
            Stop::Evicted(kind) => Some(kind),
            _ => None,
        }
    }

    /// The event a preemption or interruption is recorded as.
    pub fn event(self) -> EventKind {
        match self.outcome() {
            Outcome::Preempted => EventKind::Preempted,
            _ => EventKind::Interrupted,
        }
    }
}

/// How a job ended (SEMANTICS §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    Succeeded,
    InsufficientMemory,
    RetriesExhausted,
    InsufficientCapacity,
    TimedOut,
    Stopped,
    Cancelled,
    Unfinished(Option<Reason>),
}

impl Ending {
    pub fn status(self) -> Status {
        match self {
            Ending::Succeeded => Status::Succeeded,
            Ending::InsufficientMemory
            | Ending::RetriesExhausted
            | Ending::InsufficientCapacity => Status::Failed,
            Ending::TimedOut => Status::TimedOut,
            Ending::Stopped => Status::Stopped,
            Ending::Cancelled => Status::Cancelled,
            Ending::Unfinished(_) => Status::Unfinished,
        }
    }

    pub fn reason(self) -> Option<EndReason> {
        match self {
            Ending::InsufficientMemory => Some(EndReason::InsufficientAcceleratorMemory),
            Ending::RetriesExhausted => Some(EndReason::PreemptionRetriesExhausted),
            Ending::InsufficientCapacity => Some(EndReason::InsufficientCapacity),
            Ending::TimedOut => Some(EndReason::MaxPendingTimeExceeded),
            Ending::Stopped => Some(EndReason::MaxWaitExceeded),
            Ending::Unfinished(Some(r)) => Some(EndReason::Waiting(r)),
            Ending::Unfinished(None) => Some(EndReason::Horizon),
            _ => None,
        }
    }

    /// The event an ending is recorded as; `None` for `unfinished`, which is not an event (the
    /// run stopped around it).
    pub fn event(self) -> Option<EventKind> {
        Some(match self.status() {
            Status::Succeeded => EventKind::Succeeded,
            Status::Failed => EventKind::Failed,
            Status::TimedOut => EventKind::TimedOut,
            Status::Stopped => EventKind::Stopped,
            Status::Cancelled => EventKind::Cancelled,
            Status::Unfinished => return None,
        })
    }
}
