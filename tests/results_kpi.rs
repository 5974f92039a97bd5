//! KPI cards: one per share, with the engine's numbers and what changed since the previous run.

mod support;

use leptos::prelude::*;
use quotalab_app::results::kpi::KpiCards;
use quotalab_app::results::session::Outcome;
use quotalab_engine::{simulate, Scenario, SimResult};
use std::sync::Arc;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const DEFAULT: &str = include_str!("../scenarios/default.json");

fn outcome(revision: u64, result: SimResult) -> Arc<Outcome> {
    Arc::new(Outcome {
        revision,
        opened: 0,
        result,
        run: 1,
        scenario: Arc::from(DEFAULT),
        elapsed_ms: 1.0,
    })
}

fn mount(current: Arc<Outcome>, previous: Option<Arc<Outcome>>) -> web_sys::HtmlElement {
    let host = support::attached_root();
    let handle = mount_to(
        host.clone(),
        move || view! { <KpiCards current=current.clone() previous=previous.clone() /> },
    );
    // Keep the view mounted for the rest of the test.
    std::mem::forget(handle);
    host
}

#[wasm_bindgen_test]
fn one_card_per_share_with_rounded_numbers_and_exact_titles() {
    let result = simulate(&Scenario::from_json(DEFAULT).unwrap());
    let p90 = result.shares[0].completion_p90_h.unwrap();
    let host = mount(outcome(0, result), None);
    assert_eq!(
        host.inner_html()
            .matches("data-testid=\"kpi-card\"")
            .count(),
        3
    );
    let text = host.text_content().unwrap();
    assert!(text.contains("background") && text.contains("p90"));
    assert!(
        host.query_selector("[data-testid=kpi-delta]")
            .unwrap()
            .is_none(),
        "no delta on a first run"
    );
    let exact = host.query_selector(&format!("dd[title='{p90}']")).unwrap();
    assert!(exact.is_some(), "the exact p90 is the tooltip");
    host.remove();
}

#[wasm_bindgen_test]
fn an_edit_shows_what_changed_coloured_better_or_worse() {
    let mut scenario = Scenario::from_json(DEFAULT).unwrap();
    let before = simulate(&scenario);
    // The borrowing share may no longer borrow: its jobs wait longer.
    scenario.quota_shares[0].strategy = quotalab_engine::scenario::Strategy::Reserve;
    scenario.quota_shares[0].borrow_limit = None;
    let after = simulate(&scenario);
    let host = mount(outcome(1, after), Some(outcome(0, before)));
    assert!(
        host.query_selector("[data-testid=kpi-delta]")
            .unwrap()
            .is_some(),
        "an edit that changes the numbers shows deltas"
    );
    let worse = host
        .query_selector(".delta.worse")
        .unwrap()
        .expect("a longer wait is bad news");
    let text = worse.text_content().unwrap();
    assert!(
        text.starts_with('▲') || text.starts_with('▼'),
        "delta reads like '▲ p90 +1.2 h': {text}"
    );
    host.remove();
}
