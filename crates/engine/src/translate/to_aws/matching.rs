//! Whether a pod set may land on a flavor, for jobs that state no preference list: Kueue
//! matches the pods' node selector and required node affinity against the flavor's node labels,
//! considering only the label keys some flavor of the ClusterQueue has (a selector on any other
//! key is left to the Kubernetes scheduler), and the pods must tolerate the flavor's `NoSchedule`
//! and `NoExecute` taints.

use std::collections::BTreeSet;

use crate::scenario::kueue::{
    PodSet, ResourceFlavor, SelectorOperator, SelectorRequirement, Taint, TaintEffect, Toleration,
    TolerationOperator,
};

/// Whether every pod of `set` may run on `flavor`, comparing the label `keys` of the queue's
/// flavors.
pub(super) fn fits(set: &PodSet, flavor: &ResourceFlavor, keys: &BTreeSet<&str>) -> bool {
    let labels = &flavor.node_labels;
    let selector = set
        .node_selector
        .iter()
        .filter(|(k, _)| keys.contains(k.as_str()))
        .all(|(k, v)| labels.get(k) == Some(v));
    let affinity = set.node_affinity.is_empty()
        || set.node_affinity.iter().any(|term| {
            term.iter()
                .filter(|r| keys.contains(r.key.as_str()))
                .all(|r| holds(r, flavor))
        });
    let tolerated = flavor
        .node_taints
        .iter()
        .filter(|t| t.effect != TaintEffect::PreferNoSchedule)
        .all(|t| set.tolerations.iter().any(|tol| tolerates(tol, t)));
    selector && affinity && tolerated
}

fn holds(r: &SelectorRequirement, flavor: &ResourceFlavor) -> bool {
    let value = flavor.node_labels.get(&r.key);
    match r.operator {
        SelectorOperator::In => value.is_some_and(|v| r.values.contains(v)),
        SelectorOperator::NotIn => value.is_none_or(|v| !r.values.contains(v)),
        SelectorOperator::Exists => value.is_some(),
        SelectorOperator::DoesNotExist => value.is_none(),
    }
}

fn tolerates(t: &Toleration, taint: &Taint) -> bool {
    let effect = t.effect.is_none_or(|e| e == taint.effect);
    let matches = match t.operator {
        TolerationOperator::Exists => t.key.is_empty() || t.key == taint.key,
        TolerationOperator::Equal => t.key == taint.key && t.value == taint.value,
    };
    effect && matches
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn flavor(labels: &[(&str, &str)], taint: bool) -> ResourceFlavor {
        ResourceFlavor {
            name: "f".into(),
            node_labels: labels
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            node_taints: if taint {
                vec![Taint {
                    key: "spot".into(),
                    value: "true".into(),
                    effect: TaintEffect::NoSchedule,
                }]
            } else {
                vec![]
            },
            tolerations: vec![],
            instance_type: None,
        }
    }

    fn pods(selector: &[(&str, &str)], tolerate: bool) -> PodSet {
        PodSet {
            name: "main".into(),
            count: 1,
            requests: BTreeMap::new(),
            node_selector: selector
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            node_affinity: vec![],
            tolerations: if tolerate {
                vec![Toleration {
                    key: "spot".into(),
                    value: "true".into(),
                    ..Toleration::default()
                }]
            } else {
                vec![]
            },
        }
    }

    #[test]
    fn selectors_compare_only_the_flavors_keys_and_taints_need_a_toleration() {
        let spot = flavor(&[("capacity", "spot")], true);
        let on_demand = flavor(&[("capacity", "on-demand")], false);
        let unlabelled = flavor(&[], false);
        let keys = BTreeSet::from(["capacity"]);
        let spot_pods = pods(&[("capacity", "spot")], true);
        assert!(fits(&spot_pods, &spot, &keys));
        let intolerant = pods(&[("capacity", "spot")], false);
        assert!(
            !fits(&intolerant, &spot, &keys),
            "the taint is not tolerated"
        );
        assert!(!fits(&spot_pods, &on_demand, &keys));
        assert!(
            !fits(&spot_pods, &unlabelled, &keys),
            "another flavor's key is compared"
        );
        let zoned = pods(&[("zone", "a")], false);
        assert!(
            fits(&zoned, &on_demand, &keys),
            "a key no flavor has is not compared"
        );
    }
}
