//! The job story (docs/DESIGN.md "Ask why"): a drawer that tells one job's life from the engine's
//! record: when it was submitted, which entries it tried and why each was skipped, where it ran,
//! who preempted it and what that cost in lost work, how long it waited and why, and its cost.
//! The page holds only the job columns, so the record is asked of the worker when the drawer
//! opens (`session::story`).

use crate::results::format::{exact, hours, money};
use crate::results::jobs::attempt_line::AttemptLine;
use crate::results::jobs::words;
use crate::results::session::{use_session, Outcome};
use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::result::{Attempt, JobResult, Skipped};
use std::sync::Arc;

/// The drawer; open while `Editor::selected_job` names a job of the current result.
#[component]
pub fn JobStory(outcome: Signal<Option<Arc<Outcome>>>) -> impl IntoView {
    let state = use_editor();
    // Escape closes it through the global shortcuts (`components::keyboard`), after any dialog.
    let close = move || state.screen.selected_job.set(None);
    let session = use_session();
    // The selected job's index in the current result, found by its name.
    let index = Memo::new(move |_| {
        let name = state.screen.selected_job.get()?;
        outcome.with(|o| o.as_ref()?.result.jobs.find(&name))
    });
    Effect::new(move || {
        if let (Some(job), Some(o)) = (index.get(), outcome.get()) {
            session.open_story(&o, job);
        }
    });
    let story = move || {
        let (job, o) = (index.get()?, outcome.get()?);
        let name = o.result.jobs.name(job).to_string();
        let record = session.story.with(|s| {
            s.as_ref()
                .filter(|s| s.run == o.run && s.job == job)
                .and_then(|s| s.record.clone())
        });
        let label = format!("Story of job {name}");
        let body = match record {
            Some(record) => view! { <StoryBody job=(*record).clone() outcome=o /> }.into_any(),
            None => view! { <h3>{name}</h3><p class="placeholder">"Reading the job's story…"</p> }
                .into_any(),
        };
        Some(view! {
            <aside class="story" data-testid="job-story" role="dialog" aria-label=label>
                <button class="close" on:click=move |_| close() aria-label="Close the story">"×"</button>
                {body}
            </aside>
        })
    };
    view! { {story} }
}

#[component]
fn StoryBody(job: JobResult, outcome: Arc<Outcome>) -> impl IntoView {
    let currency = outcome.result.currency.clone();
    let share_of = move |name: &str| {
        let jobs = &outcome.result.jobs;
        jobs.find(name)
            .and_then(|j| jobs.share_name(j).map(str::to_owned))
    };
    let ended = match (&job.end_h, &job.reason) {
        (Some(end), Some(reason)) => format!("{} at {} ({reason})", job.status, hours(*end)),
        (Some(end), None) => format!("{} at {}", job.status, hours(*end)),
        (None, _) => format!(
            "{}: {}",
            job.status,
            job.blocked_by
                .map(words::reason)
                .unwrap_or("did not end before the horizon")
        ),
    };
    let attempts = job.attempts.iter().enumerate().map(|(i, a)| view! { <AttemptItem n=i + 1 attempt=a.clone() by_share=a.preempted_by.as_deref().and_then(&share_of) /> }).collect_view();
    let waited = job.waited.iter().map(|(r, h)| view! { <li title=exact(h)>{hours(h)}" — "{words::reason_label(r)}": "{words::reason(r)}" ("<code>{r.to_string()}</code>")"</li> }).collect_view();
    view! {
        <h3>{job.name.to_string()}</h3>
        <p class="story-facts">
            {format!("share {} · mix {} · priority {}", job.share.clone().unwrap_or("—".into()), job.mix.clone().unwrap_or("—".into()), job.priority)}
        </p>
        <AttemptLine job=job.clone() />
        <ol class="story-steps">
            <li>{format!("Submitted at {}.", hours(job.submit_h))}</li>
            {attempts}
            <li>{format!("Ended: {ended}.")}</li>
        </ol>
        {job.pending_message.clone().map(|m| view! {
            <p class="kueue-pending" data-testid="kueue-pending">"Kueue's pending reason, as its scheduler prints it: "<q>{m}</q></p>
        })}
        <h4>"Time waited, by reason"</h4>
        {if job.waited.is_empty() { view! { <p>"It never waited."</p> }.into_any() } else { view! { <ul>{waited}</ul> }.into_any() }}
        <p title=exact(job.cost)>{format!("Cost {} · lost work {} ({} accelerator-h)", money(job.cost, &currency), hours(job.lost_h), crate::results::format::round_for_people(job.lost_accelerator_h))}</p>
    }
}

/// "entry #1, ml.p4d.24xlarge ×1, skipped: ": which entry was passed over. Results from before
/// the engine named the entry's type say only its number.
fn skipped_entry(s: &Skipped) -> String {
    if s.instance_type.is_empty() {
        format!("entry #{} skipped: ", s.preference + 1)
    } else {
        format!(
            "entry #{}, {} \u{d7}{}, skipped: ",
            s.preference + 1,
            s.instance_type,
            s.instance_count
        )
    }
}

/// One attempt: the entries skipped before it and why, where it ran, and how it ended.
#[component]
fn AttemptItem(n: usize, attempt: Attempt, by_share: Option<String>) -> impl IntoView {
    let a = attempt;
    let skipped = a
        .skipped
        .iter()
        .map(|s| view! { <li>{skipped_entry(s)}<code>{s.reason.to_string()}</code>{format!(", {}", words::reason(s.reason))}</li> })
        .collect_view();
    let borrowed = if a.borrowed > 0 {
        format!(", borrowing {} of them", a.borrowed)
    } else {
        String::new()
    };
    // Kueue admits on a ResourceFlavor: name it beside its instance type.
    let flavor = a
        .flavor
        .as_ref()
        .map(|f| format!(", ResourceFlavor {f}"))
        .unwrap_or_default();
    let ran = format!(
        "Attempt {n}: started at {} on entry #{}, {} ×{} ({}){flavor}{borrowed}.",
        hours(a.start_h),
        a.preference + 1,
        a.instance_type,
        a.instance_count,
        words::pool(a.pool, a.training_plan.as_deref())
    );
    let end = match (a.outcome.is_interruption(), a.preemption) {
        (true, Some(kind)) => format!(
            "At {} it was {}{}; {} of work since the last checkpoint was lost.",
            hours(a.end_h),
            words::preemption(kind),
            a.preempted_by
                .as_ref()
                .map(|by| format!(
                    " (by job {by}{})",
                    by_share
                        .map(|s| format!(" of share {s}"))
                        .unwrap_or_default()
                ))
                .unwrap_or_default(),
            hours(a.lost_h)
        ),
        _ => format!("At {} it ended: {}.", hours(a.end_h), a.outcome),
    };
    view! {
        <li class="attempt" data-testid="story-attempt">
            {(!a.skipped.is_empty()).then(|| view! { <ul class="skipped">{skipped}</ul> })}
            <p>{ran}</p>
            <p>{end}</p>
        </li>
    }
}
