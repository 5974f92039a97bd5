//! The BUILD zone's components in a real browser: names render as text, editing a share
//! card changes the scenario and the allocation bar, diagnostics sit next to their field, and
//! the JSON view applies what parses and points at the line of what does not.

use leptos::prelude::*;
use quotalab_app::components::build_zone::BuildZone;
use quotalab_app::components::dialogs::Dialogs;
use quotalab_app::components::header::Header;
use quotalab_app::state::{AppState, Section, DEFAULT_SCENARIO};
use quotalab_engine::scenario::Strategy;
use quotalab_engine::Scenario;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Mounts the header, BUILD and dialogs over `scenario` into a fresh element.
fn mount(scenario: Scenario) -> (AppState, web_sys::HtmlElement) {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .expect("document");
    let root: web_sys::HtmlElement = document
        .create_element("div")
        .expect("div")
        .unchecked_into();
    document
        .body()
        .expect("body")
        .append_child(&root)
        .expect("append");
    let owner = Owner::new();
    owner.set();
    let state = AppState::new(scenario);
    // The state's signals live as long as their owner; the test page outlives each test.
    std::mem::forget(owner);
    leptos::mount::mount_to(root.clone(), move || {
        provide_context(state);
        view! { <Header /> <BuildZone /> <Dialogs /> }
    })
    .forget();
    (state, root)
}

/// Lets the reactive system run: effects and re-renders are scheduled, not immediate.
async fn settle() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let window = web_sys::window().expect("window");
        window
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 20)
            .expect("timer");
    });
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .expect("timer fires");
}

fn default_scenario() -> Scenario {
    Scenario::parse_json(DEFAULT_SCENARIO).expect("default parses")
}

fn element<T: JsCast>(root: &web_sys::HtmlElement, selector: &str) -> T {
    root.query_selector(selector)
        .ok()
        .flatten()
        .unwrap_or_else(|| panic!("no {selector}"))
        .unchecked_into()
}

/// Types `text` into an input as a user would: set the value, fire `input`.
fn type_into(input: &web_sys::HtmlInputElement, text: &str) {
    input.set_value(text);
    input
        .dispatch_event(&web_sys::Event::new("input").expect("event"))
        .expect("dispatch");
}

#[wasm_bindgen_test]
async fn a_share_name_with_markup_renders_as_text() {
    let evil = "<img src=x onerror=alert(1)>";
    let mut scenario = default_scenario();
    quotalab_app::state::edits::rename_share(&mut scenario, 0, evil);
    let (_state, root) = mount(scenario);
    settle().await;
    assert!(
        root.query_selector("img").expect("query").is_none(),
        "no element was created from the name"
    );
    let name: web_sys::HtmlInputElement = element(&root, "#f-quota_shares-0--name");
    assert_eq!(name.value(), evil);
    let bar = element::<web_sys::Element>(&root, "[data-testid=allocation-bar] svg");
    assert!(
        bar.text_content().unwrap_or_default().contains(evil),
        "the SVG shows the name literally"
    );
    assert!(
        bar.inner_html().contains("&lt;img"),
        "escaped in the markup"
    );
}

#[wasm_bindgen_test]
async fn changing_a_strategy_updates_the_scenario_and_the_bar() {
    let (state, root) = mount(default_scenario());
    settle().await;
    let select: web_sys::HtmlSelectElement = element(&root, "#f-quota_shares-1--strategy");
    select.set_value("RESERVE");
    select
        .dispatch_event(&web_sys::Event::new("change").expect("event"))
        .expect("dispatch");
    settle().await;
    assert_eq!(
        state
            .scenario
            .with_untracked(|s| s.quota_shares[1].strategy),
        Strategy::Reserve
    );
    let lender = root
        .query_selector("[data-testid=allocation-bar] .slice[data-strategy=LEND]")
        .expect("query");
    assert!(
        lender.is_none(),
        "medium's slice is no longer drawn as lendable"
    );
    let borrow: web_sys::HtmlInputElement = element(&root, "#f-quota_shares-1--borrow_limit");
    assert!(
        borrow.disabled(),
        "a borrow limit only applies to LEND_AND_BORROW"
    );
}

#[wasm_bindgen_test]
async fn engine_errors_appear_next_to_their_field_and_in_the_summary() {
    let (state, root) = mount(default_scenario());
    settle().await;
    let max: web_sys::HtmlInputElement =
        element(&root, "#f-quota_shares-0--capacity_limits-0--max_capacity");
    type_into(&max, "0");
    settle().await;
    assert!(!state.report.with_untracked(|r| r.is_valid()));
    let messages = element::<web_sys::Element>(
        &root,
        "#f-quota_shares-0--capacity_limits-0--max_capacity-msg",
    );
    assert!(
        messages
            .text_content()
            .unwrap_or_default()
            .contains("at least 1"),
        "{:?}",
        messages.text_content()
    );
    let summary = element::<web_sys::Element>(&root, "[data-testid=diagnostics]");
    assert!(summary
        .text_content()
        .unwrap_or_default()
        .contains("quota_shares[0].capacity_limits[0].max_capacity"));

    type_into(&max, "abc");
    settle().await;
    assert!(messages
        .text_content()
        .unwrap_or_default()
        .contains("not a number"));
    assert_eq!(
        state
            .scenario
            .with_untracked(|s| s.quota_shares[0].capacity_limits[0].max_capacity),
        0,
        "text that is not a number changes nothing"
    );
}

#[wasm_bindgen_test]
async fn typing_in_one_field_is_one_undo_step() {
    let (state, root) = mount(default_scenario());
    settle().await;
    let borrow: web_sys::HtmlInputElement = element(&root, "#f-quota_shares-0--borrow_limit");
    for text in ["2", "25", "250"] {
        type_into(&borrow, text);
        settle().await;
    }
    assert_eq!(
        state
            .scenario
            .with_untracked(|s| s.quota_shares[0].borrow_limit),
        Some(250)
    );
    state.undo();
    assert_eq!(
        state
            .scenario
            .with_untracked(|s| s.quota_shares[0].borrow_limit),
        Some(-1)
    );
    settle().await;
    assert_eq!(borrow.value(), "-1", "the field shows the undone value");
}

#[wasm_bindgen_test]
async fn the_json_view_applies_valid_text_and_points_at_bad_lines() {
    let (state, root) = mount(default_scenario());
    state.section.set(Section::Json);
    settle().await;
    let area: web_sys::HtmlTextAreaElement = element(&root, "[data-testid=json-editor]");
    assert!(area.value().contains("\"quota_shares\""));

    let renamed = area
        .value()
        .replace("Three teams share a g5 pool", "Renamed in JSON");
    area.set_value(&renamed);
    area.dispatch_event(&web_sys::Event::new("input").expect("event"))
        .expect("dispatch");
    assert_eq!(
        state.scenario.with_untracked(|s| s.name.clone()),
        "Renamed in JSON"
    );
    settle().await;
    assert!(
        area.value().contains("Renamed in JSON"),
        "the text the user typed stays"
    );

    area.set_value("{\n  \"version\": 1,\n  \"name\": }");
    area.dispatch_event(&web_sys::Event::new("input").expect("event"))
        .expect("dispatch");
    settle().await;
    let error = element::<web_sys::Element>(&root, "[data-testid=json-error]");
    assert!(
        error.text_content().unwrap_or_default().contains("line 3"),
        "{:?}",
        error.text_content()
    );
    assert_eq!(
        state.scenario.with_untracked(|s| s.name.clone()),
        "Renamed in JSON",
        "bad text changes nothing"
    );
}

#[wasm_bindgen_test]
async fn the_gallery_opens_an_example() {
    let (state, root) = mount(default_scenario());
    element::<web_sys::HtmlElement>(&root, ".topbar .actions button").click();
    settle().await;
    element::<web_sys::HtmlElement>(&root, "[data-testid=example-checkpoint-study]").click();
    settle().await;
    assert_eq!(
        state.scenario.with_untracked(|s| s.name.clone()),
        "Checkpoint-interval study"
    );
    assert!(state.dialog.get_untracked().is_none());
}
