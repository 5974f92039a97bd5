//! What an import found: bad rows with their file and line number, rows left out on purpose and
//! why, and notes on choices the mapping made. Without `keep_going` the first bad row fails the
//! whole import; with it the row is skipped and listed here.

use crate::validated::Rejected;
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

/// Why an import failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ImportError {
    /// A bad row, without `keep_going`.
    #[error("{0}")]
    BadRow(BadRow),
    /// A file the format needs is missing, or a file is not of this format.
    #[error("{0}")]
    Input(String),
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
    Rejected(Rejected<super::Imported>),
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
    /// Choices the mapping made that a reader should know about.
    pub notes: Vec<String>,
}

impl ImportReport {
    /// Records a bad row: fails without `keep_going`, otherwise lists it and goes on.
    pub fn bad_row(
        &mut self,
        keep_going: bool,
        file: &str,
        line: usize,
        message: impl Into<String>,
    ) -> Result<(), ImportError> {
        let row = BadRow {
            file: file.to_string(),
            line,
            message: message.into(),
        };
        if keep_going {
            self.bad_rows.push(row);
            Ok(())
        } else {
            Err(ImportError::BadRow(row))
        }
    }

    /// Counts a row left out on purpose.
    pub fn skip(&mut self, reason: &str) {
        *self.skipped.entry(reason.to_string()).or_default() += 1;
    }

    pub fn note(&mut self, note: impl Into<String>) {
        self.notes.push(note.into());
    }

    /// One line per bad row, skip reason and note, for the CLI's stderr and the app.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![format!(
            "{} rows read, {} jobs imported",
            self.rows, self.jobs
        )];
        out.extend(self.bad_rows.iter().map(|r| format!("bad row: {r}")));
        out.extend(
            self.skipped
                .iter()
                .map(|(why, n)| format!("skipped {n} rows: {why}")),
        );
        out.extend(self.notes.iter().map(|n| format!("note: {n}")));
        out
    }
}
