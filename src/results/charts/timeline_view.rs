//! `TimelineCard`: the Gantt chart with a zoomable time window, and clickable bars that open the
//! job's story (`Editor::selected_job`).
//!
//! Zoom and pan four ways, all moving one window (`zoom::Window`): the buttons; Ctrl (or Cmd) +
//! wheel, and a trackpad pinch, zoom around the pointer (a plain wheel keeps scrolling the page,
//! which is what a page full of charts has to do); dragging pans; and with the chart focused,
//! + and - zoom, the arrow keys pan and Home (or 0) shows the whole run.
//!
//! It answers on hover like every chart (`answers`); since Left and Right pan here, Up and Down
//! walk the bars.

use crate::results::charts::answers::{client_box, Answer, AnswerLayer};
use crate::results::charts::canvas::WIDTH;
use crate::results::charts::marks::Walk;
use crate::results::charts::timeline::{self, Hit};
use crate::results::charts::zoom::{self, Window};
use crate::results::charts::{Chart, ChartCard};
use crate::results::session::Outcome;
use crate::state::use_editor;
use leptos::prelude::*;
use std::sync::Arc;

/// A drag in progress: where the pointer went down (client x) and the window then.
#[derive(Debug, Clone, Copy)]
struct Drag {
    start_x: f64,
    window: Window,
    moved: bool,
}

/// Pointer travel (CSS px) below which a press is a click, not a drag.
const DRAG_THRESHOLD: f64 = 4.0;

#[component]
pub fn TimelineCard(outcome: Signal<Option<Arc<Outcome>>>) -> impl IntoView {
    // `None` is the whole run, whatever its length: a new result keeps showing all of it.
    let window = RwSignal::new(None::<Window>);
    let end = Signal::derive(move || {
        outcome.with(|o| o.as_ref().map_or(1.0, |o| o.result.end_h.max(1e-3)))
    });
    let current = Signal::derive(move || window.get().unwrap_or_else(|| Window::whole(end.get())));
    let drawn = Memo::new(move |_| {
        let w = current.get();
        outcome.with(|o| o.as_ref().map(|o| timeline::draw(&o.result, w.from, w.to)))
    });
    let svg = Signal::derive(move || {
        drawn.with(|d| d.as_ref().map(|d| d.svg.clone()).unwrap_or_default())
    });
    let marks =
        Memo::new(move |_| drawn.with(|d| d.as_ref().map(|d| d.marks()).unwrap_or_default()));
    let answer = Answer::new(
        marks,
        Signal::derive(move || drawn.with(|d| d.as_ref().map_or(1, |d| d.height))),
    );
    let plot_x =
        move || drawn.with_untracked(|d| d.as_ref().map_or((0, WIDTH as i32), |d| d.plot_x));
    let drag = StoredValue::new(None::<Drag>);
    // A drag ends in a click on whatever bar is under the pointer; that click must not open a story.
    let swallow_click = StoredValue::new(false);

    let host = NodeRef::<leptos::html::Div>::new();
    // The pointer's x in the chart's SVG units (the SVG is scaled to the host's width).
    let svg_x = move |client_x: f64| {
        host.get_untracked()
            .and_then(|el| client_box(&el))
            .map_or(0.0, |(left, _, width, _)| {
                (client_x - left) * f64::from(WIDTH) / width.max(1.0)
            })
    };
    let mut wheel = leptos::ev::Custom::<web_sys::WheelEvent>::new("wheel");
    // Not passive: Ctrl+wheel must not also zoom the whole page.
    wheel.options_mut().set_passive(false);
    let on_wheel = move |ev: web_sys::WheelEvent| {
        if !(ev.ctrl_key() || ev.meta_key()) {
            return;
        }
        ev.prevent_default();
        let w = current.get_untracked();
        let anchor = zoom::hour_at(svg_x(f64::from(ev.client_x())), plot_x(), w);
        // Lines (Firefox) to pixels, so a notch zooms alike everywhere.
        let delta = if ev.delta_mode() == 1 {
            ev.delta_y() * 16.0
        } else {
            ev.delta_y()
        };
        window.set(Some(w.zoom_at(
            anchor,
            zoom::wheel_factor(delta),
            end.get_untracked(),
        )));
    };
    let on_down = move |ev: leptos::ev::PointerEvent| {
        if ev.button() != 0 {
            return;
        }
        swallow_click.set_value(false);
        drag.set_value(Some(Drag {
            start_x: f64::from(ev.client_x()),
            window: current.get_untracked(),
            moved: false,
        }));
    };
    let on_move = move |ev: leptos::ev::PointerEvent| {
        let Some(mut d) = drag.get_value() else {
            if let Some(el) = host.get_untracked() {
                answer.point(&el, (f64::from(ev.client_x()), f64::from(ev.client_y())));
            }
            return;
        };
        let dx = f64::from(ev.client_x()) - d.start_x;
        if !d.moved && dx.abs() < DRAG_THRESHOLD {
            return;
        }
        d.moved = true;
        drag.set_value(Some(d));
        let hours = zoom::drag_hours(svg_x(d.start_x + dx) - svg_x(d.start_x), plot_x(), d.window);
        window.set(Some(d.window.pan(hours, end.get_untracked())));
    };
    let on_up = move |_| {
        if let Some(d) = drag.get_value() {
            swallow_click.set_value(d.moved);
        }
        drag.set_value(None);
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if ev.ctrl_key() || ev.meta_key() || ev.alt_key() || answer.key(&ev, Walk::UpDown) {
            return;
        }
        if let Some(w) = zoom::on_key(&ev.key(), current.get_untracked(), end.get_untracked()) {
            ev.prevent_default();
            window.set(Some(w));
        }
    };
    let chart = leptos::html::div()
        .class("chart-svg timeline-host")
        .class(("dragging", move || drag.with_value(|d| d.is_some_and(|d| d.moved))))
        .node_ref(host)
        // Where the time axis runs in the SVG, for tests that check the zoom keeps its anchor.
        .attr("data-plot-x", move || { let (l, r) = drawn.with(|d| d.as_ref().map_or((0, 0), |d| d.plot_x)); format!("{l} {r}") })
        .on(wheel, on_wheel)
        .child(view! {
            <div inner_html=svg></div>
            {move || drawn.with(|d| d.as_ref().map(|d| view! { <HitLayer hits=d.hits.clone() height=d.height swallow_click /> }))}
            <AnswerLayer answer />
        });
    view! {
        <ChartCard chart=Chart::Timeline svg>
            <ZoomControls window=current set=Callback::new(move |w| window.set(w)) end />
            <div class="timeline-focus" tabindex="0" role="group" data-testid="timeline-focus"
                aria-label="Job timeline: + and - zoom, Left and Right pan, Up and Down move between bars, Home shows the whole run"
                on:keydown=on_key on:pointerdown=on_down on:pointermove=on_move on:pointerup=on_up
                on:pointercancel=on_up on:pointerleave=move |ev| { on_up(ev); answer.clear(); }
                on:blur=move |_| answer.clear()>
                {chart}
            </div>
            {move || drawn.with(|d| d.as_ref().and_then(|d| d.note.clone())).map(|n| view! { <p class="chart-note">{n}</p> })}
        </ChartCard>
    }
}

/// Zoom in and out around the middle of the window, and pan by half a window.
#[component]
fn ZoomControls(
    window: Signal<Window>,
    set: Callback<Option<Window>>,
    end: Signal<f64>,
) -> impl IntoView {
    let zoom = move |factor: f64| {
        let w = window.get_untracked();
        set.run(Some(w.zoom_at(w.middle(), factor, end.get_untracked())));
    };
    let pan = move |direction: f64| {
        let w = window.get_untracked();
        set.run(Some(w.pan(w.span() / 2.0 * direction, end.get_untracked())));
    };
    view! {
        <div class="zoom-controls" role="group" aria-label="Time axis zoom">
            <button on:click=move |_| zoom(0.5) title="Zoom in on the time axis (+)" data-testid="zoom-in">"Zoom in"</button>
            <button on:click=move |_| zoom(2.0) title="Zoom out on the time axis (-)">"Zoom out"</button>
            <button on:click=move |_| pan(-1.0) title="Earlier (Left arrow)" aria-label="Earlier">"◀"</button>
            <button on:click=move |_| pan(1.0) title="Later (Right arrow)" aria-label="Later">"▶"</button>
            <button on:click=move |_| set.run(None) title="Show the whole run (Home)">"Whole run"</button>
            <span class="zoom-window" data-testid="zoom-window" aria-live="polite"
                data-from=move || window.get().from data-to=move || window.get().to>
                {move || { let w = window.get(); format!("{} to {}", crate::results::format::hours(w.from), crate::results::format::hours(w.to)) }}
            </span>
        </div>
    }
}

/// Transparent rectangles over the bars, in the chart's own coordinates, that open a job's story.
#[component]
fn HitLayer(hits: Vec<Hit>, height: u32, swallow_click: StoredValue<bool>) -> impl IntoView {
    let state = use_editor();
    let bars = hits
        .into_iter()
        .map(|hit| {
            let job = hit.job.clone();
            let title = hit.job.clone();
            let open = move |_| {
                if swallow_click.get_value() {
                    swallow_click.set_value(false);
                } else {
                    state.screen.selected_job.set(Some(job.clone()));
                }
            };
            view! {
                <rect class="hit" data-testid="gantt-bar" data-job=hit.job
                    x=hit.x y=hit.y width=hit.w height=hit.h on:click=open>
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
