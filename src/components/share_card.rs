//! One quota share as a card: name, strategy, borrow limit, in-share preemption, capacity limits.
//! The card's border is the share's colour, the same as its slice and its chart series.

use super::binding::{bind, Binding};
use super::capacity_limits::{CapacityLimits, LimitsOwner};
use super::choice_inputs::{CheckInput, SelectInput, TextInput};
use super::number_input::{NumberInput, Numbers};
use super::options;
use crate::state::palette::share_paint;
use crate::state::paths::control_id;
use crate::state::{edits, use_app_state};
use leptos::prelude::*;
use quotalab_engine::scenario::Strategy;

fn parse_strategy(text: &str) -> Option<Strategy> {
    serde_json::from_value(serde_json::Value::String(text.to_string())).ok()
}

#[component]
pub fn ShareCard(index: usize) -> impl IntoView {
    let state = use_app_state();
    let path = format!("quota_shares[{index}]");
    let is_lend_and_borrow = Memo::new(move |_| {
        state.scenario.with(|s| {
            s.quota_shares
                .get(index)
                .is_some_and(|q| q.strategy == Strategy::LendAndBorrow)
        })
    });
    let name = bind(
        format!("{path}.name"),
        move |s| Some(s.quota_shares.get(index)?.name.clone()),
        move |s, v: String| edits::rename_share(s, index, &v),
    );
    let strategy: Binding<String> = bind(
        format!("{path}.strategy"),
        move |s| Some(s.quota_shares.get(index)?.strategy.as_str().to_string()),
        move |s, v: String| {
            if let (Some(share), Some(strategy)) =
                (s.quota_shares.get_mut(index), parse_strategy(&v))
            {
                share.strategy = strategy;
                // SEMANTICS §2: a borrow limit is only valid with LEND_AND_BORROW.
                if strategy != Strategy::LendAndBorrow {
                    share.borrow_limit = None;
                }
            }
        },
    );
    let borrow_limit = bind(
        format!("{path}.borrow_limit"),
        move |s| Some(s.quota_shares.get(index)?.borrow_limit.map(|b| b as f64)),
        move |s, v: Option<f64>| {
            if let Some(share) = s.quota_shares.get_mut(index) {
                share.borrow_limit = v.map(|b| b as i64);
            }
        },
    );
    let preemption = bind(
        format!("{path}.in_share_preemption"),
        move |s| Some(s.quota_shares.get(index)?.in_share_preemption),
        move |s, v: bool| {
            if let Some(share) = s.quota_shares.get_mut(index) {
                share.in_share_preemption = v;
            }
        },
    );
    let remove = move |_| {
        state.edit(|s| {
            if index < s.quota_shares.len() {
                s.quota_shares.remove(index);
            }
        })
    };
    view! {
        <article class="card share-card" id=control_id(&path) tabindex="-1" data-testid="share-card"
            style=format!("--share-colour: {}", share_paint(index))>
            <header class="card-head">
                <span class="swatch" aria-hidden="true"></span>
                <TextInput binding=name label="Quota share" tip="AWS Batch quota share name (quotaShareName): the team's slice of the job queue" />
                <button type="button" class="icon-button" on:click=remove title="Remove this quota share"
                    aria-label=move || format!("Remove share {}", state.scenario.with(|s| s.quota_shares.get(index).map(|q| q.name.clone()).unwrap_or_default()))>"\u{2715}"</button>
            </header>
            <div class="field-row">
                <SelectInput binding=strategy label="Strategy" options=options::strategies()
                    tip="resourceSharingConfiguration.strategy: RESERVE never lends or borrows; LEND lends idle capacity; LEND_AND_BORROW lends and may borrow" />
                <NumberInput binding=borrow_limit label="Borrow limit" unit="%" numbers=Numbers::WholeFrom(-1) optional=true placeholder="-1 = no cap"
                    disabled=Signal::derive(move || !is_lend_and_borrow.get())
                    tip="borrowLimit: how much more than its own limit the share may hold, in percent of it; -1 means no cap. Only with LEND_AND_BORROW" />
            </div>
            <CheckInput binding=preemption label="In-share preemption"
                tip="preemptionConfiguration.inSharePreemption: a job may preempt lower-priority running jobs of its own share" />
            <CapacityLimits owner=LimitsOwner::Share(index) />
        </article>
    }
}
