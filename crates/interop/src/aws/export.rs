//! Scenario to AWS Batch CLI input, a scenario written as Kueue objects through its translation
//! to quota shares. Quota shares map one to one (SEMANTICS §2 uses AWS's own terms); the
//! on-demand capacity becomes the service environment's capacity limits, one per instance type;
//! job mixes and groups of explicit jobs become `submit-service-job` skeletons (`job`).

use super::job::{job_skeletons, Skeleton};
use super::shapes::*;
use super::{AwsExport, ExportFile, BUNDLE_FORMAT, MAX_SHARES, NAME_TAG};
use crate::names;
use quotalab_engine::scenario::{Scenario, Strategy};
use quotalab_engine::translate::to_aws;
use std::collections::{BTreeMap, HashSet};

/// Placeholders the user replaces before running the commands.
pub const SCHEDULING_POLICY_ARN: &str = "<SCHEDULING_POLICY_ARN>";

/// Exports a scenario as AWS Batch CLI input files, with warnings. A scenario written as Kueue
/// objects goes through the engine's translation to AWS quota shares first, as `kueue::export`
/// translates an AWS one (docs/KUEUE-TRANSLATION.md); what the translation approximated or
/// dropped leads the warnings.
pub fn export(scenario: &Scenario) -> AwsExport {
    match scenario.kueue {
        None => export_shares(scenario, Vec::new()),
        Some(_) => {
            let t = to_aws(scenario);
            let lost = t.not_carried();
            export_shares(&t.scenario, lost)
        }
    }
}

/// Exports a scenario written as AWS quota shares, after `warnings`.
fn export_shares(scenario: &Scenario, mut warnings: Vec<String>) -> AwsExport {
    let mut taken = HashSet::new();
    let base: String = names::aws(&scenario.name, &mut taken)
        .chars()
        .take(100)
        .collect();
    let queue = format!("{base}-queue");
    let policy = format!("{base}-policy");
    let environment = format!("{base}-env");
    let mut files = Vec::new();

    files.push(json_file(
        "scheduling-policy.json",
        &CreateSchedulingPolicy {
            name: policy.clone(),
            quota_share_policy: QuotaSharePolicy {
                idle_resource_assignment_strategy: "FIFO".into(),
            },
        },
    ));
    files.push(json_file(
        "service-environment.json",
        &service_environment(scenario, &environment, &mut warnings),
    ));
    files.push(json_file(
        "job-queue.json",
        &CreateJobQueue {
            job_queue_name: queue.clone(),
            job_queue_type: "SAGEMAKER_TRAINING".into(),
            state: "ENABLED".into(),
            priority: 1,
            scheduling_policy_arn: SCHEDULING_POLICY_ARN.into(),
            service_environment_order: vec![ServiceEnvironmentOrder {
                order: 1,
                service_environment: environment.clone(),
            }],
            tags: BTreeMap::from([(NAME_TAG.to_string(), scenario.name.clone())]),
        },
    ));

    let share_names = share_files(scenario, &queue, &mut files, &mut warnings);

    for Skeleton {
        file_stem,
        request,
        warnings: job_warnings,
    } in job_skeletons(scenario, &queue, &share_names)
    {
        warnings.extend(job_warnings);
        files.push(json_file(&format!("jobs/{file_stem}.json"), &request));
    }
    not_carried(scenario, &mut warnings);
    files.push(ExportFile {
        path: "commands.sh".into(),
        contents: commands(&files),
    });
    AwsExport {
        format: BUNDLE_FORMAT.into(),
        version: 1,
        warnings,
        files,
    }
}

/// One `create-quota-share` file per share, numbered in scenario order; returns each share's
/// AWS name by its scenario name.
fn share_files(
    scenario: &Scenario,
    queue: &str,
    files: &mut Vec<ExportFile>,
    warnings: &mut Vec<String>,
) -> BTreeMap<String, String> {
    if scenario.quota_shares.len() > MAX_SHARES {
        warnings.push(format!(
            "AWS allows at most {MAX_SHARES} quota shares per job queue; this scenario has {}",
            scenario.quota_shares.len()
        ));
    }
    if scenario.quota_shares.is_empty() {
        warnings.push("the scenario has no quota shares: the job queue is written, but AWS quota management needs at least one share".into());
    }
    let mut share_names = BTreeMap::new();
    let mut taken_shares = HashSet::new();
    let width = scenario.quota_shares.len().to_string().len().max(2);
    for (i, share) in scenario.quota_shares.iter().enumerate() {
        let aws_name = names::aws(&share.name, &mut taken_shares);
        if aws_name != share.name {
            warnings.push(format!("quota_shares[{i}]: \"{}\" is written as \"{aws_name}\" (AWS names allow letters, digits, - and _); the tag {NAME_TAG} keeps the original", share.name));
        }
        share_names.insert(share.name.clone(), aws_name.clone());
        files.push(json_file(
            &format!("quota-shares/{i:0width$}-{aws_name}.json"),
            &quota_share(i, share, &aws_name, queue, warnings),
        ));
    }
    share_names
}

fn json_file<T: serde::Serialize>(path: &str, value: &T) -> ExportFile {
    let mut contents = quotalab_engine::json_text::pretty(value);
    contents.push('\n');
    ExportFile {
        path: path.into(),
        contents,
    }
}

/// The service environment: one capacity limit per instance type, `capacityUnit` the type and
/// `maxCapacity` its on-demand count at time 0, as AWS's `CapacityLimit` documents for a
/// quota-management environment (docs/AWS_EXPORT.md).
fn service_environment(
    scenario: &Scenario,
    name: &str,
    warnings: &mut Vec<String>,
) -> CreateServiceEnvironment {
    let mut capacity_limits: Vec<ServiceEnvironmentCapacityLimit> = scenario
        .capacity
        .iter()
        .filter(|c| c.count > 0)
        .map(|c| ServiceEnvironmentCapacityLimit {
            max_capacity: c.count,
            capacity_unit: c.instance_type.clone(),
        })
        .collect();
    if capacity_limits.is_empty() {
        let mut per_type: BTreeMap<&str, u32> = BTreeMap::new();
        for l in scenario
            .quota_shares
            .iter()
            .flat_map(|s| &s.capacity_limits)
        {
            *per_type.entry(l.instance_type.as_str()).or_default() += l.max_capacity;
        }
        capacity_limits = per_type
            .into_iter()
            .filter(|(_, n)| *n > 0)
            .map(|(t, n)| ServiceEnvironmentCapacityLimit {
                max_capacity: n,
                capacity_unit: t.to_string(),
            })
            .collect();
        warnings.push("the scenario lists no on-demand capacity; each type's capacity limit is the sum of the share limits".into());
    }
    CreateServiceEnvironment {
        service_environment_name: name.into(),
        service_environment_type: "SAGEMAKER_TRAINING".into(),
        state: Some("ENABLED".into()),
        capacity_limits,
        tags: BTreeMap::new(),
    }
}

fn quota_share(
    i: usize,
    share: &quotalab_engine::scenario::QuotaShare,
    aws_name: &str,
    queue: &str,
    warnings: &mut Vec<String>,
) -> CreateQuotaShare {
    let path = format!("quota_shares[{i}]");
    if share.capacity_limits.is_empty() || share.capacity_limits.len() > 5 {
        warnings.push(format!(
            "{path}.capacity_limits: AWS takes 1 to 5 capacity limits; this share has {}",
            share.capacity_limits.len()
        ));
    }
    for (k, limit) in share.capacity_limits.iter().enumerate() {
        if limit.max_capacity < 1 {
            warnings.push(format!(
                "{path}.capacity_limits[{k}].max_capacity: AWS requires at least 1"
            ));
        }
        if !limit.instance_type.starts_with("ml.") {
            warnings.push(format!(
                "{path}.capacity_limits[{k}]: \"{}\" is not a SageMaker instance type (ml.*)",
                limit.instance_type
            ));
        }
    }
    let borrow_limit = match share.strategy {
        Strategy::LendAndBorrow => Some(share.effective_borrow_limit()),
        _ => {
            if share.borrow_limit.is_some() {
                warnings.push(format!("{path}.borrow_limit: AWS accepts a borrow limit only with LEND_AND_BORROW; it is left out"));
            }
            None
        }
    };
    if borrow_limit.is_some_and(|b| b < -1) {
        warnings.push(format!("{path}.borrow_limit: AWS's minimum is -1 (no cap)"));
    }
    let mut tags = BTreeMap::new();
    if aws_name != share.name {
        tags.insert(NAME_TAG.to_string(), share.name.clone());
    }
    CreateQuotaShare {
        quota_share_name: aws_name.into(),
        job_queue: queue.into(),
        capacity_limits: share
            .capacity_limits
            .iter()
            .map(|l| QuotaShareCapacityLimit {
                max_capacity: l.max_capacity,
                capacity_unit: l.instance_type.clone(),
            })
            .collect(),
        resource_sharing_configuration: QuotaShareResourceSharingConfiguration {
            strategy: share.strategy.as_str().into(),
            borrow_limit,
        },
        preemption_configuration: QuotaSharePreemptionConfiguration {
            in_share_preemption: if share.in_share_preemption {
                "ENABLED"
            } else {
                "DISABLED"
            }
            .into(),
        },
        state: Some("ENABLED".into()),
        tags,
    }
}

/// Warnings for parts of the scenario that AWS configuration has no place for.
fn not_carried(scenario: &Scenario, warnings: &mut Vec<String>) {
    if scenario.capacity.iter().any(|c| !c.changes.is_empty()) {
        warnings.push("capacity changes over time are not exported: AWS capacity is what your account can get, not a schedule".into());
    }
    if !scenario.spot.is_empty() {
        warnings.push(
            "spot pools are not exported: managed spot capacity is not configured in AWS Batch"
                .into(),
        );
    }
    if !scenario.training_plans.is_empty() {
        warnings.push("training plans are referenced by placeholder ARNs (arn:aws:sagemaker:<REGION>:<ACCOUNT_ID>:training-plan/NAME); buy them with SageMaker's CreateTrainingPlan".into());
    }
    if scenario.actions.iter().any(|a| a.update_share.is_some()) {
        warnings.push("scripted share updates are not exported; apply them later with aws batch update-quota-share".into());
    }
    if scenario.queueing == quotalab_engine::scenario::Queueing::StrictFifo {
        warnings.push("queueing strict_fifo is Quota Lab's; AWS orders each share by priority and lets later jobs start when earlier ones cannot".into());
    }
}

/// `commands.sh`: the `aws` commands in the order they must run.
fn commands(files: &[ExportFile]) -> String {
    let mut out = String::from(
        "#!/bin/sh\n# Generated by Quota Lab. Run from this directory after replacing every <PLACEHOLDER>.\n# Replace <SCHEDULING_POLICY_ARN> in job-queue.json with the ARN the first command prints.\nset -e\n",
    );
    let command_for = |path: &str| match path {
        "scheduling-policy.json" => Some("create-scheduling-policy"),
        "service-environment.json" => Some("create-service-environment"),
        "job-queue.json" => Some("create-job-queue"),
        p if p.starts_with("quota-shares/") => Some("create-quota-share"),
        p if p.starts_with("jobs/") => Some("submit-service-job"),
        _ => None,
    };
    for file in files {
        if let Some(command) = command_for(&file.path) {
            if file.path.starts_with("jobs/") && !out.contains("# Job skeletons") {
                out.push_str(
                    "# Job skeletons: submit each once per job, giving each a unique jobName.\n",
                );
            }
            out.push_str(&format!(
                "aws batch {command} --cli-input-json file://{}\n",
                file.path
            ));
        }
    }
    out
}
