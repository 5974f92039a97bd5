//! The event loop both rule sets run: take the next instant, apply its events in the order of
//! docs/SEMANTICS.md §4, schedule, and repeat until the queue is empty, the horizon is passed or
//! the event budget is spent (SEMANTICS §6). What applying an event and scheduling mean is each
//! rule set's own ([`Instants`]); the loop, the horizon and the budget are not.

use super::events::{Event, EventQueue};
use crate::time::{hours, Seconds};

/// How far a run has come, reported to the caller's progress callback.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Events applied so far.
    pub events: u64,
    /// The simulated clock, in hours.
    pub now_h: f64,
    /// Jobs that have ended.
    pub jobs_ended: u64,
    /// All jobs of the run, for a fraction done.
    pub jobs: u64,
}

impl Progress {
    /// A run at `now` after `events` events, with `jobs_ended` of its `jobs` ended.
    pub(crate) fn at(now: Seconds, events: u64, jobs_ended: u64, jobs: usize) -> Progress {
        Progress {
            events,
            now_h: hours(now),
            jobs_ended,
            jobs: jobs as u64,
        }
    }
}

/// The most events one run processes; past it the run stops and says so. This guards against
/// runs that can never end, such as a spot job without checkpoints interrupted faster than it can
/// finish.
pub(crate) fn event_budget(jobs: u64) -> u64 {
    1_000_000 + 200 * jobs
}

/// A run under one rule set, as the loop drives it.
pub(crate) trait Instants {
    fn queue(&mut self) -> &mut EventQueue;
    /// The run's clock, which the loop moves to each instant.
    fn now(&mut self) -> &mut Seconds;
    /// Events applied so far, which the loop counts.
    fn events_done(&mut self) -> &mut u64;
    fn horizon(&self) -> Option<Seconds>;
    fn progress(&self) -> Progress;
    /// Adds a note to the result.
    fn note(&mut self, text: String);
    /// Applies one event at the current instant.
    fn apply(&mut self, event: Event);
    /// Starts what can start at the current instant (AWS's pass, Kueue's cycles).
    fn schedule(&mut self);
    /// Brings what is sampled per instant up to date with the instant just done.
    fn after_instant(&mut self);
    /// Ends the run: jobs still pending or running are unfinished.
    fn finish(&mut self);
}

/// The part of [`Instants`] that is the same for every run whose fields are named as both rule
/// sets name them: `queue`, `now`, `events_done`, `ended`, `jobs`, `world.horizon` and `log`.
macro_rules! run_fields {
    () => {
        fn queue(&mut self) -> &mut $crate::common::events::EventQueue {
            &mut self.queue
        }

        fn now(&mut self) -> &mut $crate::time::Seconds {
            &mut self.now
        }

        fn events_done(&mut self) -> &mut u64 {
            &mut self.events_done
        }

        fn horizon(&self) -> Option<$crate::time::Seconds> {
            self.world.horizon
        }

        fn progress(&self) -> $crate::common::Progress {
            $crate::common::Progress::at(self.now, self.events_done, self.ended, self.jobs.len())
        }

        fn note(&mut self, text: String) {
            self.log.note(text);
        }
    };
}
pub(crate) use run_fields;

/// Runs `run` to its end, calling `progress` every `every_events` events (never with 0) and
/// once at the end; `None` when `progress` answered `false` (cancelled).
pub(crate) fn run_to_end(
    run: &mut impl Instants,
    every_events: u64,
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Option<()> {
    let budget = event_budget(run.progress().jobs);
    while let Some(at) = run.queue().next_time() {
        if run.horizon().is_some_and(|h| at > h) {
            break;
        }
        if *run.events_done() >= budget {
            let (now, done) = (*run.now(), *run.events_done());
            run.note(format!(
                "stopped at {:.2} h after {} events, the most one run may process; jobs still pending or running are unfinished",
                hours(now),
                done
            ));
            break;
        }
        *run.now() = at;
        let at_horizon = run.horizon() == Some(at);
        // SEMANTICS §4: scheduling may create events for this same instant; they get another
        // round.
        while run.queue().next_time() == Some(at) {
            while let Some(event) = run.queue().pop_at(at) {
                *run.events_done() += 1;
                run.apply(event);
                if every_events > 0
                    && run.events_done().is_multiple_of(every_events)
                    && !progress(run.progress())
                {
                    return None;
                }
            }
            // Events at the horizon still apply, but nothing new starts there.
            if !at_horizon {
                run.schedule();
            }
        }
        run.after_instant();
    }
    // With a horizon the run covers it whole, unless every job ended before it.
    if let Some(h) = run.horizon() {
        let p = run.progress();
        if p.jobs_ended < p.jobs && *run.now() < h && p.events < budget {
            *run.now() = h;
            run.after_instant();
        }
    }
    run.finish();
    if every_events > 0 {
        progress(run.progress());
    }
    Some(())
}
