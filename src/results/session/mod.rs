//! The run session: decides when the scenario on screen runs, runs it in the worker, and holds
//! the latest result and the one before it (for the KPI deltas).
//!
//! A lone edit runs at once; a burst of edits (typing) runs once it pauses (debounce), so typing
//! does not start a run per keystroke. Each run gets a sequence number; a newer edit terminates a
//! run still in flight, and replies carrying any other number are dropped, so the results shown
//! always belong to the newest scenario that finished running. Each outcome records the
//! `Editor::revision` it ran, which the panel compares with the revision on screen.

mod full_result;
mod story;

use crate::results::charts::canvas::share_summaries;
use crate::state::browser::now_ms;
use crate::state::Editor;
use crate::worker::fault::TestFault;
use crate::worker::handle::Asked;
use crate::worker::messages::{wasm_memory_bytes, Reply, Request, Simulation};
use crate::worker::protocol::Protocol;
use crate::worker::warm_up::{self, warm_up};
use crate::worker::wire::{Answer, Refusal};
use crate::worker::{Latest, Ticket, Worker, WorkerError};
use leptos::prelude::*;
use quotalab_engine::generate::job_count;
use quotalab_engine::result::view::Drawn;
use quotalab_engine::result::ShareResult;
use quotalab_engine::scenario::{JobList, ListIdentity};
use quotalab_engine::Scenario;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

/// Scenarios with more jobs than this run after a longer pause and show their progress.
pub const LARGE_JOBS: u64 = 20_000;
/// The quiet time after an edit before a run starts, for small and for large scenarios.
const DEBOUNCE_MS: (f64, f64) = (150.0, 600.0);
/// How long the BUILD zone waits for the page's first chart at most, should the first run be
/// slow or stuck (`Session::first_chart_settled`).
const FIRST_CHART_WAIT: Duration = Duration::from_millis(1_500);
/// Outcomes with more jobs than this are let go before the next is decoded (`Session::ran`):
/// their job columns, about 150 bytes a job, would otherwise sit beside the next one's. Smaller
/// ones stay on screen until the next is drawn, so a small edit never blanks the charts.
const LET_GO_FIRST_JOBS: usize = 200_000;
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
    /// An edit is waiting for the debounce to end.
    Scheduled,
    Running {
        started_ms: f64,
        progress: Option<RunProgress>,
    },
    /// The run has ended and its large result is being read, the outcome before it let go
    /// (`Session::ran`).
    Reading,
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
    /// `Editor::opened` when the run started: which document the run belongs to.
    pub opened: u64,
    /// What the page draws: the engine's result without its jobs and events, and the jobs as
    /// columns (`result::view::Drawn`).
    pub result: Drawn,
    /// The run's number: the worker keeps its whole result for "Result JSON".
    pub run: u64,
    /// The scenario it ran, to run it again if the worker no longer holds the result. The
    /// scenario, not its JSON: it shares its jobs with the scenario on screen
    /// (`scenario::JobList`), where a quarter of a gigabyte of JSON would stay in the page's
    /// memory as long as the outcome does (docs/PERFORMANCE.md, "A request's document after
    /// its header").
    pub scenario: Scenario,
    pub elapsed_ms: f64,
}

/// A run's answer, as it arrived from the worker, before it is decoded.
struct Arrived {
    ticket: Ticket,
    asking: Asking,
    answer: Answer<Reply>,
    elapsed_ms: f64,
}

/// What a run was asked for: the revision and document on screen, and the scenario sent.
#[derive(Debug, Clone)]
struct Asking {
    revision: u64,
    opened: u64,
    scenario: Scenario,
}

/// Shared handles on the session (a `Copy` bag of signals, like `Editor`).
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
    /// Whether the page's first chart has been painted, or none is coming soon (the scenario
    /// does not run, its run failed or was cancelled, or it is large): the BUILD zone is built
    /// only then, so a small first run's chart is not kept waiting behind it
    /// (docs/PERFORMANCE.md, "The chart before the builder").
    pub first_chart_settled: RwSignal<bool>,
    state: Editor,
    /// The worker, shared with the tasks awaiting its answers (they hold it only while asking).
    worker: StoredValue<Option<Rc<Worker<Simulation>>>, LocalStorage>,
    /// The runs asked for; a run's ticket number is its run number.
    runs: Latest,
    debounce: StoredValue<Option<TimeoutHandle>>,
    /// When the last run was asked for, on the page's clock.
    last_start_ms: StoredValue<f64>,
    /// The listed jobs the worker keeps, and the run they came with: a run of the same jobs
    /// sends the scenario without them (docs/ARCHITECTURE.md, "Jobs the worker keeps").
    jobs_kept: StoredValue<Option<(u64, ListIdentity)>>,
    /// The test-only failure the page's address asks for (`worker::fault`).
    fault: Option<TestFault>,
    /// The "Result JSON" downloads asked for (`full_result`); `saving_result` says how far the
    /// latest has come.
    documents: Latest,
    /// How many bytes of a "Result JSON" download have come, while one is under way: its button
    /// waits and counts meanwhile, since at a million jobs the worker runs the scenario again for
    /// the event list (`protocol::held`) and then writes over a gigabyte.
    pub saving_result: RwSignal<Option<u64>>,
    /// The job whose story is open, as the worker sent it (`story`).
    pub story: RwSignal<Option<story::Story>>,
    stories: Latest,
}

/// Starts the run session of the scenario `state` edits and provides it as context; the app root
/// calls it once, so the status bar and the RESULTS zone, in different subtrees, share it.
pub fn provide(state: Editor) -> Session {
    let session = Session::start(state);
    provide_context(session);
    session
}

/// The session the app root provided.
pub fn use_session() -> Session {
    expect_context::<Session>()
}

impl Session {
    fn start(state: Editor) -> Session {
        let session = Session {
            phase: RwSignal::new(Phase::Starting),
            current: RwSignal::new(None),
            previous: RwSignal::new(None),
            memory: RwSignal::new((0, 0)),
            first_chart_settled: RwSignal::new(false),
            state,
            worker: StoredValue::new_local(None),
            runs: Latest::new(),
            debounce: StoredValue::new(None),
            last_start_ms: StoredValue::new(f64::NEG_INFINITY),
            jobs_kept: StoredValue::new(None),
            fault: TestFault::requested(),
            documents: Latest::new(),
            saving_result: RwSignal::new(None),
            story: RwSignal::new(None),
            stories: Latest::new(),
        };
        session.respawn();
        // The first run is asked now, while the page still builds its views, so the worker runs
        // meanwhile (docs/PERFORMANCE.md, "First chart on a slow link").
        let first = state.revision.get_untracked();
        session.schedule(true);
        set_timeout(move || session.settle_first_chart(), FIRST_CHART_WAIT);
        // Any later edit (a new revision, or a scenario replaced wholesale) schedules a run; so
        // does an edit made while the views were built, before this effect first ran.
        Effect::new(move |previous: Option<()>| {
            state.scenario.track();
            if previous.is_some() || state.revision.get() != first {
                session.schedule(false);
            }
        });
        session
    }

    /// Replaces the worker by a fresh one, ending whatever it was doing (what was asked of the
    /// old one is answered `Gone`).
    fn respawn(self) {
        self.worker.set_value(None);
        self.jobs_kept.set_value(None);
        match Worker::start() {
            Ok(worker) => self.worker.set_value(Some(Rc::new(worker))),
            Err(err) => self.fail(err.to_string()),
        }
    }

    /// Asks the worker `request`, starting one if there is none, with `interim` for its interim
    /// replies; the answer goes to `then` while `ticket` is current. A worker that failed is
    /// dropped, so the next request starts a fresh one.
    fn ask(
        self,
        ticket: Ticket,
        request: Request,
        interim: impl FnMut(Answer<Reply>) + 'static,
        then: impl FnOnce(Asked<Reply>) + 'static,
    ) {
        if self.worker.with_value(Option::is_none) {
            self.respawn();
        }
        let Some(worker) = self.worker.get_value() else {
            return; // it could not even be created; the message says so
        };
        let asked = worker.ask_with(request, interim);
        ticket.run(asked, move |answer| {
            if let Err(WorkerError::Failed(_)) = &answer {
                if self
                    .worker
                    .with_value(|w| w.as_ref().is_some_and(|w| Rc::ptr_eq(w, &worker)))
                {
                    self.worker.set_value(None);
                }
            }
            then(answer)
        });
    }

    /// Ends whatever the session was doing with a message; the results shown stay.
    fn fail(self, message: String) {
        self.settle_first_chart();
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
        // The editor's report, not a validation of its own: at a million jobs listed one by one
        // each validation takes seconds.
        let errors = self.state.report.with_untracked(|r| r.errors.len());
        let jobs = self.state.scenario.with_untracked(job_count);
        if errors > 0 || jobs > LARGE_JOBS {
            self.settle_first_chart();
        }
        if errors > 0 {
            self.cancel_run();
            self.phase.set(Phase::Invalid { errors });
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
        if first || !busy {
            // Posted now, not on a zero timer: the timer's turn comes only after the browser has
            // laid out and painted the edit, 20 to 25 ms at 10,000 jobs, which the worker can
            // spend running meanwhile (docs/PERFORMANCE.md, "An edit is posted at once").
            return self.run_now();
        }
        self.phase.set(Phase::Scheduled);
        let handle =
            set_timeout_with_handle(move || self.run_now(), Duration::from_millis(quiet as u64));
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
        warm_up::stop();
        let ticket = self.runs.start();
        self.last_start_ms.set_value(now_ms());
        let asking = Asking {
            revision: self.state.revision.get_untracked(),
            opened: self.state.opened.get_untracked(),
            scenario: self.state.scenario.get_untracked(),
        };
        self.phase.set(Phase::Running {
            started_ms: now_ms(),
            progress: None,
        });
        mark("quotalab:run-sent");
        let jobs_of = self.jobs_kept.with_value(|kept| {
            kept.as_ref()
                .filter(|(_, identity)| identity.is(&asking.scenario.jobs))
                .map(|(run, _)| *run)
        });
        self.send_run(ticket, asking, jobs_of);
    }

    /// Asks the worker to run `asking`'s scenario as `ticket`'s run: without its listed jobs if
    /// `jobs_of` names the run whose jobs the worker keeps, which are these.
    fn send_run(self, ticket: Ticket, asking: Asking, jobs_of: Option<u64>) {
        let run = ticket.number();
        let scenario = match jobs_of {
            Some(_) => without_jobs(&asking.scenario),
            None => asking.scenario.clone(),
        };
        let request = Request::Run {
            run,
            progress_every: PROGRESS_EVERY,
            scenario: scenario.into(),
            jobs_of,
            fault: TestFault::for_run(self.fault, run),
        };
        let progress = move |interim: Answer<Reply>| {
            if ticket.is_current() {
                self.progress(interim.reply);
            }
        };
        self.ask(ticket, request, progress, move |answer| {
            self.ran(ticket, asking, jobs_of, answer)
        });
    }

    /// Stops the run in flight (the user pressed Cancel, or the scenario became invalid).
    pub fn cancel(self) {
        self.settle_first_chart();
        self.cancel_run();
        self.phase.set(Phase::Cancelled);
    }

    fn cancel_run(self) {
        // Forget the run, so a reply already on its way is dropped.
        self.runs.stop();
        if matches!(self.phase.get_untracked(), Phase::Running { .. }) {
            self.respawn();
        }
    }

    /// Shows how far the run has come.
    fn progress(self, reply: Reply) {
        let Reply::Progress {
            events,
            now_h,
            jobs_ended,
            jobs,
        } = reply
        else {
            return;
        };
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

    /// Takes the answer to the run of `ticket`, sent without its listed jobs if `jobs_of` says
    /// whose the worker was to take.
    fn ran(self, ticket: Ticket, asking: Asking, jobs_of: Option<u64>, answer: Asked<Reply>) {
        let answer = match answer {
            Ok(answer) => answer,
            // A newer run replaced the worker; its own answer will come.
            Err(WorkerError::Gone) => return,
            // The worker no longer keeps the jobs it was to take: the whole scenario goes.
            Err(WorkerError::Refused(Refusal::NotHeld(_))) if jobs_of.is_some() => {
                self.jobs_kept.set_value(None);
                return self.send_run(ticket, asking, None);
            }
            Err(err) => return self.fail(err.to_string()),
        };
        let Reply::Ran {
            elapsed_ms,
            memory_bytes,
            ..
        } = answer.reply
        else {
            return self.fail(WorkerError::OtherAnswer(Simulation::SCRIPT.name).to_string());
        };
        mark("quotalab:result-received");
        self.memory.update(|(worker, _)| *worker = memory_bytes);
        let jobs = &asking.scenario.jobs;
        let kept = (!jobs.is_empty()).then(|| (ticket.number(), jobs.identity()));
        self.jobs_kept.set_value(kept);
        let arrived = Arrived {
            ticket,
            asking,
            answer,
            elapsed_ms,
        };
        let large = self.current.with_untracked(|c| {
            c.as_ref()
                .is_some_and(|c| c.result.jobs.len() > LET_GO_FIRST_JOBS)
        });
        let replaced = self.retire_current(&arrived.asking);
        if !large {
            return self.read(arrived, replaced);
        }
        // Wasm memory never shrinks, so the page's size is set by the moment it holds the most:
        // the outcome on screen and the next one's job columns decoded beside it. A large
        // outcome is let go first; once the views holding it have been rebuilt without it (the
        // next frame), its room takes the new columns (docs/PERFORMANCE.md, "The page lets the
        // outcome on screen go first").
        self.current.set(None);
        self.phase.set(Phase::Reading);
        request_animation_frame(move || {
            set_timeout(move || self.read(arrived, replaced), Duration::ZERO)
        });
    }

    /// Keeps the share summaries of the outcome on screen as `previous` when the next outcome
    /// (of `next`) is another revision of the same document (the KPI cards show the difference);
    /// returns whether there was an outcome on screen.
    fn retire_current(self, next: &Asking) -> bool {
        let replaced = self.current.get_untracked();
        match &replaced {
            // Changes since the previous run mean something only within one document.
            Some(r) if r.opened != next.opened => self.previous.set(None),
            Some(r) if r.revision != next.revision => {
                self.previous.set(Some(share_summaries(&r.result).into()))
            }
            _ => {}
        }
        replaced.is_some()
    }

    /// Decodes the answer that `arrived` and shows it; `replaced` says whether an outcome was on
    /// screen before it.
    fn read(self, arrived: Arrived, replaced: bool) {
        let Arrived {
            ticket,
            asking,
            answer,
            elapsed_ms,
        } = arrived;
        // An edit may have started a newer run (or made the scenario invalid) while a large
        // outcome was let go: this outcome is still shown, as the one before an edit stays on
        // screen, unless a newer one is, and the phase stays what the edit made it.
        let superseded = !ticket.is_current();
        if superseded && self.current.with_untracked(Option::is_some) {
            return; // a newer run's outcome was shown meanwhile
        }
        let parsed = answer.drawn();
        // Let go before drawing (at a million jobs it is a hundred megabytes or more), and its
        // buffer given back to the worker for the next reply, so the renderer does not hold two
        // such buffers while the collector has not come to this one (`worker::spare`).
        if let (Some(buffer), Some(worker)) = (answer.into_buffer(), self.worker.get_value()) {
            worker.give_back(buffer);
        }
        mark("quotalab:result-parsed");
        match parsed {
            Ok(result) => self.show(
                Outcome {
                    revision: asking.revision,
                    opened: asking.opened,
                    result,
                    run: ticket.number(),
                    scenario: asking.scenario,
                    elapsed_ms,
                },
                replaced,
                superseded,
            ),
            // The newer run's own answer says whether results can be read.
            Err(_) if superseded => {}
            Err(err) => self.fail(format!("unreadable result: {err}")),
        }
    }

    /// Shows `outcome`; `replaced` says whether one was on screen before it, `superseded` whether
    /// a newer run was asked for since, whose phase then stands.
    fn show(self, outcome: Outcome, replaced: bool, superseded: bool) {
        let elapsed_ms = outcome.elapsed_ms;
        self.current.set(Some(Arc::new(outcome)));
        // An edit made while this run went, and waiting out its quiet time, keeps its phase:
        // the outcome shown is of the revision before it, and its run has not started yet, so
        // no newer ticket says so.
        let edit_waits = matches!(self.phase.get_untracked(), Phase::Scheduled);
        if !superseded && !edit_waits {
            self.phase.set(Phase::Ran { elapsed_ms });
        }
        // Rendering follows the signal change; the next frame is when the new charts show.
        request_animation_frame(move || {
            mark("quotalab:result-drawn");
            self.memory.update(|(_, page)| *page = wasm_memory_bytes());
            if !replaced {
                // After this frame is painted, not in it.
                set_timeout(move || self.settle_first_chart(), Duration::ZERO);
                warm_up();
            }
        });
    }

    /// Lets the BUILD zone be built, once.
    /// Its timers may fire after the session is gone (a test's root disposed), hence `try_`.
    fn settle_first_chart(self) {
        if self.first_chart_settled.try_get_untracked() == Some(false) {
            self.first_chart_settled.try_set(true);
        }
    }
}

/// `scenario` without its listed jobs, for a run whose jobs the worker keeps: an edit of the
/// agreement of a trace of a million jobs no longer writes, posts and reads them again.
fn without_jobs(scenario: &Scenario) -> Scenario {
    Scenario {
        jobs: JobList::default(),
        ..scenario.clone()
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
