//! The one event queue and its order (SEMANTICS §4: the groups of one instant, ties by job name).

use crate::time::Seconds;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Indices into a rule set's compiled world: its jobs, training plans and instance types.
type JobId = usize;
type PlanId = usize;
type TypeId = usize;

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

/// The group of [`Event::Submit`].
const SUBMIT: u8 = 4;

impl Event {
    /// The group of SEMANTICS §4, in the order they apply at one instant.
    fn group(&self) -> u8 {
        match self {
            Event::AttemptEnd { .. } => 0,
            Event::PlanStop { .. } | Event::SpotInterruption { .. } => 1,
            Event::CapacityChange { .. } | Event::PlanStart { .. } => 2,
            Event::Action { .. } => 3,
            Event::Submit { .. } => SUBMIT,
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

/// A submission known before the run: its job, when, and its key in [`Event::Submit`]'s group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Arrival {
    pub at: Seconds,
    pub key: u32,
    pub job: u32,
}

#[derive(Default)]
pub struct EventQueue {
    heap: BinaryHeap<Reverse<Entry>>,
    seq: u64,
    /// Submissions known in advance, a run's largest set of events: kept in sorted lists of 16
    /// bytes each rather than in the heap at 48 (docs/PERFORMANCE.md, "The CLI at one and five million jobs"). The
    /// lists are chunks, each in reverse order, the next arrival last of the last chunk, so a
    /// chunk whose arrivals are all taken is let go: a run's memory peaks when most jobs have
    /// arrived, and at five million jobs the whole list was 80 MB (docs/PERFORMANCE.md, "The CLI
    /// at one and five million jobs").
    arrivals: Vec<Vec<Arrival>>,
}

/// Arrivals per chunk: 65,536, a megabyte.
const ARRIVALS_PER_CHUNK: usize = 1 << 16;

impl EventQueue {
    /// Submits the arrivals' jobs at their times: as if each were pushed as an
    /// [`Event::Submit`] with its key, in the same order among every other event.
    pub fn set_arrivals(&mut self, mut arrivals: Vec<Arrival>) {
        arrivals.sort_unstable_by(|a, b| b.cmp(a));
        self.arrivals = arrivals
            .chunks(ARRIVALS_PER_CHUNK)
            .map(<[Arrival]>::to_vec)
            .collect();
    }

    /// The next arrival, if it comes before the heap's next event. Submissions are only ever
    /// arrivals, so an arrival and a heap entry never tie on time, group and key, and the
    /// order is the heap's.
    fn next_arrival(&self) -> Option<Arrival> {
        let arrival = *self.arrivals.last()?.last()?;
        let first = match self.heap.peek() {
            Some(Reverse(e)) => {
                (e.at, e.group, e.key) > (arrival.at, SUBMIT, u64::from(arrival.key))
            }
            None => true,
        };
        first.then_some(arrival)
    }

    /// Takes the next arrival, letting go of its chunk once it is the chunk's last.
    fn take_arrival(&mut self) {
        if let Some(chunk) = self.arrivals.last_mut() {
            chunk.pop();
            if chunk.is_empty() {
                self.arrivals.pop();
            }
        }
    }

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
        match self.next_arrival() {
            Some(arrival) => Some(arrival.at),
            None => self.heap.peek().map(|Reverse(e)| e.at),
        }
    }

    /// The next event at exactly `at`, in group and tie-break order.
    pub fn pop_at(&mut self, at: Seconds) -> Option<Event> {
        if self.next_time() != Some(at) {
            return None;
        }
        if let Some(arrival) = self.next_arrival() {
            self.take_arrival();
            return Some(Event::Submit {
                job: arrival.job as usize,
            });
        }
        self.heap.pop().map(|Reverse(e)| e.event)
    }
}
