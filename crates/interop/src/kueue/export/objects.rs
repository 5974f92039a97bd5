//! The agreement's objects as YAML documents, each under its Kubernetes name with its original
//! in `quotalab.dev/name` when the two differ, and the scenario's own fields as the ConfigMap
//! `quotalab-scenario`.

use super::super::carried::{
    ScenarioHeader, INSTANCE_TYPE_ANNOTATION, NAME_ANNOTATION, SCENARIO_CONFIGMAP, SCENARIO_KEY,
};
use super::super::shapes::queue::{ClusterQueueSpec, CohortSpec};
use super::super::shapes::{
    ConfigMap, Configuration, FairSharingConfig, FlavorSpec, LocalQueueSpec, Metadata, Namespace,
    Object, PriorityClass,
};
use super::super::API_VERSION;
use super::yaml;
use quotalab_engine::scenario::kueue::Kueue;
use std::collections::BTreeMap;

/// Kueue's manager configuration group, for `Configuration`.
const CONFIG_API_VERSION: &str = "config.kueue.x-k8s.io/v1beta2";

fn metadata(name: &str, original: &str, namespace: Option<&str>) -> Metadata {
    let mut annotations = BTreeMap::new();
    if name != original {
        annotations.insert(NAME_ANNOTATION.to_string(), original.to_string());
    }
    Metadata {
        name: name.to_string(),
        namespace: namespace.map(str::to_string),
        creation_timestamp: None,
        labels: BTreeMap::new(),
        annotations,
    }
}

fn object<S: serde::Serialize>(kind: &str, metadata: Metadata, spec: S) -> String {
    yaml(&Object {
        api_version: API_VERSION.to_string(),
        kind: kind.to_string(),
        metadata,
        spec,
    })
}

/// The ConfigMap holding the scenario's own fields.
pub(super) fn scenario_map(header: &ScenarioHeader) -> ConfigMap {
    let json = quotalab_engine::json_text::pretty(header);
    ConfigMap {
        api_version: "v1".into(),
        kind: "ConfigMap".into(),
        metadata: metadata(SCENARIO_CONFIGMAP, SCENARIO_CONFIGMAP, Some("default")),
        data: BTreeMap::from([(SCENARIO_KEY.to_string(), json)]),
    }
}

/// Every object of `k` (under Kubernetes names; `was` holds the same objects under the
/// scenario's names, in the same order).
pub(super) fn all(k: &Kueue, was: &Kueue) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(f) = &k.fair_sharing {
        out.push(yaml(&Configuration {
            api_version: CONFIG_API_VERSION.into(),
            kind: "Configuration".into(),
            fair_sharing: Some(FairSharingConfig {
                enable: None,
                preemption_strategies: f.preemption_strategies.clone(),
            }),
        }));
    }
    for (n, o) in k.namespaces.iter().zip(&was.namespaces) {
        let mut m = metadata(&n.name, &o.name, None);
        m.labels = n.labels.clone();
        out.push(yaml(&Namespace {
            api_version: "v1".into(),
            kind: "Namespace".into(),
            metadata: m,
        }));
    }
    for (f, o) in k.resource_flavors.iter().zip(&was.resource_flavors) {
        let mut m = metadata(&f.name, &o.name, None);
        if let Some(t) = &f.instance_type {
            m.annotations
                .insert(INSTANCE_TYPE_ANNOTATION.to_string(), t.clone());
        }
        let spec = FlavorSpec {
            node_labels: f.node_labels.clone(),
            node_taints: f.node_taints.iter().map(Into::into).collect(),
            tolerations: f.tolerations.iter().map(Into::into).collect(),
        };
        out.push(object("ResourceFlavor", m, spec));
    }
    for (c, o) in k.priority_classes.iter().zip(&was.priority_classes) {
        out.push(yaml(&PriorityClass {
            api_version: API_VERSION.into(),
            kind: "WorkloadPriorityClass".into(),
            metadata: metadata(&c.name, &o.name, None),
            value: c.value,
            description: c.description.clone(),
        }));
    }
    for (c, o) in k.cohorts.iter().zip(&was.cohorts) {
        out.push(object(
            "Cohort",
            metadata(&c.name, &o.name, None),
            CohortSpec::from(c),
        ));
    }
    for (q, o) in k.cluster_queues.iter().zip(&was.cluster_queues) {
        out.push(object(
            "ClusterQueue",
            metadata(&q.name, &o.name, None),
            ClusterQueueSpec::from(q),
        ));
    }
    for (l, o) in k.local_queues.iter().zip(&was.local_queues) {
        let spec = LocalQueueSpec {
            cluster_queue: l.cluster_queue.clone(),
        };
        out.push(object(
            "LocalQueue",
            metadata(&l.name, &o.name, Some(&l.namespace)),
            spec,
        ));
    }
    out
}
