//! AWS capacity from Kueue quotas (docs/KUEUE-TRANSLATION.md, "Capacity"): Kueue admits by
//! quota, so the instances of a type are the nominal quotas of every ClusterQueue and Cohort in
//! its on-demand flavors, counted in the type's accelerators (or pods) and divided by the
//! accelerators per instance, rounded down; spot flavors become the type's spot pool.

use super::super::notes::Notes;
use super::super::resources::{counting, units};
use super::flavors::Flavors;
use crate::scenario::kueue::{FlavorQuotas, Kueue, ResourceQuota};
use crate::scenario::{Capacity, InstanceType, Scenario, SpotPool};

/// One flavor's quota read as instances of its type.
pub(super) struct Instances<'a> {
    /// Whole instances of the nominal quota, rounded down.
    pub nominal: u64,
    /// The quota that counted them, and how much of it one instance holds.
    pub quota: &'a ResourceQuota,
    pub per: u64,
}

impl Instances<'_> {
    /// The nominal quota in the counting resource's units.
    pub fn nominal_units(&self) -> u64 {
        units(&self.quota.nominal_quota, &self.quota.name)
    }

    /// A limit of the counting resource in its units.
    pub fn limit_units(&self, limit: Option<&crate::quantity::Quantity>) -> Option<u64> {
        limit.map(|q| units(q, &self.quota.name))
    }
}

/// `fq` read as instances of `t`; `None` when it counts only resources such as cpu or memory.
pub(super) fn instances<'a>(t: &InstanceType, fq: &'a FlavorQuotas) -> Option<Instances<'a>> {
    let (quota, per) = counting(t, &fq.resources)?;
    let nominal = units(&quota.nominal_quota, &quota.name) / per.max(1);
    Some(Instances {
        nominal,
        quota,
        per,
    })
}

/// Every flavor quota of the ClusterQueues and Cohorts, with its JSON path.
pub(super) fn each_quota(kueue: &Kueue) -> Vec<(String, &FlavorQuotas)> {
    let queues = kueue
        .cluster_queues
        .iter()
        .map(|q| &q.resource_groups)
        .enumerate()
        .map(|(i, g)| (format!("kueue.cluster_queues[{i}]"), g));
    let cohorts = kueue
        .cohorts
        .iter()
        .map(|c| &c.resource_groups)
        .enumerate()
        .map(|(i, g)| (format!("kueue.cohorts[{i}]"), g));
    let mut out = Vec::new();
    for (base, groups) in queues.chain(cohorts) {
        for (g, group) in groups.iter().enumerate() {
            for (f, fq) in group.flavors.iter().enumerate() {
                out.push((format!("{base}.resource_groups[{g}].flavors[{f}]"), fq));
            }
        }
    }
    out
}

/// The quotas of one type and capacity kind, summed in the counting resource's units (per
/// instance size), so that 12 GPUs in one queue and 4 in another are 2 instances of 8.
struct Sum {
    instance_type: String,
    spot: bool,
    units: Vec<(u64, u64)>,
}

impl Sum {
    fn instances(&self) -> u64 {
        self.units.iter().map(|(per, n)| n / per.max(&1)).sum()
    }

    fn exact(&self) -> bool {
        self.units
            .iter()
            .all(|(per, n)| n.is_multiple_of(*per.max(&1)))
    }
}

/// On-demand capacity and spot pools, per type in the order of the flavors.
pub(super) fn pools(
    k: &Scenario,
    kueue: &Kueue,
    flavors: &Flavors,
    notes: &mut Notes,
) -> (Vec<Capacity>, Vec<SpotPool>) {
    let mut sums: Vec<Sum> = Vec::new();
    for f in &kueue.resource_flavors {
        if let Some(t) = flavors.get(&f.name) {
            if !sums
                .iter()
                .any(|s| s.instance_type == t.def.name && s.spot == t.spot)
            {
                sums.push(Sum {
                    instance_type: t.def.name.clone(),
                    spot: t.spot,
                    units: Vec::new(),
                });
            }
        }
    }
    for (path, fq) in each_quota(kueue) {
        let Some(t) = flavors.get(&fq.name) else {
            continue;
        };
        let Some(n) = instances(&t.def, fq) else {
            notes.dropped(&path, format!("flavor {}: its quotas count none of {}'s accelerators, nor pods, so they say nothing about instances", fq.name, t.def.name));
            continue;
        };
        let Some(sum) = sums
            .iter_mut()
            .find(|s| s.instance_type == t.def.name && s.spot == t.spot)
        else {
            continue;
        };
        match sum.units.iter_mut().find(|(per, _)| *per == n.per) {
            Some(u) => u.1 = u.1.saturating_add(n.nominal_units()),
            None => sum.units.push((n.per, n.nominal_units())),
        }
    }
    for s in sums.iter().filter(|s| !s.exact()) {
        notes.approximated(
            "kueue.resource_flavors",
            format!(
                "{}{}: the quotas are not a whole number of instances; rounded down to {}",
                s.instance_type,
                if s.spot { " (spot)" } else { "" },
                s.instances()
            ),
        );
    }
    let count = |s: &Sum| u32::try_from(s.instances()).unwrap_or(u32::MAX);
    let capacity = sums
        .iter()
        .filter(|s| !s.spot)
        .map(|s| Capacity {
            instance_type: s.instance_type.clone(),
            count: count(s),
            changes: Vec::new(),
        })
        .collect();
    let spot_types: Vec<(&String, u64)> = sums
        .iter()
        .filter(|s| s.spot)
        .map(|s| (&s.instance_type, u64::from(count(s))))
        .collect();
    (capacity, spot_pools(k, &spot_types, notes))
}

/// A spot pool per spot flavor type: its size from the quotas, its price and interruptions from
/// the scenario's pool of that type (whose own count plays no part under Kueue).
fn spot_pools(k: &Scenario, types: &[(&String, u64)], notes: &mut Notes) -> Vec<SpotPool> {
    for (i, p) in k.spot.iter().enumerate() {
        if !types.iter().any(|(t, _)| **t == p.instance_type) {
            notes.dropped(
                format!("spot[{i}]"),
                format!(
                    "no spot flavor is of type {}, so no job can run on this pool",
                    p.instance_type
                ),
            );
        }
    }
    types
        .iter()
        .map(|(t, n)| {
            let count = u32::try_from(*n).unwrap_or(u32::MAX);
            match k.spot.iter().find(|p| p.instance_type == **t) {
                Some(p) => SpotPool { count, ..p.clone() },
                None => {
                    notes.approximated("spot", format!("{t}: spot flavors hold {count} instances, but no spot pool states their price or interruptions: the on-demand price, no interruptions"));
                    SpotPool {
                        instance_type: (*t).clone(),
                        count,
                        price_factor: 1.0,
                        interruptions_per_h: 0.0,
                    }
                }
            }
        })
        .collect()
}
