//! The BUILD zone: tabs for the parts of a scenario (DESIGN.md's order), one section each.

use super::actions_section::ActionsSection;
use super::capacity_section::CapacitySection;
use super::diagnostics_summary::DiagnosticsSummary;
use super::json_view::JsonView;
use super::scenario_section::ScenarioSection;
use super::shares_section::SharesSection;
use super::workload_section::WorkloadSection;
use crate::state::{paths, use_app_state, Section};
use leptos::prelude::*;

const TABS: [(Section, &str); 6] = [
    (Section::Scenario, "Scenario"),
    (Section::Capacity, "Capacity"),
    (Section::Shares, "Shares"),
    (Section::Workload, "Workload"),
    (Section::Events, "Events"),
    (Section::Json, "{ } JSON"),
];

#[component]
pub fn BuildZone() -> impl IntoView {
    let state = use_app_state();
    // How many findings each tab holds, so a problem on a hidden tab is still in sight.
    let count = move |tab: Section| {
        state.report.with(|r| {
            r.all()
                .filter(|d| paths::section_of(&d.path) == tab)
                .count()
        })
    };
    let tabs = TABS
        .iter()
        .map(|&(tab, label)| {
            view! {
                <button type="button" role="tab" id=format!("tab-{label}") aria-selected=move || (state.section.get() == tab).to_string()
                    class:active=move || state.section.get() == tab on:click=move |_| state.section.set(tab)>
                    {label}
                    {move || (count(tab) > 0 && tab != Section::Json).then(|| view! { <span class="badge">{count(tab)}</span> })}
                </button>
            }
        })
        .collect_view();
    view! {
        <DiagnosticsSummary />
        <nav class="tabs" role="tablist" aria-label="Parts of the scenario">{tabs}</nav>
        <div class="tab-panel" role="tabpanel">
            {move || match state.section.get() {
                Section::Scenario => view! { <ScenarioSection /> }.into_any(),
                Section::Capacity => view! { <CapacitySection /> }.into_any(),
                Section::Shares => view! { <SharesSection /> }.into_any(),
                Section::Workload => view! { <WorkloadSection /> }.into_any(),
                Section::Events => view! { <ActionsSection /> }.into_any(),
                Section::Json => view! { <JsonView /> }.into_any(),
            }}
        </div>
    }
}
