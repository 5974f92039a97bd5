//! The builder's state in a real browser: undo and redo over every kind of edit, autosave
//! restore through localStorage, the link codec compiled to wasm, links that must not load, and
//! nothing lost: a link leaves the autosaved work alone until an edit, and an unreadable
//! autosave is kept aside until Download or Discard.

use crate::support::{default_scenario, editor};
use leptos::prelude::*;
use quotalab_app::state::keeping::Saving;
use quotalab_app::state::workspace::Workspace;
use quotalab_app::state::{autosave, browser, link, Editor};
use quotalab_engine::scenario::{JobSpec, Strategy};
use quotalab_engine::Scenario;
use wasm_bindgen_test::*;

/// An editor of the default scenario under its own owner.
fn state() -> (Owner, Editor) {
    editor(default_scenario())
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

/// Where the jobs of the scenario on screen are: the same place for copies that share them.
fn jobs_at(state: &Editor) -> *const JobSpec {
    state.scenario.with_untracked(|s| s.jobs.as_ptr())
}

#[wasm_bindgen_test]
fn undo_steps_share_the_job_list_until_an_edit_changes_a_job() {
    let mut trace = default_scenario();
    let mix = trace.job_mixes[0].clone();
    trace.jobs = (0..3)
        .map(|k| {
            let name = format!("traced-{k}");
            JobSpec::from_attributes(
                name,
                mix.share.as_deref().map(Into::into),
                0.0,
                1.0,
                &mix.template,
            )
        })
        .collect();
    let (_owner, state) = editor(trace);
    let listed = jobs_at(&state);
    state.edit(|s| s.quota_shares[1].strategy = Strategy::Reserve);
    assert_eq!(jobs_at(&state), listed, "an agreement edit copies no job");
    state.undo();
    assert_eq!(jobs_at(&state), listed, "nor does its undo");
    state.edit(|s| s.jobs.to_mut()[0].priority = 7);
    let changed = jobs_at(&state);
    assert_ne!(changed, listed, "a job edit works on a copy of its own");
    state.undo();
    assert_eq!(
        jobs_at(&state),
        listed,
        "undo brings back the list it replaced"
    );
    let priority = state.scenario.with_untracked(|s| s.jobs[0].priority);
    assert_eq!(priority, mix.template.priority, "and its jobs as they were");
}

#[wasm_bindgen_test]
fn replacing_the_scenario_keeps_the_old_one_one_undo_away() {
    let (_owner, state) = state();
    state.edit(|s| s.name = "my edits".into());
    let other = Scenario::parse_json(quotalab_app::state::gallery::EXAMPLES[1].json)
        .expect("example parses");
    state.open(other.clone(), "an example");
    assert!(
        state.screen.dialog.with_untracked(Option::is_some),
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
        state.open_link_in_url();
        assert_eq!(state.scenario.get_untracked(), before, "{bad}");
        let notice = state.screen.notice.get_untracked().expect("a message");
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
    state.open_link_in_url();
    assert_eq!(state.scenario.get_untracked(), shared);
    assert!(browser::hash().starts_with("#s=1."));
    state.edit(|s| s.seed = 99);
    assert_eq!(
        browser::hash(),
        "",
        "an edit makes the link stale, so it leaves the address bar"
    );
}

fn storage() -> web_sys::Storage {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .expect("localStorage in the test browser")
}

#[wasm_bindgen_test]
fn a_link_keeps_the_earlier_work_until_an_edit_and_back_brings_it_again() {
    let (_owner, state) = state();
    state.edit(|s| s.name = "My own work".into());
    let mine = state.workspace.get_untracked();
    let mut shared = default_scenario();
    shared.name = "From a colleague".into();
    browser::replace_hash(&link::fragment(&Workspace::single(shared.clone())));
    state.open_link_in_url();
    assert_eq!(state.scenario.get_untracked(), shared);
    assert_eq!(state.keeping.saving.get_untracked(), Saving::UntilEdit);
    assert_eq!(state.keeping.saved_work.get_untracked(), Some(mine.clone()));

    state.back_to_saved_work();
    assert_eq!(state.workspace.get_untracked(), mine);
    assert_eq!(state.keeping.saving.get_untracked(), Saving::On);
    assert_eq!(state.keeping.saved_work.get_untracked(), None);

    browser::replace_hash(&link::fragment(&Workspace::single(shared)));
    state.open_link_in_url();
    state.edit(|s| s.seed = 5);
    assert_eq!(
        state.keeping.saving.get_untracked(),
        Saving::On,
        "an edit makes it the user's work"
    );
    assert_eq!(state.keeping.saved_work.get_untracked(), None);
    browser::replace_hash("");
}

#[wasm_bindgen_test]
fn an_unreadable_autosave_is_kept_aside_untouched() {
    let newer = r#"{"app_state_version":99,"study":{}}"#;
    let local = storage();
    local.remove_item(autosave::ASIDE_KEY).unwrap();
    local.set_item(autosave::STORAGE_KEY, newer).unwrap();
    let restored = autosave::restore().expect("something was saved");
    let unrestored = restored.expect_err("a newer envelope");
    assert!(unrestored.kept_aside);
    assert_eq!(autosave::kept_aside().as_deref(), Some(newer));

    // Saving over the main key leaves the kept value alone; a second unreadable value is not
    // set aside over it.
    autosave::save(&Workspace::single(default_scenario())).unwrap();
    assert!(matches!(autosave::restore(), Some(Ok(_))));
    local.set_item(autosave::STORAGE_KEY, "{ damaged").unwrap();
    assert!(!autosave::restore().unwrap().unwrap_err().kept_aside);
    assert_eq!(autosave::kept_aside().as_deref(), Some(newer));

    let (_owner, state) = state();
    state.keeping.kept_aside.set(true);
    state.keeping.saving.set(Saving::Held);
    state.discard_kept_aside();
    assert_eq!(autosave::kept_aside(), None);
    assert_eq!(state.keeping.saving.get_untracked(), Saving::On);
    local.remove_item(autosave::STORAGE_KEY).unwrap();
}
