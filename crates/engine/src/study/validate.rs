//! The study rules (docs/STUDY.md), on top of each variant's own validation.

use super::advise::knobs::{AdviseSpec, Knob};
use super::advise::target::{Target, EVERY_SHARE};
use super::advise::teams::{team_noun, teams};
use super::params::{apply_parameter, parameter_value};
use super::{Study, MAX_SEEDS, SWEEP_VALUES, VARIANTS};
use crate::diagnostic::{Diagnostic, Report, Severity};
use crate::scenario::Rules;
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
    // A search needs only the current agreement, so a study that carries targets may hold one
    // variant (docs/ADVISOR.md, "In the study document").
    let fewest = if study.advise.is_some() {
        1
    } else {
        *VARIANTS.start()
    };
    if let Some(message) = variant_count_error(study.variants.len(), fewest) {
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
    if let (Some(advise), Some(base)) = (&study.advise, study.variants.first()) {
        for d in advise_findings(advise, base) {
            push(&mut report, d);
        }
    }
    report
}

/// The message for a study of `count` variants outside `fewest` to the most of [`VARIANTS`]:
/// the one wording of the rule, for validation and for the parser, which refuses too many before
/// reading them.
pub(super) fn variant_count_error(count: usize, fewest: usize) -> Option<String> {
    (!(fewest..=*VARIANTS.end()).contains(&count)).then(|| {
        format!(
            "a study holds {fewest} to {} variants; this one has {count}",
            VARIANTS.end()
        )
    })
}

/// The advise field's problems (docs/ADVISOR.md, "Targets and knobs"): targets that do not
/// parse or name a team (a share, or under Kueue a ClusterQueue) the first variant lacks, budgets
/// that name no team, knobs named twice or of the other rules ("Under Kueue's rules"), capacity
/// maxima for types the scenario does not know or below today's count, and searches without
/// targets, starts or simulations.
pub(crate) fn advise_findings(spec: &AdviseSpec, base: &crate::Scenario) -> Vec<Diagnostic> {
    let error = |path: String, message: String| Diagnostic {
        severity: Severity::Error,
        path,
        message,
    };
    let teams = teams(base);
    let has_share = |name: &str| teams.iter().any(|t| t == name);
    let not_a_team = |name: &str| {
        let noun = team_noun(base.rules);
        format!(
            "{noun} \"{name}\" is not in the scenario; its {noun}s are {}",
            team_list(&teams, noun)
        )
    };
    let mut found = Vec::new();
    if spec.targets.is_empty() && spec.budgets.is_empty() {
        found.push(error(
            "advise.targets".into(),
            "name at least one target (e.g. nlp:completion_p90_h<=24) or budget".into(),
        ));
    }
    for (i, text) in spec.targets.iter().enumerate() {
        let path = format!("advise.targets[{i}]");
        match Target::parse(text) {
            Err(why) => found.push(error(path, why.to_string())),
            Ok(t) if t.share != EVERY_SHARE && !has_share(&t.share) => {
                found.push(error(path, not_a_team(&t.share)))
            }
            Ok(_) => {}
        }
    }
    for (i, budget) in spec.budgets.iter().enumerate() {
        if !(budget.max.is_finite() && budget.max > 0.0) {
            found.push(error(
                format!("advise.budgets[{i}].max"),
                "a budget is a positive amount".into(),
            ));
        }
        if let Some(share) = budget.share.as_deref().filter(|s| !has_share(s)) {
            found.push(error(
                format!("advise.budgets[{i}].share"),
                not_a_team(share),
            ));
        }
    }
    let vary = spec.vary.as_deref().unwrap_or_default();
    for (i, knob) in vary.iter().enumerate() {
        if vary[..i].contains(knob) {
            found.push(error(
                format!("advise.vary[{i}]"),
                format!("{} is named twice", knob.name()),
            ));
        } else if knob.rules() != base.rules {
            found.push(error(
                format!("advise.vary[{i}]"),
                wrong_rules(*knob, base.rules),
            ));
        }
    }
    if base.rules == Rules::Kueue && !spec.capacity_max.is_empty() {
        // Under Kueue a team's capacity is its quota, which `nominal_quota` moves; nothing is
        // bought (docs/ADVISOR.md, "Under Kueue's rules").
        found.push(error(
            "advise.capacity_max".into(),
            format!(
                "sets how many instances the capacity knob may buy, which changes nothing under {}'s rules, which this scenario runs under; remove it",
                Rules::Kueue.title()
            ),
        ));
    }
    let capacity_max = match base.rules {
        Rules::Kueue => &[][..],
        Rules::Aws => &spec.capacity_max[..],
    };
    for (i, max) in capacity_max.iter().enumerate() {
        let path = format!("advise.capacity_max[{i}]");
        let now = base
            .capacity
            .iter()
            .find(|c| c.instance_type == max.instance_type)
            .map_or(0, |c| c.count);
        if base.instance_type(&max.instance_type).is_none() {
            found.push(error(
                format!("{path}.instance_type"),
                format!("{} is not a known instance type", max.instance_type),
            ));
        } else if max.count < now {
            found.push(error(
                format!("{path}.count"),
                format!(
                    "{} is below today's {now} on-demand {}; the advisor buys, it does not sell what is there",
                    max.count, max.instance_type
                ),
            ));
        }
    }
    if spec.starts == Some(0) {
        found.push(error("advise.starts".into(), "at least 1 start".into()));
    }
    if spec.max_simulations == Some(0) {
        found.push(error(
            "advise.max_simulations".into(),
            "at least 1 simulation".into(),
        ));
    }
    found
}

fn team_list(teams: &[String], noun: &str) -> String {
    let names: Vec<String> = teams.iter().map(|t| format!("\"{t}\"")).collect();
    if names.is_empty() {
        format!("none (the advisor needs {noun}s)")
    } else {
        names.join(", ")
    }
}

/// Why `knob` cannot turn under `rules`, with the knobs that can and the one that changes the
/// same kind of term, if any.
fn wrong_rules(knob: Knob, rules: Rules) -> String {
    let names: Vec<String> = Knob::of(rules).iter().map(|k| k.name()).collect();
    let instead = knob
        .counterpart()
        .map(|k| format!(" ({} is the nearest)", k.name()))
        .unwrap_or_default();
    format!(
        "{} is a knob of {}'s rules and changes nothing under {}'s, which this scenario runs under; its knobs are {}{instead}",
        knob.name(),
        knob.rules().title(),
        rules.title(),
        names.join(", ")
    )
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
