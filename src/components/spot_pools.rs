//! Spot pools (SEMANTICS §1): per type, a separate pool with its own size, price factor and
//! interruption rate, modelled on Managed Spot Training.

use super::binding::{bind, bind_count};
use super::choice_inputs::SelectInput;
use super::number_input::{NumberInput, Numbers};
use super::options;
use super::tip::tip;
use crate::state::paths::control_id;
use crate::state::{edits, use_editor};
use leptos::prelude::*;
use quotalab_engine::scenario::SpotPool;

#[component]
pub fn SpotPools() -> impl IntoView {
    let state = use_editor();
    let count = Memo::new(move |_| state.scenario.with(|s| s.spot.len()));
    let add = move |_| {
        state.edit(|s| {
            let instance_type = edits::spot_default_type(s);
            s.spot.push(SpotPool {
                instance_type,
                count: 2,
                price_factor: 0.3,
                interruptions_per_h: 0.05,
            });
        })
    };
    view! {
        <h3 id="f-spot" tabindex="-1">"Spot pools"</h3>
        <For each=move || 0..count.get() key=|i| *i children=move |i| view! { <SpotRow index=i /> } />
        {move || (count.get() == 0).then(|| view! { <p class="empty">"No spot capacity: jobs with spot on can never start."</p> })}
        <button type="button" on:click=add>"+ Add spot pool"</button>
    }
}

#[component]
fn SpotRow(index: usize) -> impl IntoView {
    let state = use_editor();
    let path = format!("spot[{index}]");
    let instance_type = bind(
        format!("{path}.instance_type"),
        move |s| Some(s.spot.get(index)?.instance_type.clone()),
        move |s, v| {
            if let Some(p) = s.spot.get_mut(index) {
                p.instance_type = v;
            }
        },
    );
    let count = bind_count(
        format!("{path}.count"),
        move |s| Some(s.spot.get(index)?.count),
        move |s, v| {
            if let Some(p) = s.spot.get_mut(index) {
                p.count = v;
            }
        },
    );
    let factor = bind(
        format!("{path}.price_factor"),
        move |s| Some(Some(s.spot.get(index)?.price_factor)),
        move |s, v: Option<f64>| {
            if let Some(p) = s.spot.get_mut(index) {
                p.price_factor = v.unwrap_or(0.0);
            }
        },
    );
    let rate = bind(
        format!("{path}.interruptions_per_h"),
        move |s| Some(Some(s.spot.get(index)?.interruptions_per_h)),
        move |s, v: Option<f64>| {
            if let Some(p) = s.spot.get_mut(index) {
                p.interruptions_per_h = v.unwrap_or(0.0);
            }
        },
    );
    let remove = move |_| state.edit(|s| edits::remove_item(&mut s.spot, index));
    view! {
        <article class="card" id=control_id(&path) tabindex="-1">
            <div class="field-row">
                <SelectInput binding=instance_type label="Instance type" options=options::instance_types() tip={tip!("The instance type of this spot pool", json = "spot[].instance_type")} />
                <NumberInput binding=count label="Instances" unit="instances" numbers=Numbers::WholeFrom(0) tip={tip!("Spot instances available at once", json = "spot[].count")} />
                <button type="button" class="icon-button" on:click=remove aria-label="Remove this spot pool" title="Remove this spot pool">"\u{2715}"</button>
            </div>
            <div class="field-row">
                <NumberInput binding=factor label="Price factor" unit="\u{00d7} on-demand" tip={tip!("Spot price as a fraction of the on-demand price (Managed Spot Training bills the spot price)", json = "spot[].price_factor")} />
                <NumberInput binding=rate label="Interruptions" unit="per instance-h" tip={tip!("How often AWS takes a spot instance back; interrupted jobs lose the work since their last checkpoint", json = "spot[].interruptions_per_h")} />
            </div>
        </article>
    }
}
