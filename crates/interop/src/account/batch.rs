//! AWS Batch outputs: the agreement from `describe-job-queues`, `describe-scheduling-policies`,
//! `describe-service-environments` and the quota shares (`list-quota-shares`,
//! `describe-quota-share`), shapes as botocore's `batch` model defines them. One import reads
//! one job queue: the one most shares belong to.

use super::pages::{Collected, Item};
use super::unmapped::UnmappedList;
use crate::agreement::ShareTerms;
use crate::aws::import::{capacity_per_type, share_terms, ShareTermsError};
use crate::aws::shapes::{
    QuotaShareCapacityLimit, QuotaSharePreemptionConfiguration,
    QuotaShareResourceSharingConfiguration, ServiceEnvironmentCapacityLimit,
};
use crate::aws::NAME_TAG;
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// The agreement as the account states it.
#[derive(Debug, Default)]
pub struct AwsAgreement {
    /// The job queue's name (its `quotalab:name` tag when Quota Lab created it).
    pub name: Option<String>,
    /// The job queue read: its ARN and name, to tell its jobs from others'.
    pub queue: Vec<String>,
    pub shares: Vec<ShareTerms>,
    /// AWS `quotaShareName` to the scenario share's name.
    pub share_names: BTreeMap<String, String>,
    /// Instances per type from the service environments' capacity limits.
    pub capacity: BTreeMap<String, u32>,
}

/// `QuotaShareDetail` and `DescribeQuotaShareResponse` (the same members; the summary has no
/// `tags`).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct QuotaShareDetail {
    quota_share_name: String,
    capacity_limits: Vec<QuotaShareCapacityLimit>,
    resource_sharing_configuration: QuotaShareResourceSharingConfiguration,
    preemption_configuration: QuotaSharePreemptionConfiguration,
    #[serde(default)]
    tags: BTreeMap<String, String>,
}

/// `ServiceEnvironmentDetail.capacityLimits`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ServiceEnvironmentDetail {
    capacity_limits: Vec<ServiceEnvironmentCapacityLimit>,
}

pub fn agreement(collected: &Collected, unmapped: &mut UnmappedList) -> AwsAgreement {
    let mut agreement = AwsAgreement::default();
    let queue_arn = busiest_queue(collected);
    let queue = queue_arn.as_deref().and_then(|arn| {
        collected
            .queues
            .items
            .iter()
            .find(|q| q.str("jobQueueArn") == Some(arn))
    });
    if let Some(arn) = &queue_arn {
        agreement.queue.push(arn.clone());
    }
    if let Some(q) = queue {
        agreement
            .queue
            .extend(q.str("jobQueueName").map(str::to_string));
        agreement.name = q
            .str(&format!("tags/{NAME_TAG}"))
            .or(q.str("jobQueueName"))
            .map(str::to_string);
        queue_fields(q, unmapped);
        policy(collected, q.str("schedulingPolicyArn"), unmapped);
    } else {
        agreement.name = queue_arn
            .as_deref()
            .and_then(|a| a.rsplit('/').next())
            .map(str::to_string);
    }
    for q in &collected.queues.items {
        if q.str("jobQueueArn") != queue_arn.as_deref() {
            unmapped.push(
                &q.label,
                "",
                format!(
                    "another job queue; one import reads one queue ({})",
                    queue_arn.as_deref().unwrap_or("none")
                ),
            );
        }
    }
    shares(collected, queue_arn.as_deref(), &mut agreement, unmapped);
    capacity(collected, queue, &mut agreement, unmapped);
    agreement
}

/// The quota shares of the queue read; others are listed.
fn shares(
    collected: &Collected,
    queue_arn: Option<&str>,
    agreement: &mut AwsAgreement,
    unmapped: &mut UnmappedList,
) {
    for item in &collected.shares.items {
        if let (Some(arn), Some(own)) = (queue_arn, item.str("jobQueueArn")) {
            if own != arn {
                unmapped.push(
                    &item.label,
                    "jobQueueArn",
                    format!("belongs to another job queue than {arn}; skipped"),
                );
                continue;
            }
        }
        match read_share(item) {
            Ok((aws_name, terms)) => {
                agreement.share_names.insert(aws_name, terms.name.clone());
                agreement.shares.push(terms);
            }
            Err(message) => unmapped.push(
                &item.label,
                "",
                format!("not a quota share Quota Lab can read ({message}); skipped"),
            ),
        }
        if item.str("state") == Some("DISABLED") {
            unmapped.push(
                &item.label,
                "state",
                "the share is DISABLED; it is imported as if enabled",
            );
        }
    }
}

/// Capacity per type from the service environments of the queue read; others are listed.
fn capacity(
    collected: &Collected,
    queue: Option<&Item>,
    agreement: &mut AwsAgreement,
    unmapped: &mut UnmappedList,
) {
    let environments = environment_names(queue);
    for item in &collected.environments.items {
        let named = [
            item.str("serviceEnvironmentArn"),
            item.str("serviceEnvironmentName"),
        ];
        if !environments.is_empty()
            && !named
                .iter()
                .flatten()
                .any(|n| environments.contains(&n.to_string()))
        {
            unmapped.push(
                &item.label,
                "",
                "not a service environment of the job queue read; skipped",
            );
            continue;
        }
        match serde_json::from_value::<ServiceEnvironmentDetail>(item.value.clone()) {
            Ok(env) => {
                let (per_type, totals) = capacity_per_type(&env.capacity_limits);
                for (t, n) in per_type {
                    *agreement.capacity.entry(t).or_default() += n;
                }
                if !totals.is_empty() {
                    unmapped.push(&item.label, "capacityLimits", format!("{} is a total across instance types; capacity per type comes from the per-type limits or the observed peak", totals.join(", ")));
                }
            }
            Err(e) => unmapped.push(
                &item.label,
                "capacityLimits",
                format!("not capacity limits Quota Lab can read ({e})"),
            ),
        }
    }
}

/// The job queue most quota shares name (ties: the first ARN in byte order), else the only
/// job queue described.
fn busiest_queue(collected: &Collected) -> Option<String> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for s in &collected.shares.items {
        if let Some(q) = s.str("jobQueueArn") {
            *counts.entry(q).or_default() += 1;
        }
    }
    let busiest = counts
        .iter()
        .max_by(|a, b| a.1.cmp(b.1).then_with(|| b.0.cmp(a.0)))
        .map(|(q, _)| q.to_string());
    busiest.or_else(|| {
        collected
            .queues
            .items
            .first()
            .and_then(|q| q.str("jobQueueArn"))
            .map(str::to_string)
    })
}

/// Why a `describe-quota-share` item is not a quota share Quota Lab can read.
#[derive(Debug, thiserror::Error)]
enum UnreadShare {
    #[error("{0}")]
    Shape(#[from] serde_json::Error),
    #[error("{0}")]
    Terms(#[from] ShareTermsError),
}

fn read_share(item: &Item) -> Result<(String, ShareTerms), UnreadShare> {
    let detail: QuotaShareDetail = serde_json::from_value(item.value.clone())?;
    let terms = share_terms(
        &detail.quota_share_name,
        &detail.tags,
        &detail.capacity_limits,
        &detail.resource_sharing_configuration,
        &detail.preemption_configuration,
    )?;
    Ok((detail.quota_share_name, terms))
}

/// The queue's members the scenario has no place for.
fn queue_fields(queue: &Item, unmapped: &mut UnmappedList) {
    if !queue.array("jobStateTimeLimitActions").is_empty() {
        unmapped.push(&queue.label, "jobStateTimeLimitActions", "Quota Lab does not cancel jobs that wait too long in RUNNABLE (only MaxPendingTimeInSeconds)");
    }
    if !queue.array("computeEnvironmentOrder").is_empty() {
        unmapped.push(&queue.label, "computeEnvironmentOrder", "compute environments (ECS, EKS) are not modelled; only SageMaker Training service environments");
    }
    if queue.str("state") == Some("DISABLED") {
        unmapped.push(
            &queue.label,
            "state",
            "the queue is DISABLED; it is imported as if enabled",
        );
    }
}

/// The scheduling policy: only a FIFO quota-share policy is what the engine does.
fn policy(collected: &Collected, arn: Option<&str>, unmapped: &mut UnmappedList) {
    let Some(policy) = collected
        .policies
        .items
        .iter()
        .find(|p| arn.is_some() && p.str("arn") == arn)
    else {
        return;
    };
    if policy.get("fairsharePolicy").is_some_and(|v| !v.is_null()) {
        unmapped.push(
            &policy.label,
            "fairsharePolicy",
            "fair-share scheduling is not quota management; the shares are read as quota shares",
        );
    }
    match policy.str("quotaSharePolicy/idleResourceAssignmentStrategy") {
        Some("FIFO") | None => {}
        Some(other) => unmapped.push(
            &policy.label,
            "quotaSharePolicy.idleResourceAssignmentStrategy",
            format!("\"{other}\" is not FIFO; Quota Lab lends idle capacity first in, first out"),
        ),
    }
}

/// The service environments the queue sends jobs to (names or ARNs).
fn environment_names(queue: Option<&Item>) -> Vec<String> {
    queue
        .map(|q| q.array("serviceEnvironmentOrder"))
        .unwrap_or(&[])
        .iter()
        .filter_map(|o| o.get("serviceEnvironment").and_then(Value::as_str))
        .map(str::to_string)
        .collect()
}
