//! What the run records of a job for the result's event list (docs/FORMAT.md, "Result": `events`
//! kinds), by index, and the event each becomes. Both rule sets record the same six things of a
//! job in the same words; how an attempt's start is described, and the events of one rule set
//! only (AWS's share updates and capacity steps), are each rule set's own.

use super::ending::{Ending, Stop};
use crate::result::{Event, EventKind, Text};
use crate::time::{hours, Seconds};

/// An index into a rule set's compiled jobs.
type JobId = usize;

/// One event of the result's list. `S` says on what an attempt started; `O` is an event of one
/// rule set only (`std::convert::Infallible` where there is none).
#[derive(Debug, Clone, Copy)]
pub enum Happening<S, O> {
    Submitted(JobId),
    Started {
        job: JobId,
        start: S,
    },
    /// A preemption or an interruption (other stops are told by the job's ending).
    Stopped {
        job: JobId,
        stop: Stop,
        by: Option<JobId>,
        lost: Seconds,
    },
    Requeued(JobId),
    /// Any ending but `unfinished`, which is not an event.
    Ended {
        job: JobId,
        ending: Ending,
    },
    PriorityChanged {
        job: JobId,
        priority: i32,
    },
    Other(O),
}

impl<S, O> Happening<S, O> {
    /// The event as the result shows it, at `at`; `None` for an `unfinished` ending, which is
    /// not an event (the record does not log one). `job` names a job and its share, `start`
    /// fills in a started job's event with where it runs, and `other` makes a rule set's own
    /// event.
    pub fn into_event(
        self,
        at: Seconds,
        job: impl Fn(JobId) -> (Text, Option<Text>),
        start: impl FnOnce(JobId, S, Event) -> Event,
        other: impl FnOnce(O) -> Event,
    ) -> Option<Event> {
        let job_event = |kind: EventKind, j: JobId| {
            let (name, share) = job(j);
            Event {
                job: Some(name),
                share,
                ..Event::new(hours(at), kind)
            }
        };
        Some(match self {
            Happening::Submitted(j) => job_event(EventKind::Submitted, j),
            Happening::Started { job: j, start: s } => {
                start(j, s, job_event(EventKind::Started, j))
            }
            Happening::Stopped {
                job: j,
                stop,
                by,
                lost,
            } => Event {
                by: by.map(|b| job(b).0),
                preemption: stop.kind(),
                lost_h: Some(hours(lost)),
                ..job_event(stop.event(), j)
            },
            Happening::Requeued(j) => job_event(EventKind::Requeued, j),
            Happening::Ended { job: j, ending } => Event {
                reason: ending.reason(),
                ..job_event(ending.event()?, j)
            },
            Happening::PriorityChanged { job: j, priority } => Event {
                priority: Some(priority),
                ..job_event(EventKind::PriorityChanged, j)
            },
            Happening::Other(o) => other(o),
        })
    }
}
