//! ClusterQueue and Cohort specs and the quota types they share, as Kueue's YAML spells them.
//! v1beta1 wrote `spec.cohort` for v1beta2's `spec.cohortName`, and the first Cohort API
//! (`v1alpha1`) `spec.parent` for `spec.parentName`; both are read.

use quotalab_engine::quantity::Quantity;
use quotalab_engine::scenario::kueue as k;
use quotalab_engine::scenario::serde_util::is_default;
use serde::{Deserialize, Serialize};

/// A ClusterQueue's or Cohort's resource group as Kueue's YAML spells it. The scenario's
/// `quotalab_engine::scenario::kueue::ResourceGroup`, `FlavorQuotas` and `ResourceQuota` hold the
/// same fields, but they are the scenario format's (docs/FORMAT.md, "Kueue"): snake_case names
/// and unknown fields refused. Kueue's objects are camelCase (`nominalQuota`) and carry fields
/// the simulation does not read, so these types are Kueue's spelling and convert to and from
/// the engine's (below); one type could not write both documents.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResourceGroup {
    pub covered_resources: Vec<String>,
    pub flavors: Vec<FlavorQuotas>,
}

/// One flavor's quotas in a resource group, as Kueue's YAML spells them (see [`ResourceGroup`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FlavorQuotas {
    pub name: String,
    pub resources: Vec<ResourceQuota>,
}

/// The quota of one resource in one flavor, as Kueue's YAML spells it (see [`ResourceGroup`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResourceQuota {
    pub name: String,
    pub nominal_quota: Quantity,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub borrowing_limit: Option<Quantity>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lending_limit: Option<Quantity>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FairSharing {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight: Option<Quantity>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CohortSpec {
    #[serde(default, alias = "parent", skip_serializing_if = "Option::is_none")]
    pub parent_name: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resource_groups: Vec<ResourceGroup>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fair_sharing: Option<FairSharing>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterQueueSpec {
    #[serde(default, alias = "cohort", skip_serializing_if = "Option::is_none")]
    pub cohort_name: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resource_groups: Vec<ResourceGroup>,
    #[serde(default, skip_serializing_if = "is_default")]
    pub queueing_strategy: k::QueueingStrategy,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace_selector: Option<super::LabelSelector>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flavor_fungibility: Option<FlavorFungibility>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preemption: Option<Preemption>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fair_sharing: Option<FairSharing>,
    #[serde(default, skip_serializing_if = "is_default")]
    pub stop_policy: k::StopPolicy,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FlavorFungibility {
    #[serde(default, skip_serializing_if = "is_default")]
    pub when_can_borrow: k::WhenCanBorrow,
    #[serde(default, skip_serializing_if = "is_default")]
    pub when_can_preempt: k::WhenCanPreempt,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preference: Option<k::FungibilityPreference>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Preemption {
    #[serde(default, skip_serializing_if = "is_default")]
    pub reclaim_within_cohort: k::ReclaimPolicy,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub borrow_within_cohort: Option<BorrowWithinCohort>,
    #[serde(default, skip_serializing_if = "is_default")]
    pub within_cluster_queue: k::WithinClusterQueue,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BorrowWithinCohort {
    #[serde(default, skip_serializing_if = "is_default")]
    pub policy: k::BorrowWithinCohortPolicy,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_priority_threshold: Option<i32>,
}

impl From<ResourceGroup> for k::ResourceGroup {
    fn from(g: ResourceGroup) -> Self {
        let flavors = g.flavors.into_iter().map(|f| k::FlavorQuotas {
            name: f.name,
            resources: f
                .resources
                .into_iter()
                .map(|r| k::ResourceQuota {
                    name: r.name,
                    nominal_quota: r.nominal_quota,
                    borrowing_limit: r.borrowing_limit,
                    lending_limit: r.lending_limit,
                })
                .collect(),
        });
        k::ResourceGroup {
            covered_resources: g.covered_resources,
            flavors: flavors.collect(),
        }
    }
}

impl From<&k::ResourceGroup> for ResourceGroup {
    fn from(g: &k::ResourceGroup) -> Self {
        let flavors = g.flavors.iter().map(|f| FlavorQuotas {
            name: f.name.clone(),
            resources: f
                .resources
                .iter()
                .map(|r| ResourceQuota {
                    name: r.name.clone(),
                    nominal_quota: r.nominal_quota,
                    borrowing_limit: r.borrowing_limit,
                    lending_limit: r.lending_limit,
                })
                .collect(),
        });
        ResourceGroup {
            covered_resources: g.covered_resources.clone(),
            flavors: flavors.collect(),
        }
    }
}

impl From<FairSharing> for k::FairSharing {
    fn from(f: FairSharing) -> Self {
        k::FairSharing {
            weight: f.weight.unwrap_or(Quantity::units(1)),
        }
    }
}

impl From<&k::FairSharing> for FairSharing {
    fn from(f: &k::FairSharing) -> Self {
        FairSharing {
            weight: (f.weight != Quantity::units(1)).then_some(f.weight),
        }
    }
}

impl CohortSpec {
    pub fn into_cohort(self, name: String) -> k::Cohort {
        k::Cohort {
            name,
            parent: self.parent_name,
            resource_groups: self.resource_groups.into_iter().map(Into::into).collect(),
            fair_sharing: self.fair_sharing.map(Into::into),
        }
    }
}

impl From<&k::Cohort> for CohortSpec {
    fn from(c: &k::Cohort) -> Self {
        CohortSpec {
            parent_name: c.parent.clone(),
            resource_groups: c.resource_groups.iter().map(Into::into).collect(),
            fair_sharing: c.fair_sharing.as_ref().map(Into::into),
        }
    }
}

impl ClusterQueueSpec {
    pub fn into_queue(self, name: String) -> k::ClusterQueue {
        let fungibility = self.flavor_fungibility.unwrap_or_default();
        let preemption = self.preemption.unwrap_or_default();
        let borrow = preemption.borrow_within_cohort.unwrap_or_default();
        k::ClusterQueue {
            name,
            cohort: self.cohort_name.filter(|c| !c.is_empty()),
            resource_groups: self.resource_groups.into_iter().map(Into::into).collect(),
            queueing_strategy: self.queueing_strategy,
            namespace_selector: self.namespace_selector.map(Into::into),
            flavor_fungibility: k::FlavorFungibility {
                when_can_borrow: fungibility.when_can_borrow,
                when_can_preempt: fungibility.when_can_preempt,
                preference: fungibility.preference,
            },
            preemption: k::Preemption {
                reclaim_within_cohort: preemption.reclaim_within_cohort,
                borrow_within_cohort: k::BorrowWithinCohort {
                    policy: borrow.policy,
                    max_priority_threshold: borrow.max_priority_threshold,
                },
                within_cluster_queue: preemption.within_cluster_queue,
            },
            fair_sharing: self.fair_sharing.map(Into::into),
            stop_policy: self.stop_policy,
        }
    }
}

impl From<&k::ClusterQueue> for ClusterQueueSpec {
    fn from(q: &k::ClusterQueue) -> Self {
        let f = &q.flavor_fungibility;
        let p = &q.preemption;
        let b = &p.borrow_within_cohort;
        ClusterQueueSpec {
            cohort_name: q.cohort.clone(),
            resource_groups: q.resource_groups.iter().map(Into::into).collect(),
            queueing_strategy: q.queueing_strategy,
            namespace_selector: q.namespace_selector.as_ref().map(Into::into),
            flavor_fungibility: (*f != k::FlavorFungibility::default()).then_some({
                FlavorFungibility {
                    when_can_borrow: f.when_can_borrow,
                    when_can_preempt: f.when_can_preempt,
                    preference: f.preference,
                }
            }),
            preemption: (*p != k::Preemption::default()).then(|| Preemption {
                reclaim_within_cohort: p.reclaim_within_cohort,
                borrow_within_cohort: (*b != k::BorrowWithinCohort::default()).then_some({
                    BorrowWithinCohort {
                        policy: b.policy,
                        max_priority_threshold: b.max_priority_threshold,
                    }
                }),
                within_cluster_queue: p.within_cluster_queue,
            }),
            fair_sharing: q.fair_sharing.as_ref().map(Into::into),
            stop_policy: q.stop_policy,
        }
    }
}
