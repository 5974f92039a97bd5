//! `ResultsPanel`: the RESULTS zone. KPI cards on top, the run's notes, a Kueue run's per-queue
//! table, the calibration of an imported history, then the charts, then the jobs table; the job
//! story opens as a drawer. The jobs table, below the charts, is built once the page's first
//! chart is on screen, as the BUILD zone's editor is (`Session::first_chart_settled`;
//! docs/PERFORMANCE.md, "The chart before the builder").
//!
//! The root carries `data-testid="app-ready"` and `data-revision` only while the results shown
//! belong to the scenario on screen (tests wait on it); while an edit is running, the previous
//! results stay visible but dimmed and marked as out of date, so nothing jumps.

use crate::results::baseline::use_baseline;
use crate::results::calibration::CalibrationPanel;
use crate::results::charts::tabs::ChartTabs;
use crate::results::export::{AllChartsExports, ResultExports};
use crate::results::jobs::{JobStory, JobsTable};
use crate::results::kpi::{BaselineChoice, KpiCards};
use crate::results::kueue_queues::KueueQueues;
use crate::results::run_notes::RunNotes;
use crate::results::session::{use_session, Phase};
use crate::results::theme::ThemeToggle;
use crate::state::use_editor;
use leptos::prelude::*;

#[component]
pub fn ResultsPanel() -> impl IntoView {
    let state = use_editor();
    let session = use_session();
    let baseline = use_baseline();
    let outcome = Signal::derive(move || session.current.get());
    // Text that is not a number in a field means the scenario on screen is not what ran.
    let current = move || {
        state.unparsed.with(|u| u.is_empty())
            && session.current.with(|o| {
                o.as_ref()
                    .is_some_and(|o| o.revision == state.revision.get())
            })
    };
    view! {
        <div class="results-root" class:stale=move || !current()
            data-testid=move || current().then_some("app-ready")
            data-revision=move || session.current.with(|o| o.as_ref().map(|o| o.revision.to_string()))>
            <header class="results-head">
                <h2>"Results"</h2>
                <StaleNote />
                <BaselineChoice />
                <ResultExports outcome />
                <AllChartsExports outcome />
                <ThemeToggle />
            </header>
            {move || match outcome.get() {
                Some(current) => view! { <KpiCards current previous=session.previous.get() reference=baseline.reference.get() /> }.into_any(),
                None => view! { <p class="placeholder">{move || match session.phase.get() {
                    Phase::Reading => "Reading the new results…",
                    _ => "The results appear here as soon as the scenario has run.",
                }}</p> }.into_any(),
            }}
            <RunNotes outcome />
            <KueueQueues outcome />
            <CalibrationPanel outcome />
            <ChartTabs outcome />
            {move || session.first_chart_settled.get().then(|| view! { <JobsTable outcome /> })}
            <JobStory outcome />
        </div>
    }
}

/// Says why the results shown may not match the scenario on screen.
#[component]
fn StaleNote() -> impl IntoView {
    let session = use_session();
    let state = use_editor();
    let why = move || {
        let unparsed = state.unparsed.with(|u| u.len());
        if unparsed > 0 {
            let text = format!(
                "Out of date: {unparsed} field{} hold{} text that is not a number.",
                if unparsed == 1 { "" } else { "s" },
                if unparsed == 1 { "s" } else { "" }
            );
            return Some(text);
        }
        match session.phase.get() {
            Phase::Invalid { errors } => Some(format!(
                "Out of date: fix {errors} error{} to run.",
                if errors == 1 { "" } else { "s" }
            )),
            Phase::Scheduled | Phase::Running { .. } | Phase::Reading => {
                Some("Updating…".to_owned())
            }
            Phase::Cancelled => Some("Out of date: the run was cancelled.".to_owned()),
            Phase::Failed { .. } => Some("Out of date: the last run failed.".to_owned()),
            _ => None,
        }
    };
    move || {
        why().map(|text| view! { <span class="stale-note" data-testid="stale-note">{text}</span> })
    }
}
