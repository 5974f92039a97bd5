//! What an account import could not carry into the scenario, named by document and field, so a
//! user can see what the simulation leaves out (docs/ACCOUNT.md, "What is not imported").

use serde::{Deserialize, Serialize};
use std::fmt;

/// One field (or whole document) left out of the scenario, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unmapped {
    /// The document: its file, and the item or YAML document within it.
    pub document: String,
    /// The field's JSON path within the document; empty for the document as a whole.
    pub field: String,
    /// Why it is not in the scenario.
    pub reason: String,
}

impl fmt::Display for Unmapped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}: {}", self.document, self.reason)
        } else {
            write!(f, "{} › {}: {}", self.document, self.field, self.reason)
        }
    }
}

/// The list being built while documents are read.
#[derive(Debug, Default)]
pub struct UnmappedList(pub Vec<Unmapped>);

impl UnmappedList {
    pub fn push(&mut self, document: &str, field: &str, reason: impl Into<String>) {
        self.0.push(Unmapped {
            document: document.to_string(),
            field: field.to_string(),
            reason: reason.into(),
        });
    }
}
