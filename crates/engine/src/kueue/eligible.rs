//! Which flavors a pod set may use and which namespaces a ClusterQueue admits, before any quota
//! is counted (docs/KUEUE.md, "Flavors"): Kueue checks the flavor's taints against the pods'
//! and the flavor's tolerations, and the pods' node selector and required node affinity against
//! the flavor's labels, keeping only the keys the flavor itself labels (Kueue's
//! `checkFlavorForPodSets` and `flavorSelector`). A job's instance-type preferences are one more
//! affinity term: a flavor of another type does not fit.

use super::world::Flavor;
use crate::scenario::kueue::{
    ClusterQueue, Kueue, PodSet, SelectorRequirement, Taint, TaintEffect, Toleration,
    TolerationOperator,
};
use std::collections::BTreeMap;

/// Whether a pod set may use a flavor, and if not, why (Kueue's two messages).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Match {
    Yes,
    /// A `NoSchedule` or `NoExecute` taint the pods do not tolerate (its index).
    UntoleratedTaint(u8),
    /// The node selector, the affinity or the job's instance types rule it out.
    Affinity,
}

/// Whether a pod set fits a flavor's taints, labels and its job's instance-type preferences.
pub fn flavor_fits(flavor: &Flavor, pods: &PodSet, preferred: &[&str]) -> Match {
    let spec = &flavor.spec;
    let tolerations: Vec<&Toleration> = pods.tolerations.iter().chain(&spec.tolerations).collect();
    let untolerated = spec.node_taints.iter().position(|taint| {
        matches!(
            taint.effect,
            TaintEffect::NoSchedule | TaintEffect::NoExecute
        ) && !tolerations.iter().any(|t| tolerates(t, taint))
    });
    let type_preferred = match &flavor.instance_type {
        Some(t) if !preferred.is_empty() => preferred.contains(&t.name.as_str()),
        _ => true,
    };
    if let Some(i) = untolerated {
        Match::UntoleratedTaint(i.min(usize::from(u8::MAX)) as u8)
    } else if type_preferred
        && selector_matches(&pods.node_selector, &spec.node_labels)
        && affinity_matches(&pods.node_affinity, &spec.node_labels)
    {
        Match::Yes
    } else {
        Match::Affinity
    }
}

/// Kubernetes' `ToleratesTaint`.
fn tolerates(toleration: &Toleration, taint: &Taint) -> bool {
    if toleration.effect.is_some_and(|e| e != taint.effect) {
        return false;
    }
    if !toleration.key.is_empty() && toleration.key != taint.key {
        return false;
    }
    match toleration.operator {
        TolerationOperator::Exists => true,
        TolerationOperator::Equal => toleration.value == taint.value,
    }
}

/// The node selector's entries for keys the flavor labels must match its values.
fn selector_matches(
    selector: &BTreeMap<String, String>,
    labels: &BTreeMap<String, String>,
) -> bool {
    selector
        .iter()
        .all(|(key, value)| labels.get(key).is_none_or(|v| v == value))
}

/// Required node affinity: any one term matches; expressions on keys the flavor does not label
/// are dropped, and a term left empty matches every flavor.
fn affinity_matches(terms: &[Vec<SelectorRequirement>], labels: &BTreeMap<String, String>) -> bool {
    if terms.is_empty() {
        return true;
    }
    let relevant: Vec<Vec<&SelectorRequirement>> = terms
        .iter()
        .map(|t| t.iter().filter(|e| labels.contains_key(&e.key)).collect())
        .collect();
    if relevant.iter().any(Vec::is_empty) {
        return true;
    }
    relevant
        .iter()
        .any(|term| term.iter().all(|e| e.matches(labels)))
}

/// Whether a ClusterQueue's `namespace_selector` selects a namespace; none selects nothing, as
/// in Kueue.
pub fn namespace_selected(spec: &Kueue, cq: &ClusterQueue, namespace: &str) -> bool {
    cq.namespace_selector
        .as_ref()
        .is_some_and(|selector| selector.matches(&spec.namespace_labels(namespace)))
}
