//! SageMaker: `describe-training-job` (the attempt behind a service job: its startup, the type
//! it ran on), `describe-training-plan`, and the `CreateTrainingJob` request that travels in a
//! service job's `serviceRequestPayload`. Shapes as botocore's `sagemaker` model defines them;
//! its `timestamp`s are ISO 8601 as the AWS CLI prints them.

use super::history::Entry;
use super::pages::{Collected, Item};
use super::timestamp::millis;
use super::unmapped::UnmappedList;
use serde_json::Value;
use std::collections::BTreeMap;

/// What a training job adds to its service job.
#[derive(Debug, Clone, Default)]
pub struct TrainingJob {
    /// From its first provisioning status to `Training`.
    pub startup_s: Option<f64>,
    /// `ResourceConfig.SelectedInstanceType` (a preference list), else `InstanceType`.
    pub instance_type: Option<String>,
    pub failure_reason: Option<String>,
}

/// Training jobs by ARN and by name.
#[derive(Debug, Default)]
pub struct TrainingJobs(BTreeMap<String, TrainingJob>);

impl TrainingJobs {
    pub fn get(&self, key: &str) -> Option<&TrainingJob> {
        self.0.get(key)
    }
}

/// The secondary statuses that provision and prepare an attempt before it trains.
const STARTUP_STATUSES: &[&str] = &[
    "Starting",
    "LaunchingMLInstances",
    "PreparingTrainingStack",
    "Downloading",
    "DownloadingTrainingImage",
];

pub fn training_jobs(collected: &Collected) -> TrainingJobs {
    let mut out = BTreeMap::new();
    for item in &collected.training_jobs.items {
        let job = TrainingJob {
            startup_s: startup(item),
            instance_type: item
                .str("ResourceConfig/SelectedInstanceType")
                .or(item.str("ResourceConfig/InstanceType"))
                .map(str::to_string),
            failure_reason: item.str("FailureReason").map(str::to_string),
        };
        for key in [item.str("TrainingJobArn"), item.str("TrainingJobName")]
            .into_iter()
            .flatten()
        {
            out.insert(key.to_string(), job.clone());
        }
    }
    TrainingJobs(out)
}

fn status_of(transition: &Value) -> &str {
    transition
        .get("Status")
        .and_then(Value::as_str)
        .unwrap_or("")
}

/// Seconds from the first provisioning transition to `Training`.
fn startup(item: &Item) -> Option<f64> {
    let transitions = item.array("SecondaryStatusTransitions");
    let at = |status: &Value| status.get("StartTime").and_then(millis);
    let training = transitions
        .iter()
        .find(|t| status_of(t) == "Training")
        .and_then(at)?;
    let first = transitions
        .iter()
        .filter(|t| STARTUP_STATUSES.contains(&status_of(t)))
        .filter_map(at)
        .min()?;
    (training >= first).then(|| (training - first) as f64 / 1000.0)
}

/// A training plan read from `describe-training-plan`, in source time.
#[derive(Debug, Clone)]
pub struct Plan {
    pub label: String,
    pub name: String,
    pub instance_type: String,
    pub count: u32,
    pub blocks_ms: Vec<(i64, i64)>,
    pub upfront_cost: f64,
}

/// Plans, and their names by ARN (a payload names plans by ARN).
#[derive(Debug, Default)]
pub struct Plans {
    pub plans: Vec<Plan>,
    pub by_arn: BTreeMap<String, String>,
}

pub fn training_plans(collected: &Collected, unmapped: &mut UnmappedList) -> Plans {
    let mut plans = Plans::default();
    for item in &collected.training_plans.items {
        match plan(item, unmapped) {
            Some(p) => {
                if let Some(arn) = item.str("TrainingPlanArn") {
                    plans.by_arn.insert(arn.to_string(), p.name.clone());
                }
                plans.plans.push(p);
            }
            None => unmapped.push(
                &item.label,
                "",
                "a training plan without a name, instance type, count or time window; skipped",
            ),
        }
    }
    plans
}

fn plan(item: &Item, unmapped: &mut UnmappedList) -> Option<Plan> {
    let name = item.str("TrainingPlanName")?.to_string();
    let summaries = item.array("ReservedCapacitySummaries");
    let types: Vec<&str> = summaries
        .iter()
        .filter_map(|s| s.get("InstanceType").and_then(Value::as_str))
        .collect();
    let instance_type = types.first()?.to_string();
    if types.iter().any(|t| *t != instance_type) {
        unmapped.push(
            &item.label,
            "ReservedCapacitySummaries",
            format!("reserves several instance types; Quota Lab's plan has one, {instance_type}"),
        );
    }
    let count = item
        .get("TotalInstanceCount")
        .and_then(Value::as_u64)
        .and_then(|n| u32::try_from(n).ok())?;
    let window = |v: &Value| {
        Some((
            v.get("StartTime").and_then(millis)?,
            v.get("EndTime").and_then(millis)?,
        ))
    };
    let mut blocks_ms: Vec<(i64, i64)> = summaries.iter().filter_map(window).collect();
    if blocks_ms.is_empty() {
        blocks_ms.extend(window(&item.value));
    }
    blocks_ms.sort_unstable();
    blocks_ms.dedup();
    if blocks_ms.is_empty() {
        return None;
    }
    let upfront_cost = item
        .str("UpfrontFee")
        .and_then(|f| f.trim().parse::<f64>().ok())
        .filter(|f| f.is_finite() && *f >= 0.0)
        .unwrap_or(0.0);
    Some(Plan {
        label: item.label.clone(),
        name,
        instance_type,
        count,
        blocks_ms,
        upfront_cost,
    })
}

/// The parts of a `CreateTrainingJob` request that shape a job in the scenario.
#[derive(Debug, Clone, Default)]
pub struct Payload {
    pub training_job_name: Option<String>,
    pub preferences: Vec<Entry>,
    pub instance_count: Option<u32>,
    pub max_pending_s: Option<f64>,
    pub max_runtime_s: Option<f64>,
}

/// The member of a service job that holds the request.
const FIELD: &str = "serviceRequestPayload";

/// A positive count that fits a `u32`.
fn count(v: Option<&Value>) -> Option<u32> {
    v.and_then(Value::as_u64)
        .and_then(|n| u32::try_from(n).ok())
        .filter(|n| *n > 0)
}

/// Reads `serviceRequestPayload`; what it cannot carry is listed under that field.
pub fn payload(
    text: &str,
    plans: &Plans,
    label: &str,
    unmapped: &mut UnmappedList,
) -> Option<Payload> {
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            unmapped.push(
                label,
                FIELD,
                format!("not a JSON CreateTrainingJob request ({e})"),
            );
            return None;
        }
    };
    let get = |path: &str| path.split('/').try_fold(&value, |v, k| v.get(k));
    let seconds = |path: &str| {
        get(path)
            .and_then(Value::as_f64)
            .filter(|s| s.is_finite() && *s > 0.0)
    };
    let listed = get("ResourceConfig/InstancePreferences")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    let mut preferences: Vec<Entry> = listed
        .iter()
        .enumerate()
        .filter_map(|(i, p)| preference(i, p, plans, label, unmapped))
        .collect();
    if preferences.is_empty() {
        if let Some(t) = get("ResourceConfig/InstanceType").and_then(Value::as_str) {
            let training_plan = get("ResourceConfig/TrainingPlanArn")
                .and_then(Value::as_str)
                .and_then(|arn| plans.by_arn.get(arn).cloned());
            preferences.push(Entry {
                instance_type: t.to_string(),
                instance_count: None,
                training_plan,
            });
        }
    }
    if get("EnableManagedSpotTraining").and_then(Value::as_bool) == Some(true) {
        unmapped.push(label, &format!("{FIELD}.EnableManagedSpotTraining"), "managed spot capacity is not in the account's documents; the job is imported on demand");
    }
    if get("ResourceConfig/InstanceGroups").is_some_and(|g| !g.is_null()) {
        unmapped.push(label, &format!("{FIELD}.ResourceConfig.InstanceGroups"), "heterogeneous clusters are not modelled; the job's preferences are its InstanceType or InstancePreferences");
    }
    Some(Payload {
        training_job_name: get("TrainingJobName")
            .and_then(Value::as_str)
            .map(str::to_string),
        preferences,
        instance_count: count(get("ResourceConfig/InstanceCount")),
        max_pending_s: seconds("StoppingCondition/MaxPendingTimeInSeconds"),
        max_runtime_s: seconds("StoppingCondition/MaxRuntimeInSeconds"),
    })
}

/// Entry `i` of `InstancePreferences`: its type, count and first described plan; `None`
/// (listed) without a type.
fn preference(
    i: usize,
    p: &Value,
    plans: &Plans,
    label: &str,
    unmapped: &mut UnmappedList,
) -> Option<Entry> {
    let here = format!("{FIELD}.ResourceConfig.InstancePreferences[{i}]");
    let Some(instance_type) = p.get("InstanceType").and_then(Value::as_str) else {
        unmapped.push(label, &here, "has no InstanceType; left out");
        return None;
    };
    let arns: Vec<&str> = p
        .get("TrainingPlanArns")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let field = format!("{here}.TrainingPlanArns");
    let training_plan = arns.first().and_then(|arn| {
        let name = plans.by_arn.get(*arn).cloned();
        if name.is_none() {
            unmapped.push(label, &field, format!("{arn} was not described (aws sagemaker describe-training-plan); the entry runs on demand"));
        }
        name
    });
    if arns.len() > 1 {
        unmapped.push(
            label,
            &field,
            "names several plans; Quota Lab's entry uses the first",
        );
    }
    Some(Entry {
        instance_type: instance_type.to_string(),
        instance_count: count(p.get("InstanceCount")),
        training_plan,
    })
}
