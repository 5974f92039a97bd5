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
    pub errors: Vec<Diagnostic>,
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
    #[error("the scenario is {bytes} bytes; the limit is {limit} bytes")]
    TooLarge { bytes: usize, limit: usize },
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        line: usize,
        column: usize,
        message: String,
    },
    #[error("version: {message}")]
    Version { found: Option<u64>, message: String },
    #[error("{}", if path.is_empty() { message.clone() } else { format!("{path}: {message}") })]
    Shape { path: String, message: String },
    #[error("the scenario has {} error(s); first: {}", report.errors.len(), report.errors.first().map(|d| d.to_string()).unwrap_or_default())]
    Invalid { report: Report },
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
