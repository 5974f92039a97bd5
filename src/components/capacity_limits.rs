//! Capacity limits: at most five instance types, each with a maximum instance count. The same
//! editor serves a quota share's limits and the new limits an `update_share` action sets, so both
//! look, validate and undo alike.

use super::binding::{Binding, ListItem};
use super::choice_inputs::SelectInput;
use super::field_messages::FieldMessages;
use super::number_input::{NumberInput, Numbers};
use super::options;
use super::remove_button::RemoveButton;
use super::tip::tip;
use crate::state::{edits, use_editor};
use leptos::prelude::*;
use quotalab_engine::scenario::CapacityLimit;
use quotalab_engine::Scenario;

/// AWS: a quota share has 1 to 5 capacity limits.
const MAX_LIMITS: usize = 5;

/// Whose capacity limits the editor shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitsOwner {
    /// `quota_shares[i].capacity_limits`.
    Share(usize),
    /// `actions[i].update_share.capacity_limits`; absent means "unchanged", and then there is
    /// nothing to edit.
    Action(usize),
}

impl LimitsOwner {
    /// The JSON path of the list, as the engine's diagnostics name it.
    pub fn path(self) -> String {
        match self {
            LimitsOwner::Share(i) => format!("quota_shares[{i}].capacity_limits"),
            LimitsOwner::Action(i) => format!("actions[{i}].update_share.capacity_limits"),
        }
    }

    fn legend(self) -> &'static str {
        match self {
            LimitsOwner::Share(_) => "Capacity limits",
            LimitsOwner::Action(_) => "New capacity limits",
        }
    }

    fn tip(self) -> &'static str {
        match self {
            LimitsOwner::Share(_) => tip!(
                "The most instances of each type the team owns",
                api = "capacityLimits"
            ),
            LimitsOwner::Action(_) => tip!(
                "The team's limits from this hour on; they replace all of its limits",
                api = "UpdateQuotaShare capacityLimits"
            ),
        }
    }

    pub fn limits(self, s: &Scenario) -> Option<&Vec<CapacityLimit>> {
        match self {
            LimitsOwner::Share(i) => Some(&s.quota_shares.get(i)?.capacity_limits),
            LimitsOwner::Action(i) => s
                .actions
                .get(i)?
                .update_share
                .as_ref()?
                .capacity_limits
                .as_ref(),
        }
    }

    /// Limit number `limit` of the owner's list, as its row binds and removes it; an owner
    /// without limits (an action that leaves them unchanged) has none.
    pub fn limit(self, limit: usize) -> ListItem<CapacityLimit> {
        ListItem::within(
            &self.path(),
            limit,
            move |s| self.limits(s).map(Vec::as_slice),
            move |s| self.limits_mut(s),
        )
    }

    pub fn limits_mut(self, s: &mut Scenario) -> Option<&mut Vec<CapacityLimit>> {
        match self {
            LimitsOwner::Share(i) => Some(&mut s.quota_shares.get_mut(i)?.capacity_limits),
            LimitsOwner::Action(i) => s
                .actions
                .get_mut(i)?
                .update_share
                .as_mut()?
                .capacity_limits
                .as_mut(),
        }
    }
}

#[component]
pub fn CapacityLimits(owner: LimitsOwner) -> impl IntoView {
    let state = use_editor();
    let path = owner.path();
    let id = crate::state::paths::control_id(&path);
    let count = Memo::new(move |_| state.scenario.with(|s| owner.limits(s).map_or(0, Vec::len)));
    let add = move |_| {
        state.edit(|s| {
            let instance_type = edits::default_type(s);
            if let Some(limits) = owner.limits_mut(s) {
                limits.push(CapacityLimit {
                    instance_type,
                    max_capacity: 1,
                });
            }
        })
    };
    let full = move || count.get() >= MAX_LIMITS;
    view! {
        <fieldset class="limits" id=id tabindex="-1">
            <legend title=owner.tip()>{owner.legend()}</legend>
            <For each=move || 0..count.get() key=|k| *k children=move |k| view! { <LimitRow owner=owner limit=k /> } />
            <FieldMessages path=path exact=true />
            <button type="button" on:click=add disabled=full>"+ Add limit"</button>
        </fieldset>
    }
}

/// The tooltip of a limit's instance count: plain words first, the AWS field second.
pub const MAX_CAPACITY_TIP: &str = tip!(
    "How many instances of this type the team owns, at least 1",
    api = "CapacityLimit.maxCapacity"
);

/// The instance count of `owner`'s limit number `limit`, for any control that edits it.
pub fn max_capacity(owner: LimitsOwner, limit: usize) -> Binding<Option<f64>> {
    owner.limit(limit).bind_count(
        "max_capacity",
        |l| l.max_capacity,
        |l, v| l.max_capacity = v,
    )
}

#[component]
fn LimitRow(owner: LimitsOwner, limit: usize) -> impl IntoView {
    let item = owner.limit(limit);
    let instance_type = item.bind(
        "instance_type",
        |l| l.instance_type.clone(),
        |l, v| l.instance_type = v,
    );
    let max = max_capacity(owner, limit);
    view! {
        <div class="field-row limit-row">
            <SelectInput binding=instance_type label="Instance type" options=options::instance_types()
                tip={tip!("The instance type this limit counts", api = "CapacityLimit.capacityUnit")} />
            <NumberInput binding=max label="Max" unit="instances" numbers=Numbers::WholeFrom(0)
                tip=MAX_CAPACITY_TIP />
            <RemoveButton title="Remove this limit" label="Remove this capacity limit" remove=item.remove() />
        </div>
    }
}
