//! Fuzz: the scenario and study readers, given valid documents mutated by bit flips,
//! truncations, spliced bytes and random JSON edits, return a value (a scenario and its
//! validation, or a load error), never a panic; under AWS rules (`scenarios/default.json`) and
//! Kueue's (`tests/kueue/valid/three-teams.json`). An edited Kueue scenario that still validates
//! also runs, cut off after a few seconds, without a panic. A few seconds each (cases below).
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use quotalab_engine::study::{Document, Study};
use quotalab_engine::{simulate_with_progress, Keep, Scenario};
use quotalab_mutate::{apply_json, apply_to_text};
use serde_json::Value;

const DEFAULT: &str = include_str!("../../../../scenarios/default.json");
const KUEUE: &str = include_str!("../kueue/valid/three-teams.json");

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

fn kueue_value() -> Value {
    serde_json::from_str(KUEUE).expect("the Kueue example is JSON")
}

/// Plausible replacements: for a number, and for a quantity.
const NUMBERS: [f64; 9] = [0.0, 1.0, 2.0, 3.0, 0.5, 7.25, 100.0, 10000.0, -1.0];
const QUANTITIES: [&str; 8] = ["0", "1", "500m", "3", "64Gi", "1e3", "1536Mi", "100"];

/// A number, or a quantity (a string that starts with a digit).
fn is_numeric(value: &Value) -> bool {
    match value {
        Value::Number(_) => true,
        Value::String(s) => s.starts_with(|c: char| c.is_ascii_digit()),
        _ => false,
    }
}

/// The Kueue example with each edit's leaf replaced by a plausible value of its kind.
fn plausibly_edited(edits: &[(prop::sample::Index, usize)]) -> Value {
    let mut value = kueue_value();
    let leaves = quotalab_mutate::pointers(&value, &is_numeric);
    for (at, choice) in edits {
        if let Some(leaf) = value.pointer_mut(at.get(leaves.as_slice()).as_str()) {
            *leaf = if leaf.is_number() {
                serde_json::json!(NUMBERS[choice % NUMBERS.len()])
            } else {
                serde_json::json!(QUANTITIES[choice % QUANTITIES.len()])
            };
        }
    }
    value
}

/// Runs `text` when it is a valid scenario, for at most `SECONDS` of wall time (an edit may make
/// the horizon or the jobs huge): it must return, whatever the edit made valid.
fn run_if_valid(text: &str) {
    const SECONDS: u64 = 3;
    let Ok(scenario) = Scenario::from_json(text) else {
        return;
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(SECONDS);
    let _ = simulate_with_progress(&scenario, Keep::AllButEvents, 256, &mut |_| {
        std::time::Instant::now() < deadline
    });
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
    fn mutated_kueue_bytes_never_panic(edits in quotalab_mutate::bytes()) {
        read(&apply_to_text(KUEUE, &edits));
    }

    #[test]
    fn edited_kueue_values_never_panic(edits in quotalab_mutate::json()) {
        read(&apply_json(&kueue_value(), &edits).to_string());
    }

    #[test]
    fn edited_kueue_scenarios_that_validate_run_without_panic(edits in quotalab_mutate::json()) {
        run_if_valid(&apply_json(&kueue_value(), &edits).to_string());
    }

    /// Hostile edits rarely leave a scenario valid; plausible ones (a number or a quantity
    /// replaced by another) often do, so these runs reach the simulation.
    #[test]
    fn kueue_scenarios_with_plausible_edits_run_without_panic(
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0..72usize), 1..4)
    ) {
        run_if_valid(&plausibly_edited(&edits).to_string());
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
