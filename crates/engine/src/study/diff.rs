//! What changed between two variants, field by field, for "what differs" in plain words.
//!
//! The diff runs on the scenarios' JSON form, so paths are exactly the paths of SCENARIO.md and
//! of validation (`quota_shares[1].strategy`). Lists are compared position by position; an entry
//! or field present on one side only is one change holding the whole entry. The scenario `name`
//! is the variant's name, not a difference in the agreement, so it is left out.

use crate::scenario::Scenario;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One field that differs between two scenarios.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FieldChange {
    /// JSON path of the field, e.g. `quota_shares[1].strategy`.
    pub path: String,
    /// The value in the first scenario; `None` when the field or entry is not there.
    pub before: Option<Value>,
    /// The value in the second scenario; `None` when the field or entry is not there.
    pub after: Option<Value>,
}

impl FieldChange {
    /// One line for people: `quota_shares[1].strategy: "LEND" -> "RESERVE"`.
    pub fn describe(&self) -> String {
        let show = |v: &Option<Value>| v.as_ref().map_or("(not set)".to_string(), Value::to_string);
        format!(
            "{}: {} -> {}",
            self.path,
            show(&self.before),
            show(&self.after)
        )
    }
}

/// The fields that differ from `a` to `b`, leaves only, in document order (keys sorted).
pub fn scenario_changes(a: &Scenario, b: &Scenario) -> Vec<FieldChange> {
    let mut a = serde_json::to_value(a).expect("a scenario always serialises");
    let mut b = serde_json::to_value(b).expect("a scenario always serialises");
    for side in [&mut a, &mut b] {
        if let Value::Object(map) = side {
            map.remove("name");
        }
    }
    let mut changes = Vec::new();
    walk("", Some(&a), Some(&b), &mut changes);
    changes
}

fn walk(path: &str, a: Option<&Value>, b: Option<&Value>, out: &mut Vec<FieldChange>) {
    match (a, b) {
        (Some(Value::Object(x)), Some(Value::Object(y))) => {
            let mut keys: Vec<&String> = x
                .keys()
                .chain(y.keys().filter(|k| !x.contains_key(*k)))
                .collect();
            keys.sort();
            for key in keys {
                let child = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                walk(&child, x.get(key), y.get(key), out);
            }
        }
        (Some(Value::Array(x)), Some(Value::Array(y))) => {
            for i in 0..x.len().max(y.len()) {
                walk(&format!("{path}[{i}]"), x.get(i), y.get(i), out);
            }
        }
        (x, y) if x != y => out.push(FieldChange {
            path: path.to_string(),
            before: x.cloned(),
            after: y.cloned(),
        }),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario(json: &str) -> Scenario {
        Scenario::parse_json(json).unwrap()
    }

    #[test]
    fn a_changed_strategy_is_one_leaf_and_the_name_is_ignored() {
        let a = scenario(
            r#"{"version":1,"name":"a","quota_shares":[{"name":"x","capacity_limits":[{"instance_type":"ml.g5.xlarge","max_capacity":1}],"strategy":"LEND"}]}"#,
        );
        let b = scenario(
            r#"{"version":1,"name":"b","quota_shares":[{"name":"x","capacity_limits":[{"instance_type":"ml.g5.xlarge","max_capacity":1}],"strategy":"RESERVE"}]}"#,
        );
        let changes = scenario_changes(&a, &b);
        assert_eq!(changes.len(), 1, "{changes:?}");
        assert_eq!(
            changes[0].describe(),
            r#"quota_shares[0].strategy: "LEND" -> "RESERVE""#
        );
        assert!(scenario_changes(&a, &a).is_empty());
    }

    #[test]
    fn an_added_field_is_reported_with_nothing_before() {
        let a = scenario(r#"{"version":1,"name":"a"}"#);
        let b = scenario(r#"{"version":1,"name":"a","seed":4}"#);
        let changes = scenario_changes(&a, &b);
        assert_eq!(changes.len(), 1);
        assert_eq!(changes[0].describe(), "seed: (not set) -> 4");
    }
}
