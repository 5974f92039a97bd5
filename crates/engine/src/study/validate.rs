//! The study rules (docs/STUDY.md), on top of each variant's own validation.

use super::params::{apply_parameter, parameter_value};
use super::{Study, MAX_SEEDS, SWEEP_VALUES, VARIANTS};
use crate::diagnostic::{Diagnostic, Report, Severity};
use std::collections::HashSet;

pub(super) fn validate(study: &Study) -> Report {
    let mut report = Report::default();
    for (i, variant) in study.variants.iter().enumerate() {
        let own = variant.validate();
        for d in own.all() {
            push(
                &mut report,
                Diagnostic {
                    path: under(i, &d.path),
                    ..d.clone()
                },
            );
        }
    }
    if let Some(message) = variant_count_error(study.variants.len()) {
        report.error("variants", message);
    }
    let mut names = HashSet::new();
    for (i, variant) in study.variants.iter().enumerate() {
        if !names.insert(variant.name.as_str()) {
            report.error(
                format!("variants[{i}].name"),
                format!(
                    "\"{}\" names another variant already; variant names must be unique",
                    variant.name
                ),
            );
        }
    }
    if !(1..=MAX_SEEDS).contains(&study.seeds) {
        report.error(
            "seeds",
            format!(
                "must be 1 to {MAX_SEEDS} runs per variant, got {}",
                study.seeds
            ),
        );
    }
    if !(study.wait_threshold_h.is_finite() && study.wait_threshold_h > 0.0) {
        report.error("wait_threshold_h", "must be a positive number of hours");
    }
    if let (Some(sweep), Some(base)) = (&study.sweep, study.variants.first()) {
        for d in sweep_findings(sweep, base) {
            push(&mut report, d);
        }
    }
    report
}

/// The message for a study of `count` variants outside [`VARIANTS`]: the one wording of the
/// rule, for validation and for the parser, which refuses too many before reading them.
pub(super) fn variant_count_error(count: usize) -> Option<String> {
    (!VARIANTS.contains(&count)).then(|| {
        format!(
            "a study holds {} to {} variants; this one has {count}",
            VARIANTS.start(),
            VARIANTS.end()
        )
    })
}

/// A sweep's problems: the number of values, non-finite values, and values the parameter does
/// not allow (checked by applying each to the base scenario).
pub(super) fn sweep_findings(sweep: &super::Sweep, base: &crate::Scenario) -> Vec<Diagnostic> {
    let error = |path: String, message: String| Diagnostic {
        severity: Severity::Error,
        path,
        message,
    };
    let mut found = Vec::new();
    if !SWEEP_VALUES.contains(&sweep.values.len()) {
        found.push(error(
            "sweep.values".into(),
            format!(
                "a sweep has {} to {} values; this one has {}",
                SWEEP_VALUES.start(),
                SWEEP_VALUES.end(),
                sweep.values.len()
            ),
        ));
    }
    if let Err(d) = parameter_value(base, &sweep.param) {
        found.push(error("sweep.param".into(), d.to_string()));
        return found;
    }
    for (i, &value) in sweep.values.iter().enumerate() {
        let path = format!("sweep.values[{i}]");
        if !value.is_finite() {
            found.push(error(path, "must be a finite number".into()));
        } else if let Err(d) = apply_parameter(base, &sweep.param, value) {
            found.push(error(path, d.to_string()));
        }
    }
    found
}

fn under(i: usize, path: &str) -> String {
    if path.is_empty() {
        format!("variants[{i}]")
    } else {
        format!("variants[{i}].{path}")
    }
}

fn push(report: &mut Report, d: Diagnostic) {
    match d.severity {
        Severity::Error => report.errors.push(d),
        Severity::Warning => report.warnings.push(d),
    }
}
