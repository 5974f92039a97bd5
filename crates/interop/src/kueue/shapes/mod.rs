//! The Kueue objects as YAML spells them (`kueue.x-k8s.io/v1beta2`, reading v1beta1's and
//! v1alpha1's spellings too): serde mirrors of the CRDs' fields in camelCase, each converted to
//! and from the engine's scenario types (docs/FORMAT.md, "Kueue"), so the import and the export
//! share one description of every field. Fields Quota Lab does not model (status counters,
//! admission checks, topology) are ignored on reading; the import notes each such field of the
//! spec that an object sets (`dropped`).

pub mod dropped;
pub mod queue;
pub mod workload;

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// `metadata`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Metadata {
    #[serde(default)]
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creation_timestamp: Option<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub annotations: BTreeMap<String, String>,
}

/// A Kubernetes object: kind, metadata and `spec` (`S`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Object<S> {
    pub api_version: String,
    pub kind: String,
    #[serde(default)]
    pub metadata: Metadata,
    pub spec: S,
}

/// A ResourceFlavor's `spec`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FlavorSpec {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub node_labels: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub node_taints: Vec<Taint>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tolerations: Vec<Toleration>,
}

/// A node taint (`timeAdded` is ignored).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Taint {
    pub key: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub value: String,
    pub effect: quotalab_engine::scenario::kueue::TaintEffect,
}

/// A toleration (`tolerationSeconds` is ignored).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Toleration {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub key: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operator: Option<quotalab_engine::scenario::kueue::TolerationOperator>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub value: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<quotalab_engine::scenario::kueue::TaintEffect>,
}

impl From<Taint> for quotalab_engine::scenario::kueue::Taint {
    fn from(t: Taint) -> Self {
        Self {
            key: t.key,
            value: t.value,
            effect: t.effect,
        }
    }
}

impl From<&quotalab_engine::scenario::kueue::Taint> for Taint {
    fn from(t: &quotalab_engine::scenario::kueue::Taint) -> Self {
        Self {
            key: t.key.clone(),
            value: t.value.clone(),
            effect: t.effect,
        }
    }
}

impl From<Toleration> for quotalab_engine::scenario::kueue::Toleration {
    fn from(t: Toleration) -> Self {
        Self {
            key: t.key,
            operator: t.operator.unwrap_or_default(),
            value: t.value,
            effect: t.effect,
        }
    }
}

impl From<&quotalab_engine::scenario::kueue::Toleration> for Toleration {
    fn from(t: &quotalab_engine::scenario::kueue::Toleration) -> Self {
        use quotalab_engine::scenario::kueue::TolerationOperator;
        Self {
            key: t.key.clone(),
            operator: (t.operator != TolerationOperator::Equal).then_some(t.operator),
            value: t.value.clone(),
            effect: t.effect,
        }
    }
}

/// A label selector (`namespaceSelector`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LabelSelector {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub match_labels: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_expressions: Vec<quotalab_engine::scenario::kueue::SelectorRequirement>,
}

impl From<LabelSelector> for quotalab_engine::scenario::kueue::LabelSelector {
    fn from(s: LabelSelector) -> Self {
        Self {
            match_labels: s.match_labels,
            match_expressions: s.match_expressions,
        }
    }
}

impl From<&quotalab_engine::scenario::kueue::LabelSelector> for LabelSelector {
    fn from(s: &quotalab_engine::scenario::kueue::LabelSelector) -> Self {
        Self {
            match_labels: s.match_labels.clone(),
            match_expressions: s.match_expressions.clone(),
        }
    }
}

/// A LocalQueue's `spec`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LocalQueueSpec {
    pub cluster_queue: String,
}

/// A WorkloadPriorityClass: its value and description stand beside `metadata`, not in a spec.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PriorityClass {
    pub api_version: String,
    pub kind: String,
    #[serde(default)]
    pub metadata: Metadata,
    pub value: i32,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
}

/// A Namespace: only its labels matter here.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Namespace {
    pub api_version: String,
    pub kind: String,
    #[serde(default)]
    pub metadata: Metadata,
}

/// Kueue's manager `Configuration` (`config.kueue.x-k8s.io`): only `fairSharing`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Configuration {
    pub api_version: String,
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fair_sharing: Option<FairSharingConfig>,
}

/// `fairSharing`: v1beta1 turns it on with `enable`; in v1beta2 being there turns it on.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FairSharingConfig {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enable: Option<bool>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub preemption_strategies: Vec<quotalab_engine::scenario::kueue::FairSharingStrategy>,
}

/// A ConfigMap: Kueue's manager configuration lives in one, and the export keeps the scenario's
/// own fields in one (`quotalab-scenario`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfigMap {
    pub api_version: String,
    pub kind: String,
    #[serde(default)]
    pub metadata: Metadata,
    #[serde(default)]
    pub data: BTreeMap<String, String>,
}
