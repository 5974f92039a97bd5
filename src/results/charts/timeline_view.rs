//! `TimelineCard`: the Gantt chart with a zoomable time window, and clickable bars that open the
//! job's story (`AppState::selected_job`).

use crate::results::charts::canvas::WIDTH;
use crate::results::charts::timeline::{self, Hit};
use crate::results::charts::{Chart, ChartCard};
use crate::state::use_app_state;
use leptos::prelude::*;
use quotalab_engine::SimResult;
use std::sync::Arc;

/// The visible window in hours; `None` is the whole run.
type Window = Option<(f64, f64)>;

#[component]
pub fn TimelineCard(#[prop(into)] result: Signal<Option<Arc<SimResult>>>) -> impl IntoView {
    let window = RwSignal::new(Window::None);
    let end = move || result.with(|r| r.as_ref().map_or(1.0, |r| r.end_h.max(1e-3)));
    let drawn = Memo::new(move |_| {
        let (from, to) = window.get().unwrap_or((0.0, end()));
        result.with(|r| r.as_ref().map(|r| timeline::draw(r, from, to)))
    });
    let svg = Signal::derive(move || {
        drawn.with(|d| d.as_ref().map(|d| d.svg.clone()).unwrap_or_default())
    });
    view! {
        <ChartCard chart=Chart::Timeline svg>
            <ZoomControls window end=Signal::derive(end) />
            <div class="chart-svg timeline-host">
                <div inner_html=svg></div>
                {move || drawn.with(|d| d.as_ref().map(|d| view! { <HitLayer hits=d.hits.clone() height=d.height /> }))}
            </div>
            {move || drawn.with(|d| d.as_ref().and_then(|d| d.note.clone())).map(|n| view! { <p class="chart-note">{n}</p> })}
        </ChartCard>
    }
}

/// Zoom in and out around the middle of the window, and pan by half a window.
#[component]
fn ZoomControls(window: RwSignal<Window>, end: Signal<f64>) -> impl IntoView {
    let current = move || window.get().unwrap_or((0.0, end.get()));
    let set = move |from: f64, to: f64| {
        let span = (to - from).clamp(end.get() / 512.0, end.get());
        let from = from.clamp(0.0, end.get() - span);
        window.set(Some((from, from + span)));
    };
    let zoom = move |factor: f64| {
        let (from, to) = current();
        let middle = (from + to) / 2.0;
        let half = (to - from) * factor / 2.0;
        set(middle - half, middle + half);
    };
    let pan = move |direction: f64| {
        let (from, to) = current();
        let step = (to - from) / 2.0 * direction;
        set(from + step, to + step);
    };
    view! {
        <div class="zoom-controls" role="group" aria-label="Time axis zoom">
            <button on:click=move |_| zoom(0.5) title="Zoom in on the time axis">"Zoom in"</button>
            <button on:click=move |_| zoom(2.0) title="Zoom out on the time axis">"Zoom out"</button>
            <button on:click=move |_| pan(-1.0) title="Earlier">"◀"</button>
            <button on:click=move |_| pan(1.0) title="Later">"▶"</button>
            <button on:click=move |_| window.set(None) title="Show the whole run">"Whole run"</button>
            <span class="zoom-window">
                {move || { let (a, b) = current(); format!("{} to {}", crate::results::format::hours(a), crate::results::format::hours(b)) }}
            </span>
        </div>
    }
}

/// Transparent rectangles over the bars, in the chart's own coordinates, that open a job's story.
#[component]
fn HitLayer(hits: Vec<Hit>, height: u32) -> impl IntoView {
    let state = use_app_state();
    let bars = hits
        .into_iter()
        .map(|hit| {
            let job = hit.job.clone();
            let title = hit.job.clone();
            view! {
                <rect class="hit" data-testid="gantt-bar" data-job=hit.job
                    x=hit.x y=hit.y width=hit.w height=hit.h
                    on:click=move |_| state.selected_job.set(Some(job.clone()))>
                    <title>{title}</title>
                </rect>
            }
        })
        .collect_view();
    view! {
        <svg class="hit-layer" viewBox=format!("0 0 {WIDTH} {height}") preserveAspectRatio="none">
            {bars}
        </svg>
    }
}
