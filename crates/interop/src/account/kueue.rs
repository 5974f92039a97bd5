//! A Kueue cluster as `kubectl get resourceflavors,cohorts,clusterqueues,workloads -A -o yaml`
//! prints it: the agreement from the flavors, cohorts and ClusterQueues (read as the Kueue
//! import reads them, SEMANTICS §2), and the Workloads as history. Field names follow the CRD
//! schemas, v1beta1 and v1beta2.
//!
//! Kueue keeps a Workload's latest conditions, not its history: a Workload admitted again after
//! a preemption shows its latest admission, which is taken as its first start (noted).

use super::history::{Entry, Held, JobHistory};
use super::job_rows::{read_jobs, JobSkip};
use super::pages::Item;
use super::timestamp::millis;
use super::unmapped::UnmappedList;
use crate::kueue::{agreement_objects, flavor_type, NAME_ANNOTATION};
use crate::rows::Outcome;
use quotalab_engine::scenario::{ObservedStatus, Scenario};
use quotalab_engine::translate::{queue_shares, to_aws};
use serde_json::Value;
use std::collections::BTreeMap;

/// The agreement's kinds; LocalQueues name the ClusterQueue behind a Workload's `queueName`.
const AGREEMENT_KINDS: &[&str] = &["ResourceFlavor", "Cohort", "ClusterQueue"];

/// The scenario holding the agreement, and the notes of the Kueue import: the objects read as
/// Kueue's (`crate::kueue`), then translated to AWS quota shares, each translation note kept.
pub fn agreement(objects: &[Item], unmapped: &mut UnmappedList) -> Option<(Scenario, Vec<String>)> {
    for o in objects {
        if !AGREEMENT_KINDS.contains(&kind(o)) && !["Workload", "LocalQueue"].contains(&kind(o)) {
            unmapped.push(
                &o.label,
                "kind",
                format!("{} is not read by this import", kind(o)),
            );
        }
    }
    match kueue_form(objects) {
        Ok((scenario, mut notes)) => {
            let t = to_aws(&scenario);
            notes.extend(t.notes.iter().map(ToString::to_string));
            Some((t.scenario, notes))
        }
        Err(e) => {
            let label = objects
                .first()
                .map_or("Kueue objects", |o| o.label.as_str());
            unmapped.push(label, "", format!("no agreement: {e}"));
            None
        }
    }
}

/// The agreement's objects as a Kueue-form scenario.
fn kueue_form(objects: &[Item]) -> Result<(Scenario, Vec<String>), crate::agreement::ImportError> {
    let values: Vec<(String, Value)> = objects
        .iter()
        .filter(|o| AGREEMENT_KINDS.contains(&kind(o)))
        .map(|o| (o.label.clone(), o.value.clone()))
        .collect();
    agreement_objects(values).map(|i| (i.scenario, i.notes))
}

fn kind(item: &Item) -> &str {
    item.str("kind").unwrap_or("")
}

/// Per ClusterQueue: the share's name and the instance types of its flavors, in order.
struct Queues {
    /// The AWS share each ClusterQueue's jobs go to (none: the scenario has no shares).
    share: BTreeMap<String, Option<String>>,
    flavors: BTreeMap<String, Vec<String>>,
    flavor_types: BTreeMap<String, String>,
    local: BTreeMap<(String, String), String>,
}

fn queues(objects: &[Item]) -> Queues {
    let placed = kueue_form(objects).map_or_else(|_| BTreeMap::new(), |(s, _)| queue_shares(&s));
    let mut q = Queues {
        share: BTreeMap::new(),
        flavors: BTreeMap::new(),
        flavor_types: BTreeMap::new(),
        local: BTreeMap::new(),
    };
    for o in objects.iter().filter(|o| kind(o) == "ResourceFlavor") {
        if let Some(name) = o.str("metadata/name") {
            q.flavor_types
                .insert(name.to_string(), flavor_type(&o.value));
        }
    }
    for o in objects {
        let Some(name) = o.str("metadata/name") else {
            continue;
        };
        match kind(o) {
            "ClusterQueue" => {
                let share = o
                    .str(&format!("metadata/annotations/{NAME_ANNOTATION}"))
                    .unwrap_or(name);
                let aws = placed
                    .get(share)
                    .cloned()
                    .unwrap_or_else(|| Some(share.to_string()));
                q.share.insert(name.to_string(), aws);
                let types = o
                    .array("spec/resourceGroups")
                    .iter()
                    .flat_map(|g| {
                        g.get("flavors")
                            .and_then(Value::as_array)
                            .into_iter()
                            .flatten()
                    })
                    .filter_map(|f| f.get("name").and_then(Value::as_str))
                    .map(|f| {
                        q.flavor_types
                            .get(f)
                            .cloned()
                            .unwrap_or_else(|| f.to_string())
                    })
                    .collect();
                q.flavors.insert(name.to_string(), types);
            }
            "LocalQueue" => {
                if let Some(cq) = o.str("spec/clusterQueue") {
                    let namespace = o.str("metadata/namespace").unwrap_or("default");
                    q.local
                        .insert((namespace.to_string(), name.to_string()), cq.to_string());
                }
            }
            _ => {}
        }
    }
    q
}

/// Every Workload as history.
pub fn histories(objects: &[Item], unmapped: &mut UnmappedList) -> Vec<JobHistory> {
    let queues = queues(objects);
    let workloads = objects.iter().filter(|o| kind(o) == "Workload");
    let out = read_jobs(workloads, true, unmapped, |item, unmapped| {
        match head(item, &queues) {
            Ok(head) => Outcome::Keep(history(item, head, &queues, unmapped)),
            Err(skip) => Outcome::Skip(skip),
        }
    });
    if out.iter().any(|h| h.preemptions > 0) {
        if let Some(first) = out.iter().find(|h| h.preemptions > 0) {
            unmapped.push(&first.label, "status.conditions", "Kueue keeps only a Workload's latest admission: for a preempted Workload the first start is its latest admission, and its preemptions are those schedulingStats counts");
        }
    }
    out
}

/// A condition's `lastTransitionTime` when its status is `True`, with its reason and message.
fn condition<'a>(
    item: &'a Item,
    kind: &str,
) -> Option<(Option<i64>, Option<&'a str>, Option<&'a str>)> {
    item.array("status/conditions")
        .iter()
        .find(|c| {
            c.get("type").and_then(Value::as_str) == Some(kind)
                && c.get("status").and_then(Value::as_str) == Some("True")
        })
        .map(|c| {
            (
                c.get("lastTransitionTime").and_then(millis),
                c.get("reason").and_then(Value::as_str),
                c.get("message").and_then(Value::as_str),
            )
        })
}

/// What a Workload must have to be imported: its name, ClusterQueue, share and creation.
struct Head<'a> {
    name: String,
    cluster_queue: String,
    share: &'a Option<String>,
    submit_ms: i64,
}

fn head<'a>(item: &Item, queues: &'a Queues) -> Result<Head<'a>, JobSkip> {
    let name = item.str("metadata/name").ok_or(JobSkip::NoName)?;
    let namespace = item.str("metadata/namespace").unwrap_or("default");
    let cluster_queue = item
        .str("status/admission/clusterQueue")
        .map(str::to_string)
        .or_else(|| {
            let queue = item.str("spec/queueName")?;
            queues
                .local
                .get(&(namespace.to_string(), queue.to_string()))
                .cloned()
        })
        .ok_or(JobSkip::NoClusterQueue)?;
    let share = queues
        .share
        .get(&cluster_queue)
        .ok_or_else(|| JobSkip::UnknownClusterQueue(cluster_queue.clone()))?;
    let submit_ms = item
        .get("metadata/creationTimestamp")
        .and_then(millis)
        .ok_or(JobSkip::NoSubmission)?;
    Ok(Head {
        name: format!("{namespace}/{name}"),
        cluster_queue,
        share,
        submit_ms,
    })
}

fn history(item: &Item, head: Head, queues: &Queues, unmapped: &mut UnmappedList) -> JobHistory {
    let label = item.label.as_str();
    let pod_sets = item.array("spec/podSets");
    if pod_sets.len() > 1 {
        unmapped.push(
            label,
            "spec.podSets",
            "several pod sets: their pods are added up as one job's instances",
        );
    }
    let pods: u64 = pod_sets
        .iter()
        .filter_map(|p| p.get("count").and_then(Value::as_u64))
        .sum();
    let instances = u32::try_from(pods.max(1)).unwrap_or(u32::MAX);
    let ran_type = ran_type(item, queues);
    let admitted = condition(item, "Admitted").or_else(|| condition(item, "QuotaReserved"));
    let first_start_ms = admitted.and_then(|a| a.0);
    let (status, reason, end_ms) = ending(item);
    let past = item
        .get("status/accumulatedPastExecutionTimeSeconds")
        .or(item.get("status/accumulatedPastExexcutionTimeSeconds"))
        .and_then(Value::as_f64)
        .unwrap_or(0.0);
    let work_s = first_start_ms
        .zip(end_ms)
        .map(|(s, e)| past + ((e - s) as f64 / 1000.0).max(0.0));
    let preferences = queues
        .flavors
        .get(&head.cluster_queue)
        .into_iter()
        .flatten()
        .map(|t| Entry {
            instance_type: t.clone(),
            instance_count: None,
            training_plan: None,
        })
        .collect();
    let held = ran_type
        .iter()
        .zip(first_start_ms)
        .map(|(t, start_ms)| Held {
            start_ms,
            end_ms,
            instance_type: t.clone(),
            instances,
        })
        .collect();
    JobHistory {
        label: label.to_string(),
        name: head.name,
        share: head.share.clone(),
        submit_ms: head.submit_ms,
        priority: item
            .get("spec/priority")
            .and_then(Value::as_i64)
            .unwrap_or(0),
        instance_count: Some(instances),
        preferences,
        max_pending_s: None,
        preemption_retries: None,
        startup_s: 0.0,
        work_s,
        limit_s: item
            .get("spec/maximumExecutionTimeSeconds")
            .and_then(Value::as_f64),
        first_start_ms,
        end_ms,
        status,
        reason,
        ran_type,
        preemptions: preemptions(item),
        held,
    }
}

/// The type of the flavor the Workload is admitted on.
fn ran_type(item: &Item, queues: &Queues) -> Option<String> {
    item.array("status/admission/podSetAssignments")
        .first()
        .and_then(|a| a.get("flavors"))
        .and_then(Value::as_object)
        .and_then(|f| f.values().find_map(Value::as_str))
        .map(|f| {
            queues
                .flavor_types
                .get(f)
                .cloned()
                .unwrap_or_else(|| f.to_string())
        })
}

/// How it ended (docs/ACCOUNT.md, "Endings"), why, and when.
fn ending(item: &Item) -> (ObservedStatus, Option<String>, Option<i64>) {
    let finished = condition(item, "Finished");
    let end_ms = finished.and_then(|f| f.0);
    let (status, reason) = match finished {
        Some((_, reason, message)) => (
            if reason == Some("Succeeded") {
                ObservedStatus::Succeeded
            } else {
                ObservedStatus::Failed
            },
            message.or(reason).map(str::to_string),
        ),
        None if item.get("spec/active").and_then(Value::as_bool) == Some(false) => (
            ObservedStatus::Cancelled,
            Some("deactivated (spec.active: false)".to_string()),
        ),
        None => (ObservedStatus::Unfinished, None),
    };
    (status, reason, end_ms)
}

/// Evictions by preemption, at least one when its conditions say it was preempted.
fn preemptions(item: &Item) -> u32 {
    let evictions: u64 = item
        .array("status/schedulingStats/evictions")
        .iter()
        .filter(|e| e.get("reason").and_then(Value::as_str) == Some("Preempted"))
        .filter_map(|e| e.get("count").and_then(Value::as_u64))
        .sum();
    let preempted_now = condition(item, "Preempted").is_some()
        || condition(item, "Evicted").is_some_and(|e| e.1 == Some("Preempted"));
    u32::try_from(evictions.max(u64::from(preempted_now))).unwrap_or(u32::MAX)
}
