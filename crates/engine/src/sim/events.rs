//! The one event queue and its order (SEMANTICS §4: the groups of one instant, ties by job name).

use super::world::{JobId, PlanId, TypeId};
use crate::time::Seconds;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Which deadline of a pending job ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Expiry {
    MaxPending,
    PlanOnlyPatience,
    MaxWait,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Event {
    /// An attempt finishes (success, or the memory failure after startup).
    AttemptEnd {
        job: JobId,
        epoch: u32,
    },
    /// From `end - 30 min` a plan block takes its instances back.
    PlanStop {
        plan: PlanId,
    },
    SpotInterruption {
        job: JobId,
        epoch: u32,
    },
    CapacityChange {
        instance_type: TypeId,
        count: u32,
    },
    PlanStart {
        plan: PlanId,
    },
    Action {
        index: usize,
    },
    Submit {
        job: JobId,
    },
    Expire {
        job: JobId,
        epoch: u32,
        which: Expiry,
    },
}

impl Event {
    /// The group of SEMANTICS §4, in the order they apply at one instant.
    fn group(&self) -> u8 {
        match self {
            Event::AttemptEnd { .. } => 0,
            Event::PlanStop { .. } | Event::SpotInterruption { .. } => 1,
            Event::CapacityChange { .. } | Event::PlanStart { .. } => 2,
            Event::Action { .. } => 3,
            Event::Submit { .. } => 4,
            Event::Expire { .. } => 5,
        }
    }
}

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Entry {
    at: Seconds,
    group: u8,
    /// The tie-break inside a group: job name rank, or declaration order for the rest.
    key: u64,
    seq: u64,
    event: Event,
}

#[derive(Default)]
pub struct EventQueue {
    heap: BinaryHeap<Reverse<Entry>>,
    seq: u64,
}

impl EventQueue {
    /// Schedules `event` at `at`; `key` orders it within its group (a job's name rank).
    pub fn push(&mut self, at: Seconds, key: u64, event: Event) {
        self.seq += 1;
        self.heap.push(Reverse(Entry {
            at,
            group: event.group(),
            key,
            seq: self.seq,
            event,
        }));
    }

    pub fn next_time(&self) -> Option<Seconds> {
        self.heap.peek().map(|Reverse(e)| e.at)
    }

    /// The next event at exactly `at`, in group and tie-break order.
    pub fn pop_at(&mut self, at: Seconds) -> Option<Event> {
        if self.next_time() == Some(at) {
            self.heap.pop().map(|Reverse(e)| e.event)
        } else {
            None
        }
    }
}
