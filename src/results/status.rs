//! `RunStatus`, the status bar's part about running: "ran in 38 ms", a progress bar with an
//! estimate and a Cancel button, or why nothing runs.

use crate::results::format;
use crate::results::session::{use_session, Phase, RunProgress, Session};
use crate::state::browser::now_ms;
use leptos::prelude::*;
use quotalab_engine::result::numbers::counted;

#[component]
pub fn RunStatus() -> impl IntoView {
    let session = use_session();
    view! {
        <span class="run-status" data-testid="run-status" aria-live="polite"
            data-worker-memory=move || session.memory.get().0.to_string()
            data-page-memory=move || session.memory.get().1.to_string()>
            {move || match session.phase.get() {
                Phase::Starting => "starting the simulation…".into_any(),
                Phase::Invalid { errors } => format!("fix {} to run", counted(errors as u64, "error")).into_any(),
                Phase::Scheduled => "edit received…".into_any(),
                Phase::Reading => "reading the results…".into_any(),
                Phase::Running { started_ms, progress } => view! { <Running session started_ms progress /> }.into_any(),
                Phase::Ran { elapsed_ms } => format!("ran in {} ms", elapsed_ms.round()).into_any(),
                Phase::Cancelled => view! {
                    "run cancelled "
                    <button class="link-button" on:click=move |_| session.run_now()>"Run again"</button>
                }.into_any(),
                Phase::Failed { message } => view! {
                    <span class="run-failed" role="alert" data-testid="run-failed">{message}</span>
                    " "
                    <button class="link-button" data-testid="run-retry" on:click=move |_| session.run_now()>"Retry"</button>
                }.into_any(),
            }}
        </span>
    }
}

/// A run in flight: how far it is, about how long it still needs, and a way out.
#[component]
fn Running(session: Session, started_ms: f64, progress: Option<RunProgress>) -> impl IntoView {
    let Some(p) = progress else {
        return view! { <span>"running…"</span> }.into_any();
    };
    let fraction = if p.jobs == 0 {
        0.0
    } else {
        p.jobs_ended as f64 / p.jobs as f64
    };
    let elapsed_s = (now_ms() - started_ms) / 1000.0;
    // Jobs ended is the only progress measure known in advance; events per job vary.
    let estimate = if fraction > 0.02 {
        format!(
            ", about {} s left",
            format::round_for_people(elapsed_s * (1.0 - fraction) / fraction)
        )
    } else {
        String::new()
    };
    view! {
        <span class="run-progress" data-testid="run-progress">
            <progress max=p.jobs.to_string() value=p.jobs_ended.to_string()></progress>
            {format!(
                " {}, {} of {} ended, simulated time {}{estimate} ",
                counted(p.events, "event"), format::count(p.jobs_ended), counted(p.jobs, "job"), format::hours(p.now_h)
            )}
            <button on:click=move |_| session.cancel()>"Cancel"</button>
        </span>
    }
    .into_any()
}
