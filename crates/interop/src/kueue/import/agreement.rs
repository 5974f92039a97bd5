//! The agreement's objects as the scenario's `kueue` block, under the file's names, and the
//! references between them checked: a ClusterQueue's or Cohort's flavors must be ResourceFlavors
//! of the file, a LocalQueue's ClusterQueue must be in it, a ClusterQueue in no cohort cannot
//! have a `borrowingLimit`, and cohorts must not form a cycle. A cohort that queues or cohorts
//! name without a Cohort object is made, as Kueue makes it.

use super::super::carried::INSTANCE_TYPE_ANNOTATION;
use super::super::error::KueueError;
use super::objects::Parsed;
use quotalab_engine::scenario::kueue::{
    Cohort, FairSharingConfig, Kueue, LocalQueue, Namespace, PriorityClass, ResourceFlavor,
    ResourceGroup,
};
use std::collections::BTreeSet;

/// The Kubernetes label every namespace has, which the scenario's `namespaces` leave out.
const NAMESPACE_NAME_LABEL: &str = "kubernetes.io/metadata.name";

pub(super) fn kueue(p: &Parsed, notes: &mut Vec<String>) -> Result<Kueue, KueueError> {
    let resource_flavors = p
        .flavors
        .iter()
        .map(|o| ResourceFlavor {
            name: o.metadata.name.clone(),
            node_labels: o.spec.node_labels.clone(),
            node_taints: o.spec.node_taints.iter().cloned().map(Into::into).collect(),
            tolerations: o.spec.tolerations.iter().cloned().map(Into::into).collect(),
            instance_type: o
                .metadata
                .annotations
                .get(INSTANCE_TYPE_ANNOTATION)
                .cloned(),
        })
        .collect();
    let mut kueue = Kueue {
        resource_flavors,
        cohorts: p
            .cohorts
            .iter()
            .map(|o| o.spec.clone().into_cohort(o.metadata.name.clone()))
            .collect(),
        cluster_queues: p
            .queues
            .iter()
            .map(|o| o.spec.clone().into_queue(o.metadata.name.clone()))
            .collect(),
        local_queues: p
            .local_queues
            .iter()
            .map(|o| LocalQueue {
                name: o.metadata.name.clone(),
                namespace: o
                    .metadata
                    .namespace
                    .clone()
                    .unwrap_or_else(|| "default".into()),
                cluster_queue: o.spec.cluster_queue.clone(),
            })
            .collect(),
        priority_classes: p
            .classes
            .iter()
            .map(|c| PriorityClass {
                name: c.metadata.name.clone(),
                value: c.value,
                description: c.description.clone(),
            })
            .collect(),
        namespaces: p
            .namespaces
            .iter()
            .map(|n| Namespace {
                name: n.metadata.name.clone(),
                labels: n
                    .metadata
                    .labels
                    .iter()
                    .filter(|(k, _)| *k != NAMESPACE_NAME_LABEL)
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect(),
            })
            .collect(),
        fair_sharing: p.fair_sharing.as_ref().map(|f| FairSharingConfig {
            preemption_strategies: f.preemption_strategies.clone(),
        }),
    };
    check_flavors(&kueue)?;
    check_borrowing(&kueue)?;
    implicit_cohorts(&mut kueue, notes);
    check_cycles(&kueue)?;
    check_local_queues(&kueue)?;
    Ok(kueue)
}

fn check_groups(
    kind: &str,
    name: &str,
    groups: &[ResourceGroup],
    flavors: &BTreeSet<&str>,
) -> Result<(), KueueError> {
    for (g, group) in groups.iter().enumerate() {
        for (f, fq) in group.flavors.iter().enumerate() {
            if !flavors.contains(fq.name.as_str()) {
                return Err(KueueError::object(
                    kind,
                    name,
                    format!("spec.resourceGroups[{g}].flavors[{f}].name"),
                    format!("flavor {} is not a ResourceFlavor in the file", fq.name),
                ));
            }
            for (r, quota) in fq.resources.iter().enumerate() {
                if !group.covered_resources.contains(&quota.name) {
                    return Err(KueueError::object(
                        kind,
                        name,
                        format!("spec.resourceGroups[{g}].flavors[{f}].resources[{r}].name"),
                        format!(
                            "{} is not among the group's coveredResources ({})",
                            quota.name,
                            group.covered_resources.join(", ")
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

fn check_flavors(k: &Kueue) -> Result<(), KueueError> {
    let flavors: BTreeSet<&str> = k.resource_flavors.iter().map(|f| f.name.as_str()).collect();
    for q in &k.cluster_queues {
        check_groups("ClusterQueue", &q.name, &q.resource_groups, &flavors)?;
    }
    for c in &k.cohorts {
        check_groups("Cohort", &c.name, &c.resource_groups, &flavors)?;
    }
    Ok(())
}

/// Kueue refuses a `borrowingLimit` on a ClusterQueue in no cohort: there is nobody to borrow from.
fn check_borrowing(k: &Kueue) -> Result<(), KueueError> {
    for q in k.cluster_queues.iter().filter(|q| q.cohort.is_none()) {
        for (g, group) in q.resource_groups.iter().enumerate() {
            for (f, fq) in group.flavors.iter().enumerate() {
                if let Some(r) = fq
                    .resources
                    .iter()
                    .position(|r| r.borrowing_limit.is_some())
                {
                    return Err(KueueError::object("ClusterQueue", &q.name, format!("spec.resourceGroups[{g}].flavors[{f}].resources[{r}].borrowingLimit"), "set, but the ClusterQueue is in no cohort, so it has nobody to borrow from; set spec.cohortName or remove it"));
                }
            }
        }
    }
    Ok(())
}

fn implicit_cohorts(k: &mut Kueue, notes: &mut Vec<String>) {
    let named: Vec<(String, String)> = k
        .cluster_queues
        .iter()
        .filter_map(|q| {
            q.cohort
                .clone()
                .map(|c| (c, format!("ClusterQueue {}", q.name)))
        })
        .chain(
            k.cohorts
                .iter()
                .filter_map(|c| c.parent.clone().map(|p| (p, format!("Cohort {}", c.name)))),
        )
        .collect();
    for (cohort, by) in named {
        if !k.cohorts.iter().any(|c| c.name == cohort) {
            notes.push(format!("cohort {cohort}, named by {by}, has no Cohort object: Kueue makes it implicitly, a root with no quota of its own"));
            k.cohorts.push(Cohort {
                name: cohort,
                parent: None,
                resource_groups: Vec::new(),
                fair_sharing: None,
            });
        }
    }
}

fn check_cycles(k: &Kueue) -> Result<(), KueueError> {
    for start in &k.cohorts {
        let mut path = vec![start.name.as_str()];
        let mut at = start;
        while let Some(parent) = at.parent.as_deref() {
            if path.contains(&parent) {
                path.push(parent);
                return Err(KueueError::object(
                    "Cohort",
                    &start.name,
                    "spec.parentName",
                    format!(
                        "{parent} is already above it ({}); cohorts form a tree",
                        path.join(" -> ")
                    ),
                ));
            }
            path.push(parent);
            match k.cohorts.iter().find(|c| c.name == parent) {
                Some(next) => at = next,
                None => break,
            }
        }
    }
    Ok(())
}

fn check_local_queues(k: &Kueue) -> Result<(), KueueError> {
    for l in &k.local_queues {
        if !k.cluster_queues.iter().any(|q| q.name == l.cluster_queue) {
            return Err(KueueError::object(
                "LocalQueue",
                &format!("{}/{}", l.namespace, l.name),
                "spec.clusterQueue",
                format!("ClusterQueue {} is not in the file", l.cluster_queue),
            ));
        }
    }
    Ok(())
}
