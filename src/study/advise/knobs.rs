//! What the search may change, as checkboxes in plain words (docs/ADVISOR.md, "Targets and
//! knobs"): the engine's knobs of the current agreement's rules (AWS Batch's or Kueue's, "Under
//! Kueue's rules"), each with what one step of it does.

use crate::state::use_editor;
use crate::study::advise::spec::{edit_advise, errors_view};
use leptos::prelude::*;
use quotalab_engine::study::advise::{AdviseSpec, Knob};
use quotalab_engine::Diagnostic;

/// What a knob lets the search do, in the room's words.
fn words(knob: Knob) -> &'static str {
    match knob {
        Knob::Limits => "Move limits between teams (each type's total stays as it is)",
        Knob::Strategy => "Change a team's strategy (reserve, lend, lend and borrow)",
        Knob::BorrowLimit => "Change how much a team may borrow",
        Knob::InSharePreemption => "Turn preemption inside a team on or off",
        Knob::Capacity => "Buy on-demand instances at their price",
        Knob::Preferences => "Reorder a job mix's instance preferences",
        Knob::NominalQuota => {
            "Move nominal quota between ClusterQueues of a cohort (its total stays as it is)"
        }
        Knob::BorrowingLimit => "Change a ClusterQueue's borrowing limit",
        Knob::LendingLimit => "Change a ClusterQueue's lending limit",
        Knob::ReclaimWithinCohort => {
            "Change whom a ClusterQueue may preempt to reclaim its quota (reclaimWithinCohort)"
        }
        Knob::WithinClusterQueue => {
            "Change whom a workload may preempt in its own ClusterQueue (withinClusterQueue)"
        }
    }
}

#[component]
pub fn AdviseKnobs(problems: Memo<Vec<Diagnostic>>) -> impl IntoView {
    let state = use_editor();
    // Without an advise field the search would vary the engine's default knobs; they can be
    // changed once there is a target (a field without one is not kept, `edit_advise`).
    let unset = move || state.workspace.with(|w| w.settings.advise.is_none());
    let rules = Memo::new(move |_| state.workspace.with(|w| w.variants[0].rules));
    let varies = move |knob: Knob| {
        state.workspace.with(|w| {
            w.settings.advise.as_ref().map_or_else(
                || AdviseSpec::new(Vec::new()).varies(knob),
                |a| a.varies(knob),
            )
        })
    };
    let boxes =
        move || {
            Knob::of(rules.get())
            .into_iter()
            .map(|knob| {
                let toggle = move |ev: leptos::ev::Event| {
                    let on = event_target_checked(&ev);
                    edit_advise(&state, |spec| spec.set_knob(rules.get_untracked(), knob, on));
                };
                view! {
                    <label class="field inline check">
                        <input type="checkbox" data-testid=format!("advise-knob-{}", knob.name())
                            prop:checked=move || varies(knob) disabled=unset on:change=toggle />
                        <span>{words(knob)}</span>
                    </label>
                }
            })
            .collect_view()
        };
    view! {
        <fieldset class="advise-knobs">
            <legend>"What the search may change"</legend>
            {move || unset().then(|| view! {
                <p class="hint" data-testid="advise-knobs-hint">"These are the defaults; add a target to change them."</p>
            })}
            {boxes}
            {errors_view(problems, vec!["advise.vary".into(), "advise.capacity_max".into()])}
        </fieldset>
    }
}
