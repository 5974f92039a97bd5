//! The study report's own sections, one per variant, made in the simulation workers
//! (docs/REPORT.md, "A study"). Each section needs its variant simulated once, which takes seconds
//! for a large variant, so the page sends every variant to the worker pool as one unit and
//! assembles the engine-side model (`StudyReport::assemble`) once all have answered; the page
//! never runs a simulation itself.
//!
//! A unit's full result lives only inside its worker while the section is made, but it is the
//! whole result, events included; so above [`PARALLEL_JOBS`] jobs the variants run one after the
//! other, and only one such result is in memory at a time.

use crate::study::pool::worker_count;
use crate::study::run::Work;
use crate::worker::messages::{Reply, Request};
use quotalab_engine::generate::job_count;
use quotalab_engine::result::numbers::counted;
use quotalab_engine::study::{Comparison, Study, Unit};
use quotalab_interop::report::{AgreementReport, StudyReport, StudyReportError};

/// Jobs, over every variant, above which the sections are made one at a time: making a million
/// jobs' full result takes a worker about 1.7 GB (docs/PERFORMANCE.md, "The run lets go of its
/// history as it builds the result"), and a few such workers at once would crowd the tab.
pub const PARALLEL_JOBS: u64 = 200_000;

/// The study's report still to be made: the study (named as the page shows it), the comparison
/// of its variants, and that comparison's digest, which is the digest of this work too.
pub struct VariantReports {
    pub study: Study,
    pub comparison: Comparison,
    pub digest: String,
}

impl Work for VariantReports {
    type Item = (Unit, AgreementReport);
    type Done = StudyReport;
    type Error = StudyReportError;

    fn requests(&self) -> Result<Vec<(Unit, Request)>, StudyReportError> {
        Ok(self
            .study
            .variants
            .iter()
            .enumerate()
            .map(|(index, scenario)| {
                let unit = Unit {
                    index,
                    variant_or_point: index,
                    seed_index: 0,
                };
                let scenario = scenario.clone().into();
                (unit, Request::VariantReport { unit, scenario })
            })
            .collect())
    }

    fn workers(&self, units: usize) -> usize {
        let jobs: u64 = self.study.variants.iter().map(job_count).sum();
        if jobs > PARALLEL_JOBS {
            1
        } else {
            worker_count(units)
        }
    }

    fn item(reply: Reply) -> Option<(Unit, AgreementReport)> {
        match reply {
            Reply::VariantReport { unit, report } => Some((unit, *report)),
            _ => None,
        }
    }

    /// "The run of variant V2 for its section failed: …".
    fn failure(unit: Unit, _total: usize, message: &str) -> String {
        format!(
            "the run of variant V{} for its section failed: {message}",
            unit.variant_or_point + 1
        )
    }

    fn digest(&self) -> String {
        self.digest.clone()
    }

    fn summarize(
        &self,
        _digest: String,
        items: &[(Unit, AgreementReport)],
    ) -> Result<StudyReport, StudyReportError> {
        let mut sections: Vec<&(Unit, AgreementReport)> = items.iter().collect();
        sections.sort_by_key(|(unit, _)| unit.index);
        let reports = sections.into_iter().map(|(_, r)| r.clone()).collect();
        StudyReport::assemble(&self.study, &self.comparison, reports)
    }

    fn progress(done: usize, total: usize) -> String {
        format!("{done} of {}", counted(total as u64, "variant"))
    }

    fn count(units: usize) -> String {
        counted(units as u64, "variant")
    }
}
