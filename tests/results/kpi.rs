//! KPI cards: one per share, with the engine's numbers, the change against the baseline variant
//! and what changed since the previous run.

use leptos::prelude::*;
use quotalab_app::results::baseline::Reference;
use quotalab_app::results::charts::canvas::share_summaries;
use quotalab_app::results::kpi::KpiCards;
use quotalab_app::results::session::Outcome;
use quotalab_engine::result::metrics::ALL_JOBS;
use quotalab_engine::result::view::Drawn;
use quotalab_engine::result::ShareResult;
use quotalab_engine::{simulate, Scenario, SimResult};
use std::sync::Arc;
use wasm_bindgen_test::*;

const DEFAULT: &str = include_str!("../../scenarios/default.json");

fn outcome(revision: u64, result: SimResult) -> Arc<Outcome> {
    Arc::new(Outcome {
        revision,
        opened: 0,
        result: Drawn::of(result, ALL_JOBS),
        run: 1,
        scenario: quotalab_engine::Scenario::from_json(DEFAULT).expect("default is valid"),
        elapsed_ms: 1.0,
    })
}

fn mount(current: Arc<Outcome>, previous: Option<Arc<Outcome>>) -> web_sys::HtmlElement {
    mount_with(current, previous, None)
}

fn mount_with(
    current: Arc<Outcome>,
    previous: Option<Arc<Outcome>>,
    reference: Option<Reference>,
) -> web_sys::HtmlElement {
    // The session keeps only the share summaries of the run before.
    let previous = previous.map(|p| Arc::<[ShareResult]>::from(share_summaries(&p.result)));
    let host = crate::support::attached_root();
    let handle = mount_to(host.clone(), move || {
        view! { <KpiCards current=current.clone() previous=previous.clone() reference=reference.clone() /> }
    });
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
        host.query_selector("[data-testid=kpi-delta], [data-testid=kpi-since]")
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
        host.query_selector("[data-testid=kpi-since]")
            .unwrap()
            .is_some(),
        "an edit that changes the numbers shows what changed since"
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

/// The room compares with V1: a variant whose p90 is better than V1's shows a green ▼ against V1,
/// even when the last edit made it worse than a moment ago.
#[wasm_bindgen_test]
fn changes_are_shown_against_the_baseline_variant_first() {
    let mut scenario = Scenario::from_json(DEFAULT).unwrap();
    scenario.quota_shares[0].strategy = quotalab_engine::scenario::Strategy::Reserve;
    scenario.quota_shares[0].borrow_limit = None;
    let v1 = simulate(&scenario);
    let v2 = simulate(&Scenario::from_json(DEFAULT).unwrap());
    let host = mount_with(
        outcome(1, v2),
        None,
        Some(Reference {
            tag: "V1".into(),
            shares: share_summaries(&Drawn::of(v1, ALL_JOBS)).into(),
        }),
    );
    let html = host.inner_html();
    let against = html.matches("data-testid=\"kpi-delta\"").count();
    assert!(against > 0, "changes against V1 are shown");
    assert_eq!(
        html.matches("compared with V1").count(),
        against,
        "each says what it compares with"
    );
    assert!(
        host.query_selector("[data-testid=kpi-since]")
            .unwrap()
            .is_none(),
        "no previous run, no hint"
    );
    assert!(
        host.text_content().unwrap().contains("vs V1"),
        "the cards say what they compare with"
    );
    host.remove();
}

/// The scenario with every kind of stop (SEMANTICS §5) that the CLI's tests run through
/// `quotalab run --summary` and `quotalab report` (`crates/cli/tests/commands/stop_counts.rs`):
/// each card shows the engine's own preemptions and interruptions of its share, under those
/// words. The page writes no totals of them (the cards are per share, and the reclaim chart
/// draws bars), so the totals are the CLI test's alone.
#[wasm_bindgen_test]
fn the_cards_show_the_engine_preemptions_and_interruptions() {
    let every_kind = include_str!("../../crates/engine/tests/fixtures/every-stop-kind.json");
    let result = simulate(&Scenario::from_json(every_kind).unwrap());
    let shares = result.shares.clone();
    let host = mount(outcome(0, result), None);
    let nth = |within: &web_sys::Element, selector: &str, n: usize| {
        within
            .query_selector(&format!("{selector}:nth-of-type({})", n + 1))
            .unwrap()
    };
    assert!(nth(&host, "[data-testid=kpi-card]", shares.len()).is_none());
    for (i, share) in shares.iter().enumerate() {
        let card = nth(&host, "[data-testid=kpi-card]", i).expect("a card per share");
        let shown = |label: &str| {
            (0..)
                .map_while(|t| nth(&card, "dt", t))
                .find(|dt| dt.text_content().as_deref() == Some(label))
                .and_then(|dt| dt.next_element_sibling())
                .and_then(|dd| dd.text_content())
                .unwrap_or_else(|| panic!("{}: no {label} row", share.name))
        };
        assert_eq!(
            shown("preemptions"),
            share.preemptions.to_string(),
            "{}",
            share.name
        );
        assert_eq!(
            shown("interruptions"),
            share.interruptions.to_string(),
            "{}",
            share.name
        );
    }
    host.remove();
}
