//! Every importer checks what it writes with the engine's own validation: a scenario that would
//! not run is not handed out as if it would. The importer returns it as [`Rejected`], with the
//! errors and the scenario it made, so a caller can still take that best effort when the user
//! asks for it (the CLI's `--keep-going`) and list the problems beside it.

use quotalab_engine::format::MAX_SCENARIO_BYTES;
use quotalab_engine::json_text;
use quotalab_engine::result::numbers::counted;
use quotalab_engine::{Diagnostic, Report, Scenario};
use std::fmt;

/// An import whose scenario does not validate: its errors, and the import itself (`T` is the
/// importer's successful result) as a best effort.
#[derive(Debug, Clone, PartialEq)]
pub struct Rejected<T> {
    pub errors: Vec<Diagnostic>,
    pub best_effort: Box<T>,
}

impl<T> fmt::Display for Rejected<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the imported scenario does not validate ({})",
            counted(self.errors.len() as u64, "error")
        )?;
        match self.errors.first() {
            Some(first) => write!(f, "; first: {first}"),
            None => Ok(()),
        }
    }
}

/// The validation of `imported`'s scenario (found by `scenario_of`), and `imported` rejected
/// when it has errors.
pub fn check<T>(imported: T, scenario_of: fn(&T) -> &Scenario) -> Result<(T, Report), Rejected<T>> {
    let report = scenario_of(&imported).validate();
    if report.is_valid() {
        Ok((imported, report))
    } else {
        Err(Rejected {
            errors: report.errors,
            best_effort: Box::new(imported),
        })
    }
}

/// The size in bytes of the scenario as `quotalab import` writes it (indented JSON and a final
/// newline), counted without building the text.
pub fn written_size(scenario: &Scenario) -> usize {
    json_text::pretty_byte_count(scenario) + 1
}

/// Whether a scenario of `bytes` is more than the engine reads.
pub fn too_large(bytes: usize) -> bool {
    bytes > MAX_SCENARIO_BYTES
}
