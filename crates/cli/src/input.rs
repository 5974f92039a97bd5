//! Reading a scenario from a file or standard input, into a validated `Scenario`.

use crate::failure::Failure;
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
        std::fs::read_to_string(path)
            .map_err(|e| Failure::Other(format!("cannot read {path}: {e}")))
    }
}

/// Parses and validates; warnings are returned for the caller to print.
pub fn load_scenario(path: &str) -> Result<(Scenario, Report), Failure> {
    let text = read_text(path)?;
    let scenario = Scenario::parse_json(&text).map_err(|e| invalid(&e))?;
    let report = scenario.validate();
    if !report.is_valid() {
        return Err(Failure::Invalid(report.all().cloned().collect()));
    }
    Ok((scenario, report))
}

/// A load error as a failure: too large is exit 1, everything else lists its findings (exit 2).
pub fn invalid(error: &LoadError) -> Failure {
    match error {
        LoadError::TooLarge { .. } => Failure::Other(error.to_string()),
        _ => Failure::Invalid(error.diagnostics()),
    }
}
