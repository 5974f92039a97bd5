//! What changed between two variants, field by field, for "what differs" in plain words.
//!
//! The diff runs on the scenarios' JSON form, so paths are exactly the paths of docs/FORMAT.md and
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
    /// The change in plain words, entries named instead of numbered:
    /// `share 'medium' strategy: LEND -> RESERVE`.
    pub words: String,
    /// The value in the first scenario; `None` when the field or entry is not there.
    pub before: Option<Value>,
    /// The value in the second scenario; `None` when the field or entry is not there.
    pub after: Option<Value>,
}

impl FieldChange {
    /// One line by path: `quota_shares[1].strategy: "LEND" -> "RESERVE"`.
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
    walk(&Place::default(), Some(&a), Some(&b), &mut changes);
    changes
}

/// Where the walk is: the JSON path and the same place in words.
#[derive(Default, Clone)]
struct Place {
    path: String,
    words: Vec<String>,
}

impl Place {
    fn key(&self, key: &str, value: Option<&Value>) -> Place {
        let path = if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.path)
        };
        let mut words = self.words.clone();
        // A list is named by its entries, and a mix's template is just where its job fields live.
        if !matches!(value, Some(Value::Array(_))) && key != "template" {
            words.push(plain(key));
        }
        Place { path, words }
    }

    fn index(&self, list: &str, i: usize, entry: Option<&Value>) -> Place {
        let label = entry
            .and_then(|e| e.get("name").or_else(|| e.get("instance_type")))
            .and_then(Value::as_str)
            .map_or(format!("#{}", i + 1), |name| format!("'{name}'"));
        let mut words = self.words.clone();
        words.push(format!("{} {label}", singular(list)));
        Place {
            path: format!("{}[{i}]", self.path),
            words,
        }
    }
}

fn walk(place: &Place, a: Option<&Value>, b: Option<&Value>, out: &mut Vec<FieldChange>) {
    match (a, b) {
        (Some(Value::Object(x)), Some(Value::Object(y))) => {
            let mut keys: Vec<&String> = x
                .keys()
                .chain(y.keys().filter(|k| !x.contains_key(*k)))
                .collect();
            keys.sort();
            for key in keys {
                let (xa, yb) = (x.get(key), y.get(key));
                walk(&place.key(key, xa.or(yb)), xa, yb, out);
            }
        }
        (Some(Value::Array(x)), Some(Value::Array(y))) => {
            let list = place.path.rsplit('.').next().unwrap_or_default();
            for i in 0..x.len().max(y.len()) {
                walk(
                    &place.index(list, i, x.get(i).or(y.get(i))),
                    x.get(i),
                    y.get(i),
                    out,
                );
            }
        }
        (x, y) if x != y => out.push(FieldChange {
            path: place.path.clone(),
            words: format!("{}: {}", place.words.join(" "), change_words(x, y)),
            before: x.cloned(),
            after: y.cloned(),
        }),
        _ => {}
    }
}

fn change_words(before: Option<&Value>, after: Option<&Value>) -> String {
    let entry = |v: Option<&Value>| matches!(v, Some(Value::Object(_) | Value::Array(_)));
    let show = |v: Option<&Value>| match v {
        None | Some(Value::Null) => "(not set)".to_string(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    };
    match (before, after) {
        (None, Some(_)) if entry(after) => "added".into(),
        (Some(_), None) if entry(before) => "removed".into(),
        _ => format!("{} -> {}", show(before), show(after)),
    }
}

/// A field name in words: `checkpoint_interval_h` is `checkpoint interval (h)`.
fn plain(key: &str) -> String {
    let (stem, unit) = match key.strip_suffix("_per_h") {
        Some(stem) => (stem, " per hour"),
        None => key
            .strip_suffix("_h")
            .map_or((key, ""), |stem| (stem, " (h)")),
    };
    stem.replace('_', " ") + unit
}

/// What one entry of a list is called.
fn singular(list: &str) -> String {
    match list {
        "quota_shares" => "share".into(),
        "job_mixes" => "mix".into(),
        "jobs" => "job".into(),
        "capacity" => "on-demand".into(),
        "spot" => "spot pool".into(),
        "training_plans" => "training plan".into(),
        "instance_types" => "instance type".into(),
        "capacity_limits" => "limit on".into(),
        "preferences" => "preference".into(),
        "actions" => "action".into(),
        "blocks" => "block".into(),
        "changes" => "change".into(),
        other => plain(other),
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
        assert_eq!(changes[0].words, "share 'x' strategy: LEND -> RESERVE");
        assert!(scenario_changes(&a, &a).is_empty());
    }

    #[test]
    fn an_added_field_is_reported_with_nothing_before() {
        let a = scenario(r#"{"version":1,"name":"a"}"#);
        let b = scenario(r#"{"version":1,"name":"a","seed":4}"#);
        let changes = scenario_changes(&a, &b);
        assert_eq!(changes.len(), 1);
        assert_eq!(changes[0].describe(), "seed: (not set) -> 4");
        assert_eq!(changes[0].words, "seed: (not set) -> 4");
    }

    #[test]
    fn nested_entries_are_named_and_whole_entries_added() {
        let base = r#"{"version":1,"name":"a","quota_shares":[{"name":"x","capacity_limits":[{"instance_type":"ml.g5.xlarge","max_capacity":1}],"strategy":"LEND"}],
            "job_mixes":[{"name":"m","share":"x","count":2,"arrivals":{"poisson_per_h":1},"duration_h":1,"template":{"instance_count":1,"checkpoint_interval_h":0.5,"preferences":[{"instance_type":"ml.g5.xlarge"}]}}]}"#;
        let a = scenario(base);
        let mut b = a.clone();
        b.quota_shares[0].capacity_limits[0].max_capacity = 2;
        b.job_mixes[0].template.checkpoint_interval_h = Some(1.0);
        b.job_mixes[0].arrivals =
            crate::scenario::Arrivals::Poisson(crate::scenario::PoissonArrivals {
                poisson_per_h: 2.0,
                start_h: 0.0,
            });
        let mut extra = b.quota_shares[0].clone();
        extra.name = "y".into();
        b.quota_shares.push(extra);
        let words: Vec<String> = scenario_changes(&a, &b)
            .into_iter()
            .map(|c| c.words)
            .collect();
        assert_eq!(
            words,
            vec![
                "mix 'm' arrivals poisson per hour: 1.0 -> 2.0",
                "mix 'm' checkpoint interval (h): 0.5 -> 1.0",
                "share 'x' limit on 'ml.g5.xlarge' max capacity: 1 -> 2",
                "share 'y': added",
            ]
        );
    }
}
