//! Format versions and loading: text -> JSON -> (migrated) -> typed `Scenario`.
//!
//! docs/FORMAT.md, "Conventions": a newer app opens every older version (migrating it) and
//! refuses a newer one with a clear message. Version 1 is the first format, so there is nothing
//! to migrate yet; `migrate` is where a version 2 would convert a version 1 document.

use crate::diagnostic::LoadError;
use crate::scenario::Scenario;
use serde_json::Value;

/// The scenario and result format version this engine writes.
pub const FORMAT_VERSION: u64 = 1;

/// The largest scenario document accepted, in bytes. Large traces are many jobs; 256 MiB holds
/// about a million explicit jobs. Links are capped much lower by the app.
pub const MAX_SCENARIO_BYTES: usize = 256 * 1024 * 1024;

/// Parses and migrates a scenario document, checking syntax, version and shape, not semantics.
pub fn parse_scenario(text: &str) -> Result<Scenario, LoadError> {
    if text.len() > MAX_SCENARIO_BYTES {
        return Err(LoadError::TooLarge {
            bytes: text.len(),
            limit: MAX_SCENARIO_BYTES,
        });
    }
    let value: Value = serde_json::from_str(text).map_err(|e| LoadError::Syntax {
        line: e.line(),
        column: e.column(),
        message: syntax_message(&e),
    })?;
    let value = migrate(value)?;
    serde_path_to_error::deserialize(value).map_err(|e| LoadError::Shape {
        path: e
            .path()
            .to_string()
            .trim_start_matches('.')
            .replace("?", ""),
        message: shape_message(&e.inner().to_string()),
    })
}

/// Checks the version and brings an older document up to `FORMAT_VERSION`.
fn migrate(value: Value) -> Result<Value, LoadError> {
    let Value::Object(map) = &value else {
        return Err(LoadError::Shape {
            path: String::new(),
            message: "a scenario is a JSON object ({ \"version\": 1, \"name\": ..., ... })".into(),
        });
    };
    let found = match map.get("version") {
        None | Some(Value::Null) => {
            return Err(LoadError::Version {
                found: None,
                message: format!("missing; this is format version {FORMAT_VERSION}, write \"version\": {FORMAT_VERSION}"),
            })
        }
        Some(v) => v.as_u64().ok_or_else(|| LoadError::Version {
            found: None,
            message: format!("must be a whole number (this app reads versions 1 to {FORMAT_VERSION})"),
        })?,
    };
    match found {
        FORMAT_VERSION => Ok(value),
        v if v > FORMAT_VERSION => Err(LoadError::Version {
            found: Some(v),
            message: format!(
                "this scenario is format version {v}, written by a newer Quota Lab; this one reads versions 1 to {FORMAT_VERSION}. Update Quota Lab to open it."
            ),
        }),
        v => Err(LoadError::Version {
            found: Some(v),
            message: format!("version {v} does not exist; versions start at 1"),
        }),
    }
}

fn syntax_message(error: &serde_json::Error) -> String {
    let text = error.to_string();
    // serde_json appends " at line L column C"; the caller reports those separately.
    match text.rfind(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// Turns serde's wording for the untagged enums into what a user can act on.
fn shape_message(message: &str) -> String {
    if message.contains("untagged enum Arrivals") {
        "expected one of { \"poisson_per_h\": r, \"start_h\": s }, { \"every_h\": p, \"start_h\": s } or { \"at_h\": [times] } (rates and periods are positive numbers)".into()
    } else if message.contains("untagged enum DurationSpec") {
        "expected a number of hours, { \"uniform\": { \"min_h\": a, \"max_h\": b } } or { \"lognormal\": { \"median_h\": m, \"p90_h\": p } }".into()
    } else {
        message.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newer_version_is_refused_with_a_clear_message() {
        let err = parse_scenario(r#"{"version": 2, "name": "x"}"#).unwrap_err();
        assert!(err.to_string().contains("newer Quota Lab"), "{err}");
    }

    #[test]
    fn unknown_field_names_the_field_and_its_path() {
        let err = parse_scenario(
            r#"{"version":1,"name":"x","jobs":[{"name":"a","submit_h":0,"duration_h":1,"preferences":[{"instance_type":"ml.g5.xlarge","colour":1}]}]}"#,
        )
        .unwrap_err();
        let text = err.to_string();
        assert!(text.starts_with("jobs[0].preferences[0]"), "{text}");
        assert!(text.contains("colour"), "{text}");
    }

    #[test]
    fn syntax_error_reports_line_and_column() {
        let err = parse_scenario("{\n \"version\": 1,\n \"name\": }").unwrap_err();
        assert!(matches!(err, LoadError::Syntax { line: 3, .. }), "{err:?}");
    }

    #[test]
    fn null_means_default() {
        let s = parse_scenario(r#"{"version":1,"name":"x","seed":null,"queueing":null}"#).unwrap();
        assert_eq!(s.seed, 0);
    }
}
