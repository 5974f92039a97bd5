//! Fuzz: the scenario and study readers, given valid documents mutated by bit flips,
//! truncations, spliced bytes and random JSON edits, return a value (a scenario and its
//! validation, or a load error), never a panic. A few seconds each (cases below).
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use quotalab_engine::study::{Document, Study};
use quotalab_engine::Scenario;
use quotalab_mutate::{apply_json, apply_to_text};
use serde_json::Value;

const DEFAULT: &str = include_str!("../../../../scenarios/default.json");

/// Parses and, when that succeeds, validates: both must return, whatever the text.
fn read(text: &str) {
    if let Ok(scenario) = Scenario::parse_json(text) {
        let _ = scenario.validate();
    }
    if let Ok(Document::Study(study)) = Document::parse_json(text) {
        let _ = study.validate();
    }
}

fn default_value() -> Value {
    serde_json::from_str(DEFAULT).expect("the default scenario is JSON")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_bytes_never_panic(edits in quotalab_mutate::bytes()) {
        read(&apply_to_text(DEFAULT, &edits));
    }

    #[test]
    fn edited_values_never_panic(edits in quotalab_mutate::json()) {
        read(&apply_json(&default_value(), &edits).to_string());
    }

    #[test]
    fn edited_studies_never_panic(edits in quotalab_mutate::json(), bytes in quotalab_mutate::bytes()) {
        let study = Study::new("fuzz", vec![
            Scenario::parse_json(DEFAULT).expect("default parses"),
            Scenario::parse_json(&DEFAULT.replace("Three teams", "Two teams")).expect("parses"),
        ]);
        let value: Value = serde_json::from_str(&study.to_json_pretty()).expect("a study is JSON");
        read(&apply_to_text(&apply_json(&value, &edits).to_string(), &bytes));
    }
}
