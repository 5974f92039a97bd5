//! Every account fixture against the model that defines it: AWS outputs against the output
//! shapes of botocore's service models (and each `serviceRequestPayload` against SageMaker's
//! `CreateTrainingJob` input), Kubernetes objects against Kueue's CRD schemas, v1beta1 and
//! v1beta2. The subsets of those models live in `fixtures/account/shapes/` (README there).

use crate::support::{files, root};
use quotalab_interop::account::timestamp::iso8601;
use serde::Deserialize;
use serde_json::Value;
use std::path::Path;

fn json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Which operation printed a fixture: the test knows by the file's name (the import must not).
fn operation(path: &Path) -> Option<(&'static str, &'static str)> {
    let name = path.file_name()?.to_str()?;
    let dir = path.parent()?.file_name()?.to_str()?;
    let batch = |op| Some(("batch", op));
    match (dir, name) {
        (_, n) if n.starts_with("describe-job-queues") || n == "queues.json" => {
            batch("DescribeJobQueues")
        }
        (_, n) if n.starts_with("describe-scheduling-policies") => {
            batch("DescribeSchedulingPolicies")
        }
        (_, n) if n.starts_with("describe-service-environments") || n == "environments.json" => {
            batch("DescribeServiceEnvironments")
        }
        (_, n) if n.starts_with("list-quota-shares") => batch("ListQuotaShares"),
        ("shares", _) => batch("DescribeQuotaShare"),
        (_, n) if n.starts_with("describe-quota-share") => batch("DescribeQuotaShare"),
        (_, n) if n.starts_with("list-service-jobs") => batch("ListServiceJobs"),
        ("jobs", _) => batch("DescribeServiceJob"),
        (_, n) if n.starts_with("describe-service-job") => batch("DescribeServiceJob"),
        (_, n) if n.starts_with("describe-training-job") => {
            Some(("sagemaker", "DescribeTrainingJob"))
        }
        (_, n) if n.starts_with("describe-training-plan") => {
            Some(("sagemaker", "DescribeTrainingPlan"))
        }
        _ => None,
    }
}

/// A value against a botocore shape; every member must be one the shape names.
fn check_shape(model: &Value, shape: &str, value: &Value, path: &str, errors: &mut Vec<String>) {
    let s = &model["shapes"][shape];
    let mut fail = |m: String| errors.push(format!("{path}: {m}"));
    match s["type"].as_str().unwrap_or("") {
        "structure" => {
            let Some(object) = value.as_object() else {
                return fail(format!("{shape} must be an object"));
            };
            for required in s["required"].as_array().into_iter().flatten() {
                let r = required.as_str().unwrap();
                if !object.contains_key(r) {
                    errors.push(format!("{path}: {shape} requires {r}"));
                }
            }
            for (k, v) in object {
                match s["members"].get(k) {
                    Some(m) => check_shape(
                        model,
                        m["shape"].as_str().unwrap(),
                        v,
                        &format!("{path}.{k}"),
                        errors,
                    ),
                    None => errors.push(format!("{path}: {shape} has no member {k}")),
                }
            }
        }
        "list" => match value.as_array() {
            Some(items) => {
                for (i, v) in items.iter().enumerate() {
                    check_shape(
                        model,
                        s["member"]["shape"].as_str().unwrap(),
                        v,
                        &format!("{path}[{i}]"),
                        errors,
                    );
                }
            }
            None => fail(format!("{shape} must be a list")),
        },
        "map" => match value.as_object() {
            Some(entries) => {
                for (k, v) in entries {
                    check_shape(
                        model,
                        s["value"]["shape"].as_str().unwrap(),
                        v,
                        &format!("{path}.{k}"),
                        errors,
                    );
                }
            }
            None => fail(format!("{shape} must be a map")),
        },
        "string" => match value.as_str() {
            Some(text) => {
                if let Some(values) = s["enum"].as_array() {
                    if !values.iter().any(|v| v == text) {
                        fail(format!("\"{text}\" is not a {shape} value"));
                    }
                }
            }
            None => fail(format!("{shape} must be a string")),
        },
        "integer" | "long" => {
            if value.as_i64().is_none() {
                fail(format!(
                    "{shape} must be a whole number (Batch Long: epoch milliseconds)"
                ));
            }
        }
        "double" | "float" => {
            if !value.is_number() {
                fail(format!("{shape} must be a number"));
            }
        }
        "boolean" => {
            if !value.is_boolean() {
                fail(format!("{shape} must be true or false"));
            }
        }
        "timestamp" => {
            if value.as_str().and_then(iso8601).is_none() {
                fail(format!(
                    "{shape} must be ISO 8601 text, as the AWS CLI prints SageMaker times"
                ));
            }
        }
        other => fail(format!(
            "shape {shape} of type {other:?} is not in the extracted model"
        )),
    }
}

#[test]
fn every_aws_fixture_has_the_output_shape_of_its_operation() {
    let batch = json(&root().join("shapes/batch-shapes.json"));
    let sagemaker = json(&root().join("shapes/sagemaker-shapes.json"));
    let all: Vec<_> = ["research-lab", "two-teams"]
        .iter()
        .flat_map(|dir| files(&root().join(dir)))
        .collect();
    let mut errors = Vec::new();
    let mut checked = 0;
    let mut payloads = 0;
    for path in &all {
        let Some((service, op)) = operation(path) else {
            continue;
        };
        let model = if service == "batch" {
            &batch
        } else {
            &sagemaker
        };
        let value = json(path);
        let shape = model["operations"][op].as_str().unwrap();
        let label = path.strip_prefix(root()).unwrap().display().to_string();
        check_shape(model, shape, &value, &label, &mut errors);
        checked += 1;
        for (k, payload) in [value.get("serviceRequestPayload")]
            .into_iter()
            .flatten()
            .enumerate()
        {
            let Ok(request) = serde_json::from_str::<Value>(payload.as_str().unwrap()) else {
                continue; // two-teams/jobs/s-broken.json carries a broken payload on purpose
            };
            let input = sagemaker["inputs"]["CreateTrainingJob"].as_str().unwrap();
            check_shape(
                &sagemaker,
                input,
                &request,
                &format!("{label}.serviceRequestPayload#{k}"),
                &mut errors,
            );
            payloads += 1;
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    assert!(checked >= 35, "only {checked} fixtures checked");
    assert!(payloads >= 12, "only {payloads} payloads checked");
}

#[test]
fn the_shape_check_catches_a_wrong_member_type_and_an_unknown_member() {
    let batch = json(&root().join("shapes/batch-shapes.json"));
    let mut value = json(&root().join("research-lab/describe-quota-share-research.json"));
    value["capacityLimits"][0]["maxCapacity"] = Value::from("6");
    value["quotaShareWeight"] = Value::from(1);
    value["resourceSharingConfiguration"]["strategy"] = Value::from("SHARE");
    let mut errors = Vec::new();
    check_shape(
        &batch,
        "DescribeQuotaShareResponse",
        &value,
        "share",
        &mut errors,
    );
    assert_eq!(errors.len(), 3, "{errors:?}");
}

/// A value against an OpenAPI v3 schema of a CRD (the structural subset Kubernetes uses).
fn check_schema(schema: &Value, value: &Value, path: &str, errors: &mut Vec<String>) {
    if schema.get("x-kubernetes-preserve-unknown-fields") == Some(&Value::Bool(true))
        && schema.get("properties").is_none()
    {
        return;
    }
    if schema.get("x-kubernetes-int-or-string") == Some(&Value::Bool(true)) {
        if !(value.is_i64() || value.is_u64() || value.is_string()) {
            errors.push(format!("{path}: must be a whole number or a string"));
        }
        return;
    }
    let kind = schema["type"].as_str().unwrap_or("");
    let ok = match kind {
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "boolean" => value.is_boolean(),
        _ => true,
    };
    if !ok {
        return errors.push(format!("{path}: must be {kind}"));
    }
    if let Some(values) = schema["enum"].as_array() {
        if !values.contains(value) {
            errors.push(format!("{path}: {value} is not one of {values:?}"));
        }
    }
    if schema["format"] == "date-time" && value.as_str().and_then(iso8601).is_none() {
        errors.push(format!("{path}: must be an RFC 3339 time"));
    }
    if let (Some(object), "object") = (value.as_object(), kind) {
        for required in schema["required"].as_array().into_iter().flatten() {
            if !object.contains_key(required.as_str().unwrap()) {
                errors.push(format!("{path}: requires {required}"));
            }
        }
        for (k, v) in object {
            match (
                schema["properties"].get(k),
                schema.get("additionalProperties"),
            ) {
                (Some(s), _) => check_schema(s, v, &format!("{path}.{k}"), errors),
                (None, Some(s)) if s.is_object() => {
                    check_schema(s, v, &format!("{path}.{k}"), errors)
                }
                (None, _) if schema.get("properties").is_none() => {}
                (None, _) => errors.push(format!("{path}: no field {k} in the schema")),
            }
        }
    }
    if let (Some(items), "array") = (value.as_array(), kind) {
        for (i, v) in items.iter().enumerate() {
            check_schema(&schema["items"], v, &format!("{path}[{i}]"), errors);
        }
    }
}

fn kubernetes_objects(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    for document in serde_yaml_ng::Deserializer::from_str(&text) {
        let value: Value =
            serde_json::to_value(serde_yaml_ng::Value::deserialize(document).unwrap()).unwrap();
        match value["items"].as_array() {
            Some(items) if value["kind"] == "List" => out.extend(items.iter().cloned()),
            _ => out.push(value),
        }
    }
    out
}

#[test]
fn every_kueue_object_fits_its_crd_schema_in_its_version() {
    let crds = json(&root().join("shapes/kueue-crds.json"));
    let mut errors = Vec::new();
    let mut checked = Vec::new();
    for path in files(&root().join("kueue")) {
        for (i, object) in kubernetes_objects(&path).iter().enumerate() {
            let version = object["apiVersion"]
                .as_str()
                .unwrap()
                .rsplit('/')
                .next()
                .unwrap()
                .to_string();
            let kind = object["kind"].as_str().unwrap();
            let Some(schema) = crds["crds"][kind].get(&version) else {
                if kind == "LocalQueue" {
                    continue; // not among the CRDs the dump command prints
                }
                panic!("{}: no schema for {kind} {version}", path.display());
            };
            check_schema(
                schema,
                object,
                &format!(
                    "{} #{i} {kind}",
                    path.file_name().unwrap().to_string_lossy()
                ),
                &mut errors,
            );
            checked.push(format!("{kind} {version}"));
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    for expected in [
        "Workload v1beta2",
        "Workload v1beta1",
        "ClusterQueue v1beta2",
        "ResourceFlavor v1beta2",
        "Cohort v1beta2",
    ] {
        assert!(
            checked.iter().any(|c| c == expected),
            "no {expected} checked: {checked:?}"
        );
    }
}

#[test]
fn the_schema_check_catches_a_misspelt_field() {
    let crds = json(&root().join("shapes/kueue-crds.json"));
    let object: Value = serde_json::json!({"apiVersion": "kueue.x-k8s.io/v1beta2", "kind": "ClusterQueue",
        "metadata": {"name": "x"}, "spec": {"cohort": "ml", "resourceGroups": [{"coveredResources": ["pods"], "flavors": [{"name": "p5", "resources": [{"name": "pods", "nominalQuota": true}]}]}]}});
    let mut errors = Vec::new();
    check_schema(
        &crds["crds"]["ClusterQueue"]["v1beta2"],
        &object,
        "cq",
        &mut errors,
    );
    // v1beta2 names it cohortName; a quota is a number or a string.
    assert_eq!(errors.len(), 2, "{errors:?}");
}
