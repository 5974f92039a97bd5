//! The run the worker keeps: the last one, so that a job's story ([`super::story`]) and the
//! whole document ([`super::document`]) come from the very result the page drew. A run for the page
//! keeps only what is drawn: no event list, and each usage series thinned as it is made (`Keep`,
//! docs/ARCHITECTURE.md, "The page's view of a result"), so the whole document, the one thing
//! that needs them, runs the scenario again keeping everything, and that result is kept in its
//! place. A request for a run the worker no longer holds (it ran another
//! since, or it was replaced) runs that run's scenario again too, which gives the same result:
//! same scenario, same seed.

use crate::worker::wire::Refusal;
use quotalab_engine::scenario::JobList;
use quotalab_engine::{Keep, Run, Scenario};
use std::cell::RefCell;
use std::rc::Rc;

/// A kept run: its number, what it kept, and the finished run, which makes a
/// job's record or the whole document from its history when asked. It holds the run rather than
/// its whole result: at a million jobs the records alone were more than the history they are
/// made from (docs/PERFORMANCE.md, "The worker holds the run, not its records").
struct Held {
    run: u64,
    keep: Keep,
    /// Shared with the reply that is posting its columns (`outgoing::Body::Drawn`).
    finished: Rc<Run>,
}

thread_local! {
    /// The last run, in the worker.
    static LAST: RefCell<Option<Held>> = const { RefCell::new(None) };
    /// The listed jobs of the last run for the page, and its number: the next run may leave
    /// them out of its scenario and take these (docs/ARCHITECTURE.md, "Jobs the worker keeps").
    /// Kept apart from `LAST`, which a run lets go of before it reads its request.
    static JOBS: RefCell<Option<(u64, JobList)>> = const { RefCell::new(None) };
}

/// Keeps `jobs` as run `run`'s listed jobs, replacing those kept before.
pub fn keep_jobs(run: u64, jobs: JobList) {
    JOBS.with(|kept| *kept.borrow_mut() = Some((run, jobs)));
}

/// Lets go of the jobs kept, returning them with their run's number.
pub fn take_jobs() -> Option<(u64, JobList)> {
    JOBS.with(|kept| kept.borrow_mut().take())
}

/// The run whose listed jobs are kept, if any.
pub fn jobs_kept() -> Option<u64> {
    JOBS.with(|kept| kept.borrow().as_ref().map(|(run, _)| *run))
}

/// The run whose result is held, if any: what a run may still answer stories for without
/// running again.
pub fn held_run() -> Option<u64> {
    LAST.with(|last| last.borrow().as_ref().map(|held| held.run))
}

/// Keeps run `run`, made keeping `keep`, replacing the one before.
pub fn remember(run: u64, keep: Keep, finished: Rc<Run>) {
    LAST.with(|last| {
        *last.borrow_mut() = Some(Held {
            run,
            keep,
            finished,
        })
    });
}

/// Lets go of the result held, so that a run does not have the one before it alive beside its
/// own: at a million jobs each is over a gigabyte of the worker's wasm memory, which never
/// shrinks (docs/PERFORMANCE.md, "1M jobs").
pub fn forget() {
    LAST.with(|last| *last.borrow_mut() = None);
}

/// Calls `f` with run `run`, keeping at least `keep`; runs `scenario` (JSON) again, letting go
/// of the jobs kept, if the result held is another run's or lacks what is asked for. Its
/// validation errors if it must run and cannot; `NotHeld` if it must run and was sent no
/// scenario (a story asked without one, which the page asks again with it).
pub fn with_run<R>(
    run: u64,
    scenario: &str,
    keep: Keep,
    f: impl FnOnce(&Run) -> R,
) -> Result<R, Refusal> {
    let enough = LAST.with(|last| {
        last.borrow()
            .as_ref()
            .is_some_and(|held| held.run == run && held.keep >= keep)
    });
    if !enough {
        if scenario.is_empty() {
            return Err(Refusal::NotHeld(run));
        }
        // The jobs kept go before the scenario's own are read, so two lists of a trace's
        // million jobs are never alive together; the next run is then sent whole.
        take_jobs();
        let scenario =
            Scenario::from_json(scenario).map_err(|err| Refusal::Invalid(err.to_string()))?;
        // The result held goes first, so the two are never alive together.
        forget();
        let finished =
            quotalab_engine::run(&scenario, keep, 0, &mut |_| true).ok_or(Refusal::Stopped)?;
        remember(run, keep, Rc::new(finished));
    }
    LAST.with(|last| {
        let last = last.borrow();
        // Just remembered, if it was not held already.
        let held = last.as_ref().ok_or(Refusal::Stopped)?;
        Ok(f(&held.finished))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::DEFAULT_SCENARIO;

    /// A scenario that cannot be read: asking with it shows whether the held result served the
    /// request (it succeeds) or the scenario had to run again (it fails).
    const UNREADABLE: &str = "not a scenario";

    #[test]
    fn the_whole_document_runs_again_for_the_event_list_and_is_kept_in_its_place() {
        let scenario = Scenario::from_json(DEFAULT_SCENARIO).expect("default is valid");
        let drawn = quotalab_engine::run(&scenario, Keep::Drawn, 0, &mut |_| true)
            .expect("runs to its end");
        let jobs = drawn.len();
        remember(3, Keep::Drawn, Rc::new(drawn));
        keep_jobs(3, scenario.jobs.clone());
        // A story needs no event: the run the page drew serves it, and the jobs stay kept.
        assert_eq!(with_run(3, UNREADABLE, Keep::Drawn, |r| r.len()), Ok(jobs));
        assert_eq!(jobs_kept(), Some(3));
        // The whole document does: the held result cannot serve it, and a failed run again keeps
        // what is held. Running again lets go of the jobs kept for the next run.
        assert!(with_run(3, UNREADABLE, Keep::Everything, |_| ()).is_err());
        assert_eq!(jobs_kept(), None);
        assert_eq!(held_run(), Some(3));
        let document = with_run(3, DEFAULT_SCENARIO, Keep::Everything, |r| {
            let mut bytes = Vec::new();
            r.write_json(&mut bytes).map(|()| bytes)
        });
        let whole = quotalab_engine::simulate(&scenario).to_json().into_bytes();
        assert!(document.is_ok_and(|d| d.is_ok_and(|d| d == whole)));
        // That whole result now serves both without running again.
        assert!(with_run(3, UNREADABLE, Keep::Everything, |_| ()).is_ok());
        // A story asked without its scenario is served by the run held, and refused, for the
        // page to ask again with it, when that run is not held.
        assert_eq!(with_run(3, "", Keep::Drawn, |r| r.len()), Ok(jobs));
        assert_eq!(
            with_run(4, "", Keep::Drawn, |r| r.len()),
            Err(Refusal::NotHeld(4))
        );
        assert_eq!(held_run(), Some(3), "a refusal keeps what is held");
        assert!(with_run(3, UNREADABLE, Keep::Drawn, |_| ()).is_ok());
        forget();
    }
}
