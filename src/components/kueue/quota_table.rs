//! A ClusterQueue's quotas: each resource group's flavors in the order its workloads try them
//! (moved with the arrow buttons), and per covered resource the nominal quota, the borrowing limit
//! and the lending limit as Kubernetes quantities, each with the bar of what they reach
//! (`reach_bar`).

use super::bind::{QuotaAt, BORROWING_TIP, LENDING_TIP, NOMINAL_TIP};
use super::reach_bar::ReachBar;
use crate::components::quantity_input::QuantityInput;
use crate::state::kueue_edits::move_flavor;
use crate::state::use_editor;
use leptos::prelude::*;

/// The shape of a queue's quotas: per group, per flavor, its name and its resources' names.
fn shape(state: crate::state::Editor, queue: usize) -> Vec<Vec<(String, Vec<String>)>> {
    state.scenario.with(|s| {
        s.kueue
            .as_ref()
            .and_then(|k| k.cluster_queues.get(queue))
            .map(|q| {
                q.resource_groups
                    .iter()
                    .map(|g| {
                        g.flavors
                            .iter()
                            .map(|f| {
                                (
                                    f.name.clone(),
                                    f.resources.iter().map(|r| r.name.clone()).collect(),
                                )
                            })
                            .collect()
                    })
                    .collect()
            })
            .unwrap_or_default()
    })
}

#[component]
pub fn QuotaTable(queue: usize) -> impl IntoView {
    let state = use_editor();
    let groups = Memo::new(move |_| shape(state, queue));
    move || {
        groups
            .get()
            .into_iter()
            .enumerate()
            .map(|(group, flavors)| {
                let count = flavors.len();
                let rows = flavors
                    .into_iter()
                    .enumerate()
                    .map(|(flavor, (name, resources))| {
                        view! { <FlavorQuotas queue group flavor count name resources /> }
                    })
                    .collect_view();
                view! {
                    <fieldset class="quota-group" data-testid="quota-group">
                        <legend title="Resources that take one flavor together, and the flavors in the order they are tried (API: resourceGroups)">
                            {format!("Quotas, resource group {}", group + 1)}
                        </legend>
                        <ol class="flavor-order">{rows}</ol>
                    </fieldset>
                }
            })
            .collect_view()
    }
}

/// One flavor of a group: its place in the order, and its resources' quotas.
#[component]
fn FlavorQuotas(
    queue: usize,
    group: usize,
    flavor: usize,
    count: usize,
    name: String,
    resources: Vec<String>,
) -> impl IntoView {
    let state = use_editor();
    let shift = move |earlier: bool| state.edit(|s| move_flavor(s, queue, group, flavor, earlier));
    let quotas = resources
        .into_iter()
        .enumerate()
        .map(|(resource, resource_name)| {
            let quota = QuotaAt { queue, group, flavor, resource };
            view! {
                <div class="resource-quota">
                    <span class="resource-name">{resource_name.clone()}</span>
                    <div class="field-row">
                        <QuantityInput binding=quota.nominal() label="Nominal quota" tip=NOMINAL_TIP />
                        <QuantityInput binding=quota.borrowing_limit() label="Borrowing limit" optional=true placeholder="no limit"
                            tip=BORROWING_TIP />
                        <QuantityInput binding=quota.lending_limit() label="Lending limit" optional=true placeholder="all of it"
                            tip=LENDING_TIP />
                    </div>
                    <ReachBar queue flavor=name.clone() resource=resource_name />
                </div>
            }
        })
        .collect_view();
    view! {
        <li class="flavor-quotas" data-testid="flavor-quotas">
            <div class="flavor-head">
                <strong class="flavor-name">{name.clone()}</strong>
                <button type="button" class="icon-button" disabled={flavor == 0} on:click=move |_| shift(true)
                    aria-label=format!("Try {name} earlier") title="Try this flavor earlier">"\u{2191}"</button>
                <button type="button" class="icon-button" disabled={flavor + 1 >= count} on:click=move |_| shift(false)
                    aria-label=format!("Try {name} later") title="Try this flavor later">"\u{2193}"</button>
            </div>
            {quotas}
        </li>
    }
}
