//! The agreement report of a whole study (docs/REPORT.md, "A study"): the comparison across
//! variants with its 90% intervals, what changed between them, and then every variant's own
//! report (its agreement, per-share outcomes with fallback and lost work by cause, cost).
//!
//! The numbers of the comparison are the engine's [`Comparison`], written by the engine's study
//! formatter (`quotalab_engine::study::numbers`), so they read exactly as in the Compare view and
//! in `quotalab compare`. Each variant's section is the one-scenario [`AgreementReport`] of that
//! variant, simulated as it stands (its own seed), as its Results tab shows it.
//!
//! [`StudyReport::build`] makes it all in one call (the CLI's way). [`StudyReport::assemble`]
//! takes the variants' own reports made elsewhere by [`variant_report`]: the web app makes each in
//! a simulation worker, since a variant's run can take seconds and must not hold the page.

use super::model::AgreementReport;
use quotalab_engine::result::numbers::counted;
use quotalab_engine::study::numbers::{estimate, kpi_label, signed, verdict_words};
use quotalab_engine::study::rules_causes::TeamDifference;
use quotalab_engine::study::{Comparison, Kpi, KpiSummary, Study, Verdict};
use quotalab_engine::Scenario;
use serde::{Deserialize, Serialize};

/// The whole study's report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StudyReport {
    /// The study's name.
    pub title: String,
    /// How to read the numbers: seeds, intervals, the baseline.
    pub reading: String,
    /// The baseline as the room names it: `V1 today`.
    pub baseline: String,
    /// Things the reader should know (one seed, shares missing from some variants).
    pub notes: Vec<String>,
    /// Per variant after the first, what differs from the baseline.
    pub changes: Vec<ChangeList>,
    /// One table per share: a row per KPI, a column per variant.
    pub tables: Vec<ShareTable>,
    /// For a variant under the other rules, each team whose outcome differs and its rules that
    /// act differently under Kueue (`quotalab_engine::study::rules_causes`); empty when no team
    /// differs, `None` when no variant changes the rules.
    #[serde(default)]
    pub rules: Option<Vec<TeamDifference>>,
    /// Every variant's own report, in study order.
    pub variants: Vec<VariantReport>,
}

/// The fields of one variant that differ from the baseline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChangeList {
    /// `V2`.
    pub tag: String,
    pub variant: String,
    /// `2 changes from V1`, or that it is the same agreement.
    pub summary: String,
    pub fields: Vec<ChangedField>,
}

/// One changed field: the engine's words for it, and its JSON path.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChangedField {
    pub words: String,
    pub path: String,
}

/// One share across the variants.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShareTable {
    pub share: String,
    /// The share's colour index: its place among all the study's shares, first seen first.
    pub index: usize,
    /// A column head per variant: `V1 today`.
    pub columns: Vec<String>,
    pub rows: Vec<KpiRow>,
}

/// One KPI of one share in every variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KpiRow {
    pub kpi: Kpi,
    /// `Completion p90`, `P(wait < 24 h)`.
    pub label: String,
    pub cells: Vec<Cell>,
}

/// One variant's value of one KPI.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cell {
    /// `21.4 h (19.8 to 23)`; `n/a` without a value; `no such share` when the variant lacks it.
    pub value: String,
    /// The change against the baseline (`−8 h (better)`); `None` for the baseline itself.
    pub change: Option<String>,
    /// What the change means, for colouring; `None` without a change.
    pub verdict: Option<Verdict>,
}

/// One variant's own report, under its tag.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VariantReport {
    /// `V1`.
    pub tag: String,
    /// Which run the section shows, next to the comparison's seeds.
    pub run: String,
    pub report: AgreementReport,
}

/// Why a comparison cannot be reported with a study.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum StudyReportError {
    /// The comparison was computed for other variants (the study changed since).
    #[error("the comparison is of other variants ({0}); run it again for this study")]
    Mismatch(String),
    /// Not one variant report per variant.
    #[error("{have} variant reports for {want} variants")]
    VariantReports { have: usize, want: usize },
}

/// A variant's own section of the study's report: the variant simulated once, as it stands (its
/// own seed), as its Results tab shows it.
pub fn variant_report(scenario: &Scenario) -> AgreementReport {
    AgreementReport::of_run(
        scenario,
        &quotalab_engine::simulate_without_events(scenario),
    )
}

impl StudyReport {
    /// The report of `study`, whose comparison over its seeds is `comparison`. Each variant is
    /// simulated once, as it stands, for its own section ([`variant_report`]).
    pub fn build(study: &Study, comparison: &Comparison) -> Result<StudyReport, StudyReportError> {
        let reports = study.variants.iter().map(variant_report).collect();
        StudyReport::assemble(study, comparison, reports)
    }

    /// The report of `study` with `reports`, each variant's [`variant_report`] in variant order.
    pub fn assemble(
        study: &Study,
        comparison: &Comparison,
        reports: Vec<AgreementReport>,
    ) -> Result<StudyReport, StudyReportError> {
        let ours: Vec<&str> = study.variants.iter().map(|v| v.name.as_str()).collect();
        let theirs: Vec<&str> = comparison
            .variants
            .iter()
            .map(|v| v.name.as_str())
            .collect();
        if ours != theirs {
            return Err(StudyReportError::Mismatch(theirs.join(", ")));
        }
        if reports.len() != study.variants.len() {
            return Err(StudyReportError::VariantReports {
                have: reports.len(),
                want: study.variants.len(),
            });
        }
        let columns: Vec<String> = ours
            .iter()
            .enumerate()
            .map(|(i, name)| format!("{} {name}", tag(i)))
            .collect();
        let variants = study
            .variants
            .iter()
            .zip(reports)
            .enumerate()
            .map(|(i, (scenario, report))| VariantReport {
                tag: tag(i),
                run: format!(
                    "One run with the variant's own seed {}, as its Results tab shows it; the comparison above is over the study's {}.",
                    scenario.seed,
                    counted(comparison.seeds.len() as u64, "seed")
                ),
                report,
            })
            .collect();
        Ok(StudyReport {
            title: study.name.clone(),
            reading: reading(comparison, &columns[0]),
            baseline: columns[0].clone(),
            notes: comparison.notes.clone(),
            changes: changes(comparison),
            rules: comparison.rules_differences.clone(),
            tables: share_names(comparison)
                .into_iter()
                .enumerate()
                .map(|(index, share)| table(comparison, share, index, &columns))
                .collect(),
            variants,
        })
    }
}

/// How the room names variant `i`: `V1`, `V2`, as the app's variant tabs do.
fn tag(i: usize) -> String {
    format!("V{}", i + 1)
}

fn reading(c: &Comparison, baseline: &str) -> String {
    format!(
        "{}, each run with the same {}. Each number is the mean over the seeds with its 90% interval in brackets. Changes are against the baseline, {baseline}, paired seed by seed, and called better or worse only when their 90% interval excludes zero.",
        counted(c.variants.len() as u64, "variant"),
        counted(c.seeds.len() as u64, "seed")
    )
}

fn changes(c: &Comparison) -> Vec<ChangeList> {
    c.changes
        .iter()
        .enumerate()
        .map(|(i, v)| ChangeList {
            tag: tag(i + 1),
            variant: v.variant.clone(),
            summary: match v.fields.len() {
                0 => format!("the same as {} (only the name differs)", tag(0)),
                1 => format!("1 change from {}", tag(0)),
                n => format!("{n} changes from {}", tag(0)),
            },
            fields: v
                .fields
                .iter()
                .map(|f| ChangedField {
                    words: f.words.clone(),
                    path: f.path.clone(),
                })
                .collect(),
        })
        .collect()
}

/// Every share of the comparison, first seen first (the colour order of the Compare view).
fn share_names(c: &Comparison) -> Vec<&str> {
    let mut names: Vec<&str> = Vec::new();
    for s in c.variants.iter().flat_map(|v| &v.shares) {
        if !names.contains(&s.share.as_str()) {
            names.push(&s.share);
        }
    }
    names
}

fn table(c: &Comparison, share: &str, index: usize, columns: &[String]) -> ShareTable {
    let rows = Kpi::COMPARED
        .iter()
        .map(|&kpi| KpiRow {
            kpi,
            label: kpi_label(kpi, c.wait_threshold_h),
            cells: c
                .variants
                .iter()
                .enumerate()
                .map(|(v, variant)| {
                    let summary = variant
                        .shares
                        .iter()
                        .find(|s| s.share == share)
                        .and_then(|s| s.kpis.iter().find(|k| k.kpi == kpi));
                    cell(summary, v == 0, &c.currency)
                })
                .collect(),
        })
        .collect();
    ShareTable {
        share: share.to_string(),
        index,
        columns: columns.to_vec(),
        rows,
    }
}

fn cell(summary: Option<&KpiSummary>, baseline: bool, currency: &str) -> Cell {
    let Some(summary) = summary else {
        return Cell {
            value: "no such share".into(),
            change: None,
            verdict: None,
        };
    };
    let kpi = summary.kpi;
    let value = summary
        .estimate
        .map_or_else(|| "n/a".to_string(), |e| estimate(kpi, &e, currency));
    let diff = summary.diff.filter(|_| !baseline);
    Cell {
        value,
        change: diff.map(|d| format!("{} ({})", signed(kpi, d.mean, currency), verdict_words(&d))),
        verdict: diff.map(|d| d.verdict),
    }
}
