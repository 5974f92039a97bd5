//! The event list as the run records it: what happened, by index (job, entry, share, type), a
//! few dozen bytes each. Names and labels are looked up only once, when the result is built,
//! so the run itself neither allocates nor copies a string per event. What happens to a job is
//! recorded as under Kueue's rules (`crate::common::happening`); share updates and capacity
//! steps are AWS's own.

use super::world::{ShareId, TypeId, World};
use crate::common::happening;
use crate::result::{Event, EventKind, Text};
use crate::time::{hours, Seconds};

/// One event of the result's list (docs/FORMAT.md, "Result": `events` kinds).
pub type Happening = happening::Happening<OnEntry, Change>;

/// Where an attempt started: the entry of the job's preference list, and how many of its
/// instances were borrowed.
#[derive(Debug, Clone, Copy)]
pub struct OnEntry {
    pub entry: usize,
    pub borrowed: u32,
}

/// An event that concerns no job.
#[derive(Debug, Clone, Copy)]
pub enum Change {
    ShareUpdated(ShareId),
    CapacityChanged { instance_type: TypeId, count: u32 },
}

/// The event as the result shows it, at `at`; `None` for an `unfinished` ending, which is not an
/// event (the record does not log one).
pub fn to_event(happening: Happening, world: &World, at: Seconds) -> Option<Event> {
    happening.into_event(
        at,
        |j| {
            let share = world.job(j).share.map(|s| world.shares[s].name.clone());
            (Text::from(world.job_name(j)), share)
        },
        |j, OnEntry { entry, borrowed }, started| {
            let e = &world.job(j).entries[entry];
            Event {
                preference: Some(entry),
                instance_type: Some(world.type_names[e.instance_type].clone()),
                instance_count: Some(e.count),
                pool: Some(world.pools[e.pool].kind.result_kind()),
                borrowed: Some(borrowed),
                ..started
            }
        },
        |change| match change {
            Change::ShareUpdated(s) => Event {
                share: Some(world.shares[s].name.clone()),
                ..Event::new(hours(at), EventKind::ShareUpdated)
            },
            Change::CapacityChanged {
                instance_type,
                count,
            } => Event {
                instance_type: Some(world.type_names[instance_type].clone()),
                count: Some(count),
                ..Event::new(hours(at), EventKind::CapacityChanged)
            },
        },
    )
}
