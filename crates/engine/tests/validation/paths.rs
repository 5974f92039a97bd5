//! A shape error's path is found from where the reader stopped (the engine's `json_path`), not
//! tracked field by field. These tests hold it to a reader that does track it,
//! serde_path_to_error: on edited scenarios under both rule sets, compact and indented, each
//! error the engine reports names the same path as that reader's.
#![cfg(not(target_arch = "wasm32"))]

use proptest::test_runner::{Config, TestRunner};
use quotalab_engine::{LoadError, Scenario};
use quotalab_mutate::apply_json;
use serde_json::Value;
use std::cell::Cell;

const DEFAULT: &str = include_str!("../../../../scenarios/default.json");
const KUEUE: &str = include_str!("../kueue/valid/three-teams.json");

/// The path and message of the engine's shape error for `text`; `None` when it reports none.
fn engine_error(text: &str) -> Option<(String, String)> {
    match Scenario::parse_json(text) {
        Err(LoadError::Shape { path, message }) => Some((path, message)),
        _ => None,
    }
}

/// The one place the two readers may differ, as `json_path` says: an array directly inside an
/// array, given to a field that takes any value but an array (a quantity), is named as the
/// outer array's first element.
fn nested_array_refused(engine: &str, message: &str, tracked: Option<&str>) -> bool {
    message.starts_with("invalid type: sequence")
        && tracked.is_some_and(|tracked| engine == format!("{tracked}[0]"))
}

/// The path a path-tracking reader names for `text`, written as the engine writes paths.
fn tracked_path(text: &str) -> Option<String> {
    let mut reader = serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize::<_, Scenario>(&mut reader)
        .err()
        .map(|e| {
            e.path()
                .to_string()
                .trim_start_matches('.')
                .replace('?', "")
        })
}

/// Compares the two paths for `value` written compactly and indented; true when the engine
/// reported a shape error (so the comparison said something). A document that is not an object
/// is refused as a whole before it is read.
fn same_paths(value: &Value) -> Result<bool, String> {
    let mut compared = false;
    if !value.is_object() {
        return Ok(false);
    }
    for text in [
        value.to_string(),
        serde_json::to_string_pretty(value).unwrap(),
    ] {
        if let Some((engine, message)) = engine_error(&text) {
            let tracked = tracked_path(&text);
            if tracked.as_deref() != Some(engine.as_str())
                && !nested_array_refused(&engine, &message, tracked.as_deref())
            {
                return Err(format!("engine {engine:?}, tracked {tracked:?} for {text}"));
            }
            compared = true;
        }
    }
    Ok(compared)
}

fn value_of(text: &str) -> Value {
    serde_json::from_str(text).expect("a bundled scenario is JSON")
}

#[test]
fn random_value_edits_give_the_tracked_paths() {
    for document in [DEFAULT, KUEUE] {
        let value = value_of(document);
        let compared = Cell::new(0);
        let mut runner = TestRunner::new(Config {
            cases: 512,
            failure_persistence: None,
            ..Config::default()
        });
        runner
            .run(&quotalab_mutate::json(), |edits| {
                let edited = apply_json(&value, &edits);
                let said =
                    same_paths(&edited).map_err(proptest::test_runner::TestCaseError::fail)?;
                compared.set(compared.get() + usize::from(said));
                Ok(())
            })
            .unwrap();
        assert!(
            compared.get() > 100,
            "only {} edits gave a shape error",
            compared.get()
        );
    }
}

#[test]
fn an_unknown_field_in_any_object_gives_the_tracked_path() {
    for document in [DEFAULT, KUEUE] {
        let value = value_of(document);
        let mut compared = 0;
        for pointer in quotalab_mutate::pointers(&value, &Value::is_object) {
            let mut copy = value.clone();
            if let Some(Value::Object(map)) = copy.pointer_mut(&pointer) {
                map.insert("colour".into(), Value::from(1));
            }
            compared += usize::from(same_paths(&copy).unwrap());
        }
        assert!(
            compared > 10,
            "only {compared} objects refuse an unknown field"
        );
    }
}

#[test]
fn a_field_left_out_of_any_object_gives_the_tracked_path() {
    for document in [DEFAULT, KUEUE] {
        let value = value_of(document);
        let mut compared = 0;
        for pointer in quotalab_mutate::pointers(&value, &Value::is_object) {
            let keys: Vec<String> = match value.pointer(&pointer) {
                Some(Value::Object(map)) => map.keys().cloned().collect(),
                _ => continue,
            };
            for key in keys {
                let mut copy = value.clone();
                if let Some(Value::Object(map)) = copy.pointer_mut(&pointer) {
                    map.remove(&key);
                }
                compared += usize::from(same_paths(&copy).unwrap());
            }
        }
        assert!(compared > 10, "only {compared} fields are required");
    }
}
