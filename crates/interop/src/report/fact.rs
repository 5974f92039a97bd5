//! The report's two kinds of line: a promise of the agreement ([`Term`]) and a measured outcome
//! ([`Fact`]). The builders of each part of the report make them and the report model holds
//! them, so they live apart from both.

/// One promise of the agreement, tied to the AWS field that states it.
#[derive(Debug, Clone, PartialEq)]
pub struct Term {
    /// What the promise is about, in the words of DESIGN.md ("Borrow limit").
    pub topic: &'static str,
    /// The AWS field (`borrowLimit`), shown in parentheses.
    pub field: &'static str,
    /// The field's value as configured, when it has one value (`LEND_AND_BORROW`, `50`).
    pub value: Option<String>,
    /// The promise in plain language.
    pub text: String,
}

/// One measured outcome, already rounded and with its unit.
#[derive(Debug, Clone, PartialEq)]
pub struct Fact {
    pub label: &'static str,
    pub value: String,
}
