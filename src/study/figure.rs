//! `StudyFigure`: one of Compare's or Sweep's charts with its title, how to read it, its SVG and
//! PNG exports (the single-run results' `ChartExports`) and the shared hover and focus readout.

use crate::results::charts::answers::AnsweringChart;
use crate::results::charts::marks::Marked;
use crate::results::export::ChartExports;
use leptos::prelude::*;

#[component]
pub fn StudyFigure(
    /// The chart's title, also its name for a screen reader.
    #[prop(into)]
    title: String,
    #[prop(into)] caption: String,
    /// Names the exported files: `quotalab-<name>.svg`.
    #[prop(into)]
    name: String,
    drawn: Marked,
    /// What a click or Enter on a mark does, with the mark's index.
    #[prop(default = None)]
    on_pick: Option<Callback<usize>>,
) -> impl IntoView {
    let svg = Signal::stored(drawn.svg.clone());
    let slug = name.clone();
    view! {
        <figure class="chart-card" data-testid="study-chart" data-chart=slug>
            <figcaption class="chart-head">
                <h3>{title.clone()}</h3>
                <ChartExports name svg />
            </figcaption>
            <p class="caption">{caption}</p>
            <AnsweringChart drawn=Signal::stored(drawn) label=title on_pick />
        </figure>
    }
}
