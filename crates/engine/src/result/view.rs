//! What the app draws, as distinct from the whole result document (docs/ARCHITECTURE.md, "The
//! page's view of a result"; docs/PERFORMANCE.md, "1M jobs").
//!
//! The event list is most of a result's bytes and the jobs most of the rest, and the page draws
//! neither as they are: at a million jobs the whole document is over a gigabyte of JSON, more
//! than a 32-bit wasm string can hold, and even the jobs alone are more than half of one. So the
//! browser's worker sends a [`Drawn`]: the result's own serialisation with its jobs and events
//! set aside (so every summary field the result has, now or later, is in it), the summary of all
//! jobs as one share (what a scenario without shares shows), and the jobs as compact columns
//! ([`JobColumns`]); its usage series are thinned to the chart's resolution when longer
//! ([`drawn_usage`]). A job's whole record is asked for when someone opens its story, and the
//! whole document only when someone asks for it ("Result JSON"), with [`SimResult::write_json`]
//! in pieces, never as one string.

use crate::result::columns::codec::{append_placed, ColumnSource, ColumnsError};
use crate::result::columns::plan::{ColumnsPlan, BLOCK_JOBS};
use crate::result::columns::JobColumns;
use crate::result::{drawn_usage, metrics, ShareResult, SimResult};
use crate::Run;
use std::ops::Deref;

/// What the page draws of a run.
#[derive(Debug, Clone, PartialEq)]
pub struct Drawn {
    /// The result with its `jobs` and `events` left empty.
    pub result: SimResult,
    /// The summary of every job as one share (`metrics::all_jobs`), for results without shares.
    pub all_jobs: ShareResult,
    /// The jobs, as columns.
    pub jobs: JobColumns,
}

/// Why bytes are not a drawn result.
#[derive(Debug, thiserror::Error)]
pub enum DrawnError {
    /// The summary is not the JSON of one.
    #[error("the drawn result's summary cannot be read: {0}")]
    Summary(#[from] serde_json::Error),
    /// The summary is not UTF-8 text.
    #[error("the drawn result's summary is not text: {0}")]
    Text(#[from] std::str::Utf8Error),
    /// The job columns cannot be read.
    #[error(transparent)]
    Columns(#[from] ColumnsError),
}

impl Deref for Drawn {
    type Target = SimResult;
    fn deref(&self) -> &SimResult {
        &self.result
    }
}

impl Drawn {
    /// What the page draws of `result`, made here rather than read from the worker's bytes (for
    /// tests, and for callers that have the result at hand). `all_jobs` names the summary of
    /// all jobs.
    pub fn of(result: SimResult, all_jobs: &str) -> Drawn {
        Drawn {
            jobs: JobColumns::of(&result),
            all_jobs: metrics::all_jobs(&result, all_jobs),
            result: drawn_summary(&result),
        }
    }

    /// Appends what the page draws of `run` to `out` ([`DrawnParts::of`], joined); returns the
    /// summary's length, where the columns start.
    pub fn write(run: &Run, all_jobs: &str, out: &mut Vec<u8>) -> usize {
        let parts = DrawnParts::of(run, all_jobs);
        append_placed(out, parts.byte_len(), |put| parts.write_at(put));
        parts.summary.len()
    }

    /// Reads what [`Drawn::write`] wrote: the summary's bytes and the columns, from their bytes
    /// or from wherever they lie ([`ColumnSource`]).
    pub fn read(summary: &[u8], columns: impl ColumnSource) -> Result<Drawn, DrawnError> {
        // Read as text, as every document the page reads is: serde_json's readers of text and of
        // bytes are two copies of the reading code of a result.
        let summary = std::str::from_utf8(summary)?;
        let (all_jobs, result): (ShareResult, SimResult) = serde_json::from_str(summary)?;
        Ok(Drawn {
            result,
            all_jobs,
            jobs: JobColumns::read_from(columns)?,
        })
    }
}

/// What the page draws of a run, ready to be written out: the summary as JSON (`[all_jobs,
/// result]`, the result without jobs and events), then the job columns, written from the run
/// `R` (a `&Run`, or the worker's shared one) a block of jobs at a time as the worker copies
/// them into the message it posts ([`ColumnsPlan`]), so the columns are never in its memory
/// whole (docs/PERFORMANCE.md, "The worker writes the columns a block of jobs at a time").
pub struct DrawnParts<R> {
    /// The summary's JSON.
    pub summary: Vec<u8>,
    /// Where the job columns go.
    plan: ColumnsPlan,
    run: R,
}

/// The summary's size and the columns' plan; the run has no `Debug` of its own.
impl<R> std::fmt::Debug for DrawnParts<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DrawnParts")
            .field("summary_bytes", &self.summary.len())
            .field("plan", &self.plan)
            .finish_non_exhaustive()
    }
}

impl<R: Deref<Target = Run>> DrawnParts<R> {
    /// The parts of `run`; `all_jobs` names the summary of all jobs.
    ///
    /// It reads the finished run, not its whole result: the records are made one at a time,
    /// once for the summary of all jobs (which also counts them for the columns' places) and
    /// once more as the columns are written (docs/PERFORMANCE.md, "The worker holds the run,
    /// not its records").
    pub fn of(run: R, all_jobs: &str) -> DrawnParts<R> {
        let mut plan = ColumnsPlan::for_result(run.summary());
        let counted = run.jobs().inspect(|job| plan.count(job));
        let all_jobs = metrics::all_jobs_of(counted, &run.summary().totals, all_jobs);
        let summary =
            crate::json_text::compact(&(&all_jobs, drawn_summary(run.summary()))).into_bytes();
        DrawnParts { summary, plan, run }
    }

    /// How many bytes they come to.
    pub fn byte_len(&self) -> usize {
        self.summary.len() + self.plan.byte_len()
    }

    /// Their bytes, the summary's first, each piece handed to `put(at, bytes)` with its place.
    pub fn write_at(&self, put: &mut dyn FnMut(usize, &[u8])) {
        put(0, &self.summary);
        let from = self.summary.len();
        self.plan
            .write(self.run.jobs(), BLOCK_JOBS, &mut |at, piece| {
                put(from + at, piece)
            });
    }
}

/// The result as the page draws it: without its jobs and events, and with each usage series
/// thinned to the chart's resolution (`drawn_usage`). Every field is named, so a field added to
/// the result is a decision here too.
fn drawn_summary(result: &SimResult) -> SimResult {
    SimResult {
        version: result.version,
        scenario: result.scenario.clone(),
        seed: result.seed,
        currency: result.currency.clone(),
        end_h: result.end_h,
        jobs: Vec::new(),
        shares: result.shares.clone(),
        instance_types: result.instance_types.clone(),
        preference_ranks: result.preference_ranks.clone(),
        totals: result.totals.clone(),
        events: Vec::new(),
        usage: (result.usage.iter()).map(drawn_usage::drawn).collect(),
        notes: result.notes.clone(),
        calibration: result.calibration.clone(),
        kueue: result.kueue.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{simulate, Scenario};

    const DEFAULT: &str = include_str!("../../../../scenarios/default.json");

    /// Jobs that start and end one by one on a pool that never fills: the usage changes at
    /// every start and every end, as a trace's does.
    const BUSY: &str = r#"{"version": 1, "name": "busy", "seed": 3,
        "capacity": [{"instance_type": "ml.g5.xlarge", "count": 400}],
        "job_mixes": [{"name": "short", "count": 6000, "arrivals": {"poisson_per_h": 20, "start_h": 0},
            "duration_h": {"lognormal": {"median_h": 2, "p90_h": 6}},
            "template": {"instance_count": 1, "preferences": [{"instance_type": "ml.g5.xlarge"}]}}]}"#;

    /// A run that keeps only what is drawn thins each long series as it is made, to the very
    /// points the whole document's series is thinned to; under either rules (Kueue's through
    /// the translation of the same agreement).
    #[test]
    fn a_usage_series_longer_than_the_chart_can_draw_is_sent_thinned() {
        let aws = Scenario::from_json(BUSY).expect("valid");
        let kueue = Scenario {
            rules: crate::scenario::Rules::Kueue,
            ..aws.clone()
        };
        for scenario in [aws, kueue] {
            let whole = simulate(&scenario);
            let points = whole.usage[0].points.len();
            assert!(points > drawn_usage::DRAWN_POINTS, "{points} points");
            let run = crate::run(&scenario, crate::Keep::Drawn, 0, &mut |_| true).expect("runs");
            let mut bytes = Vec::new();
            let summary = Drawn::write(&run, "all jobs", &mut bytes);
            let (summary, columns) = bytes.split_at(summary);
            let drawn = Drawn::read(summary, columns).expect("reads back");
            assert_eq!(drawn, Drawn::of(whole.clone(), "all jobs"));
            let series = &drawn.result.usage[0];
            assert_eq!(series.points_in_run, Some(points as u64));
            assert!(series.points.len() <= drawn_usage::DRAWN_POINTS);
            assert_eq!(series.points.last(), whole.usage[0].points.last());
            assert_eq!(
                whole.usage[0].points_in_run, None,
                "the document keeps every point"
            );
        }
    }

    #[test]
    fn the_drawn_result_is_the_result_without_its_jobs_and_events_and_its_columns() {
        let scenario = Scenario::from_json(DEFAULT).expect("default is valid");
        let whole = simulate(&scenario);
        assert!(!whole.events.is_empty(), "the default scenario has events");
        let run = crate::run(&scenario, crate::Keep::Drawn, 0, &mut |_| true).expect("runs");
        let mut bytes = b"header\n".to_vec();
        let summary = Drawn::write(&run, "all jobs", &mut bytes);
        assert_eq!(bytes.len() - 7, DrawnParts::of(&run, "all jobs").byte_len());
        let (summary, columns) = bytes[7..].split_at(summary);
        let drawn = Drawn::read(summary, columns).expect("reads back");
        let expected = Drawn::of(whole.clone(), "all jobs");
        assert_eq!(drawn, expected);
        assert!(drawn.result.jobs.is_empty() && drawn.result.events.is_empty());
        assert_eq!(drawn.all_jobs, metrics::all_jobs(&whole, "all jobs"));
        assert_eq!(drawn.jobs, JobColumns::of(&whole));
        let expected = expected.result;
        // Same serde code: without jobs and events, the bytes are those of the whole document.
        let text = std::str::from_utf8(summary).expect("UTF-8");
        assert!(
            text.ends_with(&format!("{}]", expected.to_json())),
            "{text}"
        );
    }
}
