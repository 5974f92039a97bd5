//! The calibration panel (docs/ACCOUNT.md, "calibration"): for a workload imported from history,
//! how far the simulation is from what really happened, per team, and the jobs that deviate
//! most, each a link to its story. Shown only when the engine's result has a `calibration`; the
//! engine computes every number, the panel only words them.

use crate::results::format::duration;
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

/// Hours in the unit that keeps two significant digits (s, min, h), the engine's own words.
fn maybe_duration(h: Option<f64>) -> String {
    h.map_or("–".into(), duration)
}

/// The measures of the table, in its column order: wait p50, p90 and mean, completion p50 and
/// p90, preemptions, fallback.
pub const COLUMNS: [&str; 7] = [
    "Wait p50",
    "Wait p90",
    "Mean wait",
    "Completion p50",
    "Completion p90",
    "Preemptions",
    "Fallback",
];

/// One row of the table: the team (or all jobs), its jobs compared, and per column of
/// [`COLUMNS`] the observed and the simulated value, as shown.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The row of all jobs together, after the shares'.
    pub all_jobs: bool,
    pub team: String,
    pub jobs: u32,
    pub cells: Vec<(String, String)>,
}

fn cells(o: &Side, s: &Side) -> Vec<(String, String)> {
    let both = |f: fn(&Side) -> Option<f64>| (maybe_duration(f(o)), maybe_duration(f(s)));
    vec![
        both(|x| x.wait_p50_h),
        both(|x| x.wait_p90_h),
        both(|x| x.wait_mean_h),
        both(|x| x.completion_p50_h),
        both(|x| x.completion_p90_h),
        (o.preemptions.to_string(), s.preemptions.to_string()),
        (percent(o.fallback_rate), percent(s.fallback_rate)),
    ]
}

/// Every share's row, then all jobs together (docs/TRACES.md, "The model's gap"); a scenario
/// without shares has the one row.
pub fn rows(c: &Calibration) -> Vec<Row> {
    let mut out: Vec<Row> = c
        .shares
        .iter()
        .map(|s| Row {
            all_jobs: false,
            team: s.name.as_deref().unwrap_or(ALL_JOBS).to_string(),
            jobs: s.jobs,
            cells: cells(&s.observed, &s.simulated),
        })
        .collect();
    if c.shares.iter().any(|s| s.name.is_some()) {
        out.push(Row {
            all_jobs: true,
            team: ALL_JOBS.to_string(),
            jobs: c.jobs_compared,
            cells: cells(&c.observed, &c.simulated),
        });
    }
    out
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
    let pair = |(o, s): (String, String)| view! { <td><span class="observed">{o}</span>" / "<span class="simulated">{s}</span></td> };
    let rows = rows(&c)
        .into_iter()
        .map(|row| {
            let testid = if row.all_jobs {
                "calibration-all"
            } else {
                "calibration-share"
            };
            view! {
                <tr data-testid=testid class:all-jobs=row.all_jobs>
                    <th scope="row">{row.team}</th>
                    <td>{row.jobs}</td>
                    {row.cells.into_iter().map(pair).collect_view()}
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
                Some(h) if h > 0.0 => format!("started {} later than it really did", duration(h)),
                Some(h) => format!("started {} earlier than it really did", duration(-h)),
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
                    {COLUMNS.map(|c| view! { <th scope="col">{c}</th> }).collect_view()}
                </tr></thead>
                <tbody>{rows}</tbody>
            </table>
            <p class="hint">"Each cell: observed / simulated."</p>
            <h4>"Jobs that deviate most"</h4>
            <ul class="calibration-jobs">{deviating}</ul>
        </section>
    }
}
