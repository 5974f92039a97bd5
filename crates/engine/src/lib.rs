//! # quotalab-engine
//!
//! The simulation engine of Quota Lab: the scenario model, validation, the discrete-event
//! simulation of AWS Batch quota management with SageMaker instance preference lists, training
//! plans and spot capacity, and the metrics of its result. It has no web dependencies and runs the
//! same natively (the `quotalab` CLI) and in wasm (the web app).
//!
//! The rules are docs/SEMANTICS.md and the formats docs/FORMAT.md (version 1); modules cite
//! the sections they implement.
//!
//! ```
//! use quotalab_engine::{simulate, Scenario};
//! let scenario = Scenario::from_json(r#"{
//!   "version": 1, "name": "one job",
//!   "capacity": [ { "instance_type": "ml.g5.xlarge", "count": 1 } ],
//!   "jobs": [ { "name": "J1", "submit_h": 0, "duration_h": 2, "instance_count": 1,
//!               "preferences": [ { "instance_type": "ml.g5.xlarge" } ] } ]
//! }"#).unwrap();
//! let result = simulate(&scenario);
//! assert_eq!(result.jobs[0].end_h, Some(2.0));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

/// The version of the rules this engine implements, docs/SEMANTICS.md's title, which reports name
/// so that a printed result says which rules produced it.
pub const RULES_VERSION: &str = "1.1";

pub mod amount;
mod common;
pub mod diagnostic;
pub mod format;
pub mod generate;
mod json_path;
pub mod json_text;
mod kueue;
pub mod quantity;
pub mod result;
pub mod rng;
pub mod scenario;
pub mod sim;
pub mod study;
pub mod synthetic;
pub mod time;
pub mod translate;
pub mod validate;

pub use common::Progress;
pub use diagnostic::{Diagnostic, LoadError, Report, Severity};
pub use kueue::reach::{quota_reach, QueueReach, QuotaReach};
pub use result::SimResult;
pub use scenario::Scenario;
pub use sim::{
    run, simulate, simulate_audited, simulate_with_progress, simulate_without_events, Keep, Run,
};

impl Scenario {
    /// Parses a scenario document: syntax, version (migrating older ones) and shape. It does not
    /// check the rules; call [`Scenario::validate`] for that, or use [`Scenario::from_json`].
    pub fn parse_json(text: &str) -> Result<Scenario, LoadError> {
        format::parse_scenario(text)
    }

    /// Parses a scenario from bytes held elsewhere (a run's request in the app's worker): a
    /// piece at a time where it can, with the same result and errors as
    /// [`Scenario::parse_json`] of their text (`format::pieces`).
    pub fn read(source: &(impl format::pieces::Source + ?Sized)) -> Result<Scenario, LoadError> {
        match format::pieces::read_scenario(source)? {
            Some(scenario) => Ok(scenario),
            None => Scenario::parse_json(&source.text()),
        }
    }

    /// Parses and validates: the scenario, ready to run, or every problem found.
    pub fn from_json(text: &str) -> Result<Scenario, LoadError> {
        let scenario = Scenario::parse_json(text)?;
        let report = scenario.validate();
        if report.is_valid() {
            Ok(scenario)
        } else {
            Err(LoadError::Invalid { report })
        }
    }

    /// All errors and warnings, each with its JSON path.
    pub fn validate(&self) -> Report {
        validate::validate(self)
    }

    /// The scenario as formatted JSON, in the field order of docs/FORMAT.md.
    pub fn to_json_pretty(&self) -> String {
        json_text::pretty(self)
    }
}
