//! What changed between two variants, field by field, for "what differs" in plain words.
//!
//! The diff runs on the scenarios' JSON form, so paths are exactly the paths of docs/FORMAT.md and
//! of validation (`quota_shares[1].strategy`). Lists are compared position by position; an entry
//! or field present on one side only is one change holding the whole entry, except an object
//! field of an entry, which is compared field by field: its absence means its fields' defaults (a
//! ClusterQueue without `preemption` has every policy at `Never`). The scenario `name` is the
//! variant's name, not a difference in the agreement, so it is left out.
//!
//! Kueue's objects are said in Kueue's words: entries by kind and name, fields as Kueue spells
//! them (`ClusterQueue 'nlp' flavor 'a10g' resource 'nvidia.com/gpu' nominalQuota: 1 -> 4`).
//!
//! A share's fields whose default has a meaning (docs/FORMAT.md: `borrow_limit` -1 is no cap,
//! `in_share_preemption` false) are compared by that meaning and said in its words: an absent
//! borrow limit and -1 are the same agreement, and "borrow limit: no cap -> 20%" reads better
//! than "-1 -> 20".

use crate::json_text::value_of;
use crate::scenario::{
    borrow_limit_words, preemption_words, JobList, Rules, Scenario, UNLIMITED_BORROW,
};
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
    let (mut a, mut b) = if a.jobs == b.jobs {
        (without_jobs(a), without_jobs(b))
    } else {
        (value_of(a), value_of(b))
    };
    for side in [&mut a, &mut b] {
        if let Value::Object(map) = side {
            map.remove("name");
            // `rules` is left out at its default, `aws`; compared by meaning, a variant under
            // the other rules reads "rules: Kueue -> AWS Batch", not "-> (not set)".
            map.entry("rules")
                .or_insert_with(|| Value::String(Rules::Aws.as_str().into()));
            if let Some(Value::Array(shares)) = map.get_mut("quota_shares") {
                shares.iter_mut().for_each(drop_unlimited_borrow);
            }
        }
    }
    let mut changes = Vec::new();
    walk(&Place::default(), Some(&a), Some(&b), &mut changes);
    changes
}

/// `scenario`'s JSON form without its explicit jobs, for a walk beside a scenario with equal
/// jobs, where they cannot differ. A trace's listed jobs are most of its JSON, and a variant
/// shares the first one's list (docs/PERFORMANCE.md, "A comparison of a trace translated
/// once"): read into a `Value` on both sides, a million of them took gigabytes.
fn without_jobs(scenario: &Scenario) -> Value {
    let mut rest = scenario.clone();
    rest.jobs = JobList::default();
    value_of(&rest)
}

/// Where the walk is: the JSON path and the same place in words.
#[derive(Default, Clone)]
struct Place {
    path: String,
    words: Vec<String>,
    /// The name of a field left out of `words` (a list, named by its entries, or `kueue`),
    /// said when the field itself is added or removed: "mix 'm' pod sets: added", not
    /// "mix 'm': added".
    whole: Option<String>,
}

impl Place {
    fn key(&self, key: &str, value: Option<&Value>) -> Place {
        let path = if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.path)
        };
        let mut words = self.words.clone();
        let name = match key {
            "kueue" => "Kueue objects".to_string(),
            _ if path.starts_with("kueue.") => kueue_field(key),
            _ => plain(key),
        };
        // A list is named by its entries, a mix's template is just where its job fields live,
        // and `kueue` just holds Kueue's objects.
        let whole = if matches!(value, Some(Value::Array(_))) || matches!(key, "template" | "kueue")
        {
            Some(name)
        } else {
            words.push(name);
            None
        };
        Place { path, words, whole }
    }

    fn index(&self, list: &str, i: usize, entry: Option<&Value>) -> Place {
        let label = entry
            .and_then(|e| e.get("name").or_else(|| e.get("instance_type")))
            .and_then(Value::as_str)
            .map_or(format!("#{}", i + 1), |name| format!("'{name}'"));
        let mut words = self.words.clone();
        // A flavor is in one resource group only, so the group's number says nothing.
        if list != "resource_groups" {
            words.push(format!("{} {label}", singular(list)));
        }
        Place {
            path: format!("{}[{i}]", self.path),
            words,
            whole: None,
        }
    }

    /// The place in words, the field itself named.
    fn said(&self) -> String {
        let mut words = self.words.clone();
        words.extend(self.whole.clone());
        words.join(" ")
    }
}

impl Place {
    /// Whether this is a field inside a list's entry (not an entry itself).
    fn in_entry(&self) -> bool {
        self.path.contains('[') && !self.path.ends_with(']')
    }
}

/// A share's explicit `borrow_limit: -1` is its default: dropped, so it equals an absent one.
fn drop_unlimited_borrow(share: &mut Value) {
    if let Value::Object(fields) = share {
        if fields.get("borrow_limit").and_then(Value::as_i64) == Some(UNLIMITED_BORROW) {
            fields.remove("borrow_limit");
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
        (None, Some(Value::Object(_))) | (Some(Value::Object(_)), None) if place.in_entry() => {
            let empty = Value::Object(serde_json::Map::new());
            walk(place, a.or(Some(&empty)), b.or(Some(&empty)), out);
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
            words: format!("{}: {}", place.said(), change_words(&place.path, x, y)),
            before: x.cloned(),
            after: y.cloned(),
        }),
        _ => {}
    }
}

fn change_words(path: &str, before: Option<&Value>, after: Option<&Value>) -> String {
    let entry = |v: Option<&Value>| matches!(v, Some(Value::Object(_) | Value::Array(_)));
    let show = |v: Option<&Value>| {
        meant(path, v).unwrap_or_else(|| match v {
            None | Some(Value::Null) => "(not set)".to_string(),
            Some(Value::String(s)) => s.clone(),
            Some(other) => other.to_string(),
        })
    };
    match (before, after) {
        (None, Some(_)) if entry(after) => "added".into(),
        (Some(_), None) if entry(before) => "removed".into(),
        _ => format!("{} -> {}", show(before), show(after)),
    }
}

/// What a value means, in words: the rule set by its name for people ("AWS Batch", "Kueue"),
/// and a borrow limit or in-share preemption value, for a share's own field also when it is
/// absent (its default). In an `update_share` action an absent field means "unchanged", which
/// the plain "(not set)" says. A ClusterQueue's absent limits and preemption policies are
/// Kueue's defaults: no limit, `Never`.
fn meant(path: &str, value: Option<&Value>) -> Option<String> {
    if path == "rules" {
        let rules: Rules = serde_json::from_value(value?.clone()).ok()?;
        return Some(rules.title().into());
    }
    let (parent, key) = path.rsplit_once('.')?;
    let own = parent.starts_with("quota_shares[") && !parent.contains('.');
    let queue = parent.starts_with("kueue.cluster_queues[");
    let absent = matches!(value, None | Some(Value::Null));
    let words = match (key, value) {
        ("borrowing_limit" | "lending_limit", _) if queue && absent => "no limit".into(),
        ("reclaim_within_cohort" | "within_cluster_queue", _) if queue && absent => "Never".into(),
        ("borrow_limit", Some(Value::Number(n))) => borrow_limit_words(n.as_i64()?),
        ("borrow_limit", None | Some(Value::Null)) if own => borrow_limit_words(UNLIMITED_BORROW),
        ("in_share_preemption", Some(Value::Bool(on))) => preemption_words(*on).to_string(),
        ("in_share_preemption", None | Some(Value::Null)) if own => {
            preemption_words(false).to_string()
        }
        _ => return None,
    };
    Some(words)
}

/// A field name in words: `checkpoint_interval_h` is `checkpoint interval (h)`.
fn plain(key: &str) -> String {
    if key == "in_share_preemption" {
        return "in-share preemption".into();
    }
    let (stem, unit) = match key.strip_suffix("_per_h") {
        Some(stem) => (stem, " per hour"),
        None => key
            .strip_suffix("_h")
            .map_or((key, ""), |stem| (stem, " (h)")),
    };
    stem.replace('_', " ") + unit
}

/// A field of Kueue's objects as Kueue spells it: `nominal_quota` is `nominalQuota`.
fn kueue_field(key: &str) -> String {
    let mut words = key.split('_');
    let first = words.next().unwrap_or_default().to_string();
    words.fold(first, |mut out, w| {
        let mut chars = w.chars();
        if let Some(c) = chars.next() {
            out.extend(c.to_uppercase());
            out.push_str(chars.as_str());
        }
        out
    })
}

/// What one entry of a list is called; Kueue's objects by their kind.
fn singular(list: &str) -> String {
    match list {
        "cluster_queues" => "ClusterQueue".into(),
        "cohorts" => "Cohort".into(),
        "resource_flavors" => "ResourceFlavor".into(),
        "local_queues" => "LocalQueue".into(),
        "priority_classes" => "WorkloadPriorityClass".into(),
        "flavors" => "flavor".into(),
        "resources" => "resource".into(),
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

    fn words_of(a: &Scenario, b: &Scenario) -> Vec<String> {
        scenario_changes(a, b)
            .into_iter()
            .map(|c| c.words)
            .collect()
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
    fn a_variant_under_the_other_rules_names_both_rule_sets() {
        let a = scenario(r#"{"version":1,"name":"a","rules":"kueue"}"#);
        let b = scenario(r#"{"version":1,"name":"b"}"#);
        let changes = scenario_changes(&a, &b);
        assert_eq!(changes.len(), 1, "{changes:?}");
        assert_eq!(changes[0].describe(), r#"rules: "kueue" -> "aws""#);
        assert_eq!(changes[0].words, "rules: Kueue -> AWS Batch");
        assert!(
            scenario_changes(&b, &b).is_empty(),
            "the default on both sides is no change"
        );
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
        assert_eq!(
            words_of(&a, &b),
            vec![
                "mix 'm' arrivals poisson per hour: 1.0 -> 2.0",
                "mix 'm' checkpoint interval (h): 0.5 -> 1.0",
                "share 'x' limit on 'ml.g5.xlarge' max capacity: 1 -> 2",
                "share 'y': added",
            ]
        );
    }

    #[test]
    fn a_shares_borrow_limit_and_preemption_are_said_by_what_they_mean() {
        let a = scenario(
            r#"{"version":1,"name":"a","quota_shares":[{"name":"x","capacity_limits":[{"instance_type":"ml.g5.xlarge","max_capacity":1}],"strategy":"LEND_AND_BORROW"}]}"#,
        );
        // An explicit -1 is the default: no change at all.
        let mut explicit = a.clone();
        explicit.quota_shares[0].borrow_limit = Some(UNLIMITED_BORROW);
        assert!(scenario_changes(&a, &explicit).is_empty());
        assert!(scenario_changes(&explicit, &a).is_empty());

        let mut b = explicit.clone();
        b.quota_shares[0].borrow_limit = Some(20);
        b.quota_shares[0].in_share_preemption = true;
        assert_eq!(
            words_of(&explicit, &b),
            vec![
                "share 'x' borrow limit: no cap -> 20%",
                "share 'x' in-share preemption: off -> on",
            ]
        );
        assert_eq!(
            words_of(&b, &a),
            vec![
                "share 'x' borrow limit: 20% -> no cap",
                "share 'x' in-share preemption: on -> off",
            ]
        );
    }

    #[test]
    fn kueue_objects_are_said_in_kueues_words_with_their_defaults() {
        let a = scenario(
            r#"{"version":1,"name":"a","rules":"kueue","kueue":{"resource_flavors":[{"name":"a10g"}],"cohorts":[{"name":"org"}],
              "cluster_queues":[{"name":"nlp","cohort":"org","namespace_selector":{},"resource_groups":[{"covered_resources":["nvidia.com/gpu"],
                "flavors":[{"name":"a10g","resources":[{"name":"nvidia.com/gpu","nominal_quota":"1","lending_limit":"1"}]}]}]}]}}"#,
        );
        let mut b = a.clone();
        let queue = &mut b.kueue.as_mut().unwrap().cluster_queues[0];
        let quota = &mut queue.resource_groups[0].flavors[0].resources[0];
        quota.nominal_quota = crate::quantity::Quantity::units(4);
        quota.lending_limit = None;
        queue.preemption.within_cluster_queue =
            crate::scenario::kueue::WithinClusterQueue::LowerPriority;
        assert_eq!(
            words_of(&a, &b),
            vec![
                "ClusterQueue 'nlp' preemption withinClusterQueue: Never -> LowerPriority",
                "ClusterQueue 'nlp' flavor 'a10g' resource 'nvidia.com/gpu' lendingLimit: 1 -> no limit",
                "ClusterQueue 'nlp' flavor 'a10g' resource 'nvidia.com/gpu' nominalQuota: 1 -> 4",
            ]
        );
    }

    #[test]
    fn a_whole_list_or_kueues_objects_added_or_removed_is_named() {
        let aws = scenario(
            r#"{"version":1,"name":"a","capacity":[{"instance_type":"ml.g5.xlarge","count":2}],
              "quota_shares":[{"name":"x","capacity_limits":[{"instance_type":"ml.g5.xlarge","max_capacity":1}],"strategy":"LEND"}],
              "job_mixes":[{"name":"m","share":"x","count":2,"arrivals":{"poisson_per_h":1},"duration_h":1,"template":{"instance_count":1,"preferences":[{"instance_type":"ml.g5.xlarge"}]}}]}"#,
        );
        let kueue = scenario(
            r#"{"version":1,"name":"b","rules":"kueue","kueue":{"resource_flavors":[{"name":"g5","instance_type":"ml.g5.xlarge"}],
              "cluster_queues":[{"name":"x","namespace_selector":{},"resource_groups":[{"covered_resources":["nvidia.com/gpu"],
                "flavors":[{"name":"g5","resources":[{"name":"nvidia.com/gpu","nominal_quota":"1"}]}]}]}],
              "local_queues":[{"name":"x","cluster_queue":"x"}]},
              "job_mixes":[{"name":"m","count":2,"arrivals":{"poisson_per_h":1},"duration_h":1,"template":{"local_queue":"x",
                "pod_sets":[{"name":"main","count":1,"requests":{"nvidia.com/gpu":"1"}}],"preferences":[{"instance_type":"ml.g5.xlarge"}]}}]}"#,
        );
        let words = words_of(&aws, &kueue);
        for said in [
            "capacity: removed",
            "quota shares: removed",
            "Kueue objects: added",
            "mix 'm' pod sets: added",
            "rules: AWS Batch -> Kueue",
        ] {
            assert!(words.iter().any(|w| w == said), "{said} in {words:?}");
        }
        assert!(
            words
                .iter()
                .all(|w| !w.starts_with(':') && !w.contains("': ")),
            "every change names what changed: {words:?}"
        );
    }

    /// A trace's variant shares its jobs, which are left out of the walk; equal jobs in a list
    /// of their own are left out too, and a changed job is still found.
    #[test]
    fn listed_jobs_are_walked_only_when_they_differ() {
        let trace = scenario(include_str!("../../../../scenarios/philly-trace.json"));
        assert!(trace.jobs.len() > 100, "a trace's listed jobs");
        let mut shared = trace.clone();
        shared.quota_shares[0].strategy = crate::scenario::Strategy::Reserve;
        let share = &trace.quota_shares[0].name;
        let expected = [format!(
            "share '{share}' strategy: LEND_AND_BORROW -> RESERVE"
        )];
        assert_eq!(words_of(&trace, &shared), expected);
        let mut own = shared.clone();
        own.jobs = trace.jobs.to_vec().into();
        assert_eq!(words_of(&trace, &own), expected, "equal jobs, not shared");
        let mut changed = own;
        changed.jobs.to_mut()[7].priority = 9;
        let job = &trace.jobs[7].name;
        assert_eq!(
            words_of(&trace, &changed),
            [
                format!("job '{job}' priority: (not set) -> 9"),
                expected[0].clone()
            ]
        );
    }

    #[test]
    fn an_update_share_action_without_a_field_leaves_it_unchanged() {
        assert_eq!(
            meant("actions[0].update_share.borrow_limit", None),
            None,
            "absent in an action is not the default"
        );
        assert_eq!(
            meant(
                "actions[0].update_share.borrow_limit",
                Some(&Value::from(-1))
            ),
            Some("no cap".to_string())
        );
        assert_eq!(
            meant("quota_shares[2].borrow_limit", None),
            Some("no cap".to_string())
        );
    }
}
