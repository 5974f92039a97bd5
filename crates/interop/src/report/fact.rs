//! The report's two kinds of line: a promise of the agreement ([`Term`]) and a measured outcome
//! ([`Fact`]). The builders of each part of the report make them and the report model holds
//! them, so they live apart from both. Both serialise, so a report can cross a worker boundary.

use serde::{Deserialize, Serialize};

/// One promise of the agreement, tied to the AWS field that states it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Term {
    /// What the promise is about, in the words of docs/DESIGN.md ("Borrow limit").
    pub topic: String,
    /// The AWS field (`borrowLimit`), shown in parentheses.
    pub field: String,
    /// The field's value as configured, when it has one value (`LEND_AND_BORROW`, `50`).
    pub value: Option<String>,
    /// The promise in plain language.
    pub text: String,
}

/// One measured outcome, already rounded and with its unit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fact {
    pub label: String,
    pub value: String,
}
