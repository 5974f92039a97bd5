//! Checks of a scenario whose agreement is written as Kueue objects (docs/FORMAT.md, "Kueue" and
//! "A job under Kueue"): the rules Kueue's own API and webhooks put on those objects, the names
//! they refer to each other and jobs refer to them by, and the scenario fields that have no Kueue
//! counterpart. A message names the object by its kind and name ("ClusterQueue research"), as a
//! Kueue user knows it, and says what is allowed.
//!
//! `objects` checks the objects and their references, `quotas` the resource groups of
//! ClusterQueues and Cohorts, `jobs` the jobs and mixes submitted to them; `warnings` adds what
//! runs, but probably not as meant.

mod jobs;
mod objects;
mod quotas;
mod warnings;

use super::{name_problem, names, Context, Names};
use crate::diagnostic::Report;
use crate::scenario::job::JobAttributes;
use crate::scenario::kueue::{
    Admitted, ClusterQueue, Cohort, Kueue, LocalQueue, PodSet, PriorityClass, DEFAULT_NAMESPACE,
};
use crate::scenario::Scenario;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Display;

/// The errors, and the warnings that need no other check to have passed.
pub(super) fn check(scenario: &Scenario, context: &Context, report: &mut Report) {
    let Some(kueue) = &scenario.kueue else {
        return;
    };
    let index = Index::new(kueue);
    objects::check(scenario, &index, report);
    jobs::check(scenario, context, &index, report);
    warnings::objects(scenario, &index, report);
}

/// The warnings about jobs and their queues, which read names as resolved: validation runs them
/// only on a scenario without errors, as it does the AWS feasibility warnings.
pub(super) fn check_workload(scenario: &Scenario, context: &Context, report: &mut Report) {
    if let Some(kueue) = &scenario.kueue {
        warnings::workload(scenario, context, &Index::new(kueue), report);
    }
}

/// The Kueue objects by name. A duplicated name (an error) resolves to its first object.
pub(super) struct Index<'a> {
    pub kueue: &'a Kueue,
    flavors: BTreeMap<&'a str, usize>,
    cohorts: BTreeMap<&'a str, usize>,
    queues: BTreeMap<&'a str, usize>,
    /// By (namespace, name): a LocalQueue's name is unique within its namespace only.
    local_queues: BTreeMap<(&'a str, &'a str), usize>,
    priority_classes: BTreeMap<&'a str, usize>,
    /// Every resource some ClusterQueue covers.
    covered_anywhere: BTreeSet<&'a str>,
}

impl<'a> Index<'a> {
    fn new(kueue: &'a Kueue) -> Self {
        Index {
            kueue,
            flavors: names(kueue.resource_flavors.iter().map(|f| f.name.as_str())),
            cohorts: names(kueue.cohorts.iter().map(|c| c.name.as_str())),
            queues: names(kueue.cluster_queues.iter().map(|q| q.name.as_str())),
            local_queues: kueue
                .local_queues
                .iter()
                .enumerate()
                .rev()
                .map(|(i, q)| ((q.namespace.as_str(), q.name.as_str()), i))
                .collect(),
            priority_classes: names(kueue.priority_classes.iter().map(|c| c.name.as_str())),
            covered_anywhere: kueue
                .cluster_queues
                .iter()
                .flat_map(|q| &q.resource_groups)
                .flat_map(|g| g.covered_resources.iter().map(String::as_str))
                .collect(),
        }
    }

    pub fn has_flavor(&self, name: &str) -> bool {
        self.flavors.contains_key(name)
    }

    pub fn cohort_index(&self, name: &str) -> Option<usize> {
        self.cohorts.get(name).copied()
    }

    pub fn cohort(&self, name: &str) -> Option<&'a Cohort> {
        self.cohort_index(name).map(|i| &self.kueue.cohorts[i])
    }

    pub fn queue_index(&self, name: &str) -> Option<usize> {
        self.queues.get(name).copied()
    }

    pub fn queue(&self, name: &str) -> Option<&'a ClusterQueue> {
        self.queue_index(name)
            .map(|i| &self.kueue.cluster_queues[i])
    }

    pub fn local_queue(&self, namespace: &str, name: &str) -> Option<&'a LocalQueue> {
        self.local_queues
            .get(&(namespace, name))
            .map(|&i| &self.kueue.local_queues[i])
    }

    pub fn priority_class(&self, name: &str) -> Option<&'a PriorityClass> {
        self.priority_classes
            .get(name)
            .map(|&i| &self.kueue.priority_classes[i])
    }

    pub fn covered_anywhere(&self, resource: &str) -> bool {
        self.covered_anywhere.contains(resource)
    }

    /// The ClusterQueue a submission goes to: the one its `share` names, or the one its
    /// LocalQueue leads to; with both, they must agree (docs/FORMAT.md, "A job under Kueue").
    pub fn route(&self, s: &Submission) -> Result<&'a ClusterQueue, Misroute<'a>> {
        let through = match s.attributes.local_queue.as_deref() {
            None => None,
            Some(name) => Some(
                self.local_queue(s.namespace(), name)
                    .ok_or(Misroute::NoLocalQueue)?,
            ),
        };
        let name = match (s.share, through) {
            (None, None) => return Err(Misroute::Neither),
            (Some(share), Some(lq)) if share != lq.cluster_queue => {
                return Err(Misroute::Disagree(lq))
            }
            (Some(share), _) => share,
            (None, Some(lq)) => lq.cluster_queue.as_str(),
        };
        self.queue(name).ok_or(Misroute::NoQueue)
    }
}

/// Why a submission reaches no ClusterQueue.
pub(super) enum Misroute<'a> {
    /// It names neither a ClusterQueue nor a LocalQueue.
    Neither,
    /// Its LocalQueue is not one of its namespace's.
    NoLocalQueue,
    /// Its `share` and its LocalQueue name different ClusterQueues.
    Disagree(&'a LocalQueue),
    /// The ClusterQueue named (by `share`, or by its LocalQueue) does not exist.
    NoQueue,
}

/// A job, or a mix's jobs, as the Kueue checks read it.
pub(super) struct Submission<'a> {
    /// "job pretrain" or "job mix evals", for messages.
    pub label: String,
    /// The path of its `share` (`jobs[3].share`, `job_mixes[1].share`).
    pub share_path: String,
    /// The path its other fields are under (`jobs[3]`, `job_mixes[1].template`).
    pub path: String,
    pub share: Option<&'a str>,
    pub attributes: Cow<'a, JobAttributes>,
    /// An explicit job's admitted state and submission time.
    pub admitted: Option<(&'a Admitted, f64)>,
}

impl<'a> Submission<'a> {
    /// Its namespace: `default` unless it names one.
    pub fn namespace(&self) -> &str {
        self.attributes
            .namespace
            .as_deref()
            .unwrap_or(DEFAULT_NAMESPACE)
    }

    /// Its pod sets, or the one derived from its first preference when it lists none; none
    /// when it lists neither or the first preference's type is unknown (both errors).
    pub fn pod_sets(&self, context: &Context) -> Vec<Placed<'_>> {
        if !self.attributes.pod_sets.is_empty() {
            return (self.attributes.pod_sets.iter().enumerate())
                .map(|(p, set)| Placed {
                    set: Cow::Borrowed(set),
                    path: format!("{}.pod_sets[{p}]", self.path),
                    derived: false,
                })
                .collect();
        }
        let Some(first) = self.attributes.preferences.first() else {
            return Vec::new();
        };
        let Some(itype) = context.instance_type(&first.instance_type) else {
            return Vec::new();
        };
        let count = (self.attributes.instance_count)
            .or(first.instance_count)
            .unwrap_or(1);
        vec![Placed {
            set: Cow::Owned(PodSet::derived(count, itype)),
            path: format!("{}.preferences[0]", self.path),
            derived: true,
        }]
    }
}

/// Every job and mix of the scenario, in document order.
pub(super) fn submissions(scenario: &Scenario) -> impl Iterator<Item = Submission<'_>> {
    let jobs = scenario.jobs.iter().enumerate().map(|(i, job)| Submission {
        label: format!("job {}", job.name),
        share_path: format!("jobs[{i}].share"),
        path: format!("jobs[{i}]"),
        share: job.share.as_deref(),
        attributes: Cow::Owned(job.attributes()),
        admitted: job.admitted.as_deref().map(|a| (a, job.submit_h)),
    });
    let mixes = scenario
        .job_mixes
        .iter()
        .enumerate()
        .map(|(i, mix)| Submission {
            label: format!("job mix {}", mix.name),
            share_path: format!("job_mixes[{i}].share"),
            path: format!("job_mixes[{i}].template"),
            share: mix.share.as_deref(),
            attributes: Cow::Borrowed(&mix.template),
            admitted: None,
        });
    jobs.chain(mixes)
}

/// A pod set of a submission, with where it is written.
pub(super) struct Placed<'a> {
    pub set: Cow<'a, PodSet>,
    /// The pod set's path; for the derived one, its first preference's.
    pub path: String,
    derived: bool,
}

impl Placed<'_> {
    /// How messages name it.
    pub fn label(&self) -> String {
        if self.derived {
            format!(
                "its default pod set {} (from its first preference)",
                self.set.name
            )
        } else {
            format!("pod set {}", self.set.name)
        }
    }

    /// The path of its request for `resource`; for the derived one, the type it comes from.
    pub fn request_path(&self, resource: &str) -> String {
        if self.derived {
            format!("{}.instance_type", self.path)
        } else {
            format!("{}.requests.{resource}", self.path)
        }
    }

    /// What all its pods request of `resource` together, in Kueue's units (milli-units for
    /// `cpu`, whole units otherwise).
    pub fn total(&self, resource: &str) -> i64 {
        self.set.requests.get(resource).map_or(0, |q| {
            q.amount_of(resource)
                .saturating_mul(i64::from(self.set.count))
        })
    }
}

/// A Kueue object's name, by the rule every name follows (docs/FORMAT.md, "Conventions"); the
/// message starts with `label`, the object as its kind and name.
pub(super) fn check_name<'a>(
    report: &mut Report,
    path: &dyn Display,
    label: &str,
    name: &'a str,
    seen: &mut Names<'a>,
    kind: &str,
) {
    if let Some(problem) = name_problem(name, seen, kind) {
        let message = if name.trim().is_empty() {
            problem
        } else {
            format!("{label}: {problem}")
        };
        report.error(path.to_string(), message);
    }
}

/// At most this many names are listed in a message.
const LISTED: usize = 8;

/// Names for a message, in their order: "(a, b)", the first eight and how many more, or
/// "(there are none)".
pub(super) fn listed<'n>(names: impl IntoIterator<Item = &'n str>) -> String {
    let names: Vec<&str> = names.into_iter().collect();
    if names.is_empty() {
        return "(there are none)".to_string();
    }
    let shown = names[..names.len().min(LISTED)].join(", ");
    match names.len().saturating_sub(LISTED) {
        0 => format!("({shown})"),
        more => format!("({shown} and {more} more)"),
    }
}

/// "flavor a100 is not one of the ResourceFlavors (a100-ondemand, h100)".
pub(super) fn not_among<'n>(
    what: &str,
    name: &str,
    kinds: &str,
    names: impl IntoIterator<Item = &'n str>,
) -> String {
    format!("{what} {name} is not one of the {kinds} {}", listed(names))
}
