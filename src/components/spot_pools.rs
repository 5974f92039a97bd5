//! Spot pools (SEMANTICS §1): per type, a separate pool with its own size, price factor and
//! interruption rate, modelled on Managed Spot Training.

use super::binding::ListItem;
use super::choice_inputs::SelectInput;
use super::number_input::{NumberInput, Numbers};
use super::options;
use super::remove_button::RemoveButton;
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
    let pool = ListItem::new("spot", index, |s| &s.spot, |s| &mut s.spot);
    let instance_type = pool.bind(
        "instance_type",
        |p| p.instance_type.clone(),
        |p, v| p.instance_type = v,
    );
    let count = pool.bind_count("count", |p| p.count, |p, v| p.count = v);
    let factor = pool.bind_number(
        "price_factor",
        |p| p.price_factor,
        |p, v| p.price_factor = v,
    );
    let rate = pool.bind_number(
        "interruptions_per_h",
        |p| p.interruptions_per_h,
        |p, v| p.interruptions_per_h = v,
    );
    view! {
        <article class="card" id=control_id(&pool.path) tabindex="-1">
            <div class="field-row">
                <SelectInput binding=instance_type label="Instance type" options=options::instance_types() tip={tip!("The instance type of this spot pool", json = "spot[].instance_type")} />
                <NumberInput binding=count label="Instances" unit="instances" numbers=Numbers::WholeFrom(0) tip={tip!("Spot instances available at once", json = "spot[].count")} />
                <RemoveButton title="Remove this spot pool" remove=pool.remove() />
            </div>
            <div class="field-row">
                <NumberInput binding=factor label="Price factor" unit="\u{00d7} on-demand" tip={tip!("Spot price as a fraction of the on-demand price (Managed Spot Training bills the spot price)", json = "spot[].price_factor")} />
                <NumberInput binding=rate label="Interruptions" unit="per instance-h" tip={tip!("How often AWS takes a spot instance back; interrupted jobs lose the work since their last checkpoint", json = "spot[].interruptions_per_h")} />
            </div>
        </article>
    }
}
