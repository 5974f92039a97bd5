//! A mix's job duration: fixed, uniform or lognormal (docs/FORMAT.md `duration_h`), with a small
//! picture of the distribution's shape so "median 2 h, p90 6 h" means something at a glance.

use super::binding::{bind, Binding};
use super::choice_inputs::SelectInput;
use super::number_input::NumberInput;
use super::tip::tip;
use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::scenario::{DurationDistribution, DurationSpec};
use quotalab_engine::Scenario;

const W: f64 = 160.0;
const H: f64 = 40.0;

fn spec(s: &Scenario, mix: usize) -> Option<DurationSpec> {
    s.job_mixes.get(mix).map(|m| m.duration_h.clone())
}

fn kind_of(spec: &DurationSpec) -> &'static str {
    match spec {
        DurationSpec::Fixed(_) => "fixed",
        DurationSpec::Distribution(DurationDistribution::Uniform { .. }) => "uniform",
        DurationSpec::Distribution(DurationDistribution::Lognormal { .. }) => "lognormal",
    }
}

/// A typical value of the spec, to carry over when the kind changes.
fn typical(spec: &DurationSpec) -> f64 {
    match spec {
        DurationSpec::Fixed(h) => *h,
        DurationSpec::Distribution(DurationDistribution::Uniform { min_h, max_h }) => {
            (min_h + max_h) / 2.0
        }
        DurationSpec::Distribution(DurationDistribution::Lognormal { median_h, .. }) => *median_h,
    }
}

fn of_kind(kind: &str, around: f64) -> DurationSpec {
    match kind {
        "uniform" => DurationSpec::Distribution(DurationDistribution::Uniform {
            min_h: around / 2.0,
            max_h: around * 1.5,
        }),
        "lognormal" => DurationSpec::Distribution(DurationDistribution::Lognormal {
            median_h: around,
            p90_h: around * 2.0,
        }),
        _ => DurationSpec::Fixed(around),
    }
}

/// Binds one number of the spec: `index` 0 is the fixed value, the minimum or the median; 1 the
/// maximum or the p90.
fn number(mix: usize, field: &str, index: usize) -> Binding<Option<f64>> {
    bind(
        format!("job_mixes[{mix}].duration_h{field}"),
        move |s| {
            spec(s, mix).map(|d| match d {
                DurationSpec::Fixed(h) => Some(h),
                DurationSpec::Distribution(DurationDistribution::Uniform { min_h, max_h }) => {
                    Some(if index == 0 { min_h } else { max_h })
                }
                DurationSpec::Distribution(DurationDistribution::Lognormal { median_h, p90_h }) => {
                    Some(if index == 0 { median_h } else { p90_h })
                }
            })
        },
        move |s, v: Option<f64>| {
            let v = v.unwrap_or(0.0);
            if let Some(d) = s.job_mixes.get_mut(mix).map(|m| &mut m.duration_h) {
                match d {
                    DurationSpec::Fixed(h) => *h = v,
                    DurationSpec::Distribution(DurationDistribution::Uniform { min_h, max_h }) => {
                        *(if index == 0 { min_h } else { max_h }) = v
                    }
                    DurationSpec::Distribution(DurationDistribution::Lognormal {
                        median_h,
                        p90_h,
                    }) => *(if index == 0 { median_h } else { p90_h }) = v,
                }
            }
        },
    )
}

#[component]
pub fn DurationEditor(mix: usize) -> impl IntoView {
    let state = use_editor();
    let kind = bind(
        format!("job_mixes[{mix}].duration_h"),
        move |s| spec(s, mix).map(|d| kind_of(&d).to_string()),
        move |s, v: String| {
            if let Some(m) = s.job_mixes.get_mut(mix) {
                if kind_of(&m.duration_h) != v {
                    m.duration_h = of_kind(&v, typical(&m.duration_h));
                }
            }
        },
    );
    let kinds = ["fixed", "uniform", "lognormal"]
        .iter()
        .map(|k| (k.to_string(), k.to_string()))
        .collect::<Vec<_>>();
    let current = Memo::new(move |_| state.scenario.with(|s| spec(s, mix).map(|d| kind_of(&d))));
    view! {
        <div class="field-row duration">
            <SelectInput binding=kind label="Duration" options=kinds id_scope="kind-" tip={tip!("The uninterrupted compute time on the first preference, fixed or drawn per job", json = "duration_h")} />
            {move || match current.get() {
                Some("uniform") => view! {
                    <NumberInput binding=number(mix, ".uniform.min_h", 0) label="Min" unit="h" tip={tip!("The shortest job", json = "duration_h.uniform.min_h")} />
                    <NumberInput binding=number(mix, ".uniform.max_h", 1) label="Max" unit="h" tip={tip!("The longest job", json = "duration_h.uniform.max_h")} />
                }.into_any(),
                Some("lognormal") => view! {
                    <NumberInput binding=number(mix, ".lognormal.median_h", 0) label="Median" unit="h" tip={tip!("Half the jobs are shorter than this", json = "duration_h.lognormal.median_h")} />
                    <NumberInput binding=number(mix, ".lognormal.p90_h", 1) label="p90" unit="h" tip={tip!("90% of the jobs are shorter than this", json = "duration_h.lognormal.p90_h")} />
                }.into_any(),
                _ => view! { <NumberInput binding=number(mix, "", 0) label="Hours" unit="h" tip={tip!("Every job runs this long on its first preference", json = "duration_h")} /> }.into_any(),
            }}
            {move || state.scenario.with(|s| spec(s, mix)).map(|d| view! { <DurationPreview spec=d /> })}
        </div>
    }
}

/// The shape of the distribution from 0 to a little past its longest likely job.
#[component]
fn DurationPreview(spec: DurationSpec) -> impl IntoView {
    let (points, label) = shape(&spec);
    view! {
        <svg class="duration-preview" viewBox=format!("0 0 {W} {H}") role="img" aria-label=label>
            <polyline class="shape" points=points />
            <line class="baseline" x1="0" x2=W y1=H - 1.0 y2=H - 1.0 />
        </svg>
    }
}

/// Polyline points of the density (scaled to fit) and a sentence describing it.
fn shape(spec: &DurationSpec) -> (String, String) {
    let (xmax, density, label): (f64, Box<dyn Fn(f64) -> f64>, String) = match spec.clone() {
        DurationSpec::Fixed(h) => (
            h * 2.0,
            Box::new(move |x: f64| if (x - h).abs() < h / 40.0 { 1.0 } else { 0.0 }),
            format!("every job {h} h"),
        ),
        DurationSpec::Distribution(DurationDistribution::Uniform { min_h, max_h }) => (
            max_h * 1.25,
            Box::new(move |x: f64| if x >= min_h && x <= max_h { 1.0 } else { 0.0 }),
            format!("uniform from {min_h} to {max_h} h"),
        ),
        DurationSpec::Distribution(DurationDistribution::Lognormal { median_h, p90_h }) => {
            // The generator's sigma; a p90 at or below the median is drawn as almost no spread.
            let mu = median_h.max(1e-9).ln();
            let sigma = quotalab_engine::scenario::job::lognormal_sigma(
                median_h.max(1e-9),
                p90_h.max(median_h.max(1e-9) * (1.0 + 1e-9)),
            );
            let pdf = move |x: f64| {
                if x <= 0.0 {
                    0.0
                } else {
                    (-((x.ln() - mu).powi(2)) / (2.0 * sigma * sigma)).exp() / x
                }
            };
            (
                p90_h * 1.6,
                Box::new(pdf),
                format!("lognormal, median {median_h} h, p90 {p90_h} h"),
            )
        }
    };
    let xmax = if xmax.is_finite() && xmax > 0.0 {
        xmax
    } else {
        1.0
    };
    let samples: Vec<(f64, f64)> = (0..=80)
        .map(|k| {
            let x = xmax * k as f64 / 80.0;
            (x, density(x))
        })
        .collect();
    let top = samples.iter().map(|p| p.1).fold(0.0, f64::max).max(1e-12);
    let points = samples
        .iter()
        .map(|(x, y)| format!("{:.1},{:.1}", x / xmax * W, H - 2.0 - y / top * (H - 6.0)))
        .collect::<Vec<_>>()
        .join(" ");
    (points, format!("Duration distribution: {label}"))
}
