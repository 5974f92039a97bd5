//! The BUILD zone: tabs for the parts of a scenario (docs/DESIGN.md's order), one section each.
//! The tabs follow the WAI-ARIA tabs pattern (`tablist`).

use super::actions_section::ActionsSection;
use super::capacity_section::CapacitySection;
use super::diagnostics_summary::DiagnosticsSummary;
use super::json_view::JsonView;
use super::kueue::queues_section::QueuesSection;
use super::rules_switch::RulesSwitch;
use super::scenario_section::ScenarioSection;
use super::shares_section::SharesSection;
use super::tablist::{on_tab_key, tab_stop};
use super::workload_section::WorkloadSection;
use crate::state::{paths, use_editor, Section};
use leptos::prelude::*;
use quotalab_engine::result::numbers::counted;

const TABS: [(Section, &str); 6] = [
    (Section::Scenario, "Scenario"),
    (Section::Capacity, "Capacity"),
    (Section::Shares, "Shares"),
    (Section::Workload, "Workload"),
    (Section::Events, "Events"),
    (Section::Json, "{ } JSON"),
];

/// The DOM ids of a tab and of the panel it controls.
fn tab_id(tab: Section) -> String {
    format!("tab-{tab:?}").to_ascii_lowercase()
}

const PANEL_ID: &str = "build-panel";

#[component]
pub fn BuildZone() -> impl IntoView {
    let state = use_editor();
    // How many findings each tab holds, so a problem on a hidden tab is still in sight.
    let count = move |tab: Section| {
        state.report.with(|r| {
            r.all()
                .filter(|d| paths::section_of(&d.path) == tab)
                .count()
        })
    };
    let sections = TABS.map(|(s, _)| s);
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        on_tab_key(
            &ev,
            &sections,
            state.screen.section.get_untracked(),
            tab_id,
            |s| state.screen.section.set(s),
        )
    };
    // A scenario written as Kueue objects edits ClusterQueues and cohorts where AWS shares are.
    let kueue = Memo::new(move |_| state.scenario.with(|s| s.kueue.is_some()));
    let tabs = TABS
        .iter()
        .map(|&(tab, label)| {
            let label = move || if tab == Section::Shares && kueue.get() { "Queues" } else { label };
            let selected = move || state.screen.section.get() == tab;
            view! {
                <button type="button" role="tab" id=tab_id(tab) aria-controls=PANEL_ID
                    aria-selected=move || selected().to_string() tabindex=move || tab_stop(selected())
                    class:active=selected on:click=move |_| state.screen.section.set(tab)>
                    {label}
                    {move || (count(tab) > 0 && tab != Section::Json).then(|| view! {
                        <span class="badge" aria-label=counted(count(tab) as u64, "finding")>{count(tab)}</span>
                    })}
                </button>
            }
        })
        .collect_view();
    view! {
        <DiagnosticsSummary />
        <RulesSwitch />
        <div class="tabs" role="tablist" aria-label="Parts of the scenario" on:keydown=on_key>{tabs}</div>
        <div class="tab-panel" role="tabpanel" id=PANEL_ID tabindex="0"
            aria-labelledby=move || tab_id(state.screen.section.get())>
            {move || match state.screen.section.get() {
                Section::Scenario => view! { <ScenarioSection /> }.into_any(),
                Section::Capacity => view! { <CapacitySection /> }.into_any(),
                Section::Shares if kueue.get() => view! { <QueuesSection /> }.into_any(),
                Section::Shares => view! { <SharesSection /> }.into_any(),
                Section::Workload => view! { <WorkloadSection /> }.into_any(),
                Section::Events => view! { <ActionsSection /> }.into_any(),
                Section::Json => view! { <JsonView /> }.into_any(),
            }}
        </div>
    }
}
