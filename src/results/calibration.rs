//! The calibration panel (docs/ACCOUNT.md, "calibration"): for a workload imported from history,
//! how far the simulation is from what really happened, per team, and the jobs that deviate
//! most, each a link to its story. Shown only when the engine's result has a `calibration`; the
//! engine computes every number, the panel only words them.

use crate::results::format::hours;
use crate::results::session::Outcome;
use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::result::calibration::{Calibration, Side, START_TOLERANCE_H};
use quotalab_engine::result::metrics::ALL_JOBS;
use quotalab_engine::result::numbers::counted;
use std::sync::Arc;

#[component]
pub fn CalibrationPanel(outcome: Signal<Option<Arc<Outcome>>>) -> impl IntoView {
    move || {
        outcome
            .get()
            .and_then(|o| o.result.calibration.clone())
            .map(|c| view! { <CalibrationBody c /> })
    }
}

fn percent(f: Option<f64>) -> String {
    f.map_or("–".into(), |f| format!("{:.0}%", f * 100.0))
}

fn maybe_hours(h: Option<f64>) -> String {
    h.map_or("–".into(), hours)
}

#[component]
fn CalibrationBody(c: Calibration) -> impl IntoView {
    let state = use_editor();
    let headline = format!(
        "{} of {} that really started were simulated to start within {} min (or 10% of their wait); {} of {} ran on the same instance type.",
        percent(c.start_within_tolerance),
        counted(u64::from(c.starts_compared), "job"),
        (START_TOLERANCE_H * 60.0).round(),
        percent(c.same_instance_type),
        c.types_compared,
    );
    let pair = |o: String, s: String| view! { <td><span class="observed">{o}</span>" / "<span class="simulated">{s}</span></td> };
    let rows = c
        .shares
        .iter()
        .map(|s| {
            let (o, m): (&Side, &Side) = (&s.observed, &s.simulated);
            view! {
                <tr data-testid="calibration-share">
                    <th scope="row">{s.name.as_deref().unwrap_or(ALL_JOBS).to_string()}</th>
                    <td>{s.jobs}</td>
                    {pair(maybe_hours(o.wait_p50_h), maybe_hours(m.wait_p50_h))}
                    {pair(maybe_hours(o.completion_p90_h), maybe_hours(m.completion_p90_h))}
                    {pair(o.preemptions.to_string(), m.preemptions.to_string())}
                    {pair(percent(o.fallback_rate), percent(m.fallback_rate))}
                </tr>
            }
        })
        .collect_view();
    let deviating = c
        .most_deviating
        .iter()
        .map(|d| {
            let name = d.job.to_string();
            let open = {
                let name = name.clone();
                move |_| state.screen.selected_job.set(Some(name.clone()))
            };
            let what = match d.deviation_h {
                Some(h) if h > 0.0 => format!("started {} later than it really did", hours(h)),
                Some(h) => format!("started {} earlier than it really did", hours(-h)),
                None if d.simulated_first_start_h.is_some() => "started, though it never really did".to_string(),
                None => "never started, though it really did".to_string(),
            };
            view! {
                <li data-testid="calibration-job">
                    <button type="button" class="link-button" on:click=open title="Open its story">{name}</button>
                    " "{what}
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="calibration" data-testid="calibration" aria-label="Calibration">
            <h3>"Calibration: simulated against what really happened"</h3>
            <p data-testid="calibration-headline">{headline}</p>
            <table class="calibration-table">
                <thead><tr>
                    <th scope="col">"Team"</th><th scope="col">"Jobs"</th>
                    <th scope="col">"Median wait"</th><th scope="col">"p90 completion"</th>
                    <th scope="col">"Preemptions"</th><th scope="col">"Fallback"</th>
                </tr></thead>
                <tbody>{rows}</tbody>
            </table>
            <p class="hint">"Each cell: observed / simulated."</p>
            <h4>"Jobs that deviate most"</h4>
            <ul class="calibration-jobs">{deviating}</ul>
        </section>
    }
}
