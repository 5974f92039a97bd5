//! Reading a scenario from a file or standard input, into a validated `Scenario`.

use crate::failure::Failure;
use quotalab_engine::format::MAX_SCENARIO_BYTES;
use quotalab_engine::study::Document;
use quotalab_engine::{Diagnostic, LoadError, Report, Scenario, Severity};
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
    let text = read_text(path)?;
    let scenario = Scenario::parse_json(&text).map_err(|e| unreadable(path, &text, &e))?;
    let report = scenario.validate();
    if !report.is_valid() {
        return Err(Failure::Invalid(report.all().cloned().collect()));
    }
    Ok((scenario, report))
}

/// A scenario or study file, parsed (not validated).
pub fn read_document(path: &str) -> Result<Document, Failure> {
    let text = read_text(path)?;
    Document::parse_json(&text).map_err(|e| unreadable(path, &text, &e))
}

/// A document that did not read, as a failure. A file that is not JSON at all but one that
/// `quotalab import` reads (Kueue's YAML, a cluster's trace) also gets the command that makes a
/// scenario of it: someone with a cluster's Kueue YAML tries it here first.
fn unreadable(path: &str, text: &str, error: &LoadError) -> Failure {
    let mut diagnostics = error.diagnostics();
    if let Some(message) = import_hint(path, text) {
        diagnostics.push(Diagnostic {
            severity: Severity::Error,
            path: String::new(),
            message,
        });
    }
    Failure::Invalid(diagnostics)
}

/// What makes a scenario of `text` when it is not JSON (it starts with neither `{` nor `[`):
/// `import kueue` for YAML, by the file's name or a Kubernetes object's first key, else the
/// trace and account imports.
fn import_hint(path: &str, text: &str) -> Option<String> {
    let first = text.trim_start().chars().next()?;
    if first == '{' || first == '[' {
        return None;
    }
    let file = if path == "-" { "FILE.yaml" } else { path };
    let named_yaml = [".yaml", ".yml"]
        .iter()
        .any(|ending| path.to_ascii_lowercase().ends_with(ending));
    let kubernetes = text
        .lines()
        .take(200)
        .any(|line| line.starts_with("apiVersion:") || line.starts_with("kind:"));
    Some(if named_yaml || kubernetes {
        format!("this is YAML, not a scenario's JSON: Kueue's objects and Workloads become a scenario with `quotalab import kueue {file} -o scenario.json` (docs/CLI.md, \"import\")")
    } else {
        "this is not a scenario's JSON (docs/FORMAT.md): a cluster's trace becomes a scenario with `quotalab import philly`, `alibaba` or `swf`, and an account's history with `quotalab import account` (`quotalab import --help`)".to_string()
    })
}

/// A load error as a failure: its findings, exit 2. A document too large to read is refused as
/// invalid too, so `validate` and `run` agree on it (docs/FORMAT.md, "Limits").
pub fn invalid(error: &LoadError) -> Failure {
    Failure::Invalid(error.diagnostics())
}
