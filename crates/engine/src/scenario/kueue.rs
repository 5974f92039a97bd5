//! The Kueue objects of a scenario that runs under Kueue's rules (docs/KUEUE.md,
//! docs/FORMAT.md "Kueue"): ResourceFlavors, Cohorts, ClusterQueues, LocalQueues,
//! WorkloadPriorityClasses and the manager Configuration's fair sharing.
//!
//! Every field is Kueue's own (`kueue.x-k8s.io/v1beta2`) with its name in snake_case, so
//! `nominalQuota` is `nominal_quota`; the values keep Kueue's spelling (`BestEffortFIFO`,
//! `LowerPriority`) and quotas are Kubernetes quantities. Defaults are Kueue's. A ClusterQueue is
//! the scenario's queue: jobs name it in `share` (or reach it through a LocalQueue), and results
//! report per ClusterQueue where AWS scenarios report per quota share.

use super::serde_util::{is_default, null_as_default};
use super::{catalog, InstanceType};
use crate::quantity::Quantity;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The Kueue objects of a scenario.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Kueue {
    /// ResourceFlavors: what kinds of nodes quotas are for.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub resource_flavors: Vec<ResourceFlavor>,
    /// Cohorts: the tree ClusterQueues share quota in.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub cohorts: Vec<Cohort>,
    /// ClusterQueues: each team's quotas and policies.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub cluster_queues: Vec<ClusterQueue>,
    /// LocalQueues: a namespace's entry to a ClusterQueue.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub local_queues: Vec<LocalQueue>,
    /// WorkloadPriorityClasses: named priorities.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub priority_classes: Vec<PriorityClass>,
    /// Namespaces with labels, for ClusterQueues' `namespace_selector`; a namespace a job names
    /// that is not listed has only Kubernetes' own label `kubernetes.io/metadata.name`.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub namespaces: Vec<Namespace>,
    /// The Kueue manager Configuration's `fairSharing`; none: fair sharing is off (Kueue's
    /// default), and preemption is Kueue's classic one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fair_sharing: Option<FairSharingConfig>,
}

/// The label Kubernetes gives every namespace: its name.
pub const NAMESPACE_NAME_LABEL: &str = "kubernetes.io/metadata.name";

impl Kueue {
    /// The ClusterQueue a job is queued in: the one its `share` names, else the one its
    /// LocalQueue (in its namespace, `default` when none) leads to (docs/FORMAT.md, "A job under
    /// Kueue").
    pub fn cluster_queue_of<'a>(
        &'a self,
        share: Option<&'a str>,
        local_queue: Option<&str>,
        namespace: Option<&str>,
    ) -> Option<&'a str> {
        share.or_else(|| {
            let ns = namespace.unwrap_or(DEFAULT_NAMESPACE);
            let lq = local_queue?;
            self.local_queues
                .iter()
                .find(|q| q.name == lq && q.namespace == ns)
                .map(|q| q.cluster_queue.as_str())
        })
    }

    /// The labels of namespace `name`, as a `namespace_selector` sees them: those `namespaces`
    /// lists for it, and its name under `kubernetes.io/metadata.name`.
    pub fn namespace_labels(&self, name: &str) -> BTreeMap<String, String> {
        let mut labels = self
            .namespaces
            .iter()
            .find(|n| n.name == name)
            .map(|n| n.labels.clone())
            .unwrap_or_default();
        labels.insert(NAMESPACE_NAME_LABEL.to_string(), name.to_string());
        labels
    }
}

/// A ResourceFlavor (`kueue.x-k8s.io/v1beta2`): a kind of node quotas are counted for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResourceFlavor {
    /// The flavor's name, which ClusterQueues' quotas name.
    pub name: String,
    /// Labels of the flavor's nodes; a job's node selector and affinity are matched against
    /// them, and `node.kubernetes.io/instance-type` and the capacity-type labels say which
    /// instance type it is and whether it is spot (docs/KUEUE.md, "Flavors and instance types").
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub node_labels: BTreeMap<String, String>,
    /// Taints of the flavor's nodes; a job must tolerate the `NoSchedule` and `NoExecute` ones.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub node_taints: Vec<Taint>,
    /// Tolerations Kueue adds to the pods it admits on this flavor.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub tolerations: Vec<Toleration>,
    /// The instance type of its nodes, when no `node.kubernetes.io/instance-type` label says it
    /// (scenario field): it gives the price and speed of jobs that run on this flavor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instance_type: Option<String>,
}

/// The node label that names a node's instance type.
pub const INSTANCE_TYPE_LABEL: &str = "node.kubernetes.io/instance-type";

/// Node labels, with the value, that make a flavor spot (Karpenter, EKS, GKE).
pub const SPOT_LABELS: [(&str, &str); 3] = [
    ("karpenter.sh/capacity-type", "spot"),
    ("eks.amazonaws.com/capacityType", "SPOT"),
    ("cloud.google.com/gke-spot", "true"),
];

impl ResourceFlavor {
    /// The instance type as the flavor writes it: its `instance_type`, else its
    /// `node.kubernetes.io/instance-type` label (docs/FORMAT.md, "A ResourceFlavor's instance
    /// type and spot").
    pub fn written_instance_type(&self) -> Option<&str> {
        self.instance_type.as_deref().or_else(|| {
            self.node_labels
                .get(INSTANCE_TYPE_LABEL)
                .map(String::as_str)
        })
    }

    /// The type its nodes are, among the catalog and `own` types: the name as written, or with
    /// SageMaker's `ml.` prefix (a label reads `p4d.24xlarge` for `ml.p4d.24xlarge`).
    pub fn resolved_instance_type(&self, own: &[InstanceType]) -> Option<InstanceType> {
        let written = self.written_instance_type()?;
        catalog::resolve(own, written).or_else(|| catalog::resolve(own, &format!("ml.{written}")))
    }

    /// Whether its nodes are spot: labelled so for Karpenter, EKS or GKE.
    pub fn is_spot(&self) -> bool {
        SPOT_LABELS
            .iter()
            .any(|(key, value)| self.node_labels.get(*key).is_some_and(|v| v == value))
    }
}

/// A node taint.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Taint {
    /// The taint's key.
    pub key: String,
    /// Its value.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub value: String,
    /// `NoSchedule`, `PreferNoSchedule` or `NoExecute`.
    pub effect: TaintEffect,
}

/// What a taint does to pods that do not tolerate it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TaintEffect {
    /// No new pods.
    NoSchedule,
    /// A preference only; Kueue ignores it.
    PreferNoSchedule,
    /// No new pods, and running ones are evicted.
    NoExecute,
}

/// A pod's toleration of taints.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Toleration {
    /// The taint key it tolerates; empty with `Exists`: every taint.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub key: String,
    /// `Equal` (the default) or `Exists`.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    pub operator: TolerationOperator,
    /// The value it tolerates, with `Equal`.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub value: String,
    /// The effect it tolerates; none: every effect.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<TaintEffect>,
}

/// How a toleration matches a taint's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum TolerationOperator {
    /// Key and value must match.
    #[default]
    Equal,
    /// The key must match (any value); with no key, every taint.
    Exists,
}

/// A Cohort: a node of the tree in which ClusterQueues lend and borrow.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cohort {
    /// The cohort's name; ClusterQueues join it by `cohort`, cohorts by `parent`.
    pub name: String,
    /// The cohort above it; none: it is a root.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<String>,
    /// Quota of the cohort itself, on top of its members'; with a parent, borrowing and
    /// lending limits bound what the whole subtree takes from or gives to the parent.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub resource_groups: Vec<ResourceGroup>,
    /// Its weight in hierarchical fair sharing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fair_sharing: Option<FairSharing>,
}

/// A ClusterQueue: a team's quotas, queueing and preemption policies.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClusterQueue {
    /// The queue's name; jobs name it in `share`.
    pub name: String,
    /// The cohort it lends to and borrows from; none: it can do neither.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cohort: Option<String>,
    /// Quotas per flavor and resource, in groups of resources that take one flavor together.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub resource_groups: Vec<ResourceGroup>,
    /// `BestEffortFIFO` (the default) or `StrictFIFO`.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    pub queueing_strategy: QueueingStrategy,
    /// Which namespaces may submit. Kueue's default, none, is a nothing selector: no namespace
    /// may; `{}` selects every namespace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace_selector: Option<LabelSelector>,
    /// When to move on to the next flavor instead of borrowing or preempting.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    pub flavor_fungibility: FlavorFungibility,
    /// Which workloads this queue's workloads may preempt.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    pub preemption: Preemption,
    /// Its weight under fair sharing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fair_sharing: Option<FairSharing>,
    /// `None` (the default), `Hold` or `HoldAndDrain`.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    pub stop_policy: StopPolicy,
}

/// Resources that take one flavor together, and the flavors in the order they are tried.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResourceGroup {
    /// The resources the group covers, such as `cpu`, `memory`, `nvidia.com/gpu`.
    pub covered_resources: Vec<String>,
    /// The flavors, tried in this order.
    pub flavors: Vec<FlavorQuotas>,
}

/// One flavor's quotas in a resource group.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlavorQuotas {
    /// The ResourceFlavor.
    pub name: String,
    /// A quota for each covered resource.
    pub resources: Vec<ResourceQuota>,
}

/// The quota of one resource in one flavor.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResourceQuota {
    /// The resource.
    pub name: String,
    /// Guaranteed to the queue.
    pub nominal_quota: Quantity,
    /// The most it may use above nominal; none: no limit. Only with a cohort.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub borrowing_limit: Option<Quantity>,
    /// The most of its unused nominal quota others may borrow; none: all of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lending_limit: Option<Quantity>,
}

/// How a ClusterQueue's heads block one another (docs/KUEUE.md, "Queueing").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum QueueingStrategy {
    /// A head that cannot be admitted steps aside until something changes.
    #[default]
    BestEffortFIFO,
    /// A head that cannot be admitted blocks every workload behind it in its queue.
    StrictFIFO,
}

/// Whether a ClusterQueue admits new workloads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum StopPolicy {
    /// It admits.
    #[default]
    None,
    /// It admits nothing new; admitted workloads run on.
    Hold,
    /// It admits nothing new and evicts what it admitted.
    HoldAndDrain,
}

/// A Kubernetes label selector.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LabelSelector {
    /// Labels that must all be present with these values.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub match_labels: BTreeMap<String, String>,
    /// Expressions that must all hold.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub match_expressions: Vec<SelectorRequirement>,
}

impl LabelSelector {
    /// Whether `labels` have every label and meet every expression (Kubernetes' rule; `{}`
    /// selects everything).
    pub fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        self.match_labels
            .iter()
            .all(|(key, value)| labels.get(key) == Some(value))
            && self.match_expressions.iter().all(|e| e.matches(labels))
    }
}

/// One expression of a label selector or of a node affinity term.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SelectorRequirement {
    /// The label key.
    pub key: String,
    /// `In`, `NotIn`, `Exists` or `DoesNotExist`.
    pub operator: SelectorOperator,
    /// The values for `In` and `NotIn`.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub values: Vec<String>,
}

impl SelectorRequirement {
    /// Whether `labels` meet the expression.
    pub fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        let value = labels.get(&self.key);
        let listed = value.is_some_and(|v| self.values.contains(v));
        match self.operator {
            SelectorOperator::In => listed,
            SelectorOperator::NotIn => !listed,
            SelectorOperator::Exists => value.is_some(),
            SelectorOperator::DoesNotExist => value.is_none(),
        }
    }
}

/// A selector expression's operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SelectorOperator {
    /// The label's value is one of `values`.
    In,
    /// The label is absent or its value is none of `values`.
    NotIn,
    /// The label is present.
    Exists,
    /// The label is absent.
    DoesNotExist,
}

/// `flavorFungibility`: whether the flavor scan moves on instead of borrowing or preempting.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlavorFungibility {
    /// `MayStopSearch` (the default) or `TryNextFlavor`.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    pub when_can_borrow: WhenCanBorrow,
    /// `TryNextFlavor` (the default) or `MayStopSearch`.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    pub when_can_preempt: WhenCanPreempt,
    /// Which of borrowing and preemption is the lesser evil when both policies are
    /// `TryNextFlavor`; none behaves as `BorrowingOverPreemption`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preference: Option<FungibilityPreference>,
}

/// `whenCanBorrow`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum WhenCanBorrow {
    /// Take a flavor that fits by borrowing; v1beta1 called it `Borrow`.
    #[default]
    #[serde(alias = "Borrow")]
    MayStopSearch,
    /// Look for a flavor that fits without borrowing first.
    TryNextFlavor,
}

/// `whenCanPreempt`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum WhenCanPreempt {
    /// Look for a flavor that fits without preempting first.
    #[default]
    TryNextFlavor,
    /// Preempt in the first flavor where preemption works; v1beta1 called it `Preempt`.
    #[serde(alias = "Preempt")]
    MayStopSearch,
}

/// `flavorFungibility.preference`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FungibilityPreference {
    /// A flavor that fits by borrowing beats one that needs preemption.
    BorrowingOverPreemption,
    /// A flavor that needs no borrowing beats one that fits only by borrowing, even if it
    /// needs preemption.
    PreemptionOverBorrowing,
}

/// `preemption`: the three policies of a ClusterQueue (docs/KUEUE.md, "Preemption").
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Preemption {
    /// Whose capacity lent to other queues of the cohort it may take back.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    pub reclaim_within_cohort: ReclaimPolicy,
    /// Preemption of other queues' workloads while this queue still borrows.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    pub borrow_within_cohort: BorrowWithinCohort,
    /// Which of its own workloads a workload may preempt.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    pub within_cluster_queue: WithinClusterQueue,
}

/// `reclaimWithinCohort`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum ReclaimPolicy {
    /// Never take lent capacity back by preemption.
    #[default]
    Never,
    /// Take it back from borrowers of strictly lower priority.
    LowerPriority,
    /// Take it back from any borrower.
    Any,
}

/// `borrowWithinCohort`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BorrowWithinCohort {
    /// `Never` (the default) or `LowerPriority`.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    pub policy: BorrowWithinCohortPolicy,
    /// The highest priority such preemption may take; none: any lower priority.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_priority_threshold: Option<i32>,
}

/// `borrowWithinCohort.policy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum BorrowWithinCohortPolicy {
    /// A borrowing preemptor preempts only in its own queue.
    #[default]
    Never,
    /// A borrowing preemptor may preempt lower-priority workloads of other queues.
    LowerPriority,
}

/// `withinClusterQueue`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum WithinClusterQueue {
    /// Never preempt a workload of the same queue.
    #[default]
    Never,
    /// Preempt those of strictly lower priority.
    LowerPriority,
    /// Preempt those of lower priority, or of equal priority created later.
    LowerOrNewerEqualPriority,
}

/// `fairSharing` of a ClusterQueue or a Cohort.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FairSharing {
    /// The weight: a higher weight lowers the share; 0 makes the share infinite. Default 1.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub weight: Quantity,
}

fn one() -> Quantity {
    Quantity::units(1)
}

fn is_one(q: &Quantity) -> bool {
    *q == one()
}

/// A LocalQueue: how a namespace submits to a ClusterQueue.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LocalQueue {
    /// Its name, unique within its namespace; jobs name it in `local_queue`.
    pub name: String,
    /// Its namespace.
    #[serde(
        default = "default_namespace",
        skip_serializing_if = "is_default_namespace"
    )]
    pub namespace: String,
    /// The ClusterQueue behind it.
    pub cluster_queue: String,
}

/// Kubernetes' `default` namespace.
pub const DEFAULT_NAMESPACE: &str = "default";

fn default_namespace() -> String {
    DEFAULT_NAMESPACE.to_string()
}

fn is_default_namespace(ns: &str) -> bool {
    ns == DEFAULT_NAMESPACE
}

/// A WorkloadPriorityClass.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PriorityClass {
    /// Its name, which jobs name in `priority_class`.
    pub name: String,
    /// The priority it gives.
    pub value: i32,
    /// Free text.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub description: String,
}

/// A namespace and its labels, for `namespace_selector`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Namespace {
    /// Its name.
    pub name: String,
    /// Its labels (besides `kubernetes.io/metadata.name`, which every namespace has).
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub labels: BTreeMap<String, String>,
}

/// The manager Configuration's `fairSharing`: fair sharing is on, with these strategies.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FairSharingConfig {
    /// The fair-sharing preemption strategies, in order; one of `[LessThanOrEqualToFinalShare]`,
    /// `[LessThanInitialShare]` or both in that order. Empty: both (docs/KUEUE.md).
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub preemption_strategies: Vec<FairSharingStrategy>,
}

/// A fair-sharing preemption strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FairSharingStrategy {
    /// The preemptor's share with the workload is at most the target's after the removal.
    LessThanOrEqualToFinalShare,
    /// The preemptor's share with the workload is below the target's before the removal.
    LessThanInitialShare,
}

/// A pod set of a Kueue job: `count` pods, each with `requests`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PodSet {
    /// The pod set's name, unique in the job (Kueue's default is `main`).
    #[serde(default = "main_pod_set", skip_serializing_if = "is_main_pod_set")]
    pub name: String,
    /// Pods in the set.
    pub count: u32,
    /// What each pod requests, per resource.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub requests: BTreeMap<String, Quantity>,
    /// The pods' `nodeSelector`, matched against each flavor's labels.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub node_selector: BTreeMap<String, String>,
    /// The pods' required node affinity: the pod fits a flavor that matches any one term.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub node_affinity: Vec<Vec<SelectorRequirement>>,
    /// The pods' tolerations, against each flavor's taints.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub tolerations: Vec<Toleration>,
}

/// The device-plugin resource a type's accelerators are requested as: Neuron for Trainium and
/// Inferentia, NVIDIA's otherwise; none for a type without accelerators.
pub fn accelerator_resource(t: &InstanceType) -> Option<&'static str> {
    if t.accelerators == 0 || t.accelerator.eq_ignore_ascii_case("none") || !t.is_accelerated() {
        return None;
    }
    let a = t.accelerator.to_ascii_lowercase();
    Some(if a.contains("trainium") || a.contains("inferentia") {
        "aws.amazon.com/neuron"
    } else {
        "nvidia.com/gpu"
    })
}

impl PodSet {
    /// The pod set of a job that lists none (docs/FORMAT.md, "A job under Kueue"): `main`, of
    /// `count` pods, each requesting the accelerators of `first`, its first preference's type.
    pub fn derived(count: u32, first: &InstanceType) -> PodSet {
        PodSet {
            name: MAIN_POD_SET.to_string(),
            count,
            requests: accelerator_resource(first)
                .map(|r| {
                    (
                        r.to_string(),
                        Quantity::units(u64::from(first.accelerators)),
                    )
                })
                .into_iter()
                .collect(),
            node_selector: BTreeMap::new(),
            node_affinity: Vec::new(),
            tolerations: Vec::new(),
        }
    }
}

/// Kueue's name for a workload's only pod set.
pub const MAIN_POD_SET: &str = "main";

fn main_pod_set() -> String {
    MAIN_POD_SET.to_string()
}

fn is_main_pod_set(name: &str) -> bool {
    name == MAIN_POD_SET
}

/// A job the cluster had already admitted when its state was taken (`quotalab import kueue
/// --from-state`): it is submitted at 0 and holds these flavors from time 0, whatever the rules
/// would choose (docs/KUEUE.md, "The cluster's current state").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Admitted {
    /// When its quota was reserved (the `QuotaReserved` condition's time), in hours on the
    /// scenario's clock, whose 0 an import puts at the file's earliest creation, so it may be
    /// after 0. Only Kueue's victim order reads it: the most recently admitted are preempted
    /// first.
    pub at_h: f64,
    /// The flavor of each resource, per pod set in the job's order.
    pub pod_sets: Vec<BTreeMap<String, String>>,
}

/// The resources that count accelerators, as device plugins name them.
pub const ACCELERATOR_RESOURCES: [&str; 5] = [
    "nvidia.com/gpu",
    "amd.com/gpu",
    "aws.amazon.com/neuron",
    "aws.amazon.com/neuroncore",
    "google.com/tpu",
];

/// Kueue's `pods` resource: when a ClusterQueue covers it, each pod counts one.
pub const PODS: &str = "pods";

/// A job's pod sets under Kueue: its own, else [`PodSet::derived`] from its first preference
/// (docs/FORMAT.md, "A job under Kueue"); none when it has neither pod sets nor a first
/// preference of a known type.
pub fn pod_sets_of(own: &[InstanceType], job: &super::JobAttributes) -> Option<Vec<PodSet>> {
    if !job.pod_sets.is_empty() {
        return Some(job.pod_sets.clone());
    }
    let first = job.preferences.first()?;
    let t = catalog::resolve(own, &first.instance_type)?;
    let count = first.instance_count.or(job.instance_count).unwrap_or(1);
    Some(vec![PodSet::derived(count, &t)])
}

/// The pod sets of every job and of every job mix's template ([`pod_sets_of`]), in the
/// scenario's order.
pub fn every_pod_set(scenario: &super::Scenario) -> Vec<PodSet> {
    let own = &scenario.instance_types;
    let attributes = scenario
        .jobs
        .iter()
        .map(|j| j.attributes())
        .chain(scenario.job_mixes.iter().map(|m| m.template.clone()));
    attributes
        .flat_map(|a| pod_sets_of(own, &a).unwrap_or_default())
        .collect()
}
