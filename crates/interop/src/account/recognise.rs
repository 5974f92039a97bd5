//! Which document is which, by its shape alone (docs/ACCOUNT.md, "Inputs"): the top-level
//! members of each AWS output shape, and `apiVersion`/`kind` for Kubernetes objects. File names
//! are never consulted, so a user may name and nest the files as they like.

use super::unmapped::UnmappedList;
use serde::Deserialize;
use serde_json::Value;

/// The operations whose output this import reads, and Kubernetes objects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Shape {
    /// `aws batch describe-job-queues`.
    JobQueues,
    /// `aws batch describe-scheduling-policies`.
    SchedulingPolicies,
    /// `aws batch describe-service-environments`.
    ServiceEnvironments,
    /// `aws batch list-quota-shares`.
    QuotaShareList,
    /// `aws batch describe-quota-share`.
    QuotaShare,
    /// `aws batch list-service-jobs`.
    ServiceJobList,
    /// `aws batch describe-service-job`.
    ServiceJob,
    /// `aws sagemaker describe-training-job`.
    TrainingJob,
    /// `aws sagemaker describe-training-plan`.
    TrainingPlan,
    /// One Kubernetes object (a `List` is opened into its items).
    Kubernetes,
}

/// One recognised document: where it came from, its shape and its JSON.
#[derive(Debug, Clone)]
pub struct Document {
    /// The file, and the YAML document or `List` item within it.
    pub label: String,
    pub shape: Shape,
    pub value: Value,
}

/// Every document a file holds. What is not a document this import reads is listed in
/// `unmapped`, never an error: the rest of the account still imports.
pub fn recognise(path: &str, text: &str, unmapped: &mut UnmappedList) -> Vec<Document> {
    let mut out = Vec::new();
    match serde_json::from_str::<Value>(text) {
        Ok(value) => classify(path.to_string(), value, &mut out, unmapped),
        Err(json_error) => {
            let values = yaml_documents(text);
            if values.is_empty() || looks_like_json(text) {
                unmapped.push(path, "", format!("neither JSON nor YAML: {json_error}"));
            }
            if !values.is_empty() && values.iter().all(|v| matches!(v, Ok(Value::Null))) {
                unmapped.push(path, "", "empty: no document in it");
            }
            let several = values.len() > 1;
            for (k, value) in values.into_iter().enumerate() {
                match value {
                    Ok(v) if v.is_null() => {}
                    Ok(v) => {
                        let label = if several {
                            format!("{path} › document {}", k + 1)
                        } else {
                            path.to_string()
                        };
                        classify(label, v, &mut out, unmapped);
                    }
                    Err(message) => unmapped.push(
                        path,
                        &format!("document {}", k + 1),
                        format!("not YAML: {message}"),
                    ),
                }
            }
        }
    }
    out
}

fn looks_like_json(text: &str) -> bool {
    text.trim_start().starts_with(['{', '['])
}

/// Why a YAML document is not read: the parser's reason, or a value JSON cannot hold (a map
/// with keys that are not strings); listed as `not YAML: ...` (docs/ACCOUNT.md).
#[derive(Debug, thiserror::Error)]
enum NotADocument {
    #[error("{0}")]
    Yaml(#[from] serde_yaml_ng::Error),
    #[error("{0}")]
    Json(#[from] serde_json::Error),
}

/// The YAML documents of a text; a document that does not parse is an `Err` with the reason,
/// and reading stops there (the parser cannot find the next document boundary reliably).
fn yaml_documents(text: &str) -> Vec<Result<Value, NotADocument>> {
    let mut out = Vec::new();
    for document in serde_yaml_ng::Deserializer::from_str(text) {
        match serde_yaml_ng::Value::deserialize(document) {
            Ok(v) => out.push(serde_json::to_value(v).map_err(NotADocument::from)),
            Err(e) => {
                out.push(Err(e.into()));
                break;
            }
        }
    }
    out
}

fn classify(label: String, value: Value, out: &mut Vec<Document>, unmapped: &mut UnmappedList) {
    let Some(object) = value.as_object() else {
        unmapped.push(
            &label,
            "",
            "not a JSON object: no AWS output or Kubernetes object",
        );
        return;
    };
    let has = |key: &str| object.contains_key(key);
    let shape = if has("apiVersion") && has("kind") {
        if let Some(items) = kubernetes_list_items(&value) {
            for (i, item) in items.iter().enumerate() {
                classify(format!("{label} › items[{i}]"), item.clone(), out, unmapped);
            }
            return;
        }
        Shape::Kubernetes
    } else if has("jobQueues") {
        Shape::JobQueues
    } else if has("schedulingPolicies") {
        Shape::SchedulingPolicies
    } else if has("serviceEnvironments") {
        Shape::ServiceEnvironments
    } else if has("quotaShares") {
        Shape::QuotaShareList
    } else if has("jobSummaryList") {
        Shape::ServiceJobList
    } else if has("capacityLimits") && has("resourceSharingConfiguration") {
        Shape::QuotaShare
    } else if has("jobId") && has("serviceJobType") {
        Shape::ServiceJob
    } else if has("TrainingJobName") && has("TrainingJobStatus") {
        Shape::TrainingJob
    } else if has("TrainingPlanArn") && has("TrainingPlanName") {
        Shape::TrainingPlan
    } else {
        let keys: Vec<&str> = object.keys().take(4).map(String::as_str).collect();
        unmapped.push(
            &label,
            "",
            format!(
                "not an output this import reads (it has {})",
                if keys.is_empty() {
                    "no fields".to_string()
                } else {
                    keys.join(", ")
                }
            ),
        );
        return;
    };
    out.push(Document {
        label,
        shape,
        value,
    });
}

/// A Kubernetes `List` (or `ClusterQueueList`, ...) has `items`.
fn kubernetes_list_items(value: &Value) -> Option<&Vec<Value>> {
    let kind = value.get("kind")?.as_str()?;
    if kind.ends_with("List") {
        value.get("items")?.as_array()
    } else {
        None
    }
}
