//! What runs under a Kueue agreement but probably not as meant (docs/FORMAT.md, "Validation"):
//! queues that admit nothing, fields Kueue does not read, flavors without prices, jobs that can
//! never fit, and objects with nobody to share with.

use super::{Index, Placed, Submission};
use crate::diagnostic::Report;
use crate::quantity::Quantity;
use crate::scenario::kueue::{ClusterQueue, ResourceGroup, StopPolicy, INSTANCE_TYPE_LABEL};
use crate::scenario::Scenario;
use crate::validate::Context;
use std::collections::HashMap;

/// The warnings about the objects alone, and about fields a Kueue agreement does not read.
pub(super) fn objects(scenario: &Scenario, index: &Index, report: &mut Report) {
    for (i, queue) in index.kueue.cluster_queues.iter().enumerate() {
        let path = format!("kueue.cluster_queues[{i}]");
        if queue.namespace_selector.is_none() {
            report.warning(
                format!("{path}.namespace_selector"),
                format!("ClusterQueue {} has no namespace_selector, which Kueue reads as selecting no namespace, so it never admits a workload; write {{}} to admit every namespace", queue.name),
            );
        }
        let stopped = match queue.stop_policy {
            StopPolicy::None => continue,
            StopPolicy::Hold => "Hold admits nothing new",
            StopPolicy::HoldAndDrain => "HoldAndDrain admits nothing and evicts what it admitted",
        };
        report.warning(
            format!("{path}.stop_policy"),
            format!("ClusterQueue {}: stop_policy {stopped}, which is rarely what a plan means; None admits", queue.name),
        );
    }
    lone_cohorts(index, report);
    if !scenario.capacity.is_empty() {
        report.warning(
            "capacity",
            "capacity is not used under Kueue objects: Kueue admits by the ClusterQueues' quotas, not by instances; remove it",
        );
    }
    flavor_types(scenario, index, report);
}

/// A root cohort without quota of its own and at most one member has nobody to lend to or
/// borrow from. A cohort with a parent passes its member's share on, so it is left alone.
fn lone_cohorts(index: &Index, report: &mut Report) {
    let kueue = index.kueue;
    for (i, cohort) in kueue.cohorts.iter().enumerate() {
        if cohort.parent.is_some() || !cohort.resource_groups.is_empty() {
            continue;
        }
        let queues = (kueue.cluster_queues.iter())
            .filter(|q| q.cohort.as_deref() == Some(&cohort.name))
            .map(|q| q.name.as_str());
        let children = (kueue.cohorts.iter())
            .filter(|c| c.parent.as_deref() == Some(&cohort.name))
            .map(|c| c.name.as_str());
        let members: Vec<&str> = queues.chain(children).collect();
        let has = match members.as_slice() {
            [] => "no members".to_string(),
            [only] => format!("one member, {only}"),
            _ => continue,
        };
        report.warning(
            format!("kueue.cohorts[{i}].name"),
            format!(
                "Cohort {} has {has}: there is nobody to lend to or borrow from",
                cohort.name
            ),
        );
    }
}

/// A flavor's instance type gives its jobs' prices and speeds, and its spot labels the spot
/// pool's price factor and interruptions (docs/FORMAT.md, "A ResourceFlavor's instance type
/// and spot").
fn flavor_types(scenario: &Scenario, index: &Index, report: &mut Report) {
    let mut spot_types = Vec::new();
    for (i, flavor) in index.kueue.resource_flavors.iter().enumerate() {
        let Some(written) = flavor.written_instance_type() else {
            continue;
        };
        match flavor.resolved_instance_type(&scenario.instance_types) {
            Some(t) if flavor.is_spot() => spot_types.push(t.name),
            Some(_) => {}
            None => {
                let field = match flavor.instance_type {
                    Some(_) => "instance_type".to_string(),
                    None => format!("node_labels.{INSTANCE_TYPE_LABEL}"),
                };
                report.warning(
                    format!("kueue.resource_flavors[{i}].{field}"),
                    format!("ResourceFlavor {}: instance type {written} is neither in the catalog nor in instance_types (with or without ml.), so its price and speed are unknown and jobs on it cost nothing", flavor.name),
                );
            }
        }
    }
    for (i, pool) in scenario.spot.iter().enumerate() {
        if !spot_types.contains(&pool.instance_type) {
            report.warning(
                format!("spot[{i}].instance_type"),
                format!("spot pool {}: no spot ResourceFlavor has this instance type, so nothing uses the pool's price factor and interruptions", pool.instance_type),
            );
        }
    }
}

/// The warnings about jobs and the queues they reach; names resolve, since there are no errors.
pub(super) fn workload(scenario: &Scenario, context: &Context, index: &Index, report: &mut Report) {
    let ceilings = Ceilings::new(index);
    let mut jobs_per_queue: HashMap<&str, usize> = HashMap::new();
    for submission in super::submissions(scenario) {
        let Ok(queue) = index.route(&submission) else {
            continue;
        };
        *jobs_per_queue.entry(queue.name.as_str()).or_default() += 1;
        selected(index, &submission, queue, report);
        for set in submission.pod_sets(context) {
            fits(&ceilings, &submission, queue, &set, report);
        }
    }
    for (i, queue) in index.kueue.cluster_queues.iter().enumerate() {
        if !jobs_per_queue.contains_key(queue.name.as_str()) {
            report.warning(
                format!("kueue.cluster_queues[{i}].name"),
                format!("ClusterQueue {} has no jobs: none names it in share or reaches it through a LocalQueue", queue.name),
            );
        }
    }
}

/// Kueue admits a workload only from a namespace its ClusterQueue's selector selects. A queue
/// without a selector has its own warning.
fn selected(index: &Index, s: &Submission, queue: &ClusterQueue, report: &mut Report) {
    let Some(selector) = &queue.namespace_selector else {
        return;
    };
    let namespace = s.namespace();
    if !selector.matches(&index.kueue.namespace_labels(namespace)) {
        report.warning(
            format!("{}.namespace", s.path),
            format!("{}: ClusterQueue {}'s namespace_selector does not select namespace {namespace}, so it is never admitted", s.label, queue.name),
        );
    }
}

/// An upper bound on what a ClusterQueue can ever hold of a resource on a flavor: its nominal
/// quota plus its borrowing limit, and never more than its cohort tree holds in all; without a
/// borrowing limit, the tree's total. Lending limits and the cohorts' own limits are left out,
/// so the bound may be loose, never too tight.
struct Ceilings<'a> {
    index: &'a Index<'a>,
    /// Per root cohort, flavor and resource: the nominal quotas of the tree, summed.
    trees: HashMap<(usize, &'a str, &'a str), i64>,
}

impl<'a> Ceilings<'a> {
    fn new(index: &'a Index<'a>) -> Self {
        let kueue = index.kueue;
        let mut ceilings = Ceilings {
            index,
            trees: HashMap::new(),
        };
        let held = (kueue.cluster_queues.iter())
            .filter_map(|q| Some((q.cohort.as_deref()?, &q.resource_groups)))
            .chain(
                kueue
                    .cohorts
                    .iter()
                    .map(|c| (c.name.as_str(), &c.resource_groups)),
            );
        for (cohort, groups) in held {
            let Some(root) = ceilings.root(cohort) else {
                continue;
            };
            for (flavor, resource, amount) in nominal_quotas(groups) {
                *ceilings.trees.entry((root, flavor, resource)).or_default() += amount;
            }
        }
        ceilings
    }

    /// The root of `cohort`'s tree (there are no cycles when there are no errors).
    fn root(&self, cohort: &str) -> Option<usize> {
        let cohorts = &self.index.kueue.cohorts;
        let mut at = self.index.cohort_index(cohort)?;
        for _ in 0..cohorts.len() {
            match cohorts[at].parent.as_deref() {
                Some(parent) => at = self.index.cohort_index(parent)?,
                None => return Some(at),
            }
        }
        None
    }

    /// The most of `resource` that `queue` can ever hold on `flavor`.
    fn most(&self, queue: &ClusterQueue, flavor: &str, resource: &str) -> i64 {
        let Some(quota) = (queue.resource_groups.iter())
            .flat_map(|g| &g.flavors)
            .filter(|f| f.name == flavor)
            .flat_map(|f| &f.resources)
            .find(|q| q.name == resource)
        else {
            return 0;
        };
        let nominal = quota.nominal_quota.amount_of(resource);
        let tree = (queue.cohort.as_deref())
            .and_then(|c| self.root(c))
            .map(|root| {
                self.trees
                    .get(&(root, flavor, resource))
                    .copied()
                    .unwrap_or(0)
            });
        match (tree, quota.borrowing_limit) {
            (None, _) => nominal,
            (Some(tree), None) => tree,
            (Some(tree), Some(limit)) => {
                nominal.saturating_add(limit.amount_of(resource)).min(tree)
            }
        }
    }
}

/// Every nominal quota of `groups`, as (flavor, resource, amount in Kueue's units).
fn nominal_quotas(groups: &[ResourceGroup]) -> impl Iterator<Item = (&str, &str, i64)> {
    groups.iter().flat_map(|g| &g.flavors).flat_map(|f| {
        f.resources.iter().map(move |q| {
            let amount = q.nominal_quota.amount_of(&q.name);
            (f.name.as_str(), q.name.as_str(), amount)
        })
    })
}

/// A pod set whose requests exceed, on every flavor of a group, what its queue can ever hold
/// there can never be admitted: say by how much on each flavor.
fn fits(
    ceilings: &Ceilings,
    s: &Submission,
    queue: &ClusterQueue,
    set: &Placed,
    report: &mut Report,
) {
    for group in &queue.resource_groups {
        let needs: Vec<(&str, i64)> = (group.covered_resources.iter())
            .map(|r| (r.as_str(), set.total(r)))
            .filter(|&(_, need)| need > 0)
            .collect();
        if needs.is_empty() {
            continue;
        }
        let mut shortfalls = Vec::new();
        for flavor in &group.flavors {
            let short = needs.iter().find_map(|&(resource, need)| {
                let most = ceilings.most(queue, &flavor.name, resource);
                (need > most).then_some((resource, need, most))
            });
            let Some((resource, need, most)) = short else {
                break;
            };
            let shown = |amount| Quantity::from_amount(resource, amount);
            shortfalls.push(format!(
                "on {} at most {} {resource} of the {} it needs ({} short)",
                flavor.name,
                shown(most),
                shown(need),
                shown(need - most)
            ));
        }
        if shortfalls.len() == group.flavors.len() {
            report.warning(
                set.path.clone(),
                format!(
                    "{}: {} can fit no flavor of ClusterQueue {}, even borrowing all it may: {}",
                    s.label,
                    set.label(),
                    queue.name,
                    shortfalls.join("; ")
                ),
            );
        }
    }
}
