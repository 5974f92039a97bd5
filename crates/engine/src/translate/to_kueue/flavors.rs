//! The ResourceFlavors of an AWS scenario (docs/KUEUE-TRANSLATION.md, "Flavors"): one per
//! instance type with on-demand capacity or a share's limit, named after the type, and one
//! `<type>-spot` per spot pool, tainted so that only spot jobs land there.

use super::super::resources;
use crate::scenario::kueue::{
    ResourceFlavor, ResourceQuota, Taint, TaintEffect, Toleration, INSTANCE_TYPE_LABEL,
};
use crate::scenario::{InstanceType, Scenario};
use std::collections::{BTreeMap, HashSet};

/// Karpenter's capacity-type label, which says whether a flavor's nodes are spot.
pub const CAPACITY_TYPE_LABEL: &str = "karpenter.sh/capacity-type";
/// The taint key every spot flavor carries, `spot=true:NoSchedule`.
pub const SPOT_TAINT_KEY: &str = "spot";

/// The flavors of one instance type.
pub(super) struct TypeFlavors {
    pub instance_type: String,
    pub def: Option<InstanceType>,
    /// The on-demand flavor, for a type with capacity or a limit.
    pub on_demand: Option<String>,
    /// The spot flavor, for a type with a spot pool.
    pub spot: Option<String>,
    /// On-demand instances at time 0.
    pub capacity: u32,
    /// Spot instances in its pool.
    pub spot_count: u32,
}

/// Every type's flavors, in the order of `capacity`, then the shares' limits, then `spot`, and
/// the resources one resource group covers for them.
pub(super) struct FlavorPlan {
    pub types: Vec<TypeFlavors>,
    pub covered: Vec<String>,
}

impl FlavorPlan {
    pub fn of(s: &Scenario) -> FlavorPlan {
        let mut order: Vec<(&str, bool)> = s
            .capacity
            .iter()
            .map(|c| (c.instance_type.as_str(), true))
            .collect();
        let limits = s.quota_shares.iter().flat_map(|q| &q.capacity_limits);
        order.extend(limits.map(|l| (l.instance_type.as_str(), true)));
        order.extend(s.spot.iter().map(|p| (p.instance_type.as_str(), false)));
        let mut on_demand: BTreeMap<&str, bool> = BTreeMap::new();
        let mut seen = Vec::new();
        for (t, od) in order {
            *on_demand.entry(t).or_default() |= od;
            if !seen.contains(&t) {
                seen.push(t);
            }
        }
        let mut taken = HashSet::new();
        let types: Vec<TypeFlavors> = seen
            .into_iter()
            .map(|t| TypeFlavors {
                instance_type: t.to_string(),
                def: s.instance_type(t),
                on_demand: on_demand[t].then(|| unique(t.to_string(), &mut taken)),
                spot: s
                    .spot
                    .iter()
                    .any(|p| p.instance_type == t)
                    .then(|| unique(format!("{t}-spot"), &mut taken)),
                capacity: s
                    .capacity
                    .iter()
                    .find(|c| c.instance_type == t)
                    .map_or(0, |c| c.count),
                spot_count: s
                    .spot
                    .iter()
                    .find(|p| p.instance_type == t)
                    .map_or(0, |p| p.count),
            })
            .collect();
        let covered = resources::covered(types.iter().map(|t| t.def.as_ref()));
        FlavorPlan { types, covered }
    }

    /// The flavors of `instance_type`.
    pub fn get(&self, instance_type: &str) -> Option<&TypeFlavors> {
        self.types.iter().find(|t| t.instance_type == instance_type)
    }

    /// A flavor's quotas for `instances` of `t`, with limits from each resource's nominal amount.
    pub fn quotas(
        &self,
        t: &TypeFlavors,
        instances: u64,
        limits: &dyn Fn(u64) -> (Option<u64>, Option<u64>),
    ) -> Vec<ResourceQuota> {
        resources::quotas(&self.covered, t.def.as_ref(), instances, limits)
    }

    /// The ResourceFlavor objects, on-demand before spot for each type.
    pub fn objects(&self) -> Vec<ResourceFlavor> {
        let mut out = Vec::new();
        for t in &self.types {
            if let Some(name) = &t.on_demand {
                out.push(flavor(name, &t.instance_type, false));
            }
            if let Some(name) = &t.spot {
                out.push(flavor(name, &t.instance_type, true));
            }
        }
        out
    }
}

/// `name`, or `name-2`, `name-3`, ... when a type's own name already took it.
fn unique(name: String, taken: &mut HashSet<String>) -> String {
    let mut candidate = name.clone();
    let mut k = 2;
    while !taken.insert(candidate.clone()) {
        candidate = format!("{name}-{k}");
        k += 1;
    }
    candidate
}

fn flavor(name: &str, instance_type: &str, spot: bool) -> ResourceFlavor {
    let node_type = instance_type.strip_prefix("ml.").unwrap_or(instance_type);
    let capacity_type = if spot { "spot" } else { "on-demand" };
    ResourceFlavor {
        name: name.to_string(),
        node_labels: BTreeMap::from([
            (INSTANCE_TYPE_LABEL.to_string(), node_type.to_string()),
            (CAPACITY_TYPE_LABEL.to_string(), capacity_type.to_string()),
        ]),
        node_taints: if spot {
            vec![Taint {
                key: SPOT_TAINT_KEY.to_string(),
                value: "true".to_string(),
                effect: TaintEffect::NoSchedule,
            }]
        } else {
            Vec::new()
        },
        tolerations: Vec::new(),
        instance_type: Some(instance_type.to_string()),
    }
}

/// The toleration a spot job's pods carry for the spot flavors' taint.
pub(super) fn spot_toleration() -> Toleration {
    Toleration {
        key: SPOT_TAINT_KEY.to_string(),
        value: "true".to_string(),
        effect: Some(TaintEffect::NoSchedule),
        ..Toleration::default()
    }
}
