//! The advisor's search in the app's state, in a real browser (docs/ADVISOR.md, "In the study
//! document"): the workspace keeps the study's `advise` field, so targets and knobs survive a
//! reload (autosave) and travel in a link, even with a single variant.

use crate::support::{default_scenario, editor};
use leptos::prelude::*;
use quotalab_app::state::{autosave, link};
use quotalab_engine::study::advise::{AdviseSpec, Knob};
use std::convert::Infallible;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn the_advisor_targets_survive_a_reload_and_travel_in_a_link() {
    let (_owner, state) = editor(default_scenario());
    let mut spec = AdviseSpec::new(vec!["background:completion_p90_h<=10".into()]);
    spec.vary = Some(vec![Knob::Limits, Knob::Capacity]);
    state.edit_workspace(|w| {
        w.settings.advise = Some(spec.clone());
        Ok::<_, Infallible>(())
    });
    let saved = state.workspace.get_untracked();
    assert_eq!(saved.variants.len(), 1, "a single variant with a search");

    autosave::save(&saved).expect("localStorage works in the test browser");
    let restored = autosave::restore()
        .expect("something was saved")
        .expect("the save is readable");
    assert_eq!(restored.settings.advise.as_ref(), Some(&spec));

    let opened = link::decode(&link::encode(&saved)).expect("own link decodes");
    assert_eq!(opened.settings.advise, Some(spec));
    assert_eq!(opened.variants, saved.variants);

    state.undo();
    assert_eq!(
        state
            .workspace
            .with_untracked(|w| w.settings.advise.clone()),
        None,
        "setting up a search is one undo step"
    );
}
