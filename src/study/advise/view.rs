//! "Advise" (docs/ADVISOR.md): the inverse of a simulation. Targets per team, a budget and what
//! may change go in; the engine's search runs in the worker pool, one start per worker; the
//! proposals come out beside the current agreement, each one click from being a variant.
//!
//! The current agreement is the first variant, as for `quotalab advise` on a study file; the
//! search is the study's `advise` field, so it is undone, saved and shared with the rest.

use crate::state::place::place;
use crate::state::use_editor;
use crate::state::workspace::{variant_tag, Workspace};
use crate::study::advise::cli::cli_command;
use crate::study::advise::knobs::AdviseKnobs;
use crate::study::advise::proposals::AdviseProposals;
use crate::study::advise::run::AdviseRun;
use crate::study::advise::targets::AdviseTargets;
use crate::study::controls::StudyControls;
use leptos::prelude::*;
use quotalab_engine::study::advise::AdvicePlan;
use quotalab_engine::Diagnostic;

/// The search the workspace describes (valid or not), or `None` before any target is set.
fn plan_of(workspace: &Workspace) -> Option<AdvicePlan> {
    AdvicePlan::from_study(&workspace.to_study())
}

/// Whether an error belongs to a place in the advise form (the rest are listed above it).
fn in_form(d: &Diagnostic) -> bool {
    d.path.starts_with("advise.") || d.path == "advise"
}

#[component]
pub fn AdviseView(run: AdviseRun) -> impl IntoView {
    let state = use_editor();
    let plan = Memo::new(move |_| state.workspace.with(plan_of));
    let problems = Memo::new(move |_| {
        plan.with(|p| p.as_ref().map(|p| p.validate().errors).unwrap_or_default())
    });
    let form_problems = Memo::new(move |_| {
        problems.with(|p| p.iter().filter(|d| in_form(d)).cloned().collect::<Vec<_>>())
    });
    let other_problems = move || {
        let base = state.workspace.with(|w| w.variants[0].clone());
        problems.with(|p| {
            p.iter()
                .filter(|d| !in_form(d))
                .map(|d| format!("{}: {} ({})", place(&base, &d.path), d.message, d.path))
                .collect::<Vec<_>>()
        })
    };
    let can_run =
        Signal::derive(move || plan.with(Option::is_some) && problems.with(Vec::is_empty));
    let start = Callback::new(move |()| {
        if let Some(p) = plan.get_untracked().filter(|p| p.validate().is_valid()) {
            run.start(p);
        }
    });
    let stale = Signal::derive(move || {
        let shown = run.finished.with(|f| f.as_ref().map(|f| f.digest.clone()));
        let now = plan.with(|p| p.as_ref().map(AdvicePlan::digest));
        shown.is_some() && shown != now
    });
    let caption = move || {
        state.workspace.with(|w| {
            format!(
                "Proposes agreements for the current one, {} \u{201c}{}\u{201d}: set what each team needs and what may change, then find the agreements that meet it.",
                variant_tag(0),
                w.variants[0].name
            )
        })
    };
    view! {
        <div class="study-view advise-view" data-testid="advise-view">
            <p class="study-caption">{caption}</p>
            <AdviseTargets problems=form_problems />
            <AdviseKnobs problems=form_problems />
            <StudyControls run on_run=start run_label="Find agreements" can_run />
            {move || {
                let others = other_problems();
                (!others.is_empty()).then(|| view! {
                    <ul class="study-problems" data-testid="advise-problems">
                        {others.into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}
                    </ul>
                })
            }}
            {move || state.workspace.with(|w| w.settings.advise.as_ref().map(|spec| {
                let command = cli_command(w, spec);
                view! { <p class="study-note" data-testid="advise-cli">"The same search on the command line, on the file Export saves: "<code class="cli-command" title="One click selects the whole command">{command}</code></p> }
            }))}
            {move || stale.get().then(|| view! {
                <p class="study-note" data-testid="advise-stale">"The targets or the current agreement changed since this advice; press \u{201c}Find agreements\u{201d} to search again."</p>
            })}
            {move || run.finished.get().map(|finished| view! {
                <div class:stale=stale><AdviseProposals advice=finished.advice.clone() /></div>
            })}
        </div>
    }
}
