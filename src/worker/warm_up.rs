//! Warming the engine up: once the first chart is drawn, a throw-away simulation worker runs a
//! 12,000-job scenario (`warm-up.json`, the default scenario scaled up) and is stopped.
//!
//! Why: the browser compiles the engine's functions with a quick baseline compiler first and
//! recompiles the busy ones for speed only as they run. A fresh page's first large run paid for
//! that: 10,000 jobs took the engine about 250 ms against 60 to 80 ms for every run after it
//! (docs/PERFORMANCE.md, "The engine warmed up after the first chart"). Every worker runs the
//! page's one compiled module, so what the warm-up's worker has recompiled serves the session's
//! worker too. It is larger than the first scenarios it prepares for: the browser recompiles a
//! function only once it has run a while, and after a 4,000-job warm-up the first 10,000-job run
//! still had its own busy functions recompiled beside it, on the machine's other core, for about
//! as long as it ran (docs/PERFORMANCE.md, "A warm-up larger than the first run"). It runs in a
//! worker of its own, so the session's worker never waits for it, and its answer is dropped:
//! nothing on screen comes from it. A run the session starts stops it, so the two never share
//! the machine's cores.

use super::messages::{Request, Simulation};
use super::Worker;
use std::cell::RefCell;

/// The scenario the warm-up runs.
const WARM_UP_SCENARIO: &str = include_str!("warm-up.json");

thread_local! {
    /// The warm-up's worker while it runs.
    static WARMING: RefCell<Option<Worker<Simulation>>> = const { RefCell::new(None) };
}

/// Starts the warm-up; the worker stops once it has answered (or failed: a warm-up that cannot
/// run costs nothing but its own speed-up), or when [`stop`] is called.
pub fn warm_up() {
    let Ok(worker) = Worker::<Simulation>::start() else {
        return;
    };
    let answered = worker.ask(Request::Run {
        run: 0,
        progress_every: 0,
        scenario: WARM_UP_SCENARIO.to_owned().into(),
        jobs_of: None,
        fault: None,
    });
    WARMING.with_borrow_mut(|warming| *warming = Some(worker));
    leptos::task::spawn_local(async move {
        let _ = answered.await;
        stop();
    });
}

/// Stops the warm-up if it still runs, so that a run the user asked for has the machine to
/// itself; what the warm-up has had recompiled so far stays.
pub fn stop() {
    let worker = WARMING.with_borrow_mut(Option::take);
    drop(worker);
}

#[cfg(test)]
mod tests {
    use super::*;
    use quotalab_engine::generate::job_count;
    use quotalab_engine::Scenario;

    #[test]
    fn the_warm_up_scenario_is_valid_and_runs_twelve_thousand_jobs() {
        let scenario = Scenario::from_json(WARM_UP_SCENARIO).unwrap();
        assert!(scenario.validate().errors.is_empty());
        assert_eq!(job_count(&scenario), 12_000);
    }
}
