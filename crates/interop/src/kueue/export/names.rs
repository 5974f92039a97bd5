//! Kubernetes names for a scenario's Kueue objects and jobs: a name that already is one stays
//! (so `ml.g5.xlarge` and `research` are written as they are); any other becomes a DNS-1123
//! subdomain (a label for namespaces), unique in its kind, and the object keeps its original
//! name in the annotation `quotalab.dev/name` for the import to restore.

use super::super::rename::Renames;
use crate::names::{k8s_label, k8s_subdomain};
use quotalab_engine::scenario::kueue::{Kueue, DEFAULT_NAMESPACE};
use quotalab_engine::scenario::JobSpec;
use quotalab_engine::translate::names::{is_dns_label, is_dns_subdomain};
use std::collections::{BTreeMap, HashSet};

/// Kubernetes names for `names`, in order: each kept when it is one and not yet taken.
fn map(names: impl IntoIterator<Item = String>, label: bool) -> BTreeMap<String, String> {
    let names: Vec<String> = names.into_iter().collect();
    let valid = |n: &str| {
        if label {
            is_dns_label(n)
        } else {
            is_dns_subdomain(n)
        }
    };
    let mut taken: HashSet<String> = names.iter().filter(|n| valid(n)).cloned().collect();
    let mut out = BTreeMap::new();
    for n in names {
        if out.contains_key(&n) {
            continue;
        }
        let k8s = if valid(&n) {
            n.clone()
        } else if label {
            k8s_label(&n, &mut taken)
        } else {
            k8s_subdomain(&n, &mut taken)
        };
        out.insert(n, k8s);
    }
    out
}

/// The renames from the scenario's names to Kubernetes names.
pub(super) fn renames(kueue: &Kueue, jobs: &[JobSpec]) -> Renames {
    let namespaces = kueue
        .namespaces
        .iter()
        .map(|n| n.name.clone())
        .chain(kueue.local_queues.iter().map(|l| l.namespace.clone()))
        .chain(jobs.iter().filter_map(|j| j.namespace.clone()));
    let mut local_queues = BTreeMap::new();
    let mut by_namespace: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for l in &kueue.local_queues {
        by_namespace
            .entry(&l.namespace)
            .or_default()
            .push(l.name.clone());
    }
    for (ns, names) in by_namespace {
        for (from, to) in map(names, false) {
            local_queues.insert((ns.to_string(), from), to);
        }
    }
    Renames {
        flavors: map(kueue.resource_flavors.iter().map(|f| f.name.clone()), false),
        cohorts: map(kueue.cohorts.iter().map(|c| c.name.clone()), false),
        queues: map(kueue.cluster_queues.iter().map(|q| q.name.clone()), false),
        local_queues,
        namespaces: map(namespaces, true),
        classes: map(kueue.priority_classes.iter().map(|c| c.name.clone()), false),
    }
}

/// A Workload name per job, unique in its namespace.
pub(super) fn workloads(jobs: &[JobSpec]) -> Vec<String> {
    let mut taken: BTreeMap<String, HashSet<String>> = BTreeMap::new();
    for j in jobs.iter().filter(|j| is_dns_subdomain(&j.name)) {
        taken
            .entry(namespace(j))
            .or_default()
            .insert(j.name.clone());
    }
    jobs.iter()
        .map(|j| {
            let names = taken.entry(namespace(j)).or_default();
            if is_dns_subdomain(&j.name) {
                j.name.clone()
            } else {
                k8s_subdomain(&j.name, names)
            }
        })
        .collect()
}

fn namespace(j: &JobSpec) -> String {
    j.namespace
        .clone()
        .unwrap_or_else(|| DEFAULT_NAMESPACE.to_string())
}
