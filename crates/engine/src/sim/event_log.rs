//! The event list as the run records it: what happened, by index (job, entry, share, type), a
//! few dozen bytes each. Names and labels are looked up only once, when the result is built,
//! so the run itself neither allocates nor copies a string per event.

use super::ending::{Ending, Stop};
use super::world::{JobId, ShareId, TypeId, World};
use crate::result::{Event, EventKind, Text};
use crate::time::{hours, Seconds};

/// One event of the result's list (docs/FORMAT.md, "Result": `events` kinds).
#[derive(Debug, Clone, Copy)]
pub enum Happening {
    Submitted(JobId),
    Started {
        job: JobId,
        entry: usize,
        borrowed: u32,
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
        priority: u32,
    },
    ShareUpdated(ShareId),
    CapacityChanged {
        instance_type: TypeId,
        count: u32,
    },
}

impl Happening {
    /// The event as the result shows it, at `at`; `None` for an `unfinished` ending, which is
    /// not an event (the record does not log one).
    pub fn to_event(self, world: &World, at: Seconds) -> Option<Event> {
        let job_event = |kind: EventKind, j: JobId| {
            let job = world.job(j);
            Event {
                job: Some(Text::from(world.job_name(j))),
                share: job.share.map(|s| world.shares[s].name.clone()),
                ..Event::new(hours(at), kind)
            }
        };
        Some(match self {
            Happening::Submitted(j) => job_event(EventKind::Submitted, j),
            Happening::Started {
                job,
                entry,
                borrowed,
            } => {
                let e = &world.job(job).entries[entry];
                Event {
                    preference: Some(entry),
                    instance_type: Some(world.type_names[e.instance_type].clone()),
                    instance_count: Some(e.count),
                    pool: Some(world.pools[e.pool].kind.result_kind()),
                    borrowed: Some(borrowed),
                    ..job_event(EventKind::Started, job)
                }
            }
            Happening::Stopped {
                job,
                stop,
                by,
                lost,
            } => Event {
                by: by.map(|b| Text::from(world.job_name(b))),
                preemption: stop.kind(),
                lost_h: Some(hours(lost)),
                ..job_event(stop.event(), job)
            },
            Happening::Requeued(j) => job_event(EventKind::Requeued, j),
            Happening::Ended { job, ending } => Event {
                reason: ending.reason(),
                ..job_event(ending.event()?, job)
            },
            Happening::PriorityChanged { job, priority } => Event {
                priority: Some(priority as i32),
                ..job_event(EventKind::PriorityChanged, job)
            },
            Happening::ShareUpdated(s) => Event {
                share: Some(world.shares[s].name.clone()),
                ..Event::new(hours(at), EventKind::ShareUpdated)
            },
            Happening::CapacityChanged {
                instance_type,
                count,
            } => Event {
                instance_type: Some(world.type_names[instance_type].clone()),
                count: Some(count),
                ..Event::new(hours(at), EventKind::CapacityChanged)
            },
        })
    }
}
