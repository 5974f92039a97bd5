//! The presenter view's live controls: for each team, its strategy, its borrow limit and its limit
//! per instance type, in a strip under the stage, one column per team like the KPI slides; for a
//! scenario written as Kueue objects, the manager's fair sharing above, and each ClusterQueue's
//! reclaim policy and quotas instead. Each control edits the scenario exactly as the share card
//! does (`share_bindings`, `Editor::edit*`), so a change re-runs and is one undo step. Their ids
//! carry a scope of their own, because the editor's controls for the same fields stay in the
//! page, hidden.
//!
//! A projector's column is narrow and the room is not reading the API: strategies are shown in
//! plain words ("Lend and borrow"), and the engine's "no limit" borrow limit (-1) as an empty
//! field reading "no limit" rather than "-1 %".

use crate::components::capacity_limits::{max_capacity, LimitsOwner, MAX_CAPACITY_TIP};
use crate::components::choice_inputs::SelectInput;
use crate::components::kueue::bind::{
    queue_choice, reclaim_choices, QuotaAt, BORROWING_TIP, LENDING_TIP, NOMINAL_TIP, RECLAIM_TIP,
};
use crate::components::kueue::fair_sharing::FairSharingSelect;
use crate::components::number_input::{NumberInput, Numbers};
use crate::components::quantity_input::QuantityInput;
use crate::components::share_bindings;
use crate::state::palette::share_paint;
use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::scenario::Strategy;

/// Prefixed to the ids of the presenter's controls.
const SCOPE: &str = "present-";

#[component]
pub fn PresenterControls() -> impl IntoView {
    let state = use_editor();
    // A scenario written as Kueue objects has ClusterQueues where an AWS one has quota shares,
    // as BUILD's Queues tab replaces its Shares tab (`build_zone`).
    let kueue = Memo::new(move |_| state.scenario.with(|s| s.kueue.is_some()));
    let count = Memo::new(move |_| {
        state.scenario.with(|s| match s.kueue.as_deref() {
            Some(k) => k.cluster_queues.len(),
            None => s.quota_shares.len(),
        })
    });
    let columns = move || {
        if kueue.get() {
            view! {
                <div class="agreement-controls" data-testid="presenter-agreement">
                    <FairSharingSelect id_scope=SCOPE />
                </div>
                <For each=move || 0..count.get() key=|i| *i children=move |i| view! { <QueueControls index=i /> } />
            }
            .into_any()
        } else {
            view! { <For each=move || 0..count.get() key=|i| *i children=move |i| view! { <TeamControls index=i /> } /> }
                .into_any()
        }
    };
    view! {
        <section class="presenter-controls" aria-label="Live controls" data-testid="presenter-controls"
            style=move || format!("--teams: {}", count.get().max(1))>
            {columns}
        </section>
    }
}

/// A ClusterQueue's column: whether it reclaims what it lent, and each quota's nominal quota,
/// borrowing limit and lending limit, in the order its workloads try the flavors: the terms a
/// room argues about when teams share a cohort (docs/KUEUE.md, "Quota: available, potential
/// and borrowing").
#[component]
fn QueueControls(index: usize) -> impl IntoView {
    let state = use_editor();
    let name = move || {
        state.scenario.with(|s| {
            s.kueue
                .as_ref()
                .and_then(|k| k.cluster_queues.get(index))
                .map(|q| q.name.clone())
        })
    };
    let quotas = Memo::new(move |_| state.scenario.with(|s| QuotaAt::all_in(s, index)));
    view! {
        <div class="team-controls" style=format!("--share-colour: {}", share_paint(index)) data-testid="queue-controls">
            <h3><span class="swatch" aria-hidden="true"></span>{name}</h3>
            <SelectInput binding=queue_choice!(index, preemption.reclaim_within_cohort) label="Reclaim within cohort"
                options=reclaim_choices() tip=RECLAIM_TIP id_scope=SCOPE />
            <For each=move || quotas.get() key=|q| q.clone() children=move |(at, flavor, resource)| view! {
                <fieldset class="presenter-quota">
                    <legend>{format!("{flavor} \u{b7} {resource}")}</legend>
                    <QuantityInput binding=at.nominal() label="Nominal" tip=NOMINAL_TIP id_scope=SCOPE />
                    <QuantityInput binding=at.borrowing_limit() label="Borrowing limit" optional=true placeholder="no limit"
                        tip=BORROWING_TIP id_scope=SCOPE />
                    <QuantityInput binding=at.lending_limit() label="Lending limit" optional=true placeholder="all"
                        tip=LENDING_TIP id_scope=SCOPE />
                </fieldset>
            } />
        </div>
    }
}

#[component]
fn TeamControls(index: usize) -> impl IntoView {
    let state = use_editor();
    let name = move || {
        state
            .scenario
            .with(|s| s.quota_shares.get(index).map(|q| q.name.clone()))
    };
    let owner = LimitsOwner::Share(index);
    // Keyed by the type too: a limit whose type changes gets a control labelled with its new type.
    let limits = Memo::new(move |_| {
        state.scenario.with(|s| {
            owner.limits(s).map_or_else(Vec::new, |l| {
                l.iter()
                    .enumerate()
                    .map(|(k, l)| (k, l.instance_type.clone()))
                    .collect::<Vec<_>>()
            })
        })
    });
    let may_borrow = share_bindings::may_borrow(index);
    view! {
        <div class="team-controls" style=format!("--share-colour: {}", share_paint(index)) data-testid="team-controls">
            <h3><span class="swatch" aria-hidden="true"></span>{name}</h3>
            <SelectInput binding=share_bindings::strategy(index) label="Strategy" options=strategies_in_words()
                tip=share_bindings::STRATEGY_TIP id_scope=SCOPE />
            <NumberInput binding=share_bindings::borrow_limit(index) label="Borrow limit" unit="%"
                numbers=Numbers::WholeFrom(-1) optional=true placeholder="no cap"
                disabled=Signal::derive(move || !may_borrow.get()) tip=share_bindings::BORROW_LIMIT_TIP id_scope=SCOPE />
            <For each=move || limits.get() key=|l| l.clone() children=move |(k, instance_type)| view! {
                <NumberInput binding=max_capacity(owner, k) label=instance_type unit="inst."
                    numbers=Numbers::WholeFrom(0) tip=MAX_CAPACITY_TIP id_scope=SCOPE />
            } />
        </div>
    }
}

/// The strategies, valued in the API's spelling (what `share_bindings::strategy` reads) and
/// labelled in words short enough for a 1024 px projector's column.
fn strategies_in_words() -> Vec<(String, String)> {
    [Strategy::Reserve, Strategy::Lend, Strategy::LendAndBorrow]
        .into_iter()
        .map(|s| (s.as_str().to_owned(), strategy_words(s).to_owned()))
        .collect()
}

fn strategy_words(strategy: Strategy) -> &'static str {
    match strategy {
        Strategy::Reserve => "Reserve",
        Strategy::Lend => "Lend",
        Strategy::LendAndBorrow => "Lend and borrow",
    }
}
