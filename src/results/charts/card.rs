//! `ChartCard`: one chart with its title, how to read it, and its exports.

use crate::results::charts::Chart;
use crate::results::export::ChartExports;
use leptos::prelude::*;

/// Frames an SVG chart. The SVG comes from plotters, whose text is escaped (see `canvas`), so it
/// is safe to insert as markup: user-typed names in it are text, never elements.
#[component]
pub fn ChartCard(
    chart: Chart,
    #[prop(into)] svg: Signal<String>,
    children: Children,
) -> impl IntoView {
    view! {
        <figure class="chart-card" data-testid="chart" data-chart=chart.slug()>
            <figcaption class="chart-head">
                <h3>{chart.title()}</h3>
                <ChartExports name=chart.slug() svg />
            </figcaption>
            {children()}
            <p class="chart-caption">{chart.caption()}</p>
        </figure>
    }
}
