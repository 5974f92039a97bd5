//! `ChartTabs`: one chart at a time, chosen by tabs. Only the chosen chart is drawn, so an edit
//! redraws one picture, not seven, and the page stays still while it does.

use crate::results::charts::card::ChartSvg;
use crate::results::charts::{Chart, ChartCard, TimelineCard};
use crate::results::session::Outcome;
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn ChartTabs(outcome: Signal<Option<Arc<Outcome>>>) -> impl IntoView {
    let chosen = RwSignal::new(Chart::Completion);
    let tabs = Chart::ALL
        .map(|chart| {
            view! {
                <button role="tab" class="tab" aria-selected=move || (chosen.get() == chart).to_string()
                    data-testid=format!("tab-{}", chart.slug()) on:click=move |_| chosen.set(chart)>
                    {chart.title()}
                </button>
            }
        })
        .collect_view();
    let svg = Memo::new(move |_| {
        let chart = chosen.get();
        outcome.with(|o| {
            o.as_ref()
                .filter(|_| chart != Chart::Timeline)
                .map(|o| chart.draw(&o.result))
                .unwrap_or_default()
        })
    });
    let result = Signal::derive(move || outcome.get().map(|o| Arc::new(o.result.clone())));
    view! {
        <div class="chart-tabs" role="tablist" aria-label="Charts">{tabs}</div>
        {move || match chosen.get() {
            Chart::Timeline => view! { <TimelineCard result /> }.into_any(),
            chart => view! { <ChartCard chart svg><ChartSvg svg /></ChartCard> }.into_any(),
        }}
    }
}
