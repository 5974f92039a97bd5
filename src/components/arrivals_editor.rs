//! When a mix's jobs arrive (docs/FORMAT.md `arrivals`): Poisson at a rate, every so many hours, or
//! at listed hours.

use super::binding::{bind, Binding};
use super::choice_inputs::SelectInput;
use super::field_messages::FieldMessages;
use super::number_input::NumberInput;
use super::tip::tip;
use crate::state::paths::control_id;
use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::scenario::Arrivals;
use quotalab_engine::Scenario;
use serde_json::json;

fn arrivals(s: &Scenario, mix: usize) -> Option<Arrivals> {
    s.job_mixes.get(mix).map(|m| m.arrivals.clone())
}

fn kind_of(a: &Arrivals) -> &'static str {
    match a {
        Arrivals::Poisson(_) => "poisson",
        Arrivals::Periodic(_) => "every",
        Arrivals::Listed(_) => "at",
    }
}

fn start_of(a: &Arrivals) -> f64 {
    match a {
        Arrivals::Poisson(p) => p.start_h,
        Arrivals::Periodic(p) => p.start_h,
        Arrivals::Listed(l) => l.at_h.first().copied().unwrap_or(0.0),
    }
}

/// A number that only one kind of arrivals has (the Poisson rate, the period), at `field` below
/// mix `mix`'s arrivals, reached by `number`: `None` when the current kind has no such field, so
/// the input shows empty and writing changes nothing; an emptied input writes 0. The rate and the
/// period are bound this one way, so they find the mix and treat an empty input alike.
fn arrivals_number(
    mix: usize,
    field: &str,
    number: fn(&mut Arrivals) -> Option<&mut f64>,
) -> Binding<Option<f64>> {
    bind(
        format!("job_mixes[{mix}].arrivals.{field}"),
        move |s| arrivals(s, mix).map(|mut a| number(&mut a).copied()),
        move |s, v: Option<f64>| {
            if let Some(n) = s
                .job_mixes
                .get_mut(mix)
                .and_then(|m| number(&mut m.arrivals))
            {
                *n = v.unwrap_or(0.0);
            }
        },
    )
}

/// Arrivals from their JSON form: the engine does not export the variants' structs by name.
fn arrivals_from(value: serde_json::Value) -> Arrivals {
    serde_json::from_value(value).expect("arrivals built from finite numbers deserialise")
}

/// "1, 2.5, 4" -> the hours, or `None` when one is not a number.
pub fn parse_hours(text: &str) -> Option<Vec<f64>> {
    text.split([',', ' '])
        .filter(|p| !p.trim().is_empty())
        .map(|p| p.trim().parse::<f64>().ok().filter(|v| v.is_finite()))
        .collect()
}

#[component]
pub fn ArrivalsEditor(mix: usize) -> impl IntoView {
    let state = use_editor();
    let path = format!("job_mixes[{mix}].arrivals");
    let kind = bind(
        path.clone(),
        move |s| arrivals(s, mix).map(|a| kind_of(&a).to_string()),
        move |s, v: String| {
            if let Some(m) = s.job_mixes.get_mut(mix) {
                let start_h = start_of(&m.arrivals);
                m.arrivals = match v.as_str() {
                    "every" => arrivals_from(json!({ "every_h": 2.0, "start_h": start_h })),
                    "at" => arrivals_from(json!({ "at_h": [start_h] })),
                    _ => arrivals_from(json!({ "poisson_per_h": 1.0, "start_h": start_h })),
                };
                if v == "at" {
                    m.count = None;
                } else if m.count.is_none() {
                    m.count = Some(5);
                }
            }
        },
    );
    let rate = arrivals_number(mix, "poisson_per_h", |a| match a {
        Arrivals::Poisson(p) => Some(&mut p.poisson_per_h),
        _ => None,
    });
    let period = arrivals_number(mix, "every_h", |a| match a {
        Arrivals::Periodic(p) => Some(&mut p.every_h),
        _ => None,
    });
    let start = bind(
        format!("{path}.start_h"),
        move |s| arrivals(s, mix).map(|a| Some(start_of(&a))),
        move |s, v: Option<f64>| match s.job_mixes.get_mut(mix).map(|m| &mut m.arrivals) {
            Some(Arrivals::Poisson(p)) => p.start_h = v.unwrap_or(0.0),
            Some(Arrivals::Periodic(p)) => p.start_h = v.unwrap_or(0.0),
            _ => {}
        },
    );
    let current = Memo::new(move |_| {
        state
            .scenario
            .with(|s| arrivals(s, mix).map(|a| kind_of(&a)))
    });
    let kinds = vec![
        ("poisson".into(), "Poisson (random)".into()),
        ("every".into(), "every N hours".into()),
        ("at".into(), "at listed hours".into()),
    ];
    let listed = move || {
        state.scenario.with(|s| match arrivals(s, mix) {
            Some(Arrivals::Listed(l)) => l
                .at_h
                .iter()
                .map(f64::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            _ => String::new(),
        })
    };
    let set_listed = move |ev| {
        if let Some(at_h) = parse_hours(&event_target_value(&ev)) {
            state.edit(|s| {
                if let Some(m) = s.job_mixes.get_mut(mix) {
                    m.arrivals = arrivals_from(json!({ "at_h": at_h }))
                }
            });
        } else {
            state.screen.tell(
                true,
                "Arrival hours are numbers separated by commas, e.g. 0, 1.5, 3",
            );
        }
    };
    let at_id = control_id(&format!("{path}.at_h"));
    view! {
        <div class="field-row arrivals">
            <SelectInput binding=kind label="Arrivals" options=kinds tip={tip!("How submit times are made: listed, every few hours, or at random (seeded by the scenario seed and the mix name)", json = "arrivals")} />
            {move || match current.get() {
                Some("at") => view! {
                    <div class="field">
                        <label for=at_id.clone() title={tip!("Submit hours, one job each", json = "arrivals.at_h")}>"At hours"</label>
                        <input id=at_id.clone() type="text" prop:value=listed on:change=set_listed title={tip!("Submit hours separated by commas, one job each", json = "arrivals.at_h")} />
                        <FieldMessages path=format!("job_mixes[{mix}].arrivals.at_h") />
                    </div>
                }.into_any(),
                Some("every") => view! {
                    <NumberInput binding=period.clone() label="Every" unit="h" tip={tip!("One job every this many hours", json = "arrivals.every_h")} />
                    <NumberInput binding=start.clone() label="From" unit="h" tip={tip!("When the first job arrives", json = "arrivals.start_h")} />
                }.into_any(),
                Some(_) => view! {
                    <NumberInput binding=rate.clone() label="Rate" unit="jobs/h" tip={tip!("Mean arrivals per hour; the gaps are random (exponential)", json = "arrivals.poisson_per_h")} />
                    <NumberInput binding=start.clone() label="From" unit="h" tip={tip!("When arrivals begin", json = "arrivals.start_h")} />
                }.into_any(),
                None => ().into_any(),
            }}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::parse_hours;

    #[test]
    fn listed_hours_parse_leniently() {
        assert_eq!(parse_hours("0, 1.5 3"), Some(vec![0.0, 1.5, 3.0]));
        assert_eq!(parse_hours("1, x"), None);
        assert_eq!(parse_hours(""), Some(vec![]));
    }
}
