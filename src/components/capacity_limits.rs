//! A share's capacity limits: at most five instance types, each with a maximum instance count.

use super::binding::{bind, bind_count};
use super::choice_inputs::SelectInput;
use super::field_messages::FieldMessages;
use super::number_input::{NumberInput, Numbers};
use super::options;
use crate::state::{edits, use_app_state};
use leptos::prelude::*;
use quotalab_engine::scenario::CapacityLimit;

/// AWS: a quota share has 1 to 5 capacity limits.
const MAX_LIMITS: usize = 5;

#[component]
pub fn CapacityLimits(share: usize) -> impl IntoView {
    let state = use_app_state();
    let path = format!("quota_shares[{share}].capacity_limits");
    let count = Memo::new(move |_| {
        state.scenario.with(|s| {
            s.quota_shares
                .get(share)
                .map_or(0, |q| q.capacity_limits.len())
        })
    });
    let add = move |_| {
        state.edit(|s| {
            let instance_type = edits::default_type(s);
            if let Some(q) = s.quota_shares.get_mut(share) {
                q.capacity_limits.push(CapacityLimit {
                    instance_type,
                    max_capacity: 1,
                });
            }
        })
    };
    let full = move || count.get() >= MAX_LIMITS;
    view! {
        <fieldset class="limits">
            <legend title="capacityLimits: the most instances of each type the share owns">"Capacity limits"</legend>
            <For each=move || 0..count.get() key=|k| *k children=move |k| view! { <LimitRow share=share limit=k /> } />
            <FieldMessages path=path exact=true />
            <button type="button" on:click=add disabled=full>"+ Add limit"</button>
        </fieldset>
    }
}

#[component]
fn LimitRow(share: usize, limit: usize) -> impl IntoView {
    let state = use_app_state();
    let path = format!("quota_shares[{share}].capacity_limits[{limit}]");
    let get = move |s: &quotalab_engine::Scenario| {
        s.quota_shares
            .get(share)?
            .capacity_limits
            .get(limit)
            .cloned()
    };
    let instance_type = bind(
        format!("{path}.instance_type"),
        move |s| get(s).map(|l| l.instance_type),
        move |s, v: String| {
            if let Some(l) = s
                .quota_shares
                .get_mut(share)
                .and_then(|q| q.capacity_limits.get_mut(limit))
            {
                l.instance_type = v;
            }
        },
    );
    let max = bind_count(
        format!("{path}.max_capacity"),
        move |s| get(s).map(|l| l.max_capacity),
        move |s, v| {
            if let Some(l) = s
                .quota_shares
                .get_mut(share)
                .and_then(|q| q.capacity_limits.get_mut(limit))
            {
                l.max_capacity = v;
            }
        },
    );
    let remove = move |_| {
        state.edit(|s| {
            if let Some(q) = s
                .quota_shares
                .get_mut(share)
                .filter(|q| limit < q.capacity_limits.len())
            {
                q.capacity_limits.remove(limit);
            }
        })
    };
    view! {
        <div class="field-row limit-row">
            <SelectInput binding=instance_type label="Instance type" options=options::instance_types()
                tip="CapacityLimit.capacityUnit: the instance type this limit counts" />
            <NumberInput binding=max label="Max" unit="instances" numbers=Numbers::WholeFrom(0)
                tip="CapacityLimit.maxCapacity: instances of this type the share owns (at least 1)" />
            <button type="button" class="icon-button" on:click=remove title="Remove this limit" aria-label="Remove this capacity limit">"\u{2715}"</button>
        </div>
    }
}
