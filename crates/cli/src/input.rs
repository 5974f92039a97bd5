//! Reading a scenario from a file or standard input, into a validated `Scenario`.

use crate::failure::Failure;
use quotalab_engine::format::MAX_SCENARIO_BYTES;
use quotalab_engine::{LoadError, Report, Scenario};
use std::io::Read;

/// The text of `path`, or of standard input when `path` is `-`.
pub fn read_text(path: &str) -> Result<String, Failure> {
    if path == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| Failure::Other(format!("cannot read standard input: {e}")))?;
        Ok(text)
    } else {
        // A file too large to be a scenario is refused before it is read, as the engine would
        // refuse its text (exit 2 either way, for `validate` and `run` alike).
        let bytes = std::fs::metadata(path).map_or(0, |m| m.len());
        if bytes > MAX_SCENARIO_BYTES as u64 {
            return Err(invalid(&LoadError::TooLarge {
                bytes: usize::try_from(bytes).unwrap_or(usize::MAX),
                limit: MAX_SCENARIO_BYTES,
            }));
        }
        std::fs::read_to_string(path)
            .map_err(|e| Failure::Other(format!("cannot read {path}: {e}")))
    }
}

/// Parses and validates; warnings are returned for the caller to print.
pub fn load_scenario(path: &str) -> Result<(Scenario, Report), Failure> {
    // The text is dropped once read: a trace's text is a quarter of a gigabyte.
    let scenario = Scenario::parse_json(&read_text(path)?).map_err(|e| invalid(&e))?;
    let report = scenario.validate();
    if !report.is_valid() {
        return Err(Failure::Invalid(report.all().cloned().collect()));
    }
    Ok((scenario, report))
}

/// A load error as a failure: its findings, exit 2. A document too large to read is refused as
/// invalid too, so `validate` and `run` agree on it (docs/FORMAT.md, "Limits").
pub fn invalid(error: &LoadError) -> Failure {
    Failure::Invalid(error.diagnostics())
}
