//! Workloads as the scenario's jobs (docs/FORMAT.md, "A job under Kueue"): each in the
//! ClusterQueue its LocalQueue leads to, arriving at its `creationTimestamp` (hour 0 is the
//! earliest in the file), its priority from `spec.priority` or its WorkloadPriorityClass, its
//! pods from its pod sets. Its run time is, in order: the one a Quota Lab export kept, else
//! `spec.maximumExecutionTimeSeconds`, else as long as a finished Workload ran, else
//! `--default-runtime` (docs/AWS_EXPORT.md, "Kueue"). A finished Workload is kept as history
//! with its `observed` outcome; with `--from-state` it is skipped and one the cluster had
//! admitted holds its flavors from hour 0 (`admitted`). Each Workload is a record of the one row
//! reader (`skip`), so skips are counted by reason as every import counts them.

use super::super::carried::{JobExtra, JOB_ANNOTATION, NAME_ANNOTATION};
use super::super::error::KueueError;
use super::super::shapes::workload::{Workload, WorkloadStatus, PRIORITY_CLASS_KIND};
use super::skip::{KueueReader, KueueSkip};
use super::ImportOptions;
use crate::account::timestamp::iso8601;
use crate::rows::Outcome;
use quotalab_engine::result::numbers::counted;
use quotalab_engine::scenario::kueue::{Admitted, Kueue, PodSet, DEFAULT_NAMESPACE};
use quotalab_engine::scenario::{JobExtras, JobSpec, Observed, ObservedStatus};
use std::collections::BTreeSet;

const MS_PER_H: f64 = 3_600_000.0;

/// What reading the Workloads needs besides them.
pub(super) struct Jobs<'a> {
    pub kueue: &'a Kueue,
    pub options: &'a ImportOptions,
    /// Epoch milliseconds of hour 0.
    pub zero_ms: i64,
    /// How many Workloads took their run time from where, for the import's notes.
    pub run_times: RunTimeCounts,
}

/// Workloads counted by where their run time came from, when it is not a field Kueue states:
/// the import notes what it chose (docs/AWS_EXPORT.md, "Kueue").
#[derive(Debug, Default)]
pub(super) struct RunTimeCounts {
    /// Finished without `spec.maximumExecutionTimeSeconds`: they run as long as they ran.
    pub observed: usize,
    /// Neither: they run `--default-runtime`.
    pub defaulted: usize,
}

impl RunTimeCounts {
    /// One note per source the import chose for Workloads without
    /// `spec.maximumExecutionTimeSeconds`, naming how many took it.
    pub fn notes(&self, options: &ImportOptions) -> Vec<String> {
        let workloads = |n: usize| counted(n as u64, "Workload");
        let mut notes = Vec::new();
        if self.observed > 0 {
            notes.push(format!(
                "{} without spec.maximumExecutionTimeSeconds but finished: each runs as long as it ran (admitted to finished)",
                workloads(self.observed)
            ));
        }
        if self.defaulted > 0 {
            notes.push(format!(
                "{} without a run time (no spec.maximumExecutionTimeSeconds, not finished): each runs --default-runtime {} h",
                workloads(self.defaulted),
                options.default_runtime_h
            ));
        }
        notes
    }
}

fn hours(ms: i64, zero: i64) -> f64 {
    (ms - zero) as f64 / MS_PER_H
}

/// Hour 0: the earliest `creationTimestamp` of the Workloads (the epoch when none has one).
pub(super) fn time_zero(workloads: &[Workload]) -> i64 {
    workloads
        .iter()
        .filter_map(|w| w.metadata.creation_timestamp.as_deref().and_then(iso8601))
        .min()
        .unwrap_or(0)
}

impl Jobs<'_> {
    /// The jobs of `workloads`, in file order, under the file's names; each Workload a record of
    /// `reader`, placed by its `namespace/name`.
    pub fn jobs(
        &mut self,
        workloads: &[Workload],
        reader: &mut KueueReader,
    ) -> Result<Vec<JobSpec>, KueueError> {
        let records = workloads.iter().map(|w| (label(w), w));
        let kept = reader
            .rows(records, |_, w| self.job(w))
            .map_err(|bad| bad.error)?;
        let mut out: Vec<JobSpec> = Vec::with_capacity(kept.len());
        let mut taken = BTreeSet::new();
        for (_, mut job) in kept {
            if !taken.insert(job.name.clone()) {
                let ns = job.namespace.as_deref().unwrap_or(DEFAULT_NAMESPACE);
                job.name = format!("{ns}/{}", job.name);
                taken.insert(job.name.clone());
            }
            out.push(job);
        }
        Ok(out)
    }

    fn job(&mut self, w: &Workload) -> Result<Outcome<JobSpec, KueueSkip>, KueueError> {
        let status = w.status.clone().unwrap_or_default();
        let finished = status.holds("Finished").is_some();
        if w.spec.active == Some(false) {
            return Ok(Outcome::Skip(KueueSkip::Deactivated));
        } else if finished && self.options.from_state {
            return Ok(Outcome::Skip(KueueSkip::Finished));
        } else if w.spec.queue_name.is_none() && status.admission.is_none() {
            return Ok(Outcome::Skip(KueueSkip::NoQueueName));
        }
        let error = |field: &str, message: String| {
            KueueError::object("Workload", &label(w), field, message)
        };
        let extra: JobExtra = match w.metadata.annotations.get(JOB_ANNOTATION) {
            Some(text) => serde_json::from_str(text).map_err(|e| {
                error(
                    &format!("metadata.annotations.{JOB_ANNOTATION}"),
                    e.to_string(),
                )
            })?,
            None => JobExtra::default(),
        };
        let (share, local_queue) = self.queue(w)?;
        let created = w.metadata.creation_timestamp.as_deref().and_then(iso8601);
        let submit_h = match (extra.submit_h, created) {
            (Some(h), _) => h,
            (None, Some(ms)) => hours(ms, self.zero_ms),
            (None, None) => {
                return Err(error(
                    "metadata.creationTimestamp",
                    "missing or not a time; a Workload arrives then".into(),
                ))
            }
        };
        let (priority, priority_class) = self.priority(w)?;
        let pod_sets = pod_sets(w);
        self.check_covered(w, &pod_sets)?;
        let mut job = JobSpec {
            name: w
                .metadata
                .annotations
                .get(NAME_ANNOTATION)
                .cloned()
                .unwrap_or_else(|| w.metadata.name.clone()),
            share: Some(share.into()),
            submit_h,
            duration_h: self.duration(w, &extra),
            priority,
            extras: JobExtras {
                priority_class,
                pod_sets,
                local_queue,
                namespace: w
                    .metadata
                    .namespace
                    .clone()
                    .filter(|n| n != DEFAULT_NAMESPACE),
                ..JobExtras::default()
            }
            .boxed(),
            observed: extra
                .observed
                .clone()
                .or_else(|| self.observed(w).map(Box::new)),
            admitted: self.admitted(w).map(Box::new),
            ..JobSpec::default()
        };
        extra.fill(&mut job);
        if job.admitted.is_some() {
            job.submit_h = 0.0;
        }
        Ok(Outcome::Keep(job))
    }

    /// The ClusterQueue (and the LocalQueue leading to it) under the file's names.
    fn queue(&self, w: &Workload) -> Result<(String, Option<String>), KueueError> {
        let ns = namespace(w);
        let Some(lq) = w.spec.queue_name.as_deref() else {
            let admitted = w
                .status
                .as_ref()
                .and_then(|s| s.admission.as_ref())
                .map(|a| a.cluster_queue.clone());
            return Ok((admitted.unwrap_or_default(), None));
        };
        match self
            .kueue
            .local_queues
            .iter()
            .find(|l| l.name == lq && l.namespace == ns)
        {
            Some(l) => Ok((l.cluster_queue.clone(), Some(lq.to_string()))),
            None => Err(KueueError::object(
                "Workload",
                &label(w),
                "spec.queueName",
                format!("LocalQueue {lq} is not in namespace {ns} in the file"),
            )),
        }
    }

    fn priority(&self, w: &Workload) -> Result<(i32, Option<String>), KueueError> {
        let by_ref = w
            .spec
            .priority_class_ref
            .as_ref()
            .filter(|r| r.kind.is_empty() || r.kind == PRIORITY_CLASS_KIND)
            .map(|r| (r.name.clone(), "spec.priorityClassRef.name"));
        let class = by_ref.or_else(|| {
            w.spec
                .priority_class_name
                .clone()
                .map(|n| (n, "spec.priorityClassName"))
        });
        let Some((name, field)) = class else {
            return Ok((w.spec.priority.unwrap_or(0), None));
        };
        match self.kueue.priority_classes.iter().find(|c| c.name == name) {
            Some(c) => Ok((w.spec.priority.unwrap_or(c.value), Some(name))),
            None => Err(KueueError::object(
                "Workload",
                &label(w),
                field,
                format!("WorkloadPriorityClass {name} is not in the file"),
            )),
        }
    }

    /// Kueue admits a workload only if its ClusterQueue covers every resource it requests.
    fn check_covered(&self, w: &Workload, sets: &[PodSet]) -> Result<(), KueueError> {
        let covered: BTreeSet<&str> = self
            .kueue
            .cluster_queues
            .iter()
            .flat_map(|q| &q.resource_groups)
            .flat_map(|g| &g.covered_resources)
            .map(String::as_str)
            .collect();
        for (i, set) in sets.iter().enumerate() {
            if let Some(r) = set.requests.keys().find(|r| !covered.contains(r.as_str())) {
                return Err(KueueError::object(
                    "Workload",
                    &label(w),
                    format!("spec.podSets[{i}].template.spec.containers[*].resources.requests"),
                    format!("requests {r}, which no ClusterQueue in the file covers"),
                ));
            }
        }
        Ok(())
    }

    /// The run time in hours. `spec.maximumExecutionTimeSeconds` is the contract's; a finished
    /// Workload without it runs what it really ran (admitted, or quota reserved, to finished),
    /// which says more than `--default-runtime` does.
    fn duration(&mut self, w: &Workload, extra: &JobExtra) -> f64 {
        if let Some(h) = extra.duration_h {
            return h;
        }
        if let Some(s) = w.spec.maximum_execution_time_seconds.filter(|s| *s > 0) {
            return s as f64 / 3600.0;
        }
        if let Some(h) = ran_h(w) {
            self.run_times.observed += 1;
            return h;
        }
        self.run_times.defaulted += 1;
        self.options.default_runtime_h
    }

    /// A finished Workload's outcome from its conditions.
    fn observed(&self, w: &Workload) -> Option<Observed> {
        let status = w.status.as_ref()?;
        let finished = status.holds("Finished")?;
        let at = |ms: Option<i64>| ms.map(|ms| hours(ms, self.zero_ms));
        Some(Observed {
            first_start_h: at(started_ms(status)),
            end_h: at(changed_ms(status, "Finished")),
            status: if finished.reason.as_deref() == Some("Succeeded") {
                ObservedStatus::Succeeded
            } else {
                ObservedStatus::Failed
            },
            reason: finished.message.clone().or_else(|| finished.reason.clone()),
            instance_type: None,
            preemptions: 0,
        })
    }

    /// With `--from-state`, a Workload admitted and not finished holds its flavors from hour 0.
    fn admitted(&self, w: &Workload) -> Option<Admitted> {
        if !self.options.from_state {
            return None;
        }
        let status = w.status.as_ref()?;
        let admission = status.admission.as_ref()?;
        let reserved = status.holds("QuotaReserved")?;
        let at_ms = reserved
            .last_transition_time
            .as_deref()
            .and_then(iso8601)
            .unwrap_or(self.zero_ms);
        let pod_sets = w
            .spec
            .pod_sets
            .iter()
            .map(|set| {
                admission
                    .pod_set_assignments
                    .iter()
                    .find(|a| a.name == set.name)
                    .map(|a| a.flavors.clone())
                    .unwrap_or_default()
            })
            .collect();
        Some(Admitted {
            at_h: hours(at_ms, self.zero_ms),
            pod_sets,
        })
    }
}

/// How long a finished Workload ran: from its `Admitted` (else `QuotaReserved`) condition to its
/// `Finished` one, when both have times and the finish is later.
fn ran_h(w: &Workload) -> Option<f64> {
    let status = w.status.as_ref()?;
    let start = started_ms(status)?;
    let end = changed_ms(status, "Finished")?;
    (end > start).then(|| hours(end, start))
}

/// When the condition `kind` last became true, in epoch milliseconds.
fn changed_ms(status: &WorkloadStatus, kind: &str) -> Option<i64> {
    status
        .holds(kind)
        .and_then(|c| c.last_transition_time.as_deref())
        .and_then(iso8601)
}

/// When a Workload started: its `Admitted` condition's time, else its `QuotaReserved` one's.
fn started_ms(status: &WorkloadStatus) -> Option<i64> {
    changed_ms(status, "Admitted").or_else(|| changed_ms(status, "QuotaReserved"))
}

fn namespace(w: &Workload) -> &str {
    w.metadata.namespace.as_deref().unwrap_or(DEFAULT_NAMESPACE)
}

fn label(w: &Workload) -> String {
    format!("{}/{}", namespace(w), w.metadata.name)
}

fn pod_sets(w: &Workload) -> Vec<PodSet> {
    w.spec
        .pod_sets
        .iter()
        .map(|s| PodSet {
            name: s.name.clone(),
            count: s.count,
            requests: s.template.spec.requests(),
            node_selector: s.template.spec.node_selector.clone(),
            node_affinity: s.template.spec.affinity_terms(),
            tolerations: s
                .template
                .spec
                .tolerations
                .iter()
                .cloned()
                .map(Into::into)
                .collect(),
        })
        .collect()
}

impl JobExtra {
    /// Puts the fields the annotation kept into `job`.
    fn fill(self, job: &mut JobSpec) {
        job.kind = self.kind;
        job.instance_count = self.instance_count;
        job.preferences = self.preferences;
        job.startup_h = self.startup_h;
        job.checkpoint_interval_h = self.checkpoint_interval_h;
        job.checkpoint_cost_h = self.checkpoint_cost_h;
        job.accelerator_memory_gib = self.accelerator_memory_gib;
        job.deadline_h = self.deadline_h;
    }
}
