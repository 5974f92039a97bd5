//! What an import found: bad rows with their file and line number, rows left out on purpose and
//! why, the capacity chosen beside the waits the trace itself recorded, and notes on choices the
//! mapping made. Without `keep_going` the first bad row fails the whole import; with it the row is
//! skipped and listed here.

use super::waits::ObservedWaits;
use super::window::{RowBad, TraceReader};
use crate::validated::Rejected;
use quotalab_engine::result::numbers::counted;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// A row that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BadRow {
    pub file: String,
    /// 1-based, counting every line of the file (headers and comments too).
    pub line: usize,
    pub message: String,
}

impl fmt::Display for BadRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

impl From<RowBad<'_>> for BadRow {
    fn from(bad: RowBad<'_>) -> Self {
        BadRow {
            file: bad.place.file.to_string(),
            line: bad.place.line,
            message: bad.error.to_string(),
        }
    }
}

impl From<RowBad<'_>> for ImportError {
    fn from(bad: RowBad<'_>) -> Self {
        ImportError::BadRow(bad.into())
    }
}

/// Why an import failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ImportError {
    /// A bad row, without `keep_going`.
    #[error("{0}")]
    BadRow(BadRow),
    /// A file the format needs is missing; the message says which and what it holds.
    #[error("{0}")]
    Missing(String),
    /// A file given is not of this format.
    #[error("{file}: not {expected}")]
    NotThisFormat { file: String, expected: String },
    /// An option's value the import cannot use: the option as the CLI spells it, the value
    /// given, and what is allowed.
    #[error("{option} {given}: {allowed}")]
    Option {
        option: &'static str,
        given: String,
        allowed: String,
    },
    /// Nothing was left to make a scenario of.
    #[error("no jobs left to import: {0}")]
    Empty(String),
    /// The scenario would be larger than the engine reads (docs/FORMAT.md, "Limits").
    #[error("the imported scenario would be {bytes} bytes ({jobs} jobs), more than the {limit} bytes a scenario may have; import part of the trace with --sample N, --fraction F or --from-h/--to-h")]
    TooLarge {
        bytes: usize,
        jobs: usize,
        limit: usize,
    },
    /// The imported scenario does not validate.
    #[error("{0}")]
    Rejected(Rejected<super::ImportedTrace>),
}

/// The import's account of itself, shown next to the scenario it made.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ImportReport {
    /// Data rows read, over all files.
    pub rows: usize,
    /// Jobs in the scenario.
    pub jobs: usize,
    pub bad_rows: Vec<BadRow>,
    /// Rows left out on purpose, counted by reason ("outside the time window", ...).
    pub skipped: BTreeMap<String, usize>,
    /// The capacity chosen and where it comes from, in words.
    #[serde(default)]
    pub capacity: String,
    /// The waits the trace itself recorded for the jobs imported; `None` when it records no
    /// start times.
    #[serde(default)]
    pub waits: Option<ObservedWaits>,
    /// What the capacity chosen means for the simulation's waits, when it is the observed peak
    /// or far above what the jobs held at once (docs/TRACES.md, "Capacity"): kept apart from
    /// the notes so the app can show it without a click.
    #[serde(default)]
    pub capacity_warning: Option<String>,
    /// Choices the mapping made that a reader should know about.
    pub notes: Vec<String>,
}

impl ImportReport {
    /// The row reader's account: rows, bad rows, skips by reason, notes.
    pub(crate) fn of(reader: TraceReader<'_>) -> ImportReport {
        ImportReport {
            rows: reader.rows_read(),
            bad_rows: reader
                .bad_rows()
                .iter()
                .cloned()
                .map(BadRow::from)
                .collect(),
            skipped: reader
                .skipped()
                .iter()
                .map(|(why, n)| (why.to_string(), *n))
                .collect(),
            notes: reader.into_notes(),
            ..ImportReport::default()
        }
    }

    pub fn note(&mut self, note: impl Into<String>) {
        self.notes.push(note.into());
    }

    /// One line per fact, bad row, skip reason and note, for the CLI's stderr and the app.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![format!(
            "{} read, {} imported",
            counted(self.rows as u64, "row"),
            counted(self.jobs as u64, "job")
        )];
        if !self.capacity.is_empty() {
            out.push(format!("capacity: {}", self.capacity));
        }
        out.push(match &self.waits {
            Some(waits) => format!("observed waits: {waits}"),
            None => "observed waits: none (the trace records no start times)".into(),
        });
        out.extend(self.capacity_warning.iter().map(|w| format!("note: {w}")));
        out.extend(self.bad_rows.iter().map(|r| format!("bad row: {r}")));
        out.extend(
            self.skipped
                .iter()
                .map(|(why, n)| format!("skipped {}: {why}", counted(*n as u64, "row"))),
        );
        out.extend(self.notes.iter().map(|n| format!("note: {n}")));
        out
    }
}
