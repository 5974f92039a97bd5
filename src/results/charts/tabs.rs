//! `ChartTabs`: one chart at a time, chosen by tabs. Only the chosen chart is drawn, so an edit
//! redraws one picture, not seven, and the page stays still while it does.

use crate::components::tablist::{on_tab_key, tab_stop};
use crate::results::charts::answers::AnsweringChart;
use crate::results::charts::marks::Marked;
use crate::results::charts::{Chart, ChartCard, TimelineCard};
use crate::results::session::Outcome;
use crate::state::use_editor;
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn ChartTabs(outcome: Signal<Option<Arc<Outcome>>>) -> impl IntoView {
    // The chart lives in the app state by its slug, so a link can reopen it (`state::view`).
    let state = use_editor();
    let chosen = Memo::new(move |_| {
        state.screen.chart.with(|slug| {
            Chart::ALL
                .into_iter()
                .find(|c| slug.as_deref() == Some(c.slug()))
                .unwrap_or(Chart::Completion)
        })
    });
    let choose = move |chart: Chart| state.screen.chart.set(Some(chart.slug().to_owned()));
    let tabs = Chart::ALL
        .map(|chart| {
            view! {
                <button role="tab" class="tab" id=tab_id(chart) aria-controls="chart-panel"
                    aria-selected=move || (chosen.get() == chart).to_string() tabindex=move || tab_stop(chosen.get() == chart)
                    data-testid=format!("tab-{}", chart.slug()) on:click=move |_| choose(chart)>
                    {chart.title()}
                </button>
            }
        })
        .collect_view();
    let drawn = Memo::new(move |_| {
        let chart = chosen.get();
        outcome.with(|o| {
            o.as_ref()
                .filter(|_| chart != Chart::Timeline)
                .map(|o| chart.marked(&o.result))
                .unwrap_or_default()
        })
    });
    let svg = Signal::derive(move || drawn.with(|d: &Marked| d.svg.clone()));
    view! {
        <div class="chart-tabs" role="tablist" aria-label="Charts"
            on:keydown=move |ev| on_tab_key(&ev, &Chart::ALL, chosen.get_untracked(), tab_id, choose)>{tabs}</div>
        <div role="tabpanel" id="chart-panel" aria-labelledby=move || tab_id(chosen.get())>
            {move || match chosen.get() {
                Chart::Timeline => view! { <TimelineCard outcome /> }.into_any(),
                chart => view! {
                    <ChartCard chart svg><AnsweringChart drawn label=chart.title() /></ChartCard>
                }.into_any(),
            }}
        </div>
    }
}

fn tab_id(chart: Chart) -> String {
    format!("chart-tab-{}", chart.slug())
}
