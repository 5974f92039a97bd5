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
use crate::study::protocol::serve_unit;
use crate::study::run::Work;
use quotalab_engine::result::numbers::counted;
use quotalab_engine::result::view::Footprint;
use quotalab_engine::study::{Comparison, Study, Unit};
use quotalab_engine::Scenario;
use quotalab_interop::report::{variant_report, Report, StudyReport};
use serde::{Deserialize, Serialize};

/// What every variant-report request starts with, so the worker can route it unparsed.
const REQUEST_PREFIX: &str = r#"{"kind":"variant_report","#;

/// Jobs, over every variant, above which the sections are made one at a time: making a million
/// jobs' full result takes a worker about 1.7 GB (docs/PERFORMANCE.md, "The run lets go of its
/// history as it builds the result"), and a few such workers at once would crowd the tab.
pub const PARALLEL_JOBS: u64 = 200_000;

/// Make the report section of one variant, `scenario` (JSON).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct ReportRequest {
    /// Always `"variant_report"`; must stay the first field (see [`REQUEST_PREFIX`]).
    kind: ReportKind,
    batch: u64,
    unit: Unit,
    scenario: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum ReportKind {
    VariantReport,
}

/// A worker's answer to a [`ReportRequest`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum ReportReply {
    VariantReportDone {
        batch: u64,
        unit: Unit,
        report: Report,
    },
    VariantReportFailed {
        batch: u64,
        message: String,
    },
}

/// The worker's side: the reply to `message` if it asks for a variant's report section, `None`
/// if it asks for something else. The scenario is validated again, as any input is.
pub fn serve_variant_report(message: &str) -> Option<String> {
    let failed = |err| ReportReply::VariantReportFailed {
        batch: 0,
        message: format!("bad report request: {err}"),
    };
    serve_unit(
        message,
        REQUEST_PREFIX,
        failed,
        |request: ReportRequest| match Scenario::from_json(&request.scenario) {
            Err(err) => ReportReply::VariantReportFailed {
                batch: request.batch,
                message: err.to_string(),
            },
            Ok(scenario) => ReportReply::VariantReportDone {
                batch: request.batch,
                unit: request.unit,
                report: variant_report(&scenario),
            },
        },
    )
}

/// The study's report still to be made: the study (named as the page shows it), the comparison
/// of its variants, and that comparison's digest, which is the digest of this work too.
pub struct VariantReports {
    pub study: Study,
    pub comparison: Comparison,
    pub digest: String,
}

impl Work for VariantReports {
    type Item = (Unit, Report);
    type Done = StudyReport;

    fn requests(&self, batch: u64) -> Result<Vec<(Unit, String)>, String> {
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
                let request = ReportRequest {
                    kind: ReportKind::VariantReport,
                    batch,
                    unit,
                    scenario: serde_json::to_string(scenario)
                        .expect("a scenario always serialises"),
                };
                let text = serde_json::to_string(&request).expect("a request always serialises");
                (unit, text)
            })
            .collect())
    }

    fn workers(&self, units: usize) -> usize {
        let jobs: u64 = self
            .study
            .variants
            .iter()
            .map(|v| Footprint::of(v).jobs)
            .sum();
        if jobs > PARALLEL_JOBS {
            1
        } else {
            worker_count(units)
        }
    }

    fn decode(text: &str, batch: u64) -> Option<Result<(Unit, Report), String>> {
        match serde_json::from_str::<ReportReply>(text).ok()? {
            ReportReply::VariantReportDone {
                batch: b,
                unit,
                report,
            } if b == batch => Some(Ok((unit, report))),
            ReportReply::VariantReportFailed { batch: b, message } if b == batch => {
                Some(Err(message))
            }
            // A reply of an older batch.
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

    fn summarize(&self, items: &[(Unit, Report)]) -> Result<StudyReport, String> {
        let mut sections: Vec<&(Unit, Report)> = items.iter().collect();
        sections.sort_by_key(|(unit, _)| unit.index);
        let reports = sections.into_iter().map(|(_, r)| r.clone()).collect();
        StudyReport::assemble(&self.study, &self.comparison, reports).map_err(|e| e.to_string())
    }

    fn progress(done: usize, total: usize) -> String {
        format!("{done} of {}", counted(total as u64, "variant"))
    }

    fn count(units: usize) -> String {
        counted(units as u64, "variant")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::DEFAULT_SCENARIO;

    fn request(scenario: &str) -> String {
        let unit = Unit {
            index: 1,
            variant_or_point: 1,
            seed_index: 0,
        };
        serde_json::to_string(&ReportRequest {
            kind: ReportKind::VariantReport,
            batch: 7,
            unit,
            scenario: scenario.to_string(),
        })
        .unwrap()
    }

    #[test]
    fn a_section_served_is_the_one_made_here() {
        let scenario = Scenario::from_json(DEFAULT_SCENARIO).expect("default is valid");
        let reply = serve_variant_report(&request(DEFAULT_SCENARIO)).expect("a report request");
        let (unit, report) = VariantReports::decode(&reply, 7)
            .expect("a reply of batch 7")
            .expect("made");
        assert_eq!(unit.variant_or_point, 1);
        assert_eq!(report, variant_report(&scenario));
        assert_eq!(
            VariantReports::decode(&reply, 8),
            None,
            "another batch's reply"
        );
    }

    #[test]
    fn a_bad_scenario_fails_with_its_error_and_other_requests_pass_by() {
        let reply = serve_variant_report(&request("{}")).expect("a report request");
        let failed = VariantReports::decode(&reply, 7).expect("a reply of batch 7");
        assert!(
            failed.is_err_and(|m| m.contains("version")),
            "names what is missing"
        );
        assert_eq!(serve_variant_report(r#"{"kind":"sample","batch":1}"#), None);
    }
}
