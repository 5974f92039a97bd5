//! The test-only hook that makes the simulation worker fail on purpose, so the e2e tests
//! (`tests/e2e/worker.test.mjs`) can check that every way a worker fails ends the run with a
//! message and a Retry (docs/ARCHITECTURE.md, "When the worker fails").
//!
//! A page opened with `?worker-fault=KIND` stages the failure; nothing else sets it, so in
//! production it only ever affects a tab whose address someone typed that way. The first run
//! of the page always succeeds (except for `load` and `boot`, under which no worker starts), so
//! the tests can check that the last good results stay on screen.

use super::messages::Fault;

/// The URL query parameter that names the failure.
const PARAMETER: &str = "worker-fault";

/// How the page asks the worker to fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TestFault {
    /// Runs after the first panic inside the engine.
    Panic,
    /// Runs after the first throw a JavaScript exception out of the worker (`onerror`).
    Throw,
    /// Runs after the first get a `messageerror` event instead of their reply.
    MessageError,
    /// Every worker fails to load (its script throws before it is ready).
    Load,
    /// Every simulation worker fails to start the page's module (its script is given a script
    /// that is not the page's wasm-bindgen glue).
    Boot,
    /// The second unit of every study run panics in its worker.
    StudyPanic,
}

impl TestFault {
    /// The failure the page's address asks for, if any.
    pub fn requested() -> Option<TestFault> {
        let search = web_sys::window()?.location().search().ok()?;
        let value = search
            .trim_start_matches('?')
            .split('&')
            .find_map(|pair| pair.strip_prefix(PARAMETER)?.strip_prefix('='))?;
        match value {
            "panic" => Some(TestFault::Panic),
            "throw" => Some(TestFault::Throw),
            "messageerror" => Some(TestFault::MessageError),
            "load" => Some(TestFault::Load),
            "boot" => Some(TestFault::Boot),
            "study-panic" => Some(TestFault::StudyPanic),
            _ => None,
        }
    }

    /// What a single run's request carries: the worker-side failure for runs after the first.
    pub fn for_run(fault: Option<TestFault>, run: u64) -> Option<Fault> {
        match fault? {
            TestFault::Panic if run > 1 => Some(Fault::Panic),
            TestFault::Throw if run > 1 => Some(Fault::Throw),
            _ => None,
        }
    }
}
