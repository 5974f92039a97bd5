//! The presenter view in a real browser: one column of live controls per team (per ClusterQueue
//! for Kueue objects) that edit the scenario through the normal edit path, ids that stay unique
//! beside the hidden editor, a QR code of the link, and Page Down / Page Up stepping through the
//! slides.

use crate::support::{all, choose, default_scenario, ids_used_twice, mount_app, type_into};
use leptos::prelude::*;
use quotalab_app::components::build_zone::BuildZone;
use quotalab_app::components::presenter::view::PresenterView;
use quotalab_app::state::{gallery, Editor};
use quotalab_engine::scenario::kueue::ReclaimPolicy;
use quotalab_engine::scenario::Strategy;
use quotalab_engine::Scenario;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

fn text(root: &web_sys::Element, selector: &str) -> String {
    root.query_selector(selector)
        .expect("selector")
        .and_then(|e| e.text_content())
        .unwrap_or_default()
}

fn press(key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    let event =
        web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).expect("event");
    web_sys::window()
        .expect("window")
        .dispatch_event(&event)
        .expect("dispatch");
}

/// Mounts BUILD and the presenter view over the default scenario, as the app root would.
fn mount() -> (Editor, web_sys::HtmlElement) {
    mount_app(
        default_scenario(),
        || view! { <BuildZone /> <PresenterView /> },
    )
}

#[wasm_bindgen_test]
async fn each_team_gets_a_column_of_live_controls_that_edit_the_scenario() {
    let (state, root) = mount();
    crate::support::settle().await;
    let teams = all(&root, "[data-testid=team-controls]");
    assert_eq!(teams.len(), 3, "one column per team");
    let select: web_sys::HtmlSelectElement = root
        .query_selector("#present-f-quota_shares-2--strategy")
        .expect("q")
        .expect("the third team's strategy")
        .unchecked_into();
    let revision = state.revision.get_untracked();
    choose(&select, "LEND");
    crate::support::settle().await;
    assert_eq!(
        state
            .scenario
            .with_untracked(|s| s.quota_shares[2].strategy),
        Strategy::Lend
    );
    assert!(
        state.revision.get_untracked() > revision,
        "an edit like any other"
    );
    assert!(
        state.history.with_untracked(|h| h.can_undo()),
        "one undo step"
    );
    let limit: web_sys::HtmlInputElement = root
        .query_selector("#present-f-quota_shares-0--capacity_limits-0--max_capacity")
        .expect("q")
        .expect("the first team's first limit")
        .unchecked_into();
    limit.set_value("3");
    limit
        .dispatch_event(&web_sys::Event::new("input").expect("event"))
        .expect("dispatch");
    crate::support::settle().await;
    assert_eq!(
        state
            .scenario
            .with_untracked(|s| s.quota_shares[0].capacity_limits[0].max_capacity),
        3
    );
}

#[wasm_bindgen_test]
async fn a_kueue_scenario_gets_a_column_per_cluster_queue_whose_quotas_edit_the_scenario() {
    let example = gallery::find("kueue-three-teams").expect("the Kueue example is in the gallery");
    let scenario = Scenario::parse_json(example.json).expect("it parses");
    let (state, root) = mount_app(scenario, || view! { <BuildZone /> <PresenterView /> });
    crate::support::settle().await;
    assert!(
        all(&root, "[data-testid=team-controls]").is_empty(),
        "no quota shares"
    );
    let queues = all(&root, "[data-testid=queue-controls]");
    let names: Vec<String> = queues.iter().map(|q| text(q, "h3")).collect();
    assert_eq!(
        names,
        ["research", "training", "inference"],
        "one column per ClusterQueue"
    );
    let legends: Vec<String> = all(&queues[0], "legend")
        .iter()
        .map(|l| l.text_content().unwrap_or_default())
        .collect();
    assert_eq!(
        legends,
        [
            "a10g \u{b7} nvidia.com/gpu",
            "a10g-spot \u{b7} nvidia.com/gpu"
        ],
        "its quotas in the order tried"
    );
    let inputs: Vec<web_sys::HtmlInputElement> = all(&queues[2], "input")
        .into_iter()
        .map(JsCast::unchecked_into)
        .collect();
    let values: Vec<String> = inputs
        .iter()
        .map(web_sys::HtmlInputElement::value)
        .collect();
    assert_eq!(
        values,
        ["8", "0", "4"],
        "inference's nominal quota, borrowing limit and lending limit"
    );
    let revision = state.revision.get_untracked();
    type_into(&inputs[2], "6");
    crate::support::settle().await;
    let lending = |s: &Scenario| {
        s.kueue.as_ref().expect("Kueue objects").cluster_queues[2].resource_groups[0].flavors[0]
            .resources[0]
            .lending_limit
            .map(|q| q.to_string())
    };
    assert_eq!(state.scenario.with_untracked(lending).as_deref(), Some("6"));
    assert!(
        state.revision.get_untracked() > revision,
        "an edit like any other"
    );
    type_into(&inputs[2], "");
    crate::support::settle().await;
    assert_eq!(
        state.scenario.with_untracked(lending),
        None,
        "empty: all of it may be lent"
    );
    let reclaim: web_sys::HtmlSelectElement = queues[0]
        .query_selector("select")
        .expect("q")
        .expect("research's reclaim policy")
        .unchecked_into();
    choose(&reclaim, "Any");
    crate::support::settle().await;
    assert_eq!(
        state
            .scenario
            .with_untracked(
                |s| s.kueue.as_ref().expect("Kueue objects").cluster_queues[0]
                    .preemption
                    .reclaim_within_cohort
            ),
        ReclaimPolicy::Any
    );
    let twice = ids_used_twice(&root);
    assert!(
        twice.is_empty(),
        "ids used twice beside the Queues tab: {twice:?}"
    );
}

#[wasm_bindgen_test]
async fn ids_stay_unique_beside_the_hidden_editor() {
    let (_, root) = mount();
    crate::support::settle().await;
    let twice = ids_used_twice(&root);
    assert!(twice.is_empty(), "ids used twice: {twice:?}");
}

#[wasm_bindgen_test]
async fn the_link_is_a_qr_code_drawn_as_an_svg_path() {
    let (state, root) = mount();
    crate::support::settle().await;
    let path = root
        .query_selector("[data-testid=scenario-qr] path")
        .expect("q")
        .expect("a QR code");
    let before = path.get_attribute("d").unwrap_or_default();
    assert!(
        before.starts_with("M4,4h1v1h-1z"),
        "finder pattern first: {before:.40}"
    );
    state.edit(|s| s.name = "another agreement".into());
    crate::support::settle().await;
    let after = root
        .query_selector("[data-testid=scenario-qr] path")
        .expect("q")
        .and_then(|p| p.get_attribute("d"))
        .unwrap_or_default();
    assert_ne!(before, after, "the code follows the scenario");
}

#[wasm_bindgen_test]
async fn page_down_and_page_up_step_through_the_slides() {
    let (_, root) = mount();
    crate::support::settle().await;
    let first = text(&root, "[data-testid=presenter-title]");
    assert!(text(&root, "[data-testid=presenter-count]").starts_with("1 / "));
    press("PageDown");
    crate::support::settle().await;
    assert!(text(&root, "[data-testid=presenter-count]").starts_with("2 / "));
    assert_ne!(text(&root, "[data-testid=presenter-title]"), first);
    press("PageUp");
    crate::support::settle().await;
    assert_eq!(text(&root, "[data-testid=presenter-title]"), first);
    press("End");
    crate::support::settle().await;
    let count = text(&root, "[data-testid=presenter-count]");
    let (at, of) = count.split_once(" / ").expect("n / N");
    assert_eq!(at, of, "End goes to the last slide");
}
