//! The instance catalog: every type a scenario may name, with what a planner compares
//! (accelerator, count, memory, price, speed). Price and speed are editable; an edit writes an
//! override into `instance_types`, and "reset" removes it (docs/FORMAT.md `instance_types`).

use super::binding::bind;
use super::number_input::NumberInput;
use super::tip::tip;
use crate::state::paths::control_id;
use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::result::numbers::counted;
use quotalab_engine::scenario::InstanceType;
use quotalab_engine::Scenario;

/// Sets one field of type `name`'s override, creating the override from the catalog entry.
fn override_type(s: &mut Scenario, name: &str, change: impl FnOnce(&mut InstanceType)) {
    if !s.instance_types.iter().any(|t| t.name == name) {
        let Some(base) = s.instance_type(name) else {
            return;
        };
        s.instance_types.push(base);
    }
    if let Some(t) = s.instance_types.iter_mut().find(|t| t.name == name) {
        change(t);
    }
}

/// The JSON path of type `name`'s override: where it is, or where it would be added.
fn override_path(s: &Scenario, name: &str) -> String {
    let at = s
        .instance_types
        .iter()
        .position(|t| t.name == name)
        .unwrap_or(s.instance_types.len());
    format!("instance_types[{at}]")
}

#[component]
pub fn CatalogTable() -> impl IntoView {
    let state = use_editor();
    let names = Memo::new(move |_| {
        state
            .scenario
            .with(|s| s.catalog().into_iter().map(|t| t.name).collect::<Vec<_>>())
    });
    view! {
        <details class="catalog">
            <summary title={tip!("The built-in instance types, with this scenario's own prices and speeds", json = "instance_types")}>"Instance types (catalog)"</summary>
            <table>
                <thead><tr>
                    <th scope="col">"Type"</th><th scope="col">"Accelerator"</th><th scope="col">"Per instance"</th>
                    <th scope="col">"Memory"</th><th scope="col">"Price"</th><th scope="col">"Speed"</th><th></th>
                </tr></thead>
                <tbody>
                    <For each=move || names.get() key=|n| n.clone() children=|n| view! { <CatalogRow name=n /> } />
                </tbody>
            </table>
        </details>
    }
}

#[component]
fn CatalogRow(name: String) -> impl IntoView {
    let state = use_editor();
    let row = {
        let name = name.clone();
        Memo::new(move |_| state.scenario.with(|s| s.instance_type(&name)))
    };
    let path = state.scenario.with_untracked(|s| override_path(s, &name));
    // Every type without an override would be added at the same path, so their controls' ids
    // carry the type's name to stay unique.
    let scope = if state
        .scenario
        .with_untracked(|s| s.instance_types.iter().any(|t| t.name == name))
    {
        String::new()
    } else {
        format!("{}-", control_id(&name))
    };
    let (n1, n2, n3, n4) = (name.clone(), name.clone(), name.clone(), name.clone());
    let price = bind(
        format!("{path}.price_per_h"),
        move |s| Some(s.instance_type(&n1).map(|t| t.price_per_h)),
        move |s, v: Option<f64>| override_type(s, &n2, |t| t.price_per_h = v.unwrap_or(0.0)),
    );
    let speed = bind(
        format!("{path}.speed"),
        move |s| Some(s.instance_type(&n3).map(|t| t.speed)),
        move |s, v: Option<f64>| override_type(s, &n4, |t| t.speed = v.unwrap_or(0.0)),
    );
    let overridden = {
        let name = name.clone();
        Memo::new(move |_| {
            state
                .scenario
                .with(|s| s.instance_types.iter().any(|t| t.name == name))
        })
    };
    let reset = {
        let name = name.clone();
        move |_| state.edit(|s| s.instance_types.retain(|t| t.name != name))
    };
    view! {
        <tr class:overridden=overridden>
            <th scope="row">{name.clone()}</th>
            <td>{move || row.get().map(|t| t.accelerator).unwrap_or_default()}</td>
            <td>{move || row.get().map(|t| counted(u64::from(t.accelerators), "accelerator")).unwrap_or_default()}</td>
            <td>{move || row.get().map(|t| format!("{} GiB each", t.accelerator_memory_gib)).unwrap_or_default()}</td>
            <td><NumberInput binding=price label="Price" unit="$/h" id_scope=scope.clone() tip={tip!("On-demand price per instance-hour (us-east-1 list price by default)", json = "instance_types[].price_per_h")} /></td>
            <td><NumberInput binding=speed label="Speed" unit="\u{00d7}" id_scope=scope tip={tip!("Relative speed per accelerator (A10G = 1); durations on other entries scale by total speed (SEMANTICS §3)", json = "instance_types[].speed")} /></td>
            <td>{move || overridden.get().then(|| view! { <button type="button" class="link-button" on:click=reset.clone()>"reset"</button> })}</td>
        </tr>
    }
}
