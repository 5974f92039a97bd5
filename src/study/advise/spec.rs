//! Editing the study's `advise` field (docs/ADVISOR.md, "In the study document") from the
//! Advise view's form: every change is one undo step of the workspace, so targets travel in
//! links, files and the autosave with the agreement. The ranges a form row offers for a KPI live
//! here too, so the target rows and the budget read alike (their words are the engine's,
//! `study::advise::words`, which the advice's own sentences use as well).

use crate::state::Editor;
use leptos::prelude::*;
use quotalab_engine::study::advise::target::Bound;
use quotalab_engine::study::advise::AdviseSpec;
use quotalab_engine::study::{Kpi, KpiUnit};
use quotalab_engine::Diagnostic;
use std::convert::Infallible;

/// Applies `change` to the advise field (an empty one if there is none yet). A field left with
/// neither targets nor budgets is dropped, so a scenario whose search was cleared is written as a
/// plain scenario again.
pub fn edit_advise(state: &Editor, change: impl FnOnce(&mut AdviseSpec)) {
    state.edit_workspace(|w| {
        let mut spec = w
            .settings
            .advise
            .clone()
            .unwrap_or_else(|| AdviseSpec::new(Vec::new()));
        change(&mut spec);
        w.settings.advise = (!(spec.targets.is_empty() && spec.budgets.is_empty())).then_some(spec);
        Ok::<_, Infallible>(())
    });
}

/// The way a KPI's target usually points: at least for what should be high, at most otherwise.
pub fn natural_bound(kpi: Kpi) -> Bound {
    match kpi.direction() {
        quotalab_engine::study::Direction::HigherIsBetter => Bound::AtLeast,
        _ => Bound::AtMost,
    }
}

/// A bound to start from when a row picks `kpi`: a day for times, 90% or 20% for fractions.
pub fn starting_value(kpi: Kpi, bound: Bound) -> f64 {
    match kpi.unit() {
        KpiUnit::Hours => 24.0,
        KpiUnit::Fraction if bound == Bound::AtLeast => 0.9,
        KpiUnit::Fraction => 0.2,
        KpiUnit::Currency => 1000.0,
        KpiUnit::Jobs => 1.0,
        _ => 10.0,
    }
}

/// The slider's range and step for `kpi` around `value`: fractions from 0 to 1, the rest from 0
/// to at least twice the value.
pub fn slider(kpi: Kpi, value: f64) -> (f64, f64, f64) {
    let wide = |least: f64| least.max(2.0 * value.abs()).ceil();
    match kpi.unit() {
        KpiUnit::Fraction => (0.0, 1.0, 0.01),
        KpiUnit::Hours => (0.0, wide(72.0), 0.5),
        KpiUnit::Currency => (0.0, wide(5000.0), 10.0),
        _ => (0.0, wide(100.0), 1.0),
    }
}

/// The engine's errors about the field at `path` or inside it (`advise.targets[1]`), for the
/// place in the form that shows them.
pub fn errors_at(problems: &[Diagnostic], path: &str) -> Vec<String> {
    problems
        .iter()
        .filter(|d| {
            d.path == path
                || d.path
                    .strip_prefix(path)
                    .is_some_and(|rest| rest.starts_with(['.', '[']))
        })
        .map(|d| d.message.clone())
        .collect()
}

/// The engine's errors at any of `paths`, as the list under the place that shows them.
pub fn errors_view(problems: Memo<Vec<Diagnostic>>, paths: Vec<String>) -> impl IntoView {
    move || {
        let found: Vec<String> =
            problems.with(|p| paths.iter().flat_map(|path| errors_at(p, path)).collect());
        (!found.is_empty()).then(|| {
            view! {
                <ul class="advise-errors" role="alert">
                    {found.into_iter().map(|e| view! { <li>{e}</li> }).collect_view()}
                </ul>
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quotalab_engine::Severity;

    #[test]
    fn errors_are_found_at_their_place_and_not_at_a_neighbour() {
        let error = |path: &str| Diagnostic {
            severity: Severity::Error,
            path: path.into(),
            message: path.into(),
        };
        let problems = [
            error("advise.targets[1]"),
            error("advise.targets[10]"),
            error("advise.capacity_max[0].count"),
        ];
        assert_eq!(
            errors_at(&problems, "advise.targets[1]"),
            ["advise.targets[1]"]
        );
        assert_eq!(
            errors_at(&problems, "advise.capacity_max"),
            ["advise.capacity_max[0].count"]
        );
        assert!(errors_at(&problems, "advise.budgets").is_empty());
    }
}
