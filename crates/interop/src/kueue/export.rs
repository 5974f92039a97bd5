//! Scenario to Kueue YAML. SEMANTICS §2 in Kueue's terms: a share's limit is its ClusterQueue's
//! `nominalQuota` per flavor; `RESERVE` is `lendingLimit: 0` and `borrowingLimit: 0`; `LEND` is
//! `borrowingLimit: 0`; `LEND_AND_BORROW` turns the percentage into an absolute
//! `borrowingLimit` per flavor (none for -1). Lenders get `reclaimWithinCohort: Any`, shares
//! with in-share preemption `withinClusterQueue: LowerPriority`. Unowned capacity becomes the
//! Cohort's own quota, which every member may borrow and nobody reclaims.

use super::resources::{accelerator_resource, per_instance};
use super::*;
use crate::names;
use quotalab_engine::scenario::{QuotaShare, Scenario, Strategy};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};

/// The YAML, and warnings about what it cannot carry beyond the header comment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KueueExport {
    pub yaml: String,
    pub warnings: Vec<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Object<S: Serialize> {
    api_version: &'static str,
    kind: &'static str,
    metadata: Metadata,
    spec: S,
}

#[derive(Serialize)]
struct Metadata {
    name: String,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    annotations: BTreeMap<String, String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FlavorSpec {
    node_labels: BTreeMap<String, String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CohortSpec {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    resource_groups: Vec<ResourceGroup>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct QueueSpec {
    cohort_name: String,
    namespace_selector: BTreeMap<String, String>,
    queueing_strategy: &'static str,
    resource_groups: Vec<ResourceGroup>,
    preemption: Preemption,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ResourceGroup {
    covered_resources: Vec<String>,
    flavors: Vec<FlavorQuotas>,
}

#[derive(Serialize)]
struct FlavorQuotas {
    name: String,
    resources: Vec<ResourceQuota>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ResourceQuota {
    name: String,
    nominal_quota: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    borrowing_limit: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lending_limit: Option<u64>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Preemption {
    reclaim_within_cohort: &'static str,
    within_cluster_queue: &'static str,
}

/// What the mapping cannot carry; written at the top of every export.
pub const DIFFERENCES: &str = "\
# Quota Lab agreement as Kueue objects: ResourceFlavors (one per instance type), one Cohort,
# one ClusterQueue per quota share. Quotas count pods (one training pod per instance) and the
# instance's accelerators (nvidia.com/gpu or aws.amazon.com/neuron).
#
# What this mapping cannot carry (AWS Batch quota management and SageMaker vs Kueue):
# - Reclaim: AWS reclaims lent capacity implicitly for every lending share. Kueue reclaims only
#   for a ClusterQueue whose preemption.reclaimWithinCohort is set, so lenders carry Any here.
# - Borrow limit: AWS states a percentage of each capacity limit; Kueue an absolute
#   borrowingLimit per flavor, rounded down here. The exact percentage is in the annotation
#   quotalab.dev/borrow-limit.
# - RESERVE is lendingLimit: 0 plus borrowingLimit: 0 (lendingLimit needs Kueue's LendingLimit
#   feature, on by default in current releases).
# - Idle capacity: AWS gives it to borrowers first-in first-out across shares
#   (idleResourceAssignmentStrategy FIFO, Quota Lab's phase B); Kueue admits per ClusterQueue
#   in its queueingStrategy order and borrows by its own cohort rules, with no FIFO across queues.
# - Victims: AWS picks reclaim victims by instances borrowed, priority and run time; Kueue by
#   its own order (priority, then most recently admitted). Results may differ.
# - In-share preemption: AWS compares schedulingPriority (0-9999); Kueue compares workload
#   priorities, so map priorities to WorkloadPriorityClasses.
# - Instance preference lists: SageMaker tries a job's own ordered list (first fit, one type per
#   job). Kueue tries the ClusterQueue's flavors in the order listed (flavorFungibility), the
#   same order for every workload of the queue.
# - MaxPendingTimeInSeconds, preemptionRetriesBeforeTermination, checkpoints, startup time,
#   managed spot (pools, interruptions, MaxWaitTimeInSeconds), training plans (reserved time
#   windows) and capacity changes over time have no ClusterQueue fields and are not written.
# - The on-demand capacity is the ClusterQueues' nominal quotas plus the Cohort's own quota for
#   capacity no share owns (borrowable, never reclaimed); quotalab.dev/on-demand-instances on
#   each ResourceFlavor keeps the exact count.
# - Written for kueue.x-k8s.io/v1beta2 (spec.cohortName). For v1beta1 write spec.cohort and
#   apiVersion v1beta1, and Cohort apiVersion v1alpha1.
";

/// Exports the scenario's agreement as Kueue YAML.
pub fn export(scenario: &Scenario) -> KueueExport {
    let mut warnings = Vec::new();
    let mut docs: Vec<String> = Vec::new();

    // Flavors: every type with capacity or a limit, capacity order first.
    let mut types: Vec<String> = scenario
        .capacity
        .iter()
        .map(|c| c.instance_type.clone())
        .collect();
    for limit in scenario
        .quota_shares
        .iter()
        .flat_map(|s| &s.capacity_limits)
    {
        if !types.contains(&limit.instance_type) {
            types.push(limit.instance_type.clone());
        }
    }
    let mut taken_flavors = HashSet::new();
    let flavor_names: BTreeMap<String, String> = types
        .iter()
        .map(|t| (t.clone(), names::k8s_subdomain(t, &mut taken_flavors)))
        .collect();
    let capacity = |t: &str| {
        scenario
            .capacity
            .iter()
            .find(|c| c.instance_type == t)
            .map(|c| c.count)
            .unwrap_or(0)
    };

    // Covered resources: pods, then each accelerator resource in use.
    let mut covered = vec![PODS.to_string()];
    for t in &types {
        if let Some(r) = scenario
            .instance_type(t)
            .as_ref()
            .and_then(accelerator_resource)
        {
            if !covered.iter().any(|c| c == r) {
                covered.push(r.to_string());
            }
        }
    }
    if types.len() > 16 {
        warnings.push(format!("Kueue allows at most 16 flavors in a resource group; this scenario uses {} instance types", types.len()));
    }
    let quotas =
        |t: &str, instances: u32, borrowing: Option<u32>, lending: Option<u32>| -> FlavorQuotas {
            let def = scenario.instance_type(t);
            FlavorQuotas {
                name: flavor_names[t].clone(),
                resources: covered
                    .iter()
                    .map(|r| {
                        let unit = u64::from(per_instance(def.as_ref(), r));
                        ResourceQuota {
                            name: r.clone(),
                            nominal_quota: u64::from(instances) * unit,
                            borrowing_limit: borrowing.map(|b| u64::from(b) * unit),
                            lending_limit: lending.map(|l| u64::from(l) * unit),
                        }
                    })
                    .collect(),
            }
        };

    for t in &types {
        let mut annotations = BTreeMap::new();
        annotations.insert(INSTANCE_TYPE_ANNOTATION.to_string(), t.clone());
        annotations.insert(CAPACITY_ANNOTATION.to_string(), capacity(t).to_string());
        let mut node_labels = BTreeMap::new();
        node_labels.insert(INSTANCE_TYPE_LABEL.to_string(), t.clone());
        docs.push(yaml(&Object {
            api_version: API_VERSION,
            kind: "ResourceFlavor",
            metadata: Metadata {
                name: flavor_names[t].clone(),
                annotations,
            },
            spec: FlavorSpec { node_labels },
        }));
    }

    // The cohort owns what no share does (SEMANTICS §2, "unowned").
    let unowned: Vec<FlavorQuotas> = types
        .iter()
        .filter_map(|t| {
            let free = scenario.unowned_capacity(t, capacity(t));
            (free > 0).then(|| quotas(t, free, None, None))
        })
        .collect();
    let cohort_groups = if unowned.is_empty() {
        Vec::new()
    } else {
        vec![ResourceGroup {
            covered_resources: covered.clone(),
            flavors: unowned,
        }]
    };
    docs.push(format!(
        "# The cohort every ClusterQueue joins; its own quota is capacity no share owns.\n{}",
        yaml(&Object {
            api_version: API_VERSION,
            kind: "Cohort",
            metadata: Metadata {
                name: COHORT.into(),
                annotations: BTreeMap::from([(NAME_ANNOTATION.to_string(), scenario.name.clone())])
            },
            spec: CohortSpec {
                resource_groups: cohort_groups
            }
        })
    ));

    let mut taken_queues = HashSet::new();
    for (i, share) in scenario.quota_shares.iter().enumerate() {
        let name = names::k8s_label(&share.name, &mut taken_queues);
        let flavors = share.capacity_limits.iter().map(|l| {
            let (borrowing, lending) = limits_for(share, l.max_capacity);
            quotas(&l.instance_type, l.max_capacity, borrowing, lending)
        });
        let mut annotations = BTreeMap::new();
        annotations.insert(NAME_ANNOTATION.to_string(), share.name.clone());
        annotations.insert(
            STRATEGY_ANNOTATION.to_string(),
            share.strategy.as_str().to_string(),
        );
        if share.strategy == Strategy::LendAndBorrow {
            annotations.insert(
                BORROW_LIMIT_ANNOTATION.to_string(),
                share.effective_borrow_limit().to_string(),
            );
        }
        if share.strategy == Strategy::LendAndBorrow
            && share.effective_borrow_limit() > 0
            && share.capacity_limits.iter().any(|l| {
                !(u64::from(l.max_capacity) * share.effective_borrow_limit() as u64)
                    .is_multiple_of(100)
            })
        {
            warnings.push(format!("quota_shares[{i}]: the borrow limit of {}% is rounded down to whole instances per flavor", share.effective_borrow_limit()));
        }
        let spec = QueueSpec {
            cohort_name: COHORT.into(),
            namespace_selector: BTreeMap::new(),
            queueing_strategy: match scenario.queueing {
                quotalab_engine::scenario::Queueing::StrictFifo => "StrictFIFO",
                quotalab_engine::scenario::Queueing::BestEffortFifo => "BestEffortFIFO",
            },
            resource_groups: vec![ResourceGroup {
                covered_resources: covered.clone(),
                flavors: flavors.collect(),
            }],
            preemption: Preemption {
                reclaim_within_cohort: if share.strategy.lends() {
                    "Any"
                } else {
                    "Never"
                },
                within_cluster_queue: if share.in_share_preemption {
                    "LowerPriority"
                } else {
                    "Never"
                },
            },
        };
        docs.push(format!(
            "# Share \"{}\": {}{}{}.\n{}",
            share.name.replace('\n', " "),
            share.strategy.as_str(),
            match (share.strategy, share.effective_borrow_limit()) {
                (Strategy::LendAndBorrow, b) if b < 0 => ", no borrow cap".to_string(),
                (Strategy::LendAndBorrow, b) => format!(", borrow limit {b}%"),
                _ => String::new(),
            },
            if share.in_share_preemption {
                ", in-share preemption"
            } else {
                ""
            },
            yaml(&Object {
                api_version: API_VERSION,
                kind: "ClusterQueue",
                metadata: Metadata { name, annotations },
                spec
            })
        ));
    }
    if scenario.quota_shares.is_empty() {
        warnings.push("the scenario has no quota shares, so there is no ClusterQueue".into());
    }
    KueueExport {
        yaml: format!("{DIFFERENCES}---\n{}", docs.join("---\n")),
        warnings,
    }
}

/// `(borrowingLimit, lendingLimit)` in instances for one limit of a share.
fn limits_for(share: &QuotaShare, nominal: u32) -> (Option<u32>, Option<u32>) {
    match share.strategy {
        Strategy::Reserve => (Some(0), Some(0)),
        Strategy::Lend => (Some(0), None),
        Strategy::LendAndBorrow => match share.effective_borrow_limit() {
            b if b < 0 => (None, None),
            b => (
                Some((u64::from(nominal) * b as u64 / 100).min(u64::from(u32::MAX)) as u32),
                None,
            ),
        },
    }
}

fn yaml<T: Serialize>(value: &T) -> String {
    serde_yaml_ng::to_string(value).expect("Kueue objects always serialise")
}
