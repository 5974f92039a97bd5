//! Charts answer on hover and keyboard focus, in a real browser: the readout under the pointer
//! or at the mark the arrow keys reached says the exact values the chart was drawn from (CDF
//! points, bars, sweep points with their 90% intervals), and Enter on a sweep point picks it.

use leptos::prelude::*;
use quotalab_app::results::charts::answers::AnsweringChart;
use quotalab_app::results::charts::canvas::WIDTH;
use quotalab_app::results::charts::marks::Marked;
use quotalab_app::results::charts::Chart;
use quotalab_app::study::charts::{sweep_chart, SweepMetric};
use quotalab_app::study::numbers::estimate;
use quotalab_engine::result::metrics::ALL_JOBS;
use quotalab_engine::result::numbers::{hours, percent};
use quotalab_engine::result::view::Drawn;
use quotalab_engine::result::Status;
use quotalab_engine::simulate;
use quotalab_engine::study::{Definition, Kpi, Summary, Sweep, SweepPlan, SweepSummary};
use std::sync::{Arc, Mutex};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

/// The default scenario's result as the page holds it (its jobs as columns).
fn default_result() -> Drawn {
    let scenario = crate::support::default_scenario();
    Drawn::of(simulate(&scenario), ALL_JOBS)
}

/// Mounts `drawn` as an answering chart; `picked` records what Enter or a click picked.
fn mount(drawn: Marked, picked: Arc<Mutex<Vec<usize>>>) -> web_sys::HtmlElement {
    let root = crate::support::attached_root();
    root.style().set_property("width", "960px").expect("style");
    let on_pick = Callback::new(move |i: usize| picked.lock().expect("lock").push(i));
    leptos::mount::mount_to(root.clone(), move || {
        view! { <AnsweringChart drawn=Signal::stored(drawn) label="test chart" on_pick=Some(on_pick) /> }
    })
    .forget();
    root
}

fn host(root: &web_sys::HtmlElement) -> web_sys::HtmlElement {
    root.query_selector("[data-testid=answering-chart]")
        .expect("selector")
        .expect("the chart host")
        .unchecked_into()
}

fn readout(root: &web_sys::HtmlElement) -> String {
    root.query_selector("[data-testid=chart-readout]")
        .expect("selector")
        .and_then(|e| e.text_content())
        .unwrap_or_default()
}

fn press(target: &web_sys::Element, key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    let event =
        web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).expect("event");
    target.dispatch_event(&event).expect("dispatch");
}

/// Moves the pointer to the SVG point `(x, y)` of the chart in `host`.
fn hover(host: &web_sys::HtmlElement, (x, y): (i32, i32), height: u32) {
    let rect = host.get_bounding_client_rect();
    let init = web_sys::MouseEventInit::new();
    init.set_bubbles(true);
    init.set_client_x(
        (rect.left() + f64::from(x) * rect.width() / f64::from(WIDTH)).round() as i32,
    );
    init.set_client_y(
        (rect.top() + f64::from(y) * rect.height() / f64::from(height)).round() as i32,
    );
    let event =
        web_sys::MouseEvent::new_with_mouse_event_init_dict("pointermove", &init).expect("event");
    host.dispatch_event(&event).expect("dispatch");
}

#[wasm_bindgen_test]
async fn the_cdf_reads_out_hours_and_fraction_done_as_the_arrow_keys_walk_its_points() {
    let result = default_result();
    let drawn = Chart::Completion.marked(&result);
    let marks = drawn.marks.clone();
    let root = mount(drawn, Arc::default());
    let host = host(&root);
    assert_eq!(
        readout(&root),
        "",
        "nothing is read out before focus or hover"
    );
    press(&host, "ArrowRight");
    crate::support::settle().await;
    assert_eq!(readout(&root), marks[0].text);
    press(&host, "ArrowRight");
    crate::support::settle().await;
    assert_eq!(readout(&root), marks[1].text);
    assert!(
        root.query_selector(".focus-mark")
            .expect("selector")
            .is_some(),
        "a focus ring marks the point"
    );
    // The last step of the first share: all its succeeded jobs, by its longest completion time.
    let first = &result.shares[0];
    let jobs = &result.jobs;
    let mut times: Vec<f64> = (0..jobs.len())
        .map(|j| jobs.row(j))
        .filter(|j| j.status == Status::Succeeded && j.share == Some(&*first.name))
        .filter_map(|j| j.completion_h)
        .collect();
    times.sort_by(f64::total_cmp);
    let last = format!(
        "{}: {} of succeeded jobs done by {}",
        first.name,
        percent(1.0),
        hours(*times.last().expect("the first share has succeeded jobs"))
    );
    let at = marks
        .iter()
        .position(|m| m.text == last)
        .expect("the last step has a mark");
    for _ in 1..at {
        press(&host, "ArrowRight");
    }
    crate::support::settle().await;
    assert_eq!(readout(&root), last);
    root.remove();
}

#[wasm_bindgen_test]
async fn the_first_key_on_a_chart_that_has_settled_reads_out_at_once() {
    let drawn = Chart::Completion.marked(&default_result());
    let marks = drawn.marks.clone();
    let root = mount(drawn, Arc::default());
    // Let the chart's effects run, as a chart on screen for a while has.
    crate::support::settle().await;
    press(&host(&root), "Home");
    crate::support::settle().await;
    assert_eq!(readout(&root), marks[0].text, "Home reads the first value");
    root.remove();
}

#[wasm_bindgen_test]
async fn a_bar_reads_out_its_team_value_and_unit_under_the_pointer() {
    let result = default_result();
    let drawn = Chart::Fallback.marked(&result);
    let height = drawn.height;
    let marks = drawn.marks.clone();
    let share = &result.shares[1];
    let row = &share.started_on[0];
    let mark = marks
        .iter()
        .find(|m| m.text.starts_with(&*share.name) && m.text.contains(&*row.instance_type))
        .expect("a bar for the second share's first row");
    assert!(
        mark.text.ends_with(&format!(": {} jobs", row.jobs)),
        "the engine's count and its unit: {}",
        mark.text
    );
    let (l, t, r, b) = mark.area.expect("a bar has an area");
    let root = mount(drawn, Arc::default());
    let host = host(&root);
    // Anywhere on the bar: near its start, not its end.
    hover(&host, (l + (r - l) / 5, (t + b) / 2), height);
    crate::support::settle().await;
    assert_eq!(readout(&root), mark.text);
    host.dispatch_event(&web_sys::Event::new("pointerleave").expect("event"))
        .expect("dispatch");
    crate::support::settle().await;
    assert_eq!(readout(&root), "", "leaving the chart hides the readout");
    root.remove();
}

fn sweep() -> SweepSummary {
    let scenario = crate::support::default_scenario();
    let sweep = Sweep {
        param: "capacity[0].count".into(),
        values: vec![2.0, 4.0, 6.0],
    };
    let definition = Definition::Sweep(Box::new(SweepPlan::new(scenario, sweep, 3)));
    let samples = definition.run(&definition.units()).expect("the sweep runs");
    match definition.summarize(&samples).expect("it summarises") {
        Summary::Sweep(summary) => summary,
        Summary::Comparison(_) => panic!("a sweep summarises as a sweep"),
    }
}

#[wasm_bindgen_test]
async fn a_sweep_point_reads_out_its_interval_and_enter_picks_it() {
    let summary = sweep();
    let (drawn, points) = sweep_chart(&summary, SweepMetric::CompletionP90, "USD");
    assert_eq!(
        points.len(),
        drawn.marks.len(),
        "every mark names its point"
    );
    let picked = Arc::new(Mutex::new(Vec::new()));
    let marks = drawn.marks.clone();
    let root = mount(drawn, Arc::clone(&picked));
    let host = host(&root);
    press(&host, "ArrowRight");
    press(&host, "ArrowRight");
    crate::support::settle().await;
    let point = &summary.points[points[1]];
    let share = &point.shares[0];
    let e = share.completion_p90_h.expect("a p90 at this point");
    let expected = format!(
        "{} at {} = {}: p90 completion {}",
        share.share,
        summary.label,
        point.value,
        estimate(Kpi::CompletionP90H, &e, "USD")
    );
    assert_eq!(readout(&root), expected);
    assert_eq!(marks[1].text, expected);
    assert!(
        expected.contains(" to "),
        "the 90% interval is read out: {expected}"
    );
    press(&host, "Enter");
    crate::support::settle().await;
    assert_eq!(
        *picked.lock().expect("lock"),
        [1],
        "Enter picks the point shown"
    );
    root.remove();
}
