//! A finished run ([`Run`]): every figure of its result at once, and its jobs' records, the job
//! columns, the event list and the whole result document made from its history when asked for.
//!
//! A run of millions of jobs cannot hold every job's record and event beside its own history:
//! at a million jobs the records were 0.6 GB and the converted events 0.3 GB more, on top of the
//! run's state (docs/PERFORMANCE.md, "The CLI at one and five million jobs"). A `Run` keeps the history, which is
//! the smaller, and makes each record as it is needed: the figures from records made and let go
//! one at a time, the document written record by record ([`Run::write_json`], the same bytes as
//! [`SimResult::to_json`]), the page's columns written a block of records at a time
//! (`result::columns::plan`), a job's story on its own ([`Run::job`]).

use super::record::History;
use crate::result::metrics::Waits;
use crate::result::{Event, JobResult, SimResult};
use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

/// A finished run.
pub struct Run {
    /// The result with its `jobs` and `events` empty.
    summary: SimResult,
    records: Records,
}

enum Records {
    /// The AWS rules' history, from which each record is made on demand.
    History(Box<History>),
    /// Kueue's rules' history (docs/KUEUE.md), the same.
    Kueue(Box<crate::kueue::History>),
}

impl Run {
    /// The run whose history this is; its figures are worked out here.
    pub(crate) fn of_history(scenario: &crate::Scenario, mut history: History) -> Run {
        Run {
            summary: history.summary(scenario),
            records: Records::History(Box::new(history)),
        }
    }

    /// The run under Kueue's rules whose history this is; its figures are worked out here.
    pub(crate) fn of_kueue(scenario: &crate::Scenario, mut history: crate::kueue::History) -> Run {
        Run {
            summary: history.summary(scenario),
            records: Records::Kueue(Box::new(history)),
        }
    }

    /// Adds notes to the result's (a translated scenario's, saying what each field became).
    pub(crate) fn add_notes(&mut self, notes: impl IntoIterator<Item = String>) {
        self.summary.notes.extend(notes);
    }

    /// Every figure of the result: the result with its `jobs` and `events` empty.
    pub fn summary(&self) -> &SimResult {
        &self.summary
    }

    /// How many jobs the run had.
    pub fn len(&self) -> usize {
        match &self.records {
            Records::History(history) => history.len(),
            Records::Kueue(history) => history.len(),
        }
    }

    /// Whether the run had no jobs.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Job `j`'s record (in scenario order), as the result's `jobs[j]`.
    pub fn job(&self, j: usize) -> JobResult {
        match &self.records {
            Records::History(history) => history.job(j),
            Records::Kueue(history) => history.job(j),
        }
    }

    /// Every job's record in turn, each made when it is reached.
    pub fn jobs(&self) -> impl Iterator<Item = JobResult> + '_ {
        (0..self.len()).map(|j| self.job(j))
    }

    /// The result's event list in turn; empty when the run left it out ([`super::Events`]).
    fn events(&self) -> Box<dyn Iterator<Item = Event> + '_> {
        match &self.records {
            Records::History(history) => Box::new(history.events()),
            Records::Kueue(history) => Box::new(history.events()),
        }
    }

    /// How long all jobs waited ([`metrics::waits`] of the whole result's jobs).
    pub fn waits(&self) -> Option<Waits> {
        Waits::of(self.jobs().map(|j| j.wait_h).collect())
    }

    /// The whole result document, the bytes of [`SimResult::to_json`], written to `out` record
    /// by record.
    pub fn write_json(&self, mut out: impl std::io::Write) -> std::io::Result<()> {
        crate::json_text::write(&Document(self), &mut |piece| out.write_all(piece))
    }

    /// The whole result, every record made (what [`super::simulate`] returns).
    pub fn into_result(self) -> SimResult {
        let mut result = self.summary;
        (result.jobs, result.events) = match self.records {
            Records::History(history) => history.into_parts(),
            Records::Kueue(history) => history.into_parts(),
        };
        result
    }
}

/// The whole document of a run: the summary's fields, with the jobs and events made as they are
/// written.
struct Document<'r>(&'r Run);

/// A list written as its items come.
struct Seq<F>(F);

impl<I: Iterator<Item = T>, T: Serialize, F: Fn() -> I> Serialize for Seq<F> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((self.0)())
    }
}

impl Serialize for Document<'_> {
    /// The fields of [`SimResult`] in its order, as its derived `Serialize` writes them. Every
    /// field is named in the pattern, so a field added to the result fails to compile here until
    /// it is written too (and the parity test checks the bytes against `to_json`).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let run = self.0;
        let SimResult {
            version,
            scenario,
            seed,
            currency,
            end_h,
            jobs: _,
            shares,
            instance_types,
            preference_ranks,
            totals,
            events: _,
            usage,
            notes,
            calibration,
            kueue,
        } = &run.summary;
        let mut doc = serializer.serialize_struct("SimResult", 15)?;
        doc.serialize_field("version", version)?;
        doc.serialize_field("scenario", scenario)?;
        doc.serialize_field("seed", seed)?;
        doc.serialize_field("currency", currency)?;
        doc.serialize_field("end_h", end_h)?;
        doc.serialize_field("jobs", &Seq(|| run.jobs()))?;
        doc.serialize_field("shares", shares)?;
        doc.serialize_field("instance_types", instance_types)?;
        doc.serialize_field("preference_ranks", preference_ranks)?;
        doc.serialize_field("totals", totals)?;
        doc.serialize_field("events", &Seq(|| run.events()))?;
        doc.serialize_field("usage", usage)?;
        doc.serialize_field("notes", notes)?;
        match calibration {
            Some(calibration) => doc.serialize_field("calibration", calibration)?,
            None => doc.skip_field("calibration")?,
        }
        match kueue {
            Some(kueue) => doc.serialize_field("kueue", kueue)?,
            None => doc.skip_field("kueue")?,
        }
        doc.end()
    }
}
