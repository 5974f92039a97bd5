//! Resource groups of a ClusterQueue or a Cohort (docs/FORMAT.md, "Kueue"): Kueue's API limits
//! on their sizes, each resource and each flavor in one group, every flavor listing a quota for
//! each covered resource in the group's order, and limits only where there is someone to borrow
//! from or lend to.

use super::{listed, not_among, Index};
use crate::diagnostic::Report;
use crate::scenario::kueue::{ClusterQueue, Cohort, FlavorQuotas, ResourceGroup, ResourceQuota};
use std::collections::HashMap;
use std::fmt::Display;

/// Kueue: at most 16 resource groups in a ClusterQueue or a Cohort.
const MAX_GROUPS: usize = 16;
/// Kueue: at most 64 covered resources, and 64 flavors, in one resource group.
const MAX_PER_GROUP: usize = 64;
/// Kueue: at most 256 flavors, and 256 covered resources, over a ClusterQueue's groups.
const MAX_PER_QUEUE: usize = 256;

/// What holds the resource groups. Kueue checks a Cohort's groups as a ClusterQueue's, except
/// that its limits need a parent rather than a cohort, and that neither the queue-wide totals
/// nor a lending limit above nominal quota are checked on a Cohort.
pub(super) struct Holder<'a> {
    /// "ClusterQueue research" or "Cohort org".
    label: String,
    /// Its path, such as `kueue.cluster_queues[2]`.
    path: &'a str,
    groups: &'a [ResourceGroup],
    /// The field limits need when it is missing: `cohort` or `parent`.
    limits_need: Option<&'static str>,
    kind: Kind,
}

/// The kinds of object that hold resource groups; `Debug` writes Kueue's name of the kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    ClusterQueue,
    Cohort,
}

impl<'a> Holder<'a> {
    pub fn queue(path: &'a str, queue: &'a ClusterQueue) -> Self {
        let limits_need = queue.cohort.is_none().then_some("cohort");
        Holder::new(
            path,
            Kind::ClusterQueue,
            &queue.name,
            &queue.resource_groups,
            limits_need,
        )
    }

    pub fn cohort(path: &'a str, cohort: &'a Cohort) -> Self {
        let limits_need = cohort.parent.is_none().then_some("parent");
        Holder::new(
            path,
            Kind::Cohort,
            &cohort.name,
            &cohort.resource_groups,
            limits_need,
        )
    }

    fn new(
        path: &'a str,
        kind: Kind,
        name: &str,
        groups: &'a [ResourceGroup],
        limits_need: Option<&'static str>,
    ) -> Self {
        Holder {
            label: format!("{kind:?} {name}"),
            path,
            groups,
            limits_need,
            kind,
        }
    }
}

pub(super) fn check(index: &Index, report: &mut Report, holder: &Holder) {
    sizes(report, holder);
    // The group that first covers each resource, and first lists each flavor.
    let mut resources: HashMap<&str, usize> = HashMap::new();
    let mut flavors: HashMap<&str, usize> = HashMap::new();
    for (g, group) in holder.groups.iter().enumerate() {
        let path = format!("{}.resource_groups[{g}]", holder.path);
        for (r, resource) in group.covered_resources.iter().enumerate() {
            if let Some(&first) = resources.get(resource.as_str()) {
                report.error(
                    format!("{path}.covered_resources[{r}]"),
                    format!("{}: resource {resource} is already covered by resource group {first}; each resource belongs to one group", holder.label),
                );
            } else {
                resources.insert(resource, g);
            }
        }
        for (f, flavor) in group.flavors.iter().enumerate() {
            let path = format!("{path}.flavors[{f}]");
            if !index.has_flavor(&flavor.name) {
                let names = index.kueue.resource_flavors.iter().map(|f| f.name.as_str());
                report.error(
                    format!("{path}.name"),
                    format!(
                        "{}: {}",
                        holder.label,
                        not_among("flavor", &flavor.name, "ResourceFlavors", names)
                    ),
                );
            } else if let Some(&first) = flavors.get(flavor.name.as_str()) {
                report.error(
                    format!("{path}.name"),
                    format!("{}: flavor {} already has quotas in resource group {first}; each flavor belongs to one group", holder.label, flavor.name),
                );
            } else {
                flavors.insert(&flavor.name, g);
            }
            same_resources(report, holder, &path, group, flavor);
            for (k, quota) in flavor.resources.iter().enumerate() {
                limits(
                    report,
                    holder,
                    &format_args!("{path}.resources[{k}]"),
                    flavor,
                    quota,
                );
            }
        }
    }
}

/// Kueue's bounds on how many groups, resources and flavors there are.
fn sizes(report: &mut Report, holder: &Holder) {
    let groups = holder.groups;
    let flavors: usize = groups.iter().map(|g| g.flavors.len()).sum();
    let covered: usize = groups.iter().map(|g| g.covered_resources.len()).sum();
    let mut totals = vec![("resource groups", groups.len(), MAX_GROUPS)];
    if holder.kind == Kind::ClusterQueue {
        totals.push(("flavors over its resource groups", flavors, MAX_PER_QUEUE));
        totals.push((
            "covered resources over its resource groups",
            covered,
            MAX_PER_QUEUE,
        ));
    }
    for (what, count, most) in totals {
        if count > most {
            report.error(
                format!("{}.resource_groups", holder.path),
                format!(
                    "{}: at most {most} {what} (Kueue); it has {count}",
                    holder.label
                ),
            );
        }
    }
    for (g, group) in groups.iter().enumerate() {
        for (field, count) in [
            ("covered_resources", group.covered_resources.len()),
            ("flavors", group.flavors.len()),
        ] {
            if count == 0 || count > MAX_PER_GROUP {
                report.error(
                    format!("{}.resource_groups[{g}].{field}", holder.path),
                    format!("{}: a resource group has 1 to {MAX_PER_GROUP} {field} (Kueue); resource group {g} has {count}", holder.label),
                );
            }
        }
    }
}

/// Kueue requires each flavor to list a quota for every covered resource, in the group's order.
fn same_resources(
    report: &mut Report,
    holder: &Holder,
    path: &dyn Display,
    group: &ResourceGroup,
    flavor: &FlavorQuotas,
) {
    let listed_here: Vec<&str> = flavor.resources.iter().map(|q| q.name.as_str()).collect();
    let covered: Vec<&str> = group.covered_resources.iter().map(String::as_str).collect();
    if listed_here == covered {
        return;
    }
    let differs = (listed_here.iter().zip(&covered))
        .position(|(a, b)| a != b)
        .unwrap_or(listed_here.len().min(covered.len()));
    let path = if differs < listed_here.len() {
        format!("{path}.resources[{differs}].name")
    } else {
        format!("{path}.resources")
    };
    report.error(
        path,
        format!("{}: flavor {} lists quotas for {} but its resource group covers {}; list one for every covered resource, in that order", holder.label, flavor.name, listed(listed_here), listed(covered)),
    );
}

/// Borrowing and lending limits need someone to borrow from or lend to; a ClusterQueue lends at
/// most its nominal quota.
fn limits(
    report: &mut Report,
    holder: &Holder,
    path: &dyn Display,
    flavor: &FlavorQuotas,
    quota: &ResourceQuota,
) {
    if let Some(needs) = holder.limits_need {
        for (field, limit) in [
            ("borrowing_limit", &quota.borrowing_limit),
            ("lending_limit", &quota.lending_limit),
        ] {
            if limit.is_some() {
                report.error(
                    format!("{path}.{field}"),
                    format!("{}: {field} needs a {needs}, without which there is nothing to borrow from or lend to; set {needs} or remove the limit", holder.label),
                );
            }
        }
    }
    let above_nominal = quota.lending_limit.filter(|l| *l > quota.nominal_quota);
    if let Some(lending) = above_nominal.filter(|_| holder.kind == Kind::ClusterQueue) {
        report.error(
            format!("{path}.lending_limit"),
            format!("{}: lending_limit {lending} of {} on flavor {} is above its nominal_quota {}; it can lend at most its nominal quota", holder.label, quota.name, flavor.name, quota.nominal_quota),
        );
    }
}
