//! One quota share as a card: name, strategy, borrow limit, in-share preemption, capacity limits.
//! The card's border is the share's colour, the same as its slice and its chart series.

use super::binding::Binding;
use super::capacity_limits::{CapacityLimits, LimitsOwner};
use super::choice_inputs::{CheckInput, SelectInput, TextInput};
use super::number_input::{NumberInput, Numbers};
use super::options;
use super::remove_button::RemoveButton;
use super::share_bindings;
use super::tip::tip;
use crate::state::edits;
use crate::state::palette::share_paint;
use crate::state::paths::control_id;
use leptos::prelude::*;
use quotalab_engine::Scenario;

#[component]
pub fn ShareCard(index: usize) -> impl IntoView {
    let share = share_bindings::share_item(index);
    let may_borrow = share_bindings::may_borrow(index);
    let name = share.bind_name(|q| q.name.clone(), edits::rename_share);
    let strategy = share_bindings::strategy(index);
    let borrow_limit = share_bindings::borrow_limit(index);
    let preemption = share.bind(
        "in_share_preemption",
        |q| q.in_share_preemption,
        |q, v| q.in_share_preemption = v,
    );
    view! {
        <TeamCard index path=share.path.clone() class="card share-card" testid="share-card" name
            label="Quota share" tip={tip!("The team's name: its slice of the job queue (an AWS Batch quota share)", api = "quotaShareName")}
            title="Remove this quota share" noun="share" remove=share.remove()>
            <div class="field-row">
                <SelectInput binding=strategy label="Strategy" options=options::strategies() tip=share_bindings::STRATEGY_TIP />
                <NumberInput binding=borrow_limit label="Borrow limit" unit="%" numbers=Numbers::WholeFrom(-1) optional=true placeholder="no cap"
                    disabled=Signal::derive(move || !may_borrow.get()) tip=share_bindings::BORROW_LIMIT_TIP />
            </div>
            <CheckInput binding=preemption label="In-share preemption"
                tip={tip!("A job may preempt lower-priority running jobs of its own team", api = "preemptionConfiguration.inSharePreemption")} />
            <CapacityLimits owner=LimitsOwner::Share(index) />
        </TeamCard>
    }
}

/// A team's card, a quota share's or a ClusterQueue's: the border and the swatch in the team's
/// colour (the same as its slice and its chart series), the name field, and the remove button,
/// whose accessible name says which team it removes ("Remove share research", from the name as
/// typed), then the card's own fields (`children`). Both kinds of card read and are operated alike.
#[component]
pub fn TeamCard(
    /// The team's place among the teams, which picks its colour.
    index: usize,
    /// The team's JSON path: the card's id, which the diagnostics link to.
    path: String,
    /// The card's classes.
    class: &'static str,
    testid: &'static str,
    name: Binding<String>,
    /// The name field's label.
    label: &'static str,
    /// The name field's tooltip.
    tip: &'static str,
    /// The remove button's tooltip ("Remove this quota share").
    title: &'static str,
    /// What the remove button's accessible name calls the team ("share").
    noun: &'static str,
    /// The edit that removes the team.
    remove: impl Fn(&mut Scenario) + Send + Sync + 'static,
    children: Children,
) -> impl IntoView {
    let named = name.value;
    view! {
        <article class=class id=control_id(&path) tabindex="-1" data-testid=testid
            style=format!("--share-colour: {}", share_paint(index))>
            <header class="card-head">
                <span class="swatch" aria-hidden="true"></span>
                <TextInput binding=name label tip />
                <RemoveButton title remove label=Signal::derive(move || format!("Remove {noun} {}", named.get())) />
            </header>
            {children()}
        </article>
    }
}
