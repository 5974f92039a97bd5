//! The agreement report (docs/REPORT.md): per quota share, what the agreement promises in plain
//! language (limits, lend and borrow terms, reclaim and preemption rules, retries, each with its
//! AWS field) next to what the simulation showed, then the key charts and the assumptions.
//!
//! An [`AgreementReport`] is built once from a scenario and its result ([`AgreementReport::build`])
//! and rendered twice: [`markdown`] for pull requests and wikis, [`html`] for a printable,
//! self-contained page. User-typed names are escaped by each renderer, never trusted as markup.
//!
//! A study gets a [`StudyReport`] ([`StudyReport::build`] from the study and the engine's
//! comparison of it): the comparison table with 90% intervals and changes against the baseline,
//! what changed between the variants, then each variant's own [`AgreementReport`]. Both models
//! serialise, so building one can move to wherever the app runs its interop work.
//!
//! ```
//! use quotalab_engine::{simulate, Scenario};
//! let scenario = Scenario::from_json(r#"{
//!   "version": 1, "name": "two teams", "seed": 3,
//!   "capacity": [ { "instance_type": "ml.g5.xlarge", "count": 2 } ],
//!   "quota_shares": [
//!     { "name": "a", "capacity_limits": [ { "instance_type": "ml.g5.xlarge", "max_capacity": 1 } ],
//!       "strategy": "RESERVE" },
//!     { "name": "b", "capacity_limits": [ { "instance_type": "ml.g5.xlarge", "max_capacity": 1 } ],
//!       "strategy": "LEND" } ],
//!   "jobs": [ { "name": "J1", "share": "a", "submit_h": 0, "duration_h": 2, "instance_count": 1,
//!               "preferences": [ { "instance_type": "ml.g5.xlarge" } ] } ]
//! }"#).unwrap();
//! let result = simulate(&scenario);
//! let md = quotalab_interop::report::markdown(&scenario, &result);
//! assert!(md.contains("never lends its idle capacity and never borrows"));
//! assert!(quotalab_interop::report::html(&scenario, &result).starts_with("<!DOCTYPE html>"));
//! ```

mod assumptions;
mod breakdown;
pub mod charts;
mod colours;
mod escape;
mod fact;
mod html;
mod markdown;
mod model;
mod numbers;
mod observed;
mod queue_terms;
mod reading;
mod study;
mod study_html;
mod study_markdown;
mod svg;
mod terms;

pub use fact::{Fact, Term};
pub use model::{AgreementReport, ShareSection};
pub use study::{
    variant_report, Cell, ChangeList, ChangedField, KpiRow, ShareTable, StudyReport,
    StudyReportError, VariantReport,
};

use quotalab_engine::{Scenario, SimResult};

/// The report as Markdown (GitHub-flavoured tables).
pub fn markdown(scenario: &Scenario, result: &SimResult) -> String {
    markdown::render(&AgreementReport::of_run(scenario, result))
}

/// The report as one self-contained, printable HTML document (no scripts, no external resources).
pub fn html(scenario: &Scenario, result: &SimResult) -> String {
    html::render(&AgreementReport::of_run(scenario, result))
}

impl AgreementReport {
    /// This report as Markdown.
    pub fn to_markdown(&self) -> String {
        markdown::render(self)
    }

    /// This report as HTML.
    pub fn to_html(&self) -> String {
        html::render(self)
    }
}

impl StudyReport {
    /// This report as Markdown.
    pub fn to_markdown(&self) -> String {
        study_markdown::render(self)
    }

    /// This report as one self-contained, printable HTML page.
    pub fn to_html(&self) -> String {
        study_html::render(self)
    }
}
