//! The builder's state in a real browser: undo and redo over every kind of edit, autosave
//! restore through localStorage, the link codec compiled to wasm, and links that must not load.

use leptos::prelude::*;
use quotalab_app::state::workspace::Workspace;
use quotalab_app::state::{autosave, browser, link, AppState, DEFAULT_SCENARIO};
use quotalab_engine::scenario::Strategy;
use quotalab_engine::Scenario;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn default_scenario() -> Scenario {
    Scenario::parse_json(DEFAULT_SCENARIO).expect("default parses")
}

/// A state under its own reactive owner, as the app's root would create it.
fn state() -> (Owner, AppState) {
    let owner = Owner::new();
    owner.set();
    (owner.clone(), AppState::new(default_scenario()))
}

#[wasm_bindgen_test]
fn undo_and_redo_cover_every_edit() {
    let (_owner, state) = state();
    state.edit(|s| s.quota_shares[1].strategy = Strategy::Reserve);
    state.edit_field("name", |s| s.name = "Workshop".into());
    state.edit(|s| {
        s.job_mixes.remove(0);
    });
    assert_eq!(state.revision.get_untracked(), 3);

    state.undo();
    assert_eq!(state.scenario.with_untracked(|s| s.job_mixes.len()), 3);
    state.undo();
    assert_eq!(
        state.scenario.with_untracked(|s| s.name.clone()),
        "Three teams share a g5 pool"
    );
    state.undo();
    assert_eq!(state.scenario.get_untracked(), default_scenario());
    assert!(!state.history.with_untracked(|h| h.can_undo()));

    state.redo();
    state.redo();
    assert_eq!(
        state.scenario.with_untracked(|s| s.name.clone()),
        "Workshop"
    );
    assert_eq!(
        state.revision.get_untracked(),
        8,
        "every undo and redo is a new revision for the results"
    );
}

#[wasm_bindgen_test]
fn an_edit_that_changes_nothing_is_not_an_undo_step() {
    let (_owner, state) = state();
    state.edit(|s| s.name = s.name.clone());
    assert_eq!(state.revision.get_untracked(), 0);
    assert!(!state.history.with_untracked(|h| h.can_undo()));
}

#[wasm_bindgen_test]
fn replacing_the_scenario_keeps_the_old_one_one_undo_away() {
    let (_owner, state) = state();
    state.edit(|s| s.name = "my edits".into());
    let other = Scenario::parse_json(quotalab_app::state::gallery::EXAMPLES[1].json)
        .expect("example parses");
    state.open(other.clone(), "an example");
    assert!(
        state.dialog.with_untracked(Option::is_some),
        "unshared edits: ask first"
    );
    assert_eq!(
        state.scenario.with_untracked(|s| s.name.clone()),
        "my edits"
    );
    state.replace(other.clone(), "an example", false);
    assert_eq!(state.scenario.get_untracked(), other);
    state.undo();
    assert_eq!(
        state.scenario.with_untracked(|s| s.name.clone()),
        "my edits"
    );
}

#[wasm_bindgen_test]
fn autosave_restores_exactly_what_was_saved() {
    let mut edited = default_scenario();
    edited.name = "Saved in the browser".into();
    edited.quota_shares[0].borrow_limit = Some(50);
    let edited = Workspace::single(edited);
    autosave::save(&edited).expect("localStorage works in the test browser");
    assert_eq!(autosave::restore(), Some(Ok(edited)));
}

#[wasm_bindgen_test]
fn link_codec_round_trips_in_wasm() {
    let scenario = Workspace::single(default_scenario());
    let payload = link::encode(&scenario);
    let decoded = link::decode(&payload).expect("own link decodes");
    assert_eq!(decoded, scenario);
    assert_eq!(link::encode(&decoded), payload);
}

#[wasm_bindgen_test]
fn a_bad_link_says_why_and_leaves_the_scenario_alone() {
    let (_owner, state) = state();
    state.edit(|s| s.name = "untouched".into());
    let before = state.scenario.get_untracked();
    for bad in ["#s=1.AAAA", "#s=9.abc", "#s=1.%%%"] {
        browser::replace_hash(bad);
        state.open_link_in_url(false);
        assert_eq!(state.scenario.get_untracked(), before, "{bad}");
        let notice = state.notice.get_untracked().expect("a message");
        assert!(notice.is_error, "{bad}: {}", notice.text);
    }
    browser::replace_hash("");
}

#[wasm_bindgen_test]
fn a_good_link_opens_and_stays_in_the_address_bar() {
    let (_owner, state) = state();
    let mut shared = default_scenario();
    shared.name = "From a colleague".into();
    browser::replace_hash(&link::fragment(&Workspace::single(shared.clone())));
    state.open_link_in_url(false);
    assert_eq!(state.scenario.get_untracked(), shared);
    assert!(browser::hash().starts_with("#s=1."));
    state.edit(|s| s.seed = 99);
    assert_eq!(
        browser::hash(),
        "",
        "an edit makes the link stale, so it leaves the address bar"
    );
}
