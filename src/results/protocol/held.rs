//! The result the worker keeps: the last run's, whole, so that a job's story ([`super::story`])
//! and the whole document ([`super::full`]) come from the very result the page drew. A request
//! for a run the worker no longer holds (it ran another since, or it was replaced) runs that
//! run's scenario again, which gives the same result: same scenario, same seed.

use quotalab_engine::{simulate, Scenario, SimResult};
use std::cell::RefCell;

thread_local! {
    /// The last run's number and result, in the worker.
    static LAST: RefCell<Option<(u64, SimResult)>> = const { RefCell::new(None) };
}

/// The run whose result is held, if any: what a run may still answer stories for without
/// running again.
pub fn held_run() -> Option<u64> {
    LAST.with(|last| last.borrow().as_ref().map(|(run, _)| *run))
}

/// Keeps `result` of run `run`, replacing the one before.
pub fn remember(run: u64, result: SimResult) {
    LAST.with(|last| *last.borrow_mut() = Some((run, result)));
}

/// Lets go of the result held, so that a run does not have the one before it alive beside its
/// own: at a million jobs each is over a gigabyte of the worker's wasm memory, which never
/// shrinks (docs/PERFORMANCE.md, "1M jobs").
pub fn forget() {
    LAST.with(|last| *last.borrow_mut() = None);
}

/// Calls `f` with run `run`'s result, running `scenario` (JSON) again if that result is not the
/// one held; the scenario's validation errors if it must run and cannot.
pub fn with_result<R>(
    run: u64,
    scenario: &str,
    f: impl FnOnce(&SimResult) -> R,
) -> Result<R, String> {
    let held = LAST.with(|last| matches!(&*last.borrow(), Some((r, _)) if *r == run));
    if !held {
        let scenario = Scenario::from_json(scenario).map_err(|err| err.to_string())?;
        remember(run, simulate(&scenario));
    }
    LAST.with(|last| {
        let last = last.borrow();
        let (_, result) = last.as_ref().ok_or("no result is held")?;
        Ok(f(result))
    })
}
