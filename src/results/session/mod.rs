//! The run session: decides when the scenario on screen runs, runs it in the worker, and holds
//! the latest result and the one before it (for the KPI deltas).
//!
//! Every edit schedules a run after a short quiet time (debounce), so typing does not start a run
//! per keystroke. Each run gets a sequence number; a newer edit terminates a run still in flight,
//! and replies carrying any other number are dropped, so the results shown always belong to the
//! newest scenario that finished running. Each outcome records the `AppState::revision` it ran,
//! which the panel compares with the revision on screen.

mod boot;
pub mod fault;
mod full_result;
mod story;
pub mod worker;

use crate::results::charts::canvas::share_summaries;
use crate::results::protocol::posted::Posted;
use crate::results::protocol::{encode_request, Header, Reply, Request};
use crate::state::{use_app_state, AppState};
use fault::TestFault;
use leptos::prelude::*;
use quotalab_engine::result::view::{Drawn, Footprint};
use quotalab_engine::result::ShareResult;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;
use worker::SimWorker;

/// Scenarios with more jobs than this run after a longer pause and show their progress.
pub const LARGE_JOBS: u64 = 20_000;
/// The quiet time after an edit before a run starts, for small and for large scenarios.
const DEBOUNCE_MS: (f64, f64) = (150.0, 600.0);
/// The worker reports progress every this many events.
const PROGRESS_EVERY: u64 = 20_000;

/// What the session is doing, for the status bar.
#[derive(Debug, Clone, PartialEq)]
pub enum Phase {
    /// Nothing has run yet.
    Starting,
    /// The scenario has validation errors and does not run.
    Invalid {
        errors: usize,
    },
    /// The scenario is too big for a browser tab (`result::view::Footprint`) and does not run.
    TooLarge {
        jobs: u64,
        attempts: u64,
    },
    /// An edit is waiting for the debounce to end.
    Scheduled,
    Running {
        started_ms: f64,
        progress: Option<RunProgress>,
    },
    Ran {
        elapsed_ms: f64,
    },
    Cancelled,
    /// The run ended without a result; the status offers Retry, and the last results stay.
    Failed {
        message: String,
    },
}

/// How far a running simulation has come.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RunProgress {
    pub events: u64,
    pub now_h: f64,
    pub jobs_ended: u64,
    pub jobs: u64,
}

/// One finished run of one revision of the scenario.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub revision: u64,
    /// `AppState::opened` when the run started: which document the run belongs to.
    pub opened: u64,
    /// What the page draws: the engine's result without its jobs and events, and the jobs as
    /// columns (`result::view::Drawn`).
    pub result: Drawn,
    /// The run's number: the worker keeps its whole result for "Result JSON".
    pub run: u64,
    /// The scenario JSON it ran, to run it again if the worker no longer holds the result.
    pub scenario: Arc<str>,
    pub elapsed_ms: f64,
}

/// The run asked for most recently.
#[derive(Debug, Clone, Default)]
struct Latest {
    run: u64,
    revision: u64,
    opened: u64,
    scenario: Arc<str>,
}

/// Shared handles on the session (a `Copy` bag of signals, like `AppState`).
#[derive(Clone, Copy)]
pub struct Session {
    pub phase: RwSignal<Phase>,
    /// The newest outcome, and the share summaries of the one it replaced (the KPI cards show
    /// the difference). Only the summaries: the job columns of the run before, over a hundred
    /// megabytes at a million jobs, go with it.
    pub current: RwSignal<Option<Arc<Outcome>>>,
    pub previous: RwSignal<Option<Arc<[ShareResult]>>>,
    /// The wasm memory of the worker after the last run and of the page after drawing it, in
    /// bytes (the status bar carries them for `./dev bench-browser`).
    pub memory: RwSignal<(u64, u64)>,
    state: AppState,
    worker: StoredValue<Option<SimWorker>, LocalStorage>,
    latest: StoredValue<Latest>,
    debounce: StoredValue<Option<TimeoutHandle>>,
    /// When the last run was asked for, on the page's clock.
    last_start_ms: StoredValue<f64>,
    /// Counts workers spawned, so a late failure report of a replaced worker is ignored.
    generation: StoredValue<u64>,
    /// The test-only failure the page's address asks for (`fault`).
    fault: Option<TestFault>,
    /// A "Result JSON" download under way (`full_result`); `saving_result` says so to the view.
    gathering: StoredValue<Option<full_result::Gathering>, LocalStorage>,
    /// How many bytes of a "Result JSON" download have come, while one is under way: its button
    /// waits and counts meanwhile, since at a million jobs the worker runs the scenario again for
    /// the event list (`protocol::held`) and then writes over a gigabyte.
    pub saving_result: RwSignal<Option<u64>>,
    /// The job whose story is open, as the worker sent it (`story`).
    pub story: RwSignal<Option<story::Story>>,
}

/// The session of this app, created on first use.
///
/// `RunStatus` sits in the status bar, outside `ResultsPanel`'s subtree, and `app.rs` provides only
/// `AppState`. So whichever of the two renders first creates the session on the root owner, where
/// both find it as context, and where it lives as long as the app.
pub fn use_session() -> Session {
    if let Some(session) = use_context::<Session>() {
        return session;
    }
    let state = use_app_state();
    let mut root = Owner::current().expect("components render inside an owner");
    while let Some(parent) = root.parent() {
        root = parent;
    }
    root.with(|| {
        let session = Session::start(state);
        provide_context(session);
        session
    })
}

impl Session {
    fn start(state: AppState) -> Session {
        let session = Session {
            phase: RwSignal::new(Phase::Starting),
            current: RwSignal::new(None),
            previous: RwSignal::new(None),
            memory: RwSignal::new((0, 0)),
            state,
            worker: StoredValue::new_local(None),
            latest: StoredValue::new(Latest::default()),
            debounce: StoredValue::new(None),
            last_start_ms: StoredValue::new(f64::NEG_INFINITY),
            generation: StoredValue::new(0),
            fault: TestFault::requested(),
            gathering: StoredValue::new_local(None),
            saving_result: RwSignal::new(None),
            story: RwSignal::new(None),
        };
        session.respawn();
        // Any edit (a new revision, or a scenario replaced wholesale) schedules a run.
        Effect::new(move |previous: Option<()>| {
            state.scenario.track();
            state.revision.track();
            session.schedule(previous.is_none());
        });
        session
    }

    /// Replaces the worker by a fresh one, ending any run in flight.
    fn respawn(self) {
        // A failure reported by an older worker (one this call replaces) is not this one's.
        let generation = self.generation.get_value() + 1;
        self.generation.set_value(generation);
        // A download under way dies with the worker it was asked of.
        self.stop_gathering();
        let on_reply: Rc<dyn Fn(Posted)> = Rc::new(move |posted| self.receive(posted));
        let on_failure: Rc<dyn Fn(String)> = Rc::new(move |message| {
            if self.generation.get_value() == generation {
                self.worker_failed(message);
            }
        });
        self.worker.set_value(None);
        match SimWorker::spawn_bytes(on_reply, on_failure) {
            Ok(worker) => self.worker.set_value(Some(worker)),
            Err(err) => self.fail(format!("could not start the simulation worker: {err:?}")),
        }
    }

    /// The worker died: end the run with the reason, and drop the worker once its event handler
    /// has returned (a worker must not be torn down from inside its own handler). The next run
    /// starts a fresh one.
    fn worker_failed(self, message: String) {
        self.latest.update_value(|l| l.run += 1);
        self.fail(message);
        let generation = self.generation.get_value();
        set_timeout(
            move || {
                if self.generation.get_value() == generation {
                    self.worker.set_value(None);
                }
            },
            Duration::ZERO,
        );
    }

    /// Ends whatever the session was doing with a message; the results shown stay.
    fn fail(self, message: String) {
        self.stop_gathering();
        self.phase.set(Phase::Failed {
            message: capitalised(&message),
        });
    }

    /// Runs the scenario on screen after the debounce, unless it has errors.
    fn schedule(self, first: bool) {
        if let Some(handle) = self.debounce.get_value() {
            handle.clear();
        }
        let (errors, footprint) = self
            .state
            .scenario
            .with_untracked(|s| (s.validate().errors.len(), Footprint::of(s)));
        let jobs = footprint.jobs;
        if errors > 0 {
            self.cancel_run();
            self.phase.set(Phase::Invalid { errors });
            return;
        }
        if !footprint.fits_browser() {
            self.cancel_run();
            self.phase.set(Phase::TooLarge {
                jobs,
                attempts: footprint.attempts,
            });
            return;
        }
        // Leading and trailing edge: a lone edit (a click, a picked option) runs at once, so the
        // room sees it within a frame or two; a burst of edits (typing) runs once it pauses.
        let quiet = if jobs > LARGE_JOBS {
            DEBOUNCE_MS.1
        } else {
            DEBOUNCE_MS.0
        };
        let busy = now_ms() - self.last_start_ms.get_value() < quiet
            || matches!(
                self.phase.get_untracked(),
                Phase::Running { .. } | Phase::Scheduled
            );
        let delay = if first || !busy { 0.0 } else { quiet };
        self.phase.set(Phase::Scheduled);
        let handle =
            set_timeout_with_handle(move || self.run_now(), Duration::from_millis(delay as u64));
        self.debounce.set_value(handle.ok());
    }

    /// Starts a run of the scenario on screen now (also Retry after a failure: a worker that
    /// died is replaced first).
    pub fn run_now(self) {
        if matches!(self.phase.get_untracked(), Phase::Running { .. })
            || self.worker.with_value(Option::is_none)
        {
            self.respawn();
        }
        if matches!(self.phase.get_untracked(), Phase::Failed { .. })
            && self.worker.with_value(Option::is_none)
        {
            return; // the worker could not even be created; the message says so
        }
        let revision = self.state.revision.get_untracked();
        let opened = self.state.opened.get_untracked();
        let run = self.latest.with_value(|l| l.run) + 1;
        self.last_start_ms.set_value(now_ms());
        let scenario = self
            .state
            .scenario
            .with_untracked(|s| serde_json::to_string(s).expect("a scenario always serialises"));
        self.latest.set_value(Latest {
            run,
            revision,
            opened,
            scenario: Arc::from(scenario.as_str()),
        });
        let request = encode_request(&Request {
            run,
            progress_every: PROGRESS_EVERY,
            scenario,
            fault: TestFault::for_run(self.fault, run),
        });
        self.phase.set(Phase::Running {
            started_ms: now_ms(),
            progress: None,
        });
        mark("quotalab:run-sent");
        self.send(request);
    }

    /// Sends a message to the worker, starting one if the last one died.
    fn send(self, request: String) {
        if self.worker.with_value(Option::is_none) {
            self.respawn();
        }
        self.worker
            .with_value(|w| w.as_ref().map(|w| w.send(request)));
    }

    /// Stops the run in flight (the user pressed Cancel, or the scenario became invalid).
    pub fn cancel(self) {
        self.cancel_run();
        self.phase.set(Phase::Cancelled);
    }

    fn cancel_run(self) {
        // Forget the run, so a reply already on its way is dropped.
        self.latest.update_value(|l| l.run += 1);
        if matches!(self.phase.get_untracked(), Phase::Running { .. }) {
            self.respawn();
        }
    }

    /// Handles one message from the worker.
    fn receive(self, posted: Posted) {
        let Some(reply) = Reply::read(posted) else {
            return self
                .worker_failed("the simulation worker sent a reply the page cannot read".into());
        };
        let latest = self.latest.get_value();
        match reply.header {
            Header::Chunk { run, last } => self.receive_piece(run, last, &reply.body()),
            Header::Story { run, job } => self.receive_story(run, job, &reply.body()),
            Header::Ready => {}
            Header::Progress {
                run,
                events,
                now_h,
                jobs_ended,
                jobs,
            } if run == latest.run => {
                let progress = Some(RunProgress {
                    events,
                    now_h,
                    jobs_ended,
                    jobs,
                });
                self.phase.update(|p| {
                    if let Phase::Running { progress: old, .. } = p {
                        *old = progress
                    }
                });
            }
            Header::Done {
                run,
                elapsed_ms,
                memory_bytes,
                ..
            } if run == latest.run => {
                mark("quotalab:result-received");
                let parsed = reply.drawn();
                drop(reply); // before drawing: at a million jobs it is a hundred megabytes or more
                mark("quotalab:result-parsed");
                self.memory.update(|(worker, _)| *worker = memory_bytes);
                match parsed {
                    Ok(result) => self.show(Outcome {
                        revision: latest.revision,
                        opened: latest.opened,
                        result,
                        run,
                        scenario: latest.scenario,
                        elapsed_ms,
                    }),
                    Err(err) => self.fail(format!("unreadable result: {err}")),
                }
            }
            Header::Failed { run, message } if run == latest.run => self.fail(message),
            // A "Result JSON" of an earlier run (one shown while the next runs) that could not
            // be made: its button must not wait on for ever.
            Header::Failed { run, message } if self.gathering_run() == Some(run) => {
                self.fail(format!("the result document could not be made: {message}"))
            }
            _ => {} // a reply to a run nobody waits for any more
        }
    }

    fn show(self, outcome: Outcome) {
        let elapsed_ms = outcome.elapsed_ms;
        let replaced = self.current.get_untracked();
        match &replaced {
            // Changes since the previous run mean something only within one document.
            Some(r) if r.opened != outcome.opened => self.previous.set(None),
            Some(r) if r.revision != outcome.revision => {
                self.previous.set(Some(share_summaries(&r.result).into()))
            }
            _ => {}
        }
        self.current.set(Some(Arc::new(outcome)));
        self.phase.set(Phase::Ran { elapsed_ms });
        // Rendering follows the signal change; the next frame is when the new charts show.
        request_animation_frame(move || {
            mark("quotalab:result-drawn");
            self.memory
                .update(|(_, page)| *page = crate::results::protocol::wasm_memory_bytes());
        });
    }
}

/// A User Timing mark (`performance.mark`) on the page's clock, replacing the previous run's, so
/// the browser measurement in docs/PERFORMANCE.md can tell where the time of a run goes: sending
/// the scenario, the worker's reply arriving, parsing it, drawing.
fn mark(name: &str) {
    if let Some(performance) = window().performance() {
        performance.clear_marks_with_mark_name(name);
        let _ = performance.mark(name);
    }
}

/// `message` with its first letter in upper case, as a sentence on its own.
fn capitalised(message: &str) -> String {
    let mut chars = message.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Milliseconds on the page's clock.
pub fn now_ms() -> f64 {
    window()
        .performance()
        .map(|p| p.now())
        .unwrap_or_else(js_sys::Date::now)
}
