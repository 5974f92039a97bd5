//! Errors and warnings about a scenario, each tied to the JSON path of the field it is about.
//!
//! The CLI prints them as `path: message`; the app maps the path to the control that edits it.

use serde::Serialize;
use std::fmt;

/// Whether a finding stops the scenario from running.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// The scenario cannot run.
    Error,
    /// It runs, but probably not as the author meant, or AWS would refuse it.
    Warning,
}

/// One finding: where, what, and how bad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// Whether it stops the scenario from running (error) or only deserves a look (warning).
    pub severity: Severity,
    /// A JSON path such as `jobs[3].preferences[1].instance_count`; empty for the whole document.
    pub path: String,
    /// What is wrong and what is allowed.
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

/// Everything validation found, errors first in document order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Problems that stop the scenario from running.
    pub errors: Vec<Diagnostic>,
    /// Things that run but are probably not what the author meant, or that AWS would refuse.
    pub warnings: Vec<Diagnostic>,
}

impl Report {
    /// True when the scenario may run.
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }

    pub(crate) fn error(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.errors.push(Diagnostic {
            severity: Severity::Error,
            path: path.into(),
            message: message.into(),
        });
    }

    pub(crate) fn warning(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.warnings.push(Diagnostic {
            severity: Severity::Warning,
            path: path.into(),
            message: message.into(),
        });
    }

    /// Errors then warnings, in one list.
    pub fn all(&self) -> impl Iterator<Item = &Diagnostic> {
        self.errors.iter().chain(self.warnings.iter())
    }
}

/// Why a scenario document could not be loaded.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LoadError {
    /// The text is longer than the loader accepts (a guard for pasted or uploaded files). The
    /// limit holds about a million jobs listed one by one, so the message says how to run part
    /// of a larger trace, as the refusal of too many jobs does.
    #[error(
        "the scenario is {} bytes; the limit is {} bytes, about a million jobs listed one by \
         one. Run part of it: import a window or a sample of the trace (quotalab import \
         --from-h H --to-h H, or --sample N), or describe its jobs as job mixes",
        crate::result::numbers::count(*.bytes as u64),
        crate::result::numbers::count(*.limit as u64)
    )]
    TooLarge {
        /// The text's size.
        bytes: usize,
        /// The most the loader accepts.
        limit: usize,
    },
    /// The text is not valid JSON.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// 1-based line of the error.
        line: usize,
        /// 1-based column of the error.
        column: usize,
        /// What the JSON parser expected.
        message: String,
    },
    /// The `version` is missing, not a number, or one this build does not know.
    #[error("version: {message}")]
    Version {
        /// The version found, if it was a number.
        found: Option<u64>,
        /// What is wrong and which versions are known.
        message: String,
    },
    /// A field has the wrong type or is unknown; `path` is its JSON path.
    #[error("{}", if path.is_empty() { message.clone() } else { format!("{path}: {message}") })]
    Shape {
        /// The JSON path of the field (empty for the document itself).
        path: String,
        /// What is wrong and what is allowed.
        message: String,
    },
    /// It parsed, but the rules reject it; the report lists every error and warning.
    #[error("the scenario has {}; first: {}", crate::result::numbers::counted(report.errors.len() as u64, "error"), report.errors.first().map(|d| d.to_string()).unwrap_or_default())]
    Invalid {
        /// Every error and warning, each with its JSON path.
        report: Report,
    },
}

impl LoadError {
    /// The error as path-tagged findings, for listing next to the fields they name.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        match self {
            LoadError::Invalid { report } => report.all().cloned().collect(),
            LoadError::Shape { path, message } => vec![Diagnostic {
                severity: Severity::Error,
                path: path.clone(),
                message: message.clone(),
            }],
            LoadError::Version { message, .. } => vec![Diagnostic {
                severity: Severity::Error,
                path: "version".into(),
                message: message.clone(),
            }],
            other => vec![Diagnostic {
                severity: Severity::Error,
                path: String::new(),
                message: other.to_string(),
            }],
        }
    }
}
