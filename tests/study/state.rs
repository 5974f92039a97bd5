//! Studies in the app's state, in a real browser (docs/STUDY.md): "Duplicate as variant" is an edit
//! that Undo takes back, each variant is edited on its own, and the whole study survives a
//! reload (autosave) and travels as a link.

use crate::support::{default_scenario, editor};
use leptos::prelude::*;
use quotalab_app::state::workspace::Workspace;
use quotalab_app::state::{autosave, browser, link, view, Editor};
use quotalab_engine::scenario::Strategy;
use wasm_bindgen_test::*;

fn variant_names(state: &Editor) -> Vec<String> {
    state.workspace.with_untracked(Workspace::names)
}

#[wasm_bindgen_test]
fn duplicating_a_variant_is_one_undo_step() {
    let (_owner, state) = editor(default_scenario());
    let baseline = state.scenario.get_untracked();
    state.edit_workspace(Workspace::duplicate_active);
    assert_eq!(variant_names(&state).len(), 2);
    assert_eq!(
        state.scenario.get_untracked().name,
        format!("{} (variant 2)", baseline.name),
        "the copy is on screen"
    );
    state.undo();
    assert_eq!(variant_names(&state), vec![baseline.name.clone()]);
    assert_eq!(state.scenario.get_untracked(), baseline);
    state.redo();
    assert_eq!(variant_names(&state).len(), 2);
}

#[wasm_bindgen_test]
fn an_edit_changes_only_the_variant_on_screen() {
    let (_owner, state) = editor(default_scenario());
    state.edit_workspace(Workspace::duplicate_active);
    state.edit(|s| s.quota_shares[0].strategy = Strategy::Reserve);
    let (first, second) = state.workspace.with_untracked(|w| {
        (
            w.variants[0].quota_shares[0].strategy,
            w.variants[1].quota_shares[0].strategy,
        )
    });
    assert_ne!(first, Strategy::Reserve, "the baseline is untouched");
    assert_eq!(second, Strategy::Reserve);
    state.select_variant(0);
    assert_eq!(
        state.scenario.get_untracked().quota_shares[0].strategy,
        first
    );
    state.undo();
    assert_eq!(
        state
            .workspace
            .with_untracked(|w| (w.active, w.variants[1].quota_shares[0].strategy)),
        (1, first),
        "picking a tab is no undo step: Undo takes back the edit, in the variant it was made in"
    );
}

#[wasm_bindgen_test]
fn a_seventh_variant_is_refused_with_a_message() {
    let (_owner, state) = editor(default_scenario());
    for _ in 1..6 {
        state.edit_workspace(Workspace::duplicate_active);
    }
    let before = state.workspace.get_untracked();
    state.edit_workspace(Workspace::duplicate_active);
    assert_eq!(state.workspace.get_untracked(), before);
    let notice = state.screen.notice.get_untracked().expect("a message");
    assert!(
        notice.is_error && notice.text.contains("at most 6"),
        "{}",
        notice.text
    );
}

#[wasm_bindgen_test]
fn a_study_round_trips_through_a_link_and_opens_in_another_state() {
    let (_owner, state) = editor(default_scenario());
    state.edit_workspace(Workspace::duplicate_active);
    state.edit(|s| s.quota_shares[1].strategy = Strategy::Reserve);
    let url = state.make_link();
    let fragment = browser::hash();
    assert!(url.ends_with(&fragment) && fragment.starts_with("#s=1."));
    let sent = state.workspace.get_untracked();
    // The document, then the view it was copied from (`state::view`).
    let (document, view) = view::split(&fragment);
    assert_eq!(view.map(|v| v.variant), Some(sent.active));
    assert_eq!(
        link::encode(&link::decode(&document[3..]).expect("decodes")),
        &document[3..]
    );

    let (_other_owner, other) = editor(default_scenario());
    other.open_link_in_url();
    assert_eq!(
        other.workspace.get_untracked(),
        sent,
        "the link opens the study on the variant it was copied from"
    );
    browser::replace_hash("");
}

#[wasm_bindgen_test]
fn a_study_survives_a_reload() {
    let (_owner, state) = editor(default_scenario());
    state.edit_workspace(Workspace::duplicate_active);
    state.edit(|s| s.seed = 1234);
    let saved = state.workspace.get_untracked();
    autosave::save(&saved).expect("localStorage works in the test browser");
    assert_eq!(autosave::restore(), Some(Ok(saved)));
}
