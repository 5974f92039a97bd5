//! The BUILD zone's components in a real browser: names render as text, editing a share
//! card changes the scenario and the allocation bar, diagnostics sit next to their field, and
//! the JSON view applies what parses and points at the line of what does not.

use crate::support::{
    all, choose, default_scenario, element, ids_used_twice, mount_app, type_into,
};
use leptos::prelude::*;
use quotalab_app::components::build_zone::BuildZone;
use quotalab_app::components::dialogs::Dialogs;
use quotalab_app::components::header::Header;
use quotalab_app::components::json_view::JsonView;
use quotalab_app::state::{Editor, Section, DEFAULT_SCENARIO};
use quotalab_engine::scenario::Strategy;
use quotalab_engine::Scenario;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

/// Mounts the header, BUILD and dialogs over `scenario` into a fresh element.
fn mount(scenario: Scenario) -> (Editor, web_sys::HtmlElement) {
    mount_app(scenario, || view! { <Header /> <BuildZone /> <Dialogs /> })
}

#[wasm_bindgen_test]
async fn a_share_name_with_markup_renders_as_text() {
    let evil = "<img src=x onerror=alert(1)>";
    let mut scenario = default_scenario();
    quotalab_app::state::edits::rename_share(&mut scenario, 0, evil);
    let (_state, root) = mount(scenario);
    crate::support::settle().await;
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
    crate::support::settle().await;
    let select: web_sys::HtmlSelectElement = element(&root, "#f-quota_shares-1--strategy");
    choose(&select, "RESERVE");
    crate::support::settle().await;
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
    crate::support::settle().await;
    let max: web_sys::HtmlInputElement =
        element(&root, "#f-quota_shares-0--capacity_limits-0--max_capacity");
    type_into(&max, "0");
    crate::support::settle().await;
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
    let said = summary.text_content().unwrap_or_default();
    let share = state
        .scenario
        .with_untracked(|s| s.quota_shares[0].name.clone());
    let place = format!("{share} \u{203a} limit 1 \u{203a} max: ");
    let path = "quota_shares[0].capacity_limits[0].max_capacity";
    assert!(
        said.find(&place)
            .zip(said.find(path))
            .is_some_and(|(p, j)| p < j),
        "the place in the form leads, the JSON path follows: {said}"
    );
    let errors = state.errors();

    type_into(&max, "abc");
    crate::support::settle().await;
    assert!(messages
        .text_content()
        .unwrap_or_default()
        .contains("not a number"));
    assert_eq!(
        state.errors(),
        errors + 1,
        "text that is not a number counts as an error in the status"
    );
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
    crate::support::settle().await;
    let borrow: web_sys::HtmlInputElement = element(&root, "#f-quota_shares-0--borrow_limit");
    for text in ["2", "25", "250"] {
        type_into(&borrow, text);
        crate::support::settle().await;
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
    crate::support::settle().await;
    assert_eq!(
        (borrow.value(), borrow.placeholder()),
        (String::new(), "no cap".to_string()),
        "the field shows the undone value, no cap, in words"
    );
    type_into(&borrow, "40");
    type_into(&borrow, "");
    crate::support::settle().await;
    assert_eq!(
        state
            .scenario
            .with_untracked(|s| s.quota_shares[0].borrow_limit),
        Some(-1),
        "clearing the field writes no cap back as the engine's -1"
    );
}

#[wasm_bindgen_test]
async fn the_json_view_applies_valid_text_and_points_at_bad_lines() {
    let (state, root) = mount(default_scenario());
    state.screen.section.set(Section::Json);
    crate::support::settle().await;
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
    crate::support::settle().await;
    assert!(
        area.value().contains("Renamed in JSON"),
        "the text the user typed stays"
    );

    area.set_value("{\n  \"version\": 1,\n  \"name\": }");
    area.dispatch_event(&web_sys::Event::new("input").expect("event"))
        .expect("dispatch");
    crate::support::settle().await;
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

/// The JSON tab on its own: these tests are a debug build, where the whole build zone over
/// 10,001 listed jobs (the form, autosave, the share link) held the page for about 25 s, a few
/// seconds from the 30 s in which chromedriver gives up on an answer from the page.
#[wasm_bindgen_test]
async fn a_scenario_of_very_many_listed_jobs_shows_a_note_instead_of_its_json() {
    let mut listed = default_scenario();
    let share = quotalab_engine::result::Text::from(listed.quota_shares[0].name.as_str());
    listed.jobs = (0..10_001)
        .map(|k| quotalab_engine::scenario::JobSpec {
            name: format!("listed-{k}"),
            share: Some(share.clone()),
            submit_h: f64::from(k) / 10.0,
            duration_h: 1.5,
            ..Default::default()
        })
        .collect();
    let (state, root) = mount_app(listed, || view! { <JsonView /> });
    crate::support::settle().await;
    assert!(root
        .query_selector("[data-testid=json-editor]")
        .unwrap()
        .is_none());
    let note = element::<web_sys::Element>(&root, "[data-testid=json-too-large]")
        .text_content()
        .unwrap_or_default();
    assert!(
        note.contains("10,001 jobs") && note.contains("Export"),
        "{note}"
    );

    // The count follows the scenario; down to 10,000 listed jobs, the editor is back with
    // the scenario's text.
    state.edit(|s| {
        let mut extra = s.jobs[0].clone();
        extra.name = "listed-extra".into();
        s.jobs.to_mut().push(extra);
    });
    crate::support::settle().await;
    let note = element::<web_sys::Element>(&root, "[data-testid=json-too-large]")
        .text_content()
        .unwrap_or_default();
    assert!(note.contains("10,002 jobs"), "{note}");
    state.edit(|s| {
        s.jobs.to_mut().truncate(10_000);
    });
    crate::support::settle().await;
    let area: web_sys::HtmlTextAreaElement = element(&root, "[data-testid=json-editor]");
    assert!(area.value().contains("\"listed-9999\""));
    assert!(!area.value().contains("\"listed-10000\""));
    assert!(root
        .query_selector("[data-testid=json-too-large]")
        .unwrap()
        .is_none());
}

#[wasm_bindgen_test]
async fn the_gallery_opens_an_example() {
    let (state, root) = mount(default_scenario());
    element::<web_sys::HtmlElement>(&root, ".topbar .actions button").click();
    crate::support::settle().await;
    element::<web_sys::HtmlElement>(&root, "[data-testid=example-checkpoint-study]").click();
    crate::support::settle().await;
    assert_eq!(
        state.scenario.with_untracked(|s| s.name.clone()),
        "Checkpoint-interval study"
    );
    assert!(state.screen.dialog.get_untracked().is_none());
}

/// The default scenario with one scripted `update_share` of "medium" at hour 2.
fn scenario_with_share_update() -> Scenario {
    let mut json: serde_json::Value = serde_json::from_str(DEFAULT_SCENARIO).expect("json");
    json["actions"] = serde_json::json!([
        { "at_h": 2, "update_share": { "share": "medium", "strategy": "RESERVE" } }
    ]);
    Scenario::parse_json(&json.to_string()).expect("the action is valid")
}

// The app's web-sys build leaves out KeyboardEventInit and CSSStyleDeclaration; these helpers
// reach the same DOM calls through `Reflect`.

/// Presses `key` on `target` (a bubbling, cancelable keydown).
fn key_down(target: &web_sys::EventTarget, key: &str) {
    let window = web_sys::window().expect("window");
    let class: js_sys::Function = js_sys::Reflect::get(&window, &"KeyboardEvent".into())
        .expect("KeyboardEvent")
        .unchecked_into();
    let init = js_sys::Object::new();
    for (name, value) in [
        ("key", wasm_bindgen::JsValue::from_str(key)),
        ("bubbles", true.into()),
        ("cancelable", true.into()),
    ] {
        js_sys::Reflect::set(&init, &name.into(), &value).expect("init");
    }
    let args = js_sys::Array::of2(&"keydown".into(), &init);
    let event: web_sys::Event = js_sys::Reflect::construct(&class, &args)
        .expect("event")
        .unchecked_into();
    target.dispatch_event(&event).expect("dispatch");
}

/// A computed style property of `element` (`getComputedStyle(element)[property]`).
fn computed(element: &web_sys::Element, property: &str) -> String {
    let window = web_sys::window().expect("window");
    let method: js_sys::Function = js_sys::Reflect::get(&window, &"getComputedStyle".into())
        .expect("getComputedStyle")
        .unchecked_into();
    let style = method.call1(&window, element).expect("style");
    js_sys::Reflect::get(&style, &property.into())
        .expect("property")
        .as_string()
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn an_update_share_action_edits_its_capacity_limits_with_messages_at_the_fields() {
    let (state, root) = mount(scenario_with_share_update());
    state.screen.section.set(Section::Events);
    crate::support::settle().await;
    let limits = || {
        state.scenario.with_untracked(|s| {
            s.actions[0]
                .update_share
                .as_ref()
                .and_then(|u| u.capacity_limits.clone())
        })
    };
    assert_eq!(limits(), None, "unchanged until asked");
    let toggle: web_sys::HtmlElement = element(&root, "[data-testid=action-changes-limits]");
    toggle.click();
    crate::support::settle().await;
    let medium = state
        .scenario
        .with_untracked(|s| s.quota_shares[1].capacity_limits.clone());
    assert_eq!(limits(), Some(medium), "starts from the share's own limits");

    let max: web_sys::HtmlInputElement = element(
        &root,
        "#f-actions-0--update_share-capacity_limits-0--max_capacity",
    );
    type_into(&max, "0");
    crate::support::settle().await;
    assert_eq!(limits().map(|l| l[0].max_capacity), Some(0));
    let messages = element::<web_sys::Element>(
        &root,
        "#f-actions-0--update_share-capacity_limits-0--max_capacity-msg",
    );
    let text = messages.text_content().unwrap_or_default();
    assert!(
        text.contains("at least 1"),
        "message at the field: {text:?}"
    );
    let shown: Vec<String> = all(&root, ".messages li")
        .iter()
        .map(|li| {
            let list = li.parent_element().map(|p| p.id()).unwrap_or_default();
            format!("{list}: {}", li.text_content().unwrap_or_default())
        })
        .collect();
    assert_eq!(
        shown.len(),
        1,
        "the message is shown once, at its field: {shown:?}"
    );

    // Removing every limit is an error about the list, shown at the fieldset.
    element::<web_sys::HtmlElement>(&root, ".limits .limit-row .icon-button").click();
    crate::support::settle().await;
    assert_eq!(limits(), Some(vec![]));
    let list = element::<web_sys::Element>(&root, "#f-actions-0--update_share-capacity_limits-msg");
    assert!(
        !list.text_content().unwrap_or_default().is_empty(),
        "an empty list of limits is refused next to it"
    );

    toggle.click();
    crate::support::settle().await;
    assert_eq!(
        limits(),
        None,
        "unticking leaves the limits unchanged again"
    );
    assert!(state.report.with_untracked(|r| r.is_valid()));
}

#[wasm_bindgen_test]
async fn build_tabs_follow_the_aria_tabs_pattern() {
    let (state, root) = mount(default_scenario());
    crate::support::settle().await;
    let document = web_sys::window().unwrap().document().unwrap();
    let stops = || all(&root, "[role=tab][tabindex='0']").len();
    assert_eq!(stops(), 1, "one tab stop for the whole tab list");
    let panel: web_sys::Element = element(&root, "[role=tabpanel]");
    assert_eq!(
        panel.get_attribute("aria-labelledby").as_deref(),
        Some("tab-shares")
    );

    let shares: web_sys::HtmlElement = element(&root, "#tab-shares");
    shares.focus().expect("focus");
    let focused = || {
        document
            .active_element()
            .map(|e| e.id())
            .unwrap_or_default()
    };
    let moves = [
        ("ArrowRight", Section::Workload, "tab-workload"),
        ("ArrowRight", Section::Events, "tab-events"),
        ("End", Section::Json, "tab-json"),
        ("ArrowRight", Section::Scenario, "tab-scenario"),
        ("ArrowLeft", Section::Json, "tab-json"),
        ("Home", Section::Scenario, "tab-scenario"),
    ];
    for (key, section, id) in moves {
        let target = document.active_element().expect("a focused tab");
        key_down(&target, key);
        crate::support::settle().await;
        assert_eq!(state.screen.section.get_untracked(), section, "{key}");
        assert_eq!(focused(), id, "{key} moves focus to the tab");
        let tab: web_sys::Element = element(&root, &format!("#{id}"));
        assert_eq!(tab.get_attribute("aria-selected").as_deref(), Some("true"));
        assert_eq!(tab.get_attribute("tabindex").as_deref(), Some("0"));
        assert_eq!(stops(), 1);
    }
    let target = document.active_element().expect("a focused tab");
    key_down(&target, "a");
    crate::support::settle().await;
    assert_eq!(
        state.screen.section.get_untracked(),
        Section::Scenario,
        "other keys do nothing"
    );
}

#[wasm_bindgen_test]
async fn every_explicit_job_is_reachable_page_by_page() {
    let mut json: serde_json::Value = serde_json::from_str(DEFAULT_SCENARIO).expect("json");
    json["jobs"] = (0..450)
        .map(|k| {
            serde_json::json!({
                "name": format!("job-{k}"), "share": "medium", "submit_h": 0, "duration_h": 1,
                "preferences": [ { "instance_type": "ml.g5.xlarge" } ]
            })
        })
        .collect();
    let (state, root) = mount(Scenario::parse_json(&json.to_string()).expect("valid"));
    state.screen.section.set(Section::Workload);
    crate::support::settle().await;
    let rows = || all(&root, ".jobs-table > tbody").len();
    let position = || {
        element::<web_sys::Element>(&root, "[data-testid=pager-position]")
            .text_content()
            .unwrap_or_default()
    };
    assert_eq!(rows(), 200);
    assert_eq!(position(), "jobs 1\u{2013}200 of 450");
    let button = |name: &str| {
        all(&root, "[data-testid=pager] button")
            .into_iter()
            .find(|b| b.text_content().as_deref() == Some(name))
            .unwrap_or_else(|| panic!("no {name} button"))
            .unchecked_into::<web_sys::HtmlElement>()
    };
    let disabled = |name: &str| button(name).has_attribute("disabled");
    assert!(disabled("First") && disabled("Previous"));
    button("Next").click();
    crate::support::settle().await;
    assert_eq!(position(), "jobs 201\u{2013}400 of 450");
    button("Last").click();
    crate::support::settle().await;
    assert_eq!(position(), "jobs 401\u{2013}450 of 450");
    assert_eq!(rows(), 50);
    assert!(disabled("Next") && disabled("Last"));
    // The first row of the last page is job 400, and editing it edits job 400.
    let name: web_sys::HtmlInputElement = element(&root, "#f-jobs-400--name");
    assert_eq!(name.value(), "job-400");
    type_into(&name, "renamed");
    crate::support::settle().await;
    state.scenario.with_untracked(|s| {
        assert_eq!(s.jobs[400].name, "renamed");
        assert_eq!(s.jobs[0].name, "job-0");
    });
    button("Previous").click();
    crate::support::settle().await;
    assert!(root
        .query_selector("#f-jobs-200--name")
        .expect("q")
        .is_some());
}

/// Every element id in BUILD is unique, on every tab (labels, `aria-describedby` and focusing a
/// field from its diagnostic all go by id).
#[wasm_bindgen_test]
async fn no_element_id_is_used_twice_on_any_tab() {
    let (state, root) = mount(default_scenario());
    for section in [
        Section::Scenario,
        Section::Capacity,
        Section::Shares,
        Section::Workload,
        Section::Events,
        Section::Json,
    ] {
        state.screen.section.set(section);
        crate::support::settle().await;
        // The catalog's rows are inside a closed <details>: still in the page, still counted.
        let twice = ids_used_twice(&root);
        assert!(twice.is_empty(), "{section:?}: ids used twice: {twice:?}");
    }
}

/// Okabe-Ito's black would vanish on the dark background: with the page's stylesheet, the
/// eighth share's card is black in the light theme and light grey in the dark one.
#[wasm_bindgen_test]
async fn the_black_share_stays_visible_in_dark_mode() {
    let document = web_sys::window().unwrap().document().unwrap();
    let style = document.create_element("style").expect("style");
    style.set_text_content(Some(include_str!("../../public/style.css")));
    document
        .head()
        .expect("head")
        .append_child(&style)
        .expect("append");
    let mut scenario = default_scenario();
    while scenario.quota_shares.len() < 8 {
        let mut share = scenario.quota_shares[0].clone();
        share.name = format!("team-{}", scenario.quota_shares.len());
        scenario.quota_shares.push(share);
    }
    let (_state, root) = mount(scenario);
    crate::support::settle().await;
    let cards = all(&root, "[data-testid=share-card]");
    let border = || computed(&cards[7], "borderLeftColor");
    let html = document.document_element().expect("html");
    html.set_attribute("data-theme", "light").expect("attr");
    assert_eq!(border(), "rgb(0, 0, 0)");
    html.set_attribute("data-theme", "dark").expect("attr");
    let grey = quotalab_app::state::palette::BLACK_ON_DARK;
    let channel = |i: usize| u8::from_str_radix(&grey[i..i + 2], 16).expect("hex");
    assert_eq!(
        border(),
        format!("rgb({}, {}, {})", channel(1), channel(3), channel(5))
    );
    html.remove_attribute("data-theme").expect("attr");
    style.remove();
}

/// Counts of one read in the singular: an instance type with one accelerator, a training plan
/// with one block (the engine's plural helper, `numbers::counted`).
#[wasm_bindgen_test]
async fn counts_of_one_read_in_the_singular() {
    let mut doc = serde_json::to_value(default_scenario()).unwrap();
    doc["training_plans"] = serde_json::json!([{
        "name": "tp", "instance_type": "ml.g5.xlarge", "count": 2,
        "blocks": [{ "start_h": 0, "end_h": 10 }]
    }]);
    let scenario: Scenario = serde_json::from_value(doc).unwrap();
    let (state, root) = mount(scenario);
    state.screen.section.set(Section::Capacity);
    crate::support::settle().await;
    let cells: Vec<String> = all(&root, "td")
        .iter()
        .filter_map(|td| td.text_content())
        .collect();
    assert!(cells.iter().any(|c| c == "1 accelerator"), "{cells:?}");
    assert!(!cells.iter().any(|c| c == "1 accelerators"), "{cells:?}");
    let labels: Vec<String> = all(&root, "svg.timeline")
        .iter()
        .filter_map(|svg| svg.get_attribute("aria-label"))
        .collect();
    assert!(
        labels.contains(&"tp reserves 2 ml.g5.xlarge during 1 block".to_string()),
        "{labels:?}"
    );
    root.remove();
}
