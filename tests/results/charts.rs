//! The charts draw the engine's numbers, and user-typed names stay text.
//!
//! Runs in the browser: plotters measures text through a canvas (`wasm-bindgen-test`, set up by
//! `./dev setup`, see README.md).

use leptos::prelude::*;
use quotalab_app::results::charts::{timeline, Chart};
use quotalab_engine::result::metrics::ALL_JOBS;
use quotalab_engine::result::view::Drawn;
use quotalab_engine::result::PoolKind;
use quotalab_engine::{simulate, Scenario};
use wasm_bindgen_test::*;

const EVIL: &str = "<img src=x onerror=alert(1)>";

/// Two shares, the first named like an attack, on one g5 pool, with enough jobs to borrow and
/// be reclaimed.
fn scenario() -> Scenario {
    let json = r#"{
      "version": 1, "name": "two teams", "seed": 3, "horizon_h": 48,
      "capacity": [ { "instance_type": "ml.g5.xlarge", "count": 2 } ],
      "quota_shares": [
        { "name": "EVIL", "capacity_limits": [ { "instance_type": "ml.g5.xlarge", "max_capacity": 1 } ],
          "strategy": "LEND_AND_BORROW" },
        { "name": "lender", "capacity_limits": [ { "instance_type": "ml.g5.xlarge", "max_capacity": 1 } ],
          "strategy": "LEND" }
      ],
      "job_mixes": [
        { "name": "a", "share": "EVIL", "count": 6, "arrivals": { "every_h": 1, "start_h": 0 },
          "duration_h": 3, "template": { "instance_count": 1, "preferences": [ { "instance_type": "ml.g5.xlarge" } ],
          "checkpoint_interval_h": 0.5 } },
        { "name": "b", "share": "lender", "count": 3, "arrivals": { "every_h": 2, "start_h": 2 },
          "duration_h": 2, "template": { "instance_count": 1, "preferences": [ { "instance_type": "ml.g5.xlarge" } ] } }
      ]
    }"#
    .replace("EVIL", &EVIL.replace('"', "\\\""));
    Scenario::from_json(&json).expect("the test scenario is valid")
}

/// What the page draws of the test scenario's run.
fn result() -> Drawn {
    Drawn::of(simulate(&scenario()), ALL_JOBS)
}

/// How many `<polyline>` elements of more than two points (a data line, not a legend swatch) are
/// stroked in `colour`.
fn polylines_in(svg: &str, colour: &str) -> usize {
    let points = |l: &str| {
        l.split("points=\"").nth(1).map_or(0, |p| {
            p.split_whitespace().filter(|xy| xy.contains(',')).count()
        })
    };
    let stroke = format!("stroke=\"{colour}\"");
    svg.lines()
        .filter(|l| l.starts_with("<polyline") && l.contains(&stroke) && points(l) > 2)
        .count()
}

/// The SVG with each text element on one line (`>2</text>`); plotters puts text on its own line.
fn flat(svg: &str) -> String {
    svg.replace('\n', "")
}

#[wasm_bindgen_test]
fn completion_cdf_has_one_line_per_share_and_labelled_axes() {
    let svg = Chart::Completion.draw(&result());
    assert_eq!(
        polylines_in(&svg, "#0072B2"),
        1,
        "one CDF line for the first share"
    );
    assert_eq!(
        polylines_in(&svg, "#E69F00"),
        1,
        "one CDF line for the second share"
    );
    assert!(
        svg.contains("completion time: end minus submit (h)"),
        "x axis names its unit"
    );
    assert!(
        svg.contains("succeeded jobs done (%)"),
        "y axis names its unit"
    );
    assert!(flat(&svg).contains(">p50 "), "p50 is marked with its value");
    assert!(flat(&svg).contains(">p90 "), "p90 is marked with its value");
}

#[wasm_bindgen_test]
fn user_typed_names_are_escaped_in_every_chart() {
    let result = result();
    for chart in Chart::ALL {
        let svg = chart.draw(&result);
        assert!(
            !svg.contains("<img"),
            "{chart:?} contains raw markup from a name"
        );
        if !matches!(chart, Chart::Cost) {
            assert!(
                svg.contains("&lt;img src=x onerror=alert(1)&gt;")
                    || svg.contains("&lt;img src=x on"),
                "{chart:?} shows the name as text"
            );
        }
    }
}

#[wasm_bindgen_test]
fn inserting_a_chart_creates_no_element_from_a_name() {
    let host = crate::support::attached_root();
    host.set_inner_html(&Chart::Completion.draw(&result()));
    assert!(
        host.query_selector("img").unwrap().is_none(),
        "no <img> element was created"
    );
    let text = host.text_content().unwrap_or_default();
    assert!(text.contains(EVIL), "the name appears literally as text");
    host.remove();
}

#[wasm_bindgen_test]
fn bar_charts_draw_the_engines_counts() {
    let result = result();
    let svg = flat(&Chart::Fallback.draw(&result));
    // One row per share and entry its jobs first ran on, labelled with the engine's count
    // (`shares[].started_on`), and each share's fallback rate in the title.
    for share in &result.shares {
        assert!(!share.started_on.is_empty(), "{} started jobs", share.name);
        for got in &share.started_on {
            assert!(
                svg.contains(&format!(
                    "#{} {} ×{}",
                    got.preference + 1,
                    got.instance_type,
                    got.instance_count
                )),
                "a row for {}'s entry #{}",
                share.name,
                got.preference + 1
            );
            assert!(
                svg.contains(&format!(">{}</text>", got.jobs)),
                "fallback shows {} jobs for {}",
                got.jobs,
                share.name
            );
        }
        assert!(svg.contains(&format!("{:.0}%", share.fallback_rate * 100.0)));
    }
    let waiting = flat(&Chart::Waiting.draw(&result));
    let jobs = &result.jobs;
    for (reason, _) in (0..jobs.len()).flat_map(|j| jobs.waited(j)) {
        assert!(
            waiting.contains(&format!(
                ">{}<",
                quotalab_app::results::jobs::words::reason_label(reason)
            )),
            "waiting chart has a row for {reason}, in words"
        );
    }
}

#[wasm_bindgen_test]
fn utilisation_stacks_own_and_borrowed_per_share_and_shows_pools_apart() {
    let result = result();
    let svg = Chart::Utilisation.draw(&result);
    // Two layers (own, borrowed) per share, drawn as polygons in the share's colour, and one
    // layer per pool kind the type has (on demand, and spot or plans where they exist).
    let kinds = |u: &quotalab_engine::result::UsageSeries| {
        1 + [PoolKind::TrainingPlan, PoolKind::Spot]
            .into_iter()
            .filter(|&k| {
                u.points
                    .iter()
                    .any(|p| p.pool_capacity.of(k) + p.pool_used.of(k) > 0)
            })
            .count()
    };
    let pool_layers: usize = result.usage.iter().map(kinds).sum();
    let polygons = svg.lines().filter(|l| l.contains("<polygon")).count();
    assert_eq!(
        polygons,
        2 * result.shares.len() * result.usage.len() + pool_layers
    );
    assert!(svg.contains("held per share, any pool"));
    assert!(svg.contains("by pool: in use and offered"));
}

#[wasm_bindgen_test]
fn timeline_has_a_clickable_target_per_attempt() {
    let result = result();
    let attempts = simulate(&scenario())
        .jobs
        .iter()
        .map(|j| j.attempts.len())
        .sum();
    let drawn = timeline::draw(&result, 0.0, result.end_h);
    assert_eq!(drawn.hits.len(), attempts);
    assert!(drawn.hits.iter().all(|h| h.w > 0 && h.h > 0));
    // Zooming to the first hour keeps only attempts that overlap it.
    let zoomed = timeline::draw(&result, 0.0, 1.0);
    assert!(zoomed.hits.len() < attempts);
}

#[wasm_bindgen_test]
fn reclaim_matrix_counts_who_took_from_whom() {
    let result = result();
    let svg = flat(&Chart::Reclaim.draw(&result));
    assert!(svg.contains("Who preempted whom"));
    let taken: u32 = result
        .shares
        .iter()
        .flat_map(|s| s.reclaimed_from.values())
        .sum();
    assert!(taken > 0, "the test scenario has reclaims");
    assert!(
        svg.contains(&format!(">{taken}</text>")),
        "the matrix cell shows the count"
    );
}

/// A chart mounted as a component: the SVG lands in the page as elements, the name as text.
#[wasm_bindgen_test]
fn chart_svg_component_renders_text_not_markup() {
    let host = crate::support::attached_root();
    let svg = Chart::Fallback.draw(&result());
    let _mount = mount_to(
        host.clone(),
        move || view! { <div class="chart-svg" inner_html=svg.clone()></div> },
    );
    assert!(host.query_selector("svg").unwrap().is_some());
    assert!(host.query_selector("img").unwrap().is_none());
    assert!(host.text_content().unwrap_or_default().contains(EVIL));
}

/// Jobs that start again after a reclaim pay their startup again: the reclaim chart says how
/// much, per share and in total, with the engine's number.
#[wasm_bindgen_test]
fn reclaim_chart_shows_the_restart_overhead() {
    let mut scenario = scenario();
    scenario.job_mixes[0].template.startup_h = 0.25;
    let result = Drawn::of(simulate(&scenario), ALL_JOBS);
    let overhead = result.totals.restart_overhead_accelerator_h;
    assert!(
        result.totals.preemptions > 0 && overhead > 0.0,
        "the test scenario restarts jobs: {} preemptions, {overhead} accelerator-h",
        result.totals.preemptions
    );
    let svg = flat(&Chart::Reclaim.draw(&result));
    assert!(svg.contains(">restart overhead</text>"), "a row for it");
    assert!(svg.contains(">restarts</text>") && svg.contains(">lost to reclaim</text>"));
    for share in result.shares.iter().filter(|s| s.restarts > 0) {
        assert!(
            svg.contains(&format!(">{}</text>", share.restarts)),
            "{}'s restarts are the engine's count",
            share.name
        );
    }
    for share in result
        .shares
        .iter()
        .filter(|s| s.restart_overhead_accelerator_h > 0.0)
    {
        let bar =
            quotalab_app::results::format::round_for_people(share.restart_overhead_accelerator_h);
        assert!(
            svg.contains(&format!(">{bar}</text>")),
            "{}'s bar is labelled {bar}",
            share.name
        );
    }
}
