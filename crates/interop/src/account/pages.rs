//! Pages and repeats: a listing printed page by page (`nextToken`, or `NextToken` when the AWS
//! CLI pages with `--max-items`) is one listing, and a thing listed and also described, or given
//! twice, is read once. Items are keyed by their ARN (else their name); a `describe-*` output
//! beats a `list-*` summary of the same thing, and of two equal ranks the first read (files in
//! path order) is kept.

use super::recognise::{Document, Shape};
use super::unmapped::UnmappedList;
use serde_json::Value;
use std::collections::BTreeMap;

/// One described thing: its JSON, where it came from, and whether it is a full description.
#[derive(Debug, Clone)]
pub struct Item {
    pub label: String,
    pub value: Value,
    pub described: bool,
}

impl Item {
    /// A string member (`a/b` for nested).
    pub fn str(&self, path: &str) -> Option<&str> {
        self.get(path)?.as_str()
    }

    pub fn get(&self, path: &str) -> Option<&Value> {
        path.split('/').try_fold(&self.value, |v, k| v.get(k))
    }

    pub fn array(&self, path: &str) -> &[Value] {
        self.get(path)
            .and_then(Value::as_array)
            .map_or(&[], Vec::as_slice)
    }
}

/// Everything read, by kind, each kind in first-read order without repeats.
#[derive(Debug, Default)]
pub struct Collected {
    pub queues: Keyed,
    pub policies: Keyed,
    pub environments: Keyed,
    pub shares: Keyed,
    pub jobs: Keyed,
    pub training_jobs: Keyed,
    pub training_plans: Keyed,
    pub kubernetes: Keyed,
}

/// Items of one kind keyed by identity.
#[derive(Debug, Default)]
pub struct Keyed {
    pub items: Vec<Item>,
    index: BTreeMap<String, usize>,
}

impl Keyed {
    fn insert(&mut self, key: String, item: Item, unmapped: &mut UnmappedList) {
        match self.index.get(&key) {
            None => {
                self.index.insert(key, self.items.len());
                self.items.push(item);
            }
            Some(&at) => {
                let kept = &mut self.items[at];
                if item.described && !kept.described {
                    *kept = item;
                } else if kept.described == item.described && kept.value != item.value {
                    unmapped.push(
                        &item.label,
                        "",
                        format!("describes {key} again, differently; the first description ({}) is kept", kept.label),
                    );
                }
            }
        }
    }
}

/// Which member holds each listing's items, the members that identify an item, and whether
/// the listing is a full description.
fn listing(shape: Shape) -> Option<(&'static str, &'static [&'static str], bool)> {
    Some(match shape {
        Shape::JobQueues => ("jobQueues", &["jobQueueArn", "jobQueueName"], true),
        Shape::SchedulingPolicies => ("schedulingPolicies", &["arn", "name"], true),
        Shape::ServiceEnvironments => (
            "serviceEnvironments",
            &["serviceEnvironmentArn", "serviceEnvironmentName"],
            true,
        ),
        Shape::QuotaShareList => ("quotaShares", SHARE_KEY, false),
        Shape::ServiceJobList => ("jobSummaryList", JOB_KEY, false),
        _ => return None,
    })
}

const SHARE_KEY: &[&str] = &["quotaShareArn", "quotaShareName"];
const JOB_KEY: &[&str] = &["jobArn", "jobId"];

/// Gathers the documents; notes a listing whose every page has a `nextToken` (a later page is
/// missing).
pub fn collect(documents: Vec<Document>, unmapped: &mut UnmappedList) -> Collected {
    let mut collected = Collected::default();
    // Per listing shape: pages read, and pages that promised another.
    let mut pages: BTreeMap<Shape, (usize, usize, String)> = BTreeMap::new();
    for document in documents {
        if let Some((member, key, described)) = listing(document.shape) {
            let page = pages
                .entry(document.shape)
                .or_insert((0, 0, document.label.clone()));
            page.0 += 1;
            if document
                .value
                .get("nextToken")
                .is_some_and(|t| !t.is_null())
            {
                page.1 += 1;
            }
            let Some(items) = document.value.get(member).and_then(Value::as_array) else {
                unmapped.push(
                    &document.label,
                    member,
                    "is not a list; the document is skipped",
                );
                continue;
            };
            for (i, value) in items.iter().enumerate() {
                let label = format!("{} › {member}[{i}]", document.label);
                let Some(k) = key_of(value, key) else {
                    unmapped.push(
                        &label,
                        "",
                        format!("has neither {}; skipped", key.join(" nor ")),
                    );
                    continue;
                };
                let item = Item {
                    label,
                    value: value.clone(),
                    described,
                };
                collected.keyed(document.shape).insert(k, item, unmapped);
            }
        } else {
            let key = match document.shape {
                Shape::QuotaShare => key_of(&document.value, SHARE_KEY),
                Shape::ServiceJob => key_of(&document.value, JOB_KEY),
                Shape::TrainingJob => {
                    key_of(&document.value, &["TrainingJobArn", "TrainingJobName"])
                }
                Shape::TrainingPlan => {
                    key_of(&document.value, &["TrainingPlanArn", "TrainingPlanName"])
                }
                _ => kubernetes_key(&document.value),
            };
            let Some(k) = key else {
                unmapped.push(
                    &document.label,
                    "",
                    "has no name or ARN to know it by; skipped",
                );
                continue;
            };
            let item = Item {
                label: document.label,
                value: document.value,
                described: true,
            };
            collected.keyed(document.shape).insert(k, item, unmapped);
        }
    }
    for (shape, (read, promised, first)) in pages {
        if read == promised {
            unmapped.push(&first, "nextToken", format!("every page of this {shape:?} listing names a next page ({read} read); the listing is incomplete"));
        }
    }
    collected
}

impl Collected {
    fn keyed(&mut self, shape: Shape) -> &mut Keyed {
        match shape {
            Shape::JobQueues => &mut self.queues,
            Shape::SchedulingPolicies => &mut self.policies,
            Shape::ServiceEnvironments => &mut self.environments,
            Shape::QuotaShareList | Shape::QuotaShare => &mut self.shares,
            Shape::ServiceJobList | Shape::ServiceJob => &mut self.jobs,
            Shape::TrainingJob => &mut self.training_jobs,
            Shape::TrainingPlan => &mut self.training_plans,
            Shape::Kubernetes => &mut self.kubernetes,
        }
    }

    /// True when any AWS document was read.
    pub fn has_aws(&self) -> bool {
        !(self.queues.items.is_empty()
            && self.policies.items.is_empty()
            && self.environments.items.is_empty()
            && self.shares.items.is_empty()
            && self.jobs.items.is_empty()
            && self.training_jobs.items.is_empty()
            && self.training_plans.items.is_empty())
    }
}

fn key_of(value: &Value, members: &[&str]) -> Option<String> {
    members
        .iter()
        .find_map(|m| value.get(*m).and_then(Value::as_str))
        .map(str::to_string)
}

fn kubernetes_key(value: &Value) -> Option<String> {
    let kind = value.get("kind")?.as_str()?;
    let metadata = value.get("metadata")?;
    let name = metadata.get("name")?.as_str()?;
    let namespace = metadata
        .get("namespace")
        .and_then(Value::as_str)
        .unwrap_or("");
    Some(format!("{kind}/{namespace}/{name}"))
}
