//! `submit-service-job` skeletons: one per job mix (its template) and one per group of explicit
//! jobs that would be submitted alike (same share, priority, preference list, counts, limits).
//! A skeleton is a complete, valid request with placeholders for what Quota Lab does not know
//! (role, image, S3 paths, training plan ARNs).

use super::shapes::*;
use super::{MAX_PENDING_RANGE_S, MAX_SCHEDULING_PRIORITY};
use quotalab_engine::json_text;
use quotalab_engine::scenario::{
    DurationDistribution, DurationSpec, JobAttributes, JobKind, Scenario,
};
use std::collections::BTreeMap;

pub(super) struct Skeleton {
    pub file_stem: String,
    pub request: SubmitServiceJob,
    pub warnings: Vec<String>,
}

/// What a skeleton is made from: a template, its share, a name, a representative duration.
struct Source<'a> {
    path: String,
    name: String,
    share: Option<&'a str>,
    attributes: JobAttributes,
    duration_h: f64,
    tags: BTreeMap<String, String>,
}

pub(super) fn job_skeletons(
    scenario: &Scenario,
    queue: &str,
    share_names: &BTreeMap<String, String>,
) -> Vec<Skeleton> {
    let mut sources = Vec::new();
    for (i, mix) in scenario.job_mixes.iter().enumerate() {
        let mut tags = BTreeMap::new();
        tags.insert("quotalab:mix".to_string(), mix.name.clone());
        sources.push(Source {
            path: format!("job_mixes[{i}].template"),
            name: mix.name.clone(),
            share: mix.share.as_deref(),
            attributes: mix.template.clone(),
            duration_h: representative_hours(&mix.duration_h),
            tags,
        });
    }
    sources.extend(explicit_groups(scenario));
    let mut used = std::collections::HashSet::new();
    sources
        .into_iter()
        .map(|source| {
            let stem = crate::names::aws(&source.name, &mut used);
            skeleton(scenario, queue, share_names, source, stem)
        })
        .collect()
}

/// A mix's duration for sizing `MaxRuntimeInSeconds`: the fixed value, the uniform maximum, or
/// the lognormal's 90th percentile.
fn representative_hours(spec: &DurationSpec) -> f64 {
    match spec {
        DurationSpec::Fixed(h) => *h,
        DurationSpec::Distribution(DurationDistribution::Uniform { max_h, .. }) => *max_h,
        DurationSpec::Distribution(DurationDistribution::Lognormal { p90_h, .. }) => *p90_h,
    }
}

/// Explicit jobs grouped by everything a submission states except name, time and duration.
fn explicit_groups(scenario: &Scenario) -> Vec<Source<'_>> {
    let mut groups: Vec<(String, Source, usize)> = Vec::new();
    for (i, job) in scenario.jobs.iter().enumerate() {
        let mut key_attributes = job.attributes();
        for p in &mut key_attributes.preferences {
            p.duration_h = None;
        }
        key_attributes.deadline_h = None;
        key_attributes.checkpoint_interval_h = key_attributes.checkpoint_interval_h.map(|_| 1.0);
        key_attributes.checkpoint_cost_h = 0.0;
        key_attributes.startup_h = 0.0;
        key_attributes.accelerator_memory_gib = None;
        let key = json_text::compact(&(&job.share, &key_attributes));
        let longest = job
            .preferences
            .iter()
            .filter_map(|p| p.duration_h)
            .fold(job.duration_h, f64::max);
        match groups.iter_mut().find(|g| g.0 == key) {
            Some((_, source, count)) => {
                *count += 1;
                source.duration_h = source.duration_h.max(longest);
            }
            None => groups.push((
                key,
                Source {
                    path: format!("jobs[{i}]"),
                    name: format!("{}-like", job.name),
                    share: job.share.as_deref(),
                    attributes: job.attributes(),
                    duration_h: longest,
                    tags: BTreeMap::new(),
                },
                1,
            )),
        }
    }
    groups
        .into_iter()
        .map(|(_, mut source, count)| {
            source
                .tags
                .insert("quotalab:jobs".into(), count.to_string());
            source.tags.insert(
                "quotalab:first-job".into(),
                source.name.trim_end_matches("-like").to_string(),
            );
            source
        })
        .collect()
}

fn skeleton(
    scenario: &Scenario,
    queue: &str,
    share_names: &BTreeMap<String, String>,
    source: Source,
    stem: String,
) -> Skeleton {
    let mut warnings = Vec::new();
    let a = &source.attributes;
    let path = &source.path;
    if a.kind == JobKind::Processing {
        warnings.push(format!("{path}: AWS Batch service jobs run SageMaker Training only; this processing job is written as a training job skeleton"));
    }
    let priority = priority(a, path, &mut warnings);
    list_warnings(a, path, &mut warnings);
    let runtime = runtime_seconds(source.duration_h + a.startup_h);
    let max_pending = max_pending(a, path, &mut warnings);
    plan_warnings(a, path, &mut warnings);
    let (resource_config, stopping_condition, spot) = if a.spot {
        spot_config(a, runtime)
    } else {
        on_demand_config(a, runtime, max_pending)
    };
    if max_pending.is_some() && a.spot {
        warnings.push(format!("{path}.max_pending_h: MaxPendingTimeInSeconds applies to instance preference lists, not to managed spot; left out"));
    }
    let training_job_name = training_job_name(&source.name);
    let payload = TrainingJobRequest {
        training_job_name: training_job_name.clone(),
        role_arn: "<SAGEMAKER_EXECUTION_ROLE_ARN>".into(),
        algorithm_specification: AlgorithmSpecification {
            training_image: "<TRAINING_IMAGE_URI>".into(),
            training_input_mode: "File".into(),
        },
        output_data_config: OutputDataConfig {
            s3_output_path: "<S3_OUTPUT_PATH>".into(),
        },
        resource_config,
        stopping_condition,
        checkpoint_config: a.checkpoint_interval_h.map(|_| CheckpointConfig {
            s3_uri: format!("<S3_CHECKPOINT_URI>/{training_job_name}"),
            local_path: "/opt/ml/checkpoints".into(),
        }),
        enable_managed_spot_training: spot,
    };
    let quota_share_name = source
        .share
        .map(|s| share_names.get(s).cloned().unwrap_or_else(|| s.to_string()));
    if quota_share_name.is_none() && !scenario.quota_shares.is_empty() {
        warnings.push(format!(
            "{path}: a quota-management queue requires quotaShareName"
        ));
    }
    Skeleton {
        file_stem: stem.clone(),
        request: SubmitServiceJob {
            job_name: stem,
            job_queue: queue.into(),
            service_job_type: "SAGEMAKER_TRAINING".into(),
            quota_share_name,
            scheduling_priority: priority,
            preemption_configuration: a.preemption_retries.map(|n| {
                ServiceJobPreemptionConfiguration {
                    preemption_retries_before_termination: n,
                }
            }),
            service_request_payload: json_text::compact(&payload),
            tags: source.tags,
        },
        warnings,
    }
}

/// `schedulingPriority`, at most AWS's maximum.
fn priority(a: &JobAttributes, path: &str, warnings: &mut Vec<String>) -> u32 {
    if a.priority.max(0) as u32 > MAX_SCHEDULING_PRIORITY {
        warnings.push(format!("{path}.priority: schedulingPriority is 0 to {MAX_SCHEDULING_PRIORITY}; written as {MAX_SCHEDULING_PRIORITY}"));
        MAX_SCHEDULING_PRIORITY
    } else {
        a.priority.max(0) as u32
    }
}

/// What SageMaker refuses of a preference list: more than 5 entries, counts set both ways.
fn list_warnings(a: &JobAttributes, path: &str, warnings: &mut Vec<String>) {
    if a.preferences.len() > 5 {
        warnings.push(format!(
            "{path}.preferences: SageMaker takes 1 to 5 instance preferences; this list has {}",
            a.preferences.len()
        ));
    }
    if per_entry(a)
        && (a.instance_count.is_some() || a.preferences.iter().any(|p| p.instance_count.is_none()))
    {
        warnings.push(format!("{path}: SageMaker rejects InstanceCount set both per preference and for the job, or on only some preferences"));
    }
}

/// Whether any entry sets its own instance count.
fn per_entry(a: &JobAttributes) -> bool {
    a.preferences.iter().any(|p| p.instance_count.is_some())
}

/// `MaxPendingTimeInSeconds`, clamped to SageMaker's range.
fn max_pending(a: &JobAttributes, path: &str, warnings: &mut Vec<String>) -> Option<u32> {
    a.max_pending_h.map(|h| {
        let s = (h * 3600.0).round();
        let clamped = s.clamp(*MAX_PENDING_RANGE_S.start() as f64, *MAX_PENDING_RANGE_S.end() as f64) as u32;
        if s != f64::from(clamped) {
            warnings.push(format!(
                "{path}.max_pending_h: MaxPendingTimeInSeconds must be {} to {} (2 to 672 hours); {h} h is written as {clamped}",
                MAX_PENDING_RANGE_S.start(),
                MAX_PENDING_RANGE_S.end()
            ));
        }
        clamped
    })
}

/// What managed spot and training plans cannot be combined with.
fn plan_warnings(a: &JobAttributes, path: &str, warnings: &mut Vec<String>) {
    let planned = a.preferences.iter().any(|p| p.training_plan.is_some());
    if a.spot && a.preferences.len() > 1 {
        warnings.push(format!("{path}: managed spot training cannot be combined with instance preferences; only the first entry is written"));
    }
    if a.spot && planned {
        warnings.push(format!(
            "{path}: managed spot training cannot use a training plan"
        ));
    }
    if a.kind == JobKind::Processing && planned {
        warnings.push(format!("{path}: training plans are for training jobs only"));
    }
}

/// A managed spot job: its first entry's type, and a wait time that bounds the run.
fn spot_config(
    a: &JobAttributes,
    runtime: u32,
) -> (ResourceConfig, StoppingCondition, Option<bool>) {
    let first = a.preferences.first();
    let wait = a
        .max_wait_h
        .map(|h| (h * 3600.0).round().clamp(1.0, 2_419_200.0) as u32)
        .unwrap_or(runtime);
    (
        ResourceConfig {
            instance_type: first.map(|p| p.instance_type.to_string()),
            instance_count: first.and_then(|p| p.instance_count).or(a.instance_count),
            instance_preferences: Vec::new(),
            volume_size_in_gb: 50,
        },
        StoppingCondition {
            max_runtime_in_seconds: runtime.min(wait),
            max_wait_time_in_seconds: Some(wait),
            max_pending_time_in_seconds: None,
        },
        Some(true),
    )
}

/// An on-demand job: its preference list, with plan ARN placeholders.
fn on_demand_config(
    a: &JobAttributes,
    runtime: u32,
    max_pending: Option<u32>,
) -> (ResourceConfig, StoppingCondition, Option<bool>) {
    let per_entry = per_entry(a);
    let plan_arn = |plan: &str| {
        let mut taken = std::collections::HashSet::new();
        format!(
            "arn:aws:sagemaker:<REGION>:<ACCOUNT_ID>:training-plan/{}",
            crate::names::k8s_label(plan, &mut taken)
        )
    };
    (
        ResourceConfig {
            instance_type: None,
            instance_count: if per_entry { None } else { a.instance_count },
            instance_preferences: a
                .preferences
                .iter()
                .map(|p| InstancePreference {
                    instance_type: p.instance_type.to_string(),
                    instance_count: if per_entry { p.instance_count } else { None },
                    training_plan_arns: p.training_plan.iter().map(|plan| plan_arn(plan)).collect(),
                })
                .collect(),
            volume_size_in_gb: 50,
        },
        StoppingCondition {
            max_runtime_in_seconds: runtime,
            max_wait_time_in_seconds: None,
            max_pending_time_in_seconds: max_pending,
        },
        None,
    )
}

/// `MaxRuntimeInSeconds` (ours): the duration plus half again, rounded up to a whole hour, at
/// most 28 days, so the skeleton does not stop a job the scenario expects to finish.
fn runtime_seconds(hours: f64) -> u32 {
    let with_margin = (hours * 1.5).max(1.0).ceil();
    (with_margin * 3600.0).min(2_419_200.0) as u32
}

/// SageMaker training job names: letters, digits and hyphens, starting with a letter or digit,
/// at most 63 characters.
fn training_job_name(name: &str) -> String {
    let mapped: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let trimmed: String = mapped.trim_matches('-').chars().take(63).collect();
    if trimmed.is_empty() {
        "quotalab-job".into()
    } else {
        trimmed
    }
}
