//! Fields of Kueue's objects that the simulation does not model (docs/KUEUE.md, "What the
//! simulation cannot see"): the shapes ignore them on reading, and the import says so, one note
//! per kind of object and field, naming the objects that set it.

use serde_json::Value;
use std::collections::BTreeMap;

/// Per kind: each unmodelled field, as a path from the object's root (`[]` for every item of a
/// list), and why it is dropped.
const UNMODELLED: &[(&str, &str, &str)] = &[
    (
        "ClusterQueue",
        "spec.admissionChecks",
        "admission checks are not simulated; admission is quota reservation",
    ),
    (
        "ClusterQueue",
        "spec.admissionChecksStrategy",
        "admission checks are not simulated; admission is quota reservation",
    ),
    (
        "ClusterQueue",
        "spec.admissionScope",
        "admission fair sharing within a ClusterQueue is not simulated",
    ),
    (
        "ClusterQueue",
        "spec.concurrentAdmissionPolicy",
        "concurrent admission is not simulated",
    ),
    (
        "ResourceFlavor",
        "spec.topologyName",
        "topology-aware scheduling is not simulated; quota is the only limit",
    ),
    (
        "LocalQueue",
        "spec.stopPolicy",
        "a LocalQueue's stop policy is not simulated; its workloads are admitted as if it were None",
    ),
    (
        "LocalQueue",
        "spec.fairSharing",
        "admission fair sharing within a ClusterQueue is not simulated",
    ),
    (
        "Workload",
        "spec.podSets[].minCount",
        "partial admission is not simulated; the workload is admitted with all its pods or not at all",
    ),
    (
        "Workload",
        "spec.podSets[].topologyRequest",
        "topology-aware scheduling is not simulated; quota is the only limit",
    ),
];

/// The objects that set each unmodelled field, by kind and field, in the order met.
#[derive(Default)]
pub struct Dropped {
    /// Per entry of `UNMODELLED`, the objects that set it.
    objects: BTreeMap<usize, Vec<String>>,
    order: Vec<usize>,
}

impl Dropped {
    /// Notes the unmodelled fields `object` (of `kind`, named `name`) sets.
    pub fn look(&mut self, kind: &str, name: &str, object: &Value) {
        for (i, &(k, path, _)) in UNMODELLED.iter().enumerate() {
            if k != kind || !set(object, path) {
                continue;
            }
            if !self.objects.contains_key(&i) {
                self.order.push(i);
            }
            self.objects.entry(i).or_default().push(name.to_string());
        }
    }

    /// One note per kind and field: "ClusterQueue team-a, team-b: spec.admissionChecks dropped
    /// (admission checks are not simulated; ...)".
    pub fn notes(&self) -> Vec<String> {
        self.order
            .iter()
            .map(|&i| {
                let (kind, path, why) = UNMODELLED[i];
                let names = self.objects[&i].join(", ");
                format!("{kind} {names}: {path} dropped ({why})")
            })
            .collect()
    }
}

/// Whether `path` holds a value other than null in `object`; `name[]` looks in every item.
fn set(object: &Value, path: &str) -> bool {
    let Some((head, rest)) = path.split_once('.') else {
        return present(object, path);
    };
    match head.strip_suffix("[]") {
        Some(list) => object
            .get(list)
            .and_then(Value::as_array)
            .is_some_and(|items| items.iter().any(|item| set(item, rest))),
        None => object.get(head).is_some_and(|inner| set(inner, rest)),
    }
}

fn present(object: &Value, key: &str) -> bool {
    object.get(key).is_some_and(|v| !v.is_null())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn one_note_per_kind_and_field_naming_every_object_that_sets_it() {
        let mut d = Dropped::default();
        let cq = json!({ "spec": { "admissionChecks": ["prov"], "admissionScope": { "admissionMode": "UsageBasedAdmissionFairSharing" } } });
        d.look("ClusterQueue", "team-a", &cq);
        d.look(
            "ClusterQueue",
            "team-b",
            &json!({ "spec": { "admissionChecks": ["prov"] } }),
        );
        d.look(
            "ClusterQueue",
            "team-c",
            &json!({ "spec": { "admissionChecks": null } }),
        );
        d.look(
            "Workload",
            "w1",
            &json!({ "spec": { "podSets": [ { "count": 4 }, { "count": 8, "minCount": 2 } ] } }),
        );
        d.look(
            "Workload",
            "w2",
            &json!({ "spec": { "podSets": [ { "count": 4 } ] } }),
        );
        d.look(
            "LocalQueue",
            "ml/main",
            &json!({ "spec": { "stopPolicy": "Hold" } }),
        );
        d.look(
            "ResourceFlavor",
            "a100",
            &json!({ "spec": { "topologyName": "default" } }),
        );
        assert_eq!(
            d.notes(),
            [
                "ClusterQueue team-a, team-b: spec.admissionChecks dropped (admission checks are not simulated; admission is quota reservation)",
                "ClusterQueue team-a: spec.admissionScope dropped (admission fair sharing within a ClusterQueue is not simulated)",
                "Workload w1: spec.podSets[].minCount dropped (partial admission is not simulated; the workload is admitted with all its pods or not at all)",
                "LocalQueue ml/main: spec.stopPolicy dropped (a LocalQueue's stop policy is not simulated; its workloads are admitted as if it were None)",
                "ResourceFlavor a100: spec.topologyName dropped (topology-aware scheduling is not simulated; quota is the only limit)",
            ]
        );
    }
}
