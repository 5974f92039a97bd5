//! The Capacity tab: the instance catalog, on-demand pools as step timelines, spot pools and
//! training plans, all on one time axis.

use super::capacity_timeline::CapacityTimeline;
use super::catalog_table::CatalogTable;
use super::spot_pools::SpotPools;
use super::tip::tip;
use super::training_plans::TrainingPlans;
use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::scenario::Capacity;

#[component]
pub fn CapacitySection() -> impl IntoView {
    let state = use_editor();
    let pools = Memo::new(move |_| state.scenario.with(|s| s.capacity.len()));
    // The next pool is for the first catalog type that has none yet.
    let add = move |_| {
        state.edit(|s| {
            let instance_type = s
                .catalog()
                .into_iter()
                .map(|t| t.name)
                .find(|n| !s.capacity.iter().any(|c| &c.instance_type == n));
            if let Some(instance_type) = instance_type {
                s.capacity.push(Capacity {
                    instance_type,
                    count: 1,
                    changes: Vec::new(),
                });
            }
        })
    };
    let kueue = Memo::new(move |_| state.scenario.with(|s| s.kueue.is_some()));
    view! {
        <section class="build-section" aria-label="Capacity">
            {move || kueue.get().then(|| view! {
                <p class="hint" data-testid="kueue-capacity-hint">
                    "Under Kueue's rules quota admits workloads: the ClusterQueues' nominal quotas on each ResourceFlavor (the Queues tab). A spot pool below gives the spot flavors of its type their price factor and interruption rate; its count plays no part (docs/FORMAT.md, Kueue)."
                </p>
            })}
            <CatalogTable />
            <h3 id="f-capacity" tabindex="-1" title={tip!("On-demand instances per type, which may change over time", json = "capacity")}>"On-demand capacity"</h3>
            <For each=move || 0..pools.get() key=|i| *i children=move |i| view! { <CapacityTimeline index=i /> } />
            <button type="button" on:click=add>"+ Add on-demand pool"</button>
            <SpotPools />
            <TrainingPlans />
        </section>
    }
}
