//! One slide of the presenter view: a KPI with each team as a column (the value large enough for
//! the back of the room, its label above it, never beside it), or one chart across the width.

use super::deck::Slide;
use crate::results::baseline::Reference;
use crate::results::charts::canvas::share_summaries;
use crate::results::charts::Chart;
use crate::results::format::exact;
use crate::results::kpi::delta_class;
use crate::results::session::Outcome;
use crate::state::palette::share_paint;
use leptos::prelude::*;
use quotalab_engine::result::numbers::counted;
use quotalab_engine::study::numbers::{change, short};
use quotalab_engine::study::{Kpi, KpiUnit};
use std::sync::Arc;

#[component]
pub fn PresenterSlide(
    #[prop(into)] slide: Signal<Slide>,
    #[prop(into)] outcome: Signal<Option<Arc<Outcome>>>,
    /// What the ▲/▼ compare with ("V1"), when another variant is the baseline.
    #[prop(into)]
    baseline: Signal<Option<Reference>>,
) -> impl IntoView {
    move || {
        let Some(current) = outcome.get() else {
            return view! { <p class="placeholder">"The results appear here as soon as the scenario has run."</p> }.into_any();
        };
        match slide.get() {
            Slide::Kpi(kpi) => {
                view! { <KpiSlide kpi current baseline=baseline.get() /> }.into_any()
            }
            Slide::Chart(chart) => view! { <ChartSlide chart current /> }.into_any(),
        }
    }
}

#[component]
fn KpiSlide(kpi: Kpi, current: Arc<Outcome>, baseline: Option<Reference>) -> impl IntoView {
    let currency = current.result.currency.clone();
    let before = baseline
        .as_ref()
        .map(|r| (r.tag.clone(), Arc::clone(&r.shares)));
    let columns = share_summaries(&current.result)
        .iter()
        .enumerate()
        .map(|(i, share)| {
            let now = kpi.of_share(share);
            let shown = now.map_or("—".to_owned(), |v| short(kpi, v, &currency));
            let of = (kpi.unit() == KpiUnit::Jobs).then(|| format!("of {}", counted(u64::from(share.jobs), "job")));
            let change = before.as_ref().and_then(|(name, b)| {
                let was = b.iter().find(|s| s.name == share.name).and_then(|s| kpi.of_share(s));
                change(kpi, was, now, &currency).map(|c| (name.clone(), c))
            });
            let change = change.map(|(name, c)| {
                view! { <span class=delta_class(c.good) data-testid="presenter-delta">{format!("{} vs {name}", c.full)}</span> }
            });
            view! {
                <div class="presenter-team" style=format!("--share: {}", share_paint(i)) data-testid="presenter-team">
                    <h3><span class="swatch" aria-hidden="true"></span>{share.name.to_string()}</h3>
                    <p class="presenter-value" title=now.map(exact).unwrap_or_else(|| "no job succeeded".into())
                        data-testid="presenter-value">{shown}</p>
                    {of.map(|of| view! { <p class="presenter-of">{of}</p> })}
                    {change}
                </div>
            }
        })
        .collect_view();
    view! {
        <div class="presenter-kpi" data-testid="presenter-kpi">
            <p class="presenter-hint">{kpi.meaning()}</p>
            <div class="presenter-teams">{columns}</div>
        </div>
    }
}

/// The SVG comes from plotters, whose text is escaped (`charts::canvas`), so it is inserted as
/// markup like the chart cards do.
#[component]
fn ChartSlide(chart: Chart, current: Arc<Outcome>) -> impl IntoView {
    let svg = chart.draw(&current.result);
    view! {
        <figure class="presenter-chart" data-testid="presenter-chart" data-chart=chart.slug()>
            <div class="chart-svg" inner_html=svg></div>
            <figcaption>{chart.caption()}</figcaption>
        </figure>
    }
}
