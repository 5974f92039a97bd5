//! What the page asks a simulation worker and what it answers: one request enum and one reply
//! enum, each tagged by its variant's name, so the worker routes a request by matching on it
//! (`simulation::answer`) and the page reads a reply the same way. A message that is not one of
//! these is refused (`wire::Refusal::Unreadable`), never taken for a run.
//!
//! Every request that needs a scenario carries it as JSON, and the worker validates it again: a
//! message is input like any other. A run may leave out the listed jobs that the worker keeps
//! from the run before (`Request::Run { jobs_of }`, docs/ARCHITECTURE.md, "Jobs the worker
//! keeps"); the worker then validates them with the rest. The page hands a request the scenario
//! itself, whose jobs its own copies share, and the JSON is written only as the request is
//! posted: at a million jobs listed one by one it is a quarter of a gigabyte
//! (`carried::Carried`). It travels after the request's envelope, as it is
//! (`protocol::Carries`, `wire::RequestText`), and the worker reads it as text.

use super::carried::Carried;
use super::protocol::{Boot, Carries, Protocol, Script};
use super::wire::Answer;
use quotalab_engine::result::view::Drawn;
use quotalab_engine::result::JobResult;
use quotalab_engine::study::advise::StartOutcome;
use quotalab_engine::study::{Unit, UnitSample};
use quotalab_interop::report::AgreementReport;
use serde::{Deserialize, Serialize};

/// The simulation worker (`worker::simulation`, started by `public/simulation-worker.js`).
pub struct Simulation;

impl Protocol for Simulation {
    type Request = Request;
    type Reply = Reply;
    const SCRIPT: Script = Script {
        url: "./simulation-worker.js",
        boot: Boot::PageModule,
        name: "the simulation worker",
        stopped: "the simulation stopped",
    };
}

/// A request to a simulation worker, tagged by its kind's name (`{"run": {…}}`): serde reads the
/// name, then the fields straight from the text. With a tag beside or among the fields
/// (`{"kind": "run", …}`) serde may have to hold the whole message first, and its code for that
/// is compiled for every type a message carries: a reply's result, sample or report
/// (docs/PERFORMANCE.md, "Messages read without holding them first").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Request {
    /// Run a scenario for the page: progress every `progress_every` events (0: never), then
    /// what the page draws. `run` is the page's number for it: the worker keeps the result under
    /// it for the stories and the document asked for later, and its listed jobs for the next
    /// run.
    Run {
        run: u64,
        progress_every: u64,
        #[serde(skip)]
        scenario: Carried,
        /// The run whose listed jobs this one runs: `scenario` leaves them out, since the worker
        /// holds them, and at a million jobs they are a quarter of a gigabyte of JSON to write,
        /// post and read at every edit. `Refusal::NotHeld` if the worker does not hold them; the
        /// page then sends the whole scenario (docs/ARCHITECTURE.md, "Jobs the worker keeps").
        #[serde(default, skip_serializing_if = "Option::is_none")]
        jobs_of: Option<u64>,
        /// Makes the worker fail on purpose; only the e2e tests ask for it (`fault`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fault: Option<Fault>,
    },
    /// Job `job` (its index) of run `run`, whose scenario was `scenario`: it runs again if the
    /// worker no longer holds that run (same scenario, same seed: the same result). The page
    /// first asks without the scenario (empty), which at a million listed jobs is a quarter of
    /// a gigabyte to write and to read, and again with it when the worker answers
    /// `Refusal::NotHeld`.
    Story {
        run: u64,
        job: usize,
        #[serde(skip)]
        scenario: Carried,
    },
    /// The whole result document of run `run` ("Result JSON"), in pieces.
    Document {
        run: u64,
        #[serde(skip)]
        scenario: Carried,
    },
    /// One unit of a study: `scenario` with `seed` (docs/STUDY.md).
    Sample {
        unit: Unit,
        seed: u64,
        #[serde(skip)]
        scenario: Carried,
    },
    /// One start of an advisor search (docs/ADVISOR.md): start `unit.index` of `plan`, the
    /// `AdvicePlan`'s JSON, which the worker reads with `AdvicePlan::parse_json` as the scenarios
    /// above are read (docs/PERFORMANCE.md, "One reader for every scenario").
    AdviseStart {
        unit: Unit,
        #[serde(skip)]
        plan: Carried,
    },
    /// A variant's section of a study's agreement report (docs/REPORT.md, "A study").
    VariantReport {
        unit: Unit,
        #[serde(skip)]
        scenario: Carried,
    },
}

/// The scenario's (or the plan's) JSON that every kind of request carries, borrowed as `request`
/// is (shared or mutable): one list of where it is, for reading and for filling in.
macro_rules! document_of {
    ($request:expr) => {
        match $request {
            Request::Run { scenario, .. }
            | Request::Story { scenario, .. }
            | Request::Document { scenario, .. }
            | Request::Sample { scenario, .. }
            | Request::VariantReport { scenario, .. } => scenario,
            Request::AdviseStart { plan, .. } => plan,
        }
    };
}

impl Carries for Request {
    /// None when empty: a story asked of a run the worker holds goes without its scenario.
    fn document(&self) -> Option<&Carried> {
        Some(document_of!(self)).filter(|document| !document.is_empty())
    }

    fn carrying(mut self, document: Carried) -> Self {
        *document_of!(&mut self) = document;
        self
    }
}

/// A failure the worker stages on purpose, so the tests can check that every way a worker can
/// fail ends the run with a message (docs/ARCHITECTURE.md, "When the worker fails"). Harmless in
/// production: nothing sets it unless the page's URL asks for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fault {
    /// A Rust panic inside the run, as the capacity overflow of a too large result was.
    Panic,
    /// A JavaScript exception thrown out of the worker's message handler.
    Throw,
}

/// A simulation worker's reply.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reply {
    /// How far a run has come (interim).
    Progress {
        events: u64,
        now_h: f64,
        jobs_ended: u64,
        jobs: u64,
    },
    /// A run's end. The body is what the page draws (`Drawn`): the summary JSON
    /// (`summary_bytes` long), then the job columns.
    Ran {
        elapsed_ms: f64,
        /// The worker's wasm memory after the run: its peak, since wasm memory never shrinks.
        memory_bytes: u64,
        summary_bytes: u64,
    },
    /// A job's whole record, the engine's `JobResult`.
    Story(Box<JobResult>),
    /// A piece of the result document follows the header; `last` ends it.
    Piece { last: bool },
    /// A study unit's sample.
    Sample(Box<UnitSample>),
    /// An advisor start's outcome.
    AdviseStart(Box<StartOutcome>),
    /// A variant's report section.
    VariantReport {
        unit: Unit,
        report: Box<AgreementReport>,
    },
}

/// Why a finished run's body could not be read as what the page draws.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Unreadable {
    #[error("not a finished run")]
    NotARun,
    #[error("the reply is shorter than its summary")]
    Short,
    #[error("{0}")]
    Columns(String),
}

impl Answer<Reply> {
    /// The drawn result of a `Ran` reply: the summary is copied, the job columns are decoded
    /// from the message a column at a time (`posted`).
    pub fn drawn(&self) -> Result<Drawn, Unreadable> {
        let Reply::Ran { summary_bytes, .. } = self.reply else {
            return Err(Unreadable::NotARun);
        };
        let summary_end = usize::try_from(summary_bytes).map_err(|_| Unreadable::Short)?;
        let summary = self.body_bytes(0..summary_end).ok_or(Unreadable::Short)?;
        let columns = self.body_from(summary_end).ok_or(Unreadable::Short)?;
        Drawn::read(&summary, columns).map_err(|err| Unreadable::Columns(err.to_string()))
    }
}

/// The size of this wasm instance's memory in bytes (its peak: wasm memory only grows); 0
/// natively.
pub fn wasm_memory_bytes() -> u64 {
    #[cfg(target_arch = "wasm32")]
    return core::arch::wasm32::memory_size(0) as u64 * 65_536;
    #[cfg(not(target_arch = "wasm32"))]
    return 0;
}
