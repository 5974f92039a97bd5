//! How instances are counted in Kueue's resources (docs/KUEUE-TRANSLATION.md, "Resources"): an
//! accelerated type by its accelerators (`nvidia.com/gpu`, `aws.amazon.com/neuron`), instances
//! times accelerators per instance; a type without accelerators by `pods`, one per instance.
//! Both directions count with these functions, so a quota written by one reads back the same.

use crate::quantity::Quantity;
use crate::scenario::kueue::{accelerator_resource, ResourceQuota, ACCELERATOR_RESOURCES, PODS};
use crate::scenario::InstanceType;

/// The resource that counts instances of `t`, and how much of it one instance holds.
pub fn unit_of(t: Option<&InstanceType>) -> (&'static str, u64) {
    match t.and_then(|t| accelerator_resource(t).map(|r| (r, u64::from(t.accelerators)))) {
        Some(unit) => unit,
        None => (PODS, 1),
    }
}

/// The resources one resource group covers for these types: each accelerator resource in the
/// order the types first use it, then `pods` if any type counts in pods.
pub fn covered<'a>(types: impl IntoIterator<Item = Option<&'a InstanceType>>) -> Vec<String> {
    let mut accelerators: Vec<String> = Vec::new();
    let mut pods = false;
    for t in types {
        match unit_of(t) {
            (PODS, _) => pods = true,
            (r, _) if !accelerators.iter().any(|a| a == r) => accelerators.push(r.to_string()),
            _ => {}
        }
    }
    if pods {
        accelerators.push(PODS.to_string());
    }
    accelerators
}

/// How much of `resource` `instances` instances of `t` hold: its accelerators in its own
/// accelerator resource, one per instance in `pods` (a pod per instance), none of anything else.
pub fn amount(t: Option<&InstanceType>, resource: &str, instances: u64) -> u64 {
    let (unit, per) = unit_of(t);
    if resource == unit {
        instances.saturating_mul(per)
    } else if resource == PODS {
        instances
    } else {
        0
    }
}

/// A flavor's quotas for `instances` instances of `t`, one per covered resource; `limits` gives
/// the borrowing and lending limits of a resource from its nominal amount.
pub fn quotas(
    covered: &[String],
    t: Option<&InstanceType>,
    instances: u64,
    limits: &dyn Fn(u64) -> (Option<u64>, Option<u64>),
) -> Vec<ResourceQuota> {
    covered
        .iter()
        .map(|r| {
            let nominal = amount(t, r, instances);
            let (borrowing, lending) = limits(nominal);
            ResourceQuota {
                name: r.clone(),
                nominal_quota: Quantity::units(nominal),
                borrowing_limit: borrowing.map(Quantity::units),
                lending_limit: lending.map(Quantity::units),
            }
        })
        .collect()
}

/// The quota among a flavor's `resources` that counts instances of `t`, and how much of it one
/// instance holds: `t`'s own accelerator resource, else another accelerator resource (counted
/// per accelerator of `t`), else `pods`; `None` when only other resources (cpu, memory) are
/// given, which say nothing about instances.
pub fn counting<'a>(
    t: &InstanceType,
    resources: &'a [ResourceQuota],
) -> Option<(&'a ResourceQuota, u64)> {
    let find = |name: &str| resources.iter().find(|r| r.name == name);
    let (unit, per) = unit_of(Some(t));
    if let Some(r) = find(unit) {
        return Some((r, per));
    }
    ACCELERATOR_RESOURCES
        .iter()
        .find_map(|&name| find(name))
        .map(|r| (r, u64::from(t.accelerators.max(1))))
        .or_else(|| find(PODS).map(|r| (r, 1)))
}

/// A quantity of `resource` in Kueue's whole units.
pub fn units(q: &Quantity, resource: &str) -> u64 {
    u64::try_from(q.amount_of(resource)).unwrap_or(0)
}
