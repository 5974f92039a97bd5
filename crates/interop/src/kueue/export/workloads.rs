//! A job as a Workload: its pod sets as pod templates, its LocalQueue, priority and run time
//! (`maximumExecutionTimeSeconds`), created at its submission, and for a job of the cluster's
//! state its admission in `status`. What a Workload has no field for is the annotation
//! `quotalab.dev/job`.

use super::super::carried::{JobExtra, JOB_ANNOTATION, NAME_ANNOTATION};
use super::super::shapes::workload::{
    Admission, Affinity, Condition, Container, NodeAffinity, NodeSelector, NodeSelectorTerm,
    PodSet, PodSetAssignment, PodSpec, PodTemplate, PriorityClassRef, Resources, Workload,
    WorkloadSpec, WorkloadStatus, PRIORITY_CLASS_GROUP, PRIORITY_CLASS_KIND,
};
use super::super::shapes::Metadata;
use super::super::API_VERSION;
use super::time;
use quotalab_engine::json_text;
use quotalab_engine::scenario::kueue::{self as k, DEFAULT_NAMESPACE};
use quotalab_engine::scenario::JobSpec;
use std::collections::BTreeMap;

/// The Workload of `job` (its names already Kubernetes names), called `name`; `original` is
/// the job's own name.
pub(super) fn workload(job: &JobSpec, name: &str, original: &str, zero_ms: i64) -> Workload {
    let mut annotations = BTreeMap::new();
    if name != original {
        annotations.insert(NAME_ANNOTATION.to_string(), original.to_string());
    }
    let extra = json_text::compact(&extra(job));
    annotations.insert(JOB_ANNOTATION.to_string(), extra);
    Workload {
        api_version: API_VERSION.to_string(),
        kind: "Workload".to_string(),
        metadata: Metadata {
            name: name.to_string(),
            namespace: Some(
                job.namespace
                    .clone()
                    .unwrap_or_else(|| DEFAULT_NAMESPACE.into()),
            ),
            creation_timestamp: Some(time(zero_ms, job.submit_h)),
            labels: BTreeMap::new(),
            annotations,
        },
        spec: WorkloadSpec {
            pod_sets: job.pod_sets.iter().map(pod_set).collect(),
            queue_name: job.local_queue.clone(),
            priority: Some(job.priority),
            priority_class_name: None,
            priority_class_ref: job.priority_class.as_ref().map(|c| PriorityClassRef {
                group: PRIORITY_CLASS_GROUP.into(),
                kind: PRIORITY_CLASS_KIND.into(),
                name: c.clone(),
            }),
            maximum_execution_time_seconds: Some((job.duration_h * 3600.0).ceil().max(1.0) as i64),
            active: None,
        },
        status: job.admitted.as_ref().map(|a| status(job, a, zero_ms)),
    }
}

fn extra(job: &JobSpec) -> JobExtra {
    JobExtra {
        submit_h: Some(job.submit_h),
        duration_h: Some(job.duration_h),
        kind: job.kind,
        instance_count: job.instance_count,
        preferences: job.preferences.clone(),
        startup_h: job.startup_h,
        checkpoint_interval_h: job.checkpoint_interval_h,
        checkpoint_cost_h: job.checkpoint_cost_h,
        accelerator_memory_gib: job.accelerator_memory_gib,
        deadline_h: job.deadline_h,
        observed: job.observed.clone(),
    }
}

fn pod_set(s: &k::PodSet) -> PodSet {
    let affinity = (!s.node_affinity.is_empty()).then(|| Affinity {
        node_affinity: Some(NodeAffinity {
            required_during_scheduling_ignored_during_execution: Some(NodeSelector {
                node_selector_terms: s
                    .node_affinity
                    .iter()
                    .map(|t| NodeSelectorTerm {
                        match_expressions: t.clone(),
                    })
                    .collect(),
            }),
        }),
    });
    PodSet {
        name: s.name.clone(),
        count: s.count,
        template: PodTemplate {
            spec: PodSpec {
                containers: vec![Container {
                    name: "main".into(),
                    resources: Resources {
                        requests: s.requests.clone(),
                        limits: BTreeMap::new(),
                    },
                }],
                init_containers: Vec::new(),
                node_selector: s.node_selector.clone(),
                affinity,
                tolerations: s.tolerations.iter().map(Into::into).collect(),
            },
        },
    }
}

/// A job of the cluster's state: its quota reserved and admitted at `at_h`, on its flavors.
fn status(job: &JobSpec, a: &k::Admitted, zero_ms: i64) -> WorkloadStatus {
    let at = time(zero_ms, a.at_h);
    let condition = |kind: &str| Condition {
        kind: kind.into(),
        status: "True".into(),
        last_transition_time: Some(at.clone()),
        reason: Some(kind.into()),
        message: None,
    };
    WorkloadStatus {
        conditions: vec![condition("QuotaReserved"), condition("Admitted")],
        admission: Some(Admission {
            cluster_queue: job.share.as_deref().unwrap_or_default().to_string(),
            pod_set_assignments: job
                .pod_sets
                .iter()
                .zip(&a.pod_sets)
                .map(|(s, flavors)| PodSetAssignment {
                    name: s.name.clone(),
                    flavors: flavors.clone(),
                    count: Some(s.count),
                })
                .collect(),
        }),
    }
}
