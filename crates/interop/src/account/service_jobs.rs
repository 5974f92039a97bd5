//! AWS Batch service jobs (`describe-service-job`, else the `list-service-jobs` summary) as
//! history: when each was submitted, what it asked for (its `serviceRequestPayload`), when and
//! where it ran, how it ended. Batch's `Long` times are epoch milliseconds.

use super::batch::AwsAgreement;
use super::history::{Entry, Held, JobHistory};
use super::job_rows::{read_jobs, JobSkip};
use super::pages::{Collected, Item};
use super::sagemaker::{payload, Payload, Plans, TrainingJob, TrainingJobs};
use super::status;
use super::timestamp::millis;
use super::unmapped::UnmappedList;
use crate::rows::Outcome;
use quotalab_engine::scenario::ObservedStatus;
use serde_json::Value;

/// One attempt: when it ran and the training job behind it.
struct Attempt<'a> {
    start_ms: i64,
    stop_ms: Option<i64>,
    resource: Option<&'a str>,
}

pub fn histories(
    collected: &Collected,
    agreement: &AwsAgreement,
    training_jobs: &TrainingJobs,
    plans: &Plans,
    unmapped: &mut UnmappedList,
) -> Vec<JobHistory> {
    read_jobs(
        &collected.jobs.items,
        false,
        unmapped,
        |item, unmapped| match head(item, agreement) {
            Ok(head) => Outcome::Keep(history(item, head, training_jobs, plans, unmapped)),
            Err(skip) => Outcome::Skip(skip),
        },
    )
}

/// What a job must have to be imported: its name, its submission and its share.
struct Head<'a> {
    name: &'a str,
    submit_ms: i64,
    share: Option<String>,
}

fn head<'a>(item: &'a Item, agreement: &AwsAgreement) -> Result<Head<'a>, JobSkip> {
    if let Some(queue) = item.str("jobQueue") {
        if !agreement.queue.is_empty() && !agreement.queue.iter().any(|q| q == queue) {
            return Err(JobSkip::OtherQueue);
        }
    }
    let name = item.str("jobName").ok_or(JobSkip::NoName)?;
    let submit_ms = item
        .get("createdAt")
        .and_then(millis)
        .ok_or(JobSkip::NoSubmission)?;
    let share = match (agreement.shares.is_empty(), item.str("quotaShareName")) {
        (true, _) => None,
        (false, None) => return Err(JobSkip::NoShare),
        (false, Some(aws)) => Some(
            agreement
                .share_names
                .get(aws)
                .cloned()
                .ok_or_else(|| JobSkip::UnknownShare(aws.to_string()))?,
        ),
    };
    Ok(Head {
        name,
        submit_ms,
        share,
    })
}

fn history(
    item: &Item,
    head: Head,
    training_jobs: &TrainingJobs,
    plans: &Plans,
    unmapped: &mut UnmappedList,
) -> JobHistory {
    let label = item.label.as_str();
    not_modelled(item, unmapped);
    let request = item
        .str("serviceRequestPayload")
        .and_then(|text| payload(text, plans, label, unmapped))
        .unwrap_or_default();
    if !item.described {
        unmapped.push(label, "", "only listed (list-service-jobs), not described: its priority and preference list are unknown, so it asks for the type it ran on");
    }
    let attempts = attempts(item);
    let (status, reason) = ending(item, unmapped);
    let last = attempts.iter().max_by_key(|a| a.start_ms);
    let training = last
        .and_then(|a| a.resource)
        .or(item.str("latestAttempt/serviceResourceId/value"))
        .or(request.training_job_name.as_deref())
        .and_then(|k| training_jobs.get(k));
    let (ran_type, ran_count) = ran_on(item, &request, training, !attempts.is_empty());
    let startup_s = training.and_then(|t| t.startup_s).unwrap_or(0.0);
    let end_ms = item
        .get("stoppedAt")
        .and_then(millis)
        .filter(|_| status != ObservedStatus::Unfinished);
    let work_s = last.and_then(|a| {
        let stop = a.stop_ms.or(end_ms)?;
        Some(((stop - a.start_ms) as f64 / 1000.0 - startup_s).max(0.0))
    });
    let mut preferences = request.preferences;
    if preferences.is_empty() {
        preferences.extend(ran_type.clone().map(|instance_type| Entry {
            instance_type,
            instance_count: None,
            training_plan: None,
        }));
    }
    let held = held(&attempts, ran_type.as_deref(), ran_count, end_ms);
    JobHistory {
        label: label.to_string(),
        name: head.name.to_string(),
        share: head.share,
        submit_ms: head.submit_ms,
        priority: item
            .get("schedulingPriority")
            .and_then(Value::as_i64)
            .unwrap_or(0),
        instance_count: request.instance_count.or(Some(ran_count)),
        preferences,
        max_pending_s: request.max_pending_s,
        preemption_retries: item
            .get("preemptionConfiguration/preemptionRetriesBeforeTermination")
            .and_then(Value::as_u64)
            .and_then(|n| u32::try_from(n).ok()),
        startup_s,
        work_s,
        limit_s: request.max_runtime_s,
        first_start_ms: attempts.iter().map(|a| a.start_ms).min(),
        end_ms,
        status,
        reason: reason.or_else(|| training.and_then(|t| t.failure_reason.clone())),
        ran_type,
        preemptions: preemptions(item),
        held,
    }
}

/// The instances each attempt held, for the observed peak.
fn held(
    attempts: &[Attempt],
    ran_type: Option<&str>,
    instances: u32,
    end_ms: Option<i64>,
) -> Vec<Held> {
    ran_type
        .iter()
        .flat_map(|t| {
            attempts.iter().map(move |a| Held {
                start_ms: a.start_ms,
                end_ms: a.stop_ms.or(end_ms),
                instance_type: t.to_string(),
                instances,
            })
        })
        .collect()
}

/// How the job ended, and why in AWS's words.
fn ending(item: &Item, unmapped: &mut UnmappedList) -> (ObservedStatus, Option<String>) {
    let aws_status = item.str("status").unwrap_or("");
    let reason = item.str("statusReason").map(str::to_string);
    let status = status::from_aws(aws_status, reason.as_deref()).unwrap_or_else(|| {
        unmapped.push(
            &item.label,
            "status",
            format!("\"{aws_status}\" is not a service-job status; the job is taken as unfinished"),
        );
        ObservedStatus::Unfinished
    });
    (status, reason)
}

/// The type the job ran on and how many instances: its capacity usage, else its training job's
/// type, else the one type it asked for; the count from the usage, else the request.
fn ran_on(
    item: &Item,
    request: &Payload,
    training: Option<&TrainingJob>,
    ran: bool,
) -> (Option<String>, u32) {
    let usage = item.array("capacityUsage").first();
    let ran_type = usage
        .and_then(|u| u.get("capacityUnit"))
        .and_then(Value::as_str)
        .map(str::to_string)
        .or_else(|| training.and_then(|t| t.instance_type.clone()))
        .or_else(|| {
            (ran && request.preferences.len() == 1)
                .then(|| request.preferences[0].instance_type.clone())
        });
    let ran_count = usage
        .and_then(|u| u.get("quantity"))
        .and_then(Value::as_f64)
        .filter(|q| q.is_finite() && *q >= 1.0)
        .map(|q| q.round().min(f64::from(u32::MAX)) as u32)
        .or_else(|| {
            request
                .preferences
                .iter()
                .find(|p| Some(&p.instance_type) == ran_type.as_ref())
                .and_then(|p| p.instance_count)
        })
        .or(request.instance_count)
        .unwrap_or(1);
    (ran_type, ran_count)
}

/// Preemptions counted by the summary, else its recent preempted attempts.
fn preemptions(item: &Item) -> u32 {
    item.get("preemptionSummary/preemptedAttemptCount")
        .and_then(Value::as_u64)
        .map_or_else(
            || {
                item.array("preemptionSummary/recentPreemptedAttempts")
                    .len() as u32
            },
            |n| u32::try_from(n).unwrap_or(u32::MAX),
        )
}

/// Every attempt the document names: `attempts`, and the preempted ones of
/// `preemptionSummary` (the same attempt in both is read once); the summary's own
/// `startedAt`/`stoppedAt` when neither is there.
fn attempts(item: &Item) -> Vec<Attempt<'_>> {
    let mut out: Vec<Attempt> = Vec::new();
    for a in item
        .array("attempts")
        .iter()
        .chain(item.array("preemptionSummary/recentPreemptedAttempts"))
    {
        let Some(start_ms) = a.get("startedAt").and_then(millis) else {
            continue;
        };
        if out.iter().any(|o| o.start_ms == start_ms) {
            continue;
        }
        out.push(Attempt {
            start_ms,
            stop_ms: a.get("stoppedAt").and_then(millis),
            resource: a
                .get("serviceResourceId")
                .and_then(|r| r.get("value"))
                .and_then(Value::as_str),
        });
    }
    // `startedAt` is a required member even of a job that never ran: only a job that used
    // capacity ran.
    if out.is_empty() && !item.array("capacityUsage").is_empty() {
        if let Some(start_ms) = item.get("startedAt").and_then(millis) {
            out.push(Attempt {
                start_ms,
                stop_ms: item.get("stoppedAt").and_then(millis),
                resource: item.str("latestAttempt/serviceResourceId/value"),
            });
        }
    }
    out.sort_by_key(|a| a.start_ms);
    out
}

/// Service-job members that shape a real run but have no place in the scenario.
fn not_modelled(item: &Item, unmapped: &mut UnmappedList) {
    let label = &item.label;
    if item.str("shareIdentifier").is_some() {
        unmapped.push(
            label,
            "shareIdentifier",
            "fair-share identifiers are not quota shares",
        );
    }
    if item
        .get("retryStrategy/attempts")
        .and_then(Value::as_u64)
        .is_some_and(|n| n > 1)
    {
        unmapped.push(
            label,
            "retryStrategy.attempts",
            "Quota Lab does not retry failed attempts (only preempted ones)",
        );
    }
    if !item.array("retryStrategy/evaluateOnExit").is_empty() {
        unmapped.push(
            label,
            "retryStrategy.evaluateOnExit",
            "exit conditions are not modelled",
        );
    }
    if item.get("timeoutConfig/attemptDurationSeconds").is_some() {
        unmapped.push(
            label,
            "timeoutConfig.attemptDurationSeconds",
            "attempt timeouts are not modelled (the job's own MaxRuntimeInSeconds is not either)",
        );
    }
}
