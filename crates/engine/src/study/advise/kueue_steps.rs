//! The steps of the Kueue knobs (docs/ADVISOR.md, "Under Kueue's rules"): a ClusterQueue's
//! quota of one flavor and resource, or one of its preemption policies, changed by one step.
//!
//! Quotas move in whole pods: the unit of a step on a resource is the smallest amount of it one
//! pod of the scenario's jobs requests, since quota finer than a pod admits nothing more. A
//! resource no job requests is never varied: no step on it changes what runs.

use super::candidates::{Steps, BORROW_LADDER};
use super::knobs::{AdviseSpec, Knob};
use crate::quantity::Quantity;
use crate::scenario::kueue::{
    every_pod_set, Kueue, ReclaimPolicy, ResourceQuota, WithinClusterQueue,
};
use crate::scenario::Scenario;
use std::collections::BTreeMap;

/// One quota of one ClusterQueue: where it is, and the names that say which it is.
struct Cell {
    queue: usize,
    group: usize,
    flavor: usize,
    resource: usize,
    queue_name: String,
    cohort: Option<String>,
    flavor_name: String,
    resource_name: String,
    /// The nominal quota in Kueue's units of the resource.
    nominal: i64,
    /// The step's unit: the smallest request of one pod.
    unit: i64,
}

/// Adds to `steps` the scenarios one Kueue step from `current`, for the knobs `spec` varies.
pub fn steps(current: &Scenario, spec: &AdviseSpec, steps: &mut Steps) {
    let Some(kueue) = current.kueue.as_deref() else {
        return;
    };
    let cells = cells(current, kueue);
    if spec.varies(Knob::NominalQuota) {
        for from in &cells {
            for to in cells.iter().filter(|to| same_cohort_quota(from, to)) {
                for amount in amounts(from) {
                    let mut s = current.clone();
                    if let Some(k) = s.kueue.as_deref_mut() {
                        quota_mut(k, from).nominal_quota = quantity(from, -amount);
                        quota_mut(k, to).nominal_quota = quantity(to, amount);
                    }
                    steps.add(&[&from.queue_name, &to.queue_name], s);
                }
            }
        }
    }
    for cell in cells.iter().filter(|c| c.cohort.is_some()) {
        let quota = quota(kueue, cell);
        let touches = [cell.queue_name.as_str()];
        if spec.varies(Knob::BorrowingLimit) {
            let limits = ladder(cell, false);
            each_other(
                current,
                &limits,
                quota.borrowing_limit,
                &touches,
                steps,
                |k, limit| quota_mut(k, cell).borrowing_limit = limit,
            );
        }
        if spec.varies(Knob::LendingLimit) {
            let limits = ladder(cell, true);
            each_other(
                current,
                &limits,
                quota.lending_limit,
                &touches,
                steps,
                |k, limit| quota_mut(k, cell).lending_limit = limit,
            );
        }
    }
    for (i, queue) in kueue.cluster_queues.iter().enumerate() {
        let touches = [queue.name.as_str()];
        let policies = &queue.preemption;
        if spec.varies(Knob::ReclaimWithinCohort) && queue.cohort.is_some() {
            let all = [
                ReclaimPolicy::Never,
                ReclaimPolicy::LowerPriority,
                ReclaimPolicy::Any,
            ];
            each_other(
                current,
                &all,
                policies.reclaim_within_cohort,
                &touches,
                steps,
                |k, p| k.cluster_queues[i].preemption.reclaim_within_cohort = p,
            );
        }
        if spec.varies(Knob::WithinClusterQueue) {
            let all = [
                WithinClusterQueue::Never,
                WithinClusterQueue::LowerPriority,
                WithinClusterQueue::LowerOrNewerEqualPriority,
            ];
            each_other(
                current,
                &all,
                policies.within_cluster_queue,
                &touches,
                steps,
                |k, p| k.cluster_queues[i].preemption.within_cluster_queue = p,
            );
        }
    }
}

/// A step to each of `values` but `now`, each `set` in a copy of `current`'s Kueue objects.
fn each_other<T: Copy + PartialEq>(
    current: &Scenario,
    values: &[T],
    now: T,
    touches: &[&str],
    steps: &mut Steps,
    set: impl Fn(&mut Kueue, T),
) {
    for &value in values.iter().filter(|v| **v != now) {
        let mut s = current.clone();
        if let Some(k) = s.kueue.as_deref_mut() {
            set(k, value);
        }
        steps.add(touches, s);
    }
}

/// Every ClusterQueue quota of a resource some job requests, in the objects' order.
fn cells(scenario: &Scenario, kueue: &Kueue) -> Vec<Cell> {
    let units = pod_units(scenario);
    let mut cells = Vec::new();
    for (qi, queue) in kueue.cluster_queues.iter().enumerate() {
        for (gi, group) in queue.resource_groups.iter().enumerate() {
            for (fi, flavor) in group.flavors.iter().enumerate() {
                for (ri, quota) in flavor.resources.iter().enumerate() {
                    let Some(&unit) = units.get(&quota.name) else {
                        continue;
                    };
                    cells.push(Cell {
                        queue: qi,
                        group: gi,
                        flavor: fi,
                        resource: ri,
                        queue_name: queue.name.clone(),
                        cohort: queue.cohort.clone(),
                        flavor_name: flavor.name.clone(),
                        resource_name: quota.name.clone(),
                        nominal: quota.nominal_quota.amount_of(&quota.name),
                        unit,
                    });
                }
            }
        }
    }
    cells
}

/// Per resource, the smallest positive amount one pod of the scenario's jobs requests.
fn pod_units(scenario: &Scenario) -> BTreeMap<String, i64> {
    let mut units: BTreeMap<String, i64> = BTreeMap::new();
    for set in every_pod_set(scenario) {
        for (resource, q) in &set.requests {
            let amount = q.amount_of(resource);
            if amount > 0 {
                let unit = units.entry(resource.clone()).or_insert(amount);
                *unit = (*unit).min(amount);
            }
        }
    }
    units
}

/// Whether `to` is another ClusterQueue of `from`'s cohort with a quota of the same flavor and
/// resource: where nominal quota may move without changing the cohort's total.
fn same_cohort_quota(from: &Cell, to: &Cell) -> bool {
    from.queue != to.queue
        && from.cohort.is_some()
        && from.cohort == to.cohort
        && from.flavor_name == to.flavor_name
        && from.resource_name == to.resource_name
}

/// How much nominal quota a step moves out of `from`: one pod's worth, and a quarter of its
/// quota in whole pods when that is more (as a share's limits move under AWS); none that would
/// leave it below 0.
fn amounts(from: &Cell) -> Vec<i64> {
    let quarter = from.nominal / 4 / from.unit * from.unit;
    let mut amounts = vec![from.unit];
    if quarter > from.unit {
        amounts.push(quarter);
    }
    amounts.retain(|a| *a <= from.nominal);
    amounts
}

/// The borrowing (or, `lending`, lending) limits a step may set on `cell`: AWS's borrow-limit
/// ladder as a share of its nominal quota, in whole pods; -1 is no limit. A lending limit stops
/// at the nominal quota, all a ClusterQueue can lend.
fn ladder(cell: &Cell, lending: bool) -> Vec<Option<Quantity>> {
    let mut limits: Vec<Option<Quantity>> = Vec::new();
    for percent in BORROW_LADDER.into_iter().filter(|p| !lending || *p <= 100) {
        let limit = (percent >= 0).then(|| {
            let amount = cell.nominal * percent / 100 / cell.unit * cell.unit;
            Quantity::from_amount(&cell.resource_name, amount)
        });
        if !limits.contains(&limit) {
            limits.push(limit);
        }
    }
    limits
}

/// `cell`'s nominal quota changed by `delta`, as a quantity of its resource.
fn quantity(cell: &Cell, delta: i64) -> Quantity {
    Quantity::from_amount(&cell.resource_name, cell.nominal + delta)
}

/// The quota `cell` is, in `kueue`.
fn quota<'a>(kueue: &'a Kueue, cell: &Cell) -> &'a ResourceQuota {
    &kueue.cluster_queues[cell.queue].resource_groups[cell.group].flavors[cell.flavor].resources
        [cell.resource]
}

/// The quota `cell` is, in `kueue`, to change.
fn quota_mut<'a>(kueue: &'a mut Kueue, cell: &Cell) -> &'a mut ResourceQuota {
    &mut kueue.cluster_queues[cell.queue].resource_groups[cell.group].flavors[cell.flavor].resources
        [cell.resource]
}
