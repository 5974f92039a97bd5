//! The controls every study view shares: K seeds, the run button, the progress bar and Cancel,
//! and the list of what stops the study from running.

use crate::state::use_editor;
use crate::study::auto_run::Current;
use crate::study::run::{Run, StudyPhase, Work};
use leptos::prelude::*;
use quotalab_engine::result::numbers::count;
use quotalab_engine::study::MAX_SEEDS;
use std::convert::Infallible;

/// "Seeds (K)" input, Run and Cancel, and the run's progress.
#[component]
pub fn StudyControls<W: Work>(
    run: Run<W>,
    /// Starts the run (the view knows its definition).
    on_run: Callback<()>,
    /// The Run button's words: "Run comparison", "Run sweep".
    run_label: &'static str,
    /// Whether the current definition is valid and can run.
    #[prop(into)]
    can_run: Signal<bool>,
) -> impl IntoView {
    let state = use_editor();
    // Compare and Sweep each have these controls, so the message's id names the view.
    let error_id = format!(
        "study-seeds-error-{}",
        run_label.to_lowercase().replace(' ', "-")
    );
    let seeds = move || state.workspace.with(|w| w.settings.seeds);
    let seeds_error = RwSignal::new(None::<String>);
    let set_seeds = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        match text.trim().parse::<u32>() {
            Ok(k) if (1..=MAX_SEEDS).contains(&k) => {
                seeds_error.set(None);
                state.edit_workspace(|w| {
                    w.settings.seeds = k;
                    Ok::<_, Infallible>(())
                });
            }
            _ => seeds_error.set(Some(format!(
                "Seeds: enter a whole number from 1 to {MAX_SEEDS}."
            ))),
        }
    };
    view! {
        <div class="study-controls">
            <label class="field inline" title="Each variant (or sweep point) runs with the same K seeds, so differences come from the agreement, not from luck (common random numbers).">
                <span>"Seeds (K)"</span>
                <input type="number" min="1" max=MAX_SEEDS.to_string() step="1" prop:value=move || seeds().to_string()
                    on:change=set_seeds data-testid="study-seeds" aria-describedby=error_id.clone() />
            </label>
            <button type="button" class="primary" data-testid="study-run" disabled=move || !can_run.get()
                on:click=move |_| on_run.run(())>{run_label}</button>
            <button type="button" data-testid="study-cancel" disabled=move || !run.phase.with(StudyPhase::is_running)
                on:click=move |_| run.cancel()>"Cancel"</button>
            <Progress run />
            <p class="field-error" id=error_id role="alert">{move || seeds_error.get()}</p>
        </div>
    }
}

/// The run's state in words, with a bar while it runs.
#[component]
fn Progress<W: Work>(run: Run<W>) -> impl IntoView {
    move || {
        match run.phase.get() {
        StudyPhase::Idle => view! { <span class="study-status">"Not run yet."</span> }.into_any(),
        StudyPhase::Running { done, total, workers, .. } => view! {
            <span class="study-status" data-testid="study-progress">
                <progress max=total.to_string() value=done.to_string()></progress>
                {format!(" {}, on {workers} worker{}", W::progress(done, total), if workers == 1 { "" } else { "s" })}
            </span>
        }
        .into_any(),
        StudyPhase::Done { runs, stood_in, workers, elapsed_ms } => view! {
            <span class="study-status" data-testid="study-done">
                {format!("{} on {workers} worker{} in {:.1} s.", W::count(runs), if workers == 1 { "" } else { "s" }, elapsed_ms / 1000.0)}
            </span>
            {(stood_in > 0).then(|| view! {
                <p class="study-note study-stood-in" data-testid="study-stood-in">
                    {format!("A scenario without job mixes or spot interruptions gives the same run at every seed, so {}.", match stood_in {
                        1 => "the other 1 is that run at another seed".to_string(),
                        n => format!("the other {} are those runs at other seeds", count(n as u64)),
                    })}
                </p>
            })}
        }
        .into_any(),
        StudyPhase::Cancelled => view! { <span class="study-status">"Cancelled."</span> }.into_any(),
        StudyPhase::Failed(message) => view! { <span class="study-status error" role="alert">{format!("The study failed: {message}")}</span> }.into_any(),
    }
    }
}

/// Why the view's study cannot run (errors with their paths, or what to do first).
#[component]
pub fn Problems(current: Current, testid: &'static str) -> impl IntoView {
    move || {
        current.get().err().map(|problems| {
            view! {
                <ul class="study-problems" data-testid=testid>
                    {problems.lines().into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}
                </ul>
            }
        })
    }
}
