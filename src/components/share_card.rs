//! One quota share as a card: name, strategy, borrow limit, in-share preemption, capacity limits.
//! The card's border is the share's colour, the same as its slice and its chart series.

use super::binding::bind;
use super::capacity_limits::{CapacityLimits, LimitsOwner};
use super::choice_inputs::{CheckInput, SelectInput, TextInput};
use super::number_input::{NumberInput, Numbers};
use super::options;
use super::remove_button::RemoveButton;
use super::share_bindings;
use super::tip::tip;
use crate::state::palette::share_paint;
use crate::state::paths::control_id;
use crate::state::{edits, use_editor};
use leptos::prelude::*;

#[component]
pub fn ShareCard(index: usize) -> impl IntoView {
    let state = use_editor();
    let path = format!("quota_shares[{index}]");
    let may_borrow = share_bindings::may_borrow(index);
    let name = bind(
        format!("{path}.name"),
        move |s| Some(s.quota_shares.get(index)?.name.clone()),
        move |s, v: String| edits::rename_share(s, index, &v),
    );
    let strategy = share_bindings::strategy(index);
    let borrow_limit = share_bindings::borrow_limit(index);
    let preemption = bind(
        format!("{path}.in_share_preemption"),
        move |s| Some(s.quota_shares.get(index)?.in_share_preemption),
        move |s, v: bool| {
            if let Some(share) = s.quota_shares.get_mut(index) {
                share.in_share_preemption = v;
            }
        },
    );
    view! {
        <article class="card share-card" id=control_id(&path) tabindex="-1" data-testid="share-card"
            style=format!("--share-colour: {}", share_paint(index))>
            <header class="card-head">
                <span class="swatch" aria-hidden="true"></span>
                <TextInput binding=name label="Quota share" tip={tip!("The team's name: its slice of the job queue (an AWS Batch quota share)", api = "quotaShareName")} />
                <RemoveButton title="Remove this quota share" remove=move |s| edits::remove_item(&mut s.quota_shares, index)
                    label=Signal::derive(move || format!("Remove share {}", state.scenario.with(|s| s.quota_shares.get(index).map(|q| q.name.clone()).unwrap_or_default()))) />
            </header>
            <div class="field-row">
                <SelectInput binding=strategy label="Strategy" options=options::strategies() tip=share_bindings::STRATEGY_TIP />
                <NumberInput binding=borrow_limit label="Borrow limit" unit="%" numbers=Numbers::WholeFrom(-1) optional=true placeholder="no cap"
                    disabled=Signal::derive(move || !may_borrow.get()) tip=share_bindings::BORROW_LIMIT_TIP />
            </div>
            <CheckInput binding=preemption label="In-share preemption"
                tip={tip!("A job may preempt lower-priority running jobs of its own team", api = "preemptionConfiguration.inSharePreemption")} />
            <CapacityLimits owner=LimitsOwner::Share(index) />
        </article>
    }
}
