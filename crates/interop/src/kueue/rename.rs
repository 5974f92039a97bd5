//! Names of Kueue objects, mapped kind by kind: on import from the file's `metadata.name` to the
//! scenario's names (the original a Quota Lab export kept in `quotalab.dev/name`), on export from
//! the scenario's free-text names to Kubernetes names. One pass renames every object and every
//! reference to it (a queue's flavors and cohort, a LocalQueue's ClusterQueue, a job's queue,
//! namespace, priority class and admitted flavors), so the two directions cannot drift apart.

use quotalab_engine::scenario::kueue::{Kueue, DEFAULT_NAMESPACE};
use quotalab_engine::scenario::{JobAttributes, JobMix, JobSpec};
use std::collections::BTreeMap;

/// `from -> to` per kind; a name not in its map stays as it is.
#[derive(Debug, Default)]
pub(crate) struct Renames {
    pub flavors: BTreeMap<String, String>,
    pub cohorts: BTreeMap<String, String>,
    pub queues: BTreeMap<String, String>,
    /// Keyed by (namespace, name), both before renaming.
    pub local_queues: BTreeMap<(String, String), String>,
    pub namespaces: BTreeMap<String, String>,
    pub classes: BTreeMap<String, String>,
}

fn get(map: &BTreeMap<String, String>, name: &str) -> String {
    map.get(name).cloned().unwrap_or_else(|| name.to_string())
}

impl Renames {
    fn namespace(&self, ns: &str) -> String {
        get(&self.namespaces, ns)
    }

    fn local_queue(&self, ns: &str, name: &str) -> String {
        self.local_queues
            .get(&(ns.to_string(), name.to_string()))
            .cloned()
            .unwrap_or_else(|| name.to_string())
    }

    /// Renames every object of `kueue` and every reference to one, in the jobs and mixes too.
    pub fn apply(&self, kueue: &mut Kueue, jobs: &mut [JobSpec], mixes: &mut [JobMix]) {
        for f in &mut kueue.resource_flavors {
            f.name = get(&self.flavors, &f.name);
        }
        let groups = |groups: &mut Vec<quotalab_engine::scenario::kueue::ResourceGroup>| {
            for fq in groups.iter_mut().flat_map(|g| &mut g.flavors) {
                fq.name = get(&self.flavors, &fq.name);
            }
        };
        for c in &mut kueue.cohorts {
            c.name = get(&self.cohorts, &c.name);
            c.parent = c.parent.as_deref().map(|p| get(&self.cohorts, p));
            groups(&mut c.resource_groups);
        }
        for q in &mut kueue.cluster_queues {
            q.name = get(&self.queues, &q.name);
            q.cohort = q.cohort.as_deref().map(|c| get(&self.cohorts, c));
            groups(&mut q.resource_groups);
        }
        for l in &mut kueue.local_queues {
            l.name = self.local_queue(&l.namespace, &l.name);
            l.namespace = self.namespace(&l.namespace);
            l.cluster_queue = get(&self.queues, &l.cluster_queue);
        }
        for p in &mut kueue.priority_classes {
            p.name = get(&self.classes, &p.name);
        }
        for n in &mut kueue.namespaces {
            n.name = self.namespace(&n.name);
        }
        for j in jobs.iter_mut() {
            j.share = j.share.as_deref().map(|s| get(&self.queues, s).into());
            for set in j.admitted.iter_mut().flat_map(|a| &mut a.pod_sets) {
                set.values_mut().for_each(|f| *f = get(&self.flavors, f));
            }
            // A job that sets none of the three holds no extras, and keeps holding none.
            if let Some(extras) = j.extras.as_deref_mut() {
                self.job_fields(
                    &mut extras.local_queue,
                    &mut extras.namespace,
                    &mut extras.priority_class,
                );
            }
        }
        for m in mixes.iter_mut() {
            m.share = m.share.as_deref().map(|s| get(&self.queues, s));
            let JobAttributes {
                local_queue,
                namespace,
                priority_class,
                ..
            } = &mut m.template;
            self.job_fields(local_queue, namespace, priority_class);
        }
    }

    fn job_fields(
        &self,
        lq: &mut Option<String>,
        ns: &mut Option<String>,
        class: &mut Option<String>,
    ) {
        let namespace = ns.clone().unwrap_or_else(|| DEFAULT_NAMESPACE.to_string());
        *lq = lq.as_deref().map(|l| self.local_queue(&namespace, l));
        *ns = ns.as_deref().map(|n| self.namespace(n));
        *class = class.as_deref().map(|c| get(&self.classes, c));
    }
}
