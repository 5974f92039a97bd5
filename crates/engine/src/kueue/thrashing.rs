//! Kueue's rules can loop at one instant: a preemptor evicts a victim, the victim is requeued
//! with its old creation time, comes back first and takes the freed quota, and the preemptor
//! evicts it again. Kueue on a real cluster does this without end (its own bug reports call it
//! a preemption loop); here it would never leave the instant. So a preemptor does not evict the
//! same victim twice at one instant: it waits for the next event instead, and the run's notes
//! say where this happened (docs/KUEUE.md, "Thrashing"). **ours**

use super::world::{JobId, World};
use crate::time::{hours, Seconds};

/// The instants at which a preemptor would have evicted a victim a second time.
#[derive(Default)]
pub struct Thrashing {
    instants: u64,
    last: Option<Seconds>,
    first: Option<String>,
}

impl Thrashing {
    /// `preemptor` would evict `victim` again at `now`.
    pub fn seen(&mut self, world: &World, now: Seconds, preemptor: JobId, victim: JobId) {
        if self.last == Some(now) {
            return;
        }
        self.last = Some(now);
        self.instants += 1;
        if self.first.is_none() {
            let name = |j: JobId| {
                let job = &world.jobs[j];
                format!("{} (ClusterQueue {})", job.name, world.queues[job.cq].name)
            };
            self.first = Some(format!(
                "at {:.2} h {} would evict {} again, after it came back at the same instant",
                hours(now),
                name(preemptor),
                name(victim)
            ));
        }
    }

    /// The run's note, when any instant thrashed.
    pub fn note(&self) -> Option<String> {
        let first = self.first.as_ref()?;
        let instants = match self.instants {
            1 => "1 instant".to_string(),
            n => format!("{n} instants"),
        };
        Some(format!(
            "Kueue would evict and readmit the same workloads without end at {instants}; {first}. \
             The simulation leaves the preemptor pending until the next event (docs/KUEUE.md, \"Thrashing\")"
        ))
    }
}
