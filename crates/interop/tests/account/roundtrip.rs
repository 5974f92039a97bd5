//! Round trips through `import account`: a scenario's agreement exported (AWS, Kueue), turned
//! into the describe output the real services print, and imported back, is the same agreement;
//! and a simulated run written out as service-job history imports back to a workload whose
//! replay starts every job when the history says (calibration 100%).

use quotalab_engine::result::{JobResult, Status, StopKind};
use quotalab_engine::scenario::ObservedStatus;
use quotalab_engine::{simulate, Scenario};
use quotalab_interop::account::{import_account, status, AccountOptions, InputFile};
use quotalab_interop::agreement::Agreement;
use quotalab_interop::{aws, kueue};
use serde_json::{json, Value};
use std::path::Path;

const QUEUE_ARN: &str = "arn:aws:batch:us-east-1:123456789012:job-queue/q";
/// 2026-03-02T08:00:00Z: the history's t = 0.
const T0_MS: i64 = 1_772_438_400_000;

fn gallery() -> Vec<Scenario> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    crate::support::files(&dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| Scenario::from_json(&std::fs::read_to_string(&p).unwrap()).unwrap())
        .filter(|s| !s.quota_shares.is_empty())
        .collect()
}

/// Imports `files` as an account and checks they hold `scenario`'s agreement; returns the
/// imported scenario.
fn imports_to_the_same_agreement(files: &[InputFile], scenario: &Scenario) -> Scenario {
    let back = import_account(files, &AccountOptions::default())
        .unwrap_or_else(|e| panic!("{}: {e}", scenario.name));
    assert_eq!(
        Agreement::of(&back.scenario),
        Agreement::of(scenario),
        "{}",
        scenario.name
    );
    back.scenario
}

fn input(path: &str, value: &Value) -> InputFile {
    InputFile {
        path: path.into(),
        contents: value.to_string(),
    }
}

/// `aws batch describe-*` output for what `export aws` would create: the same members the
/// create inputs carry, plus the ARNs and statuses AWS adds (botocore's output shapes).
fn describe_documents(export: &aws::AwsExport) -> Vec<InputFile> {
    let mut out = Vec::new();
    for file in &export.files {
        let Ok(mut value) = serde_json::from_str::<Value>(&file.contents) else {
            continue;
        };
        if file.path == "job-queue.json" {
            value["jobQueueArn"] = QUEUE_ARN.into();
            value["status"] = "VALID".into();
            value["computeEnvironmentOrder"] = json!([]);
            out.push(input(
                "describe-job-queues.json",
                &json!({ "jobQueues": [value] }),
            ));
        } else if file.path == "service-environment.json" {
            value["serviceEnvironmentArn"] =
                "arn:aws:batch:us-east-1:123456789012:service-environment/e".into();
            value["status"] = "VALID".into();
            out.push(input(
                "describe-service-environments.json",
                &json!({ "serviceEnvironments": [value] }),
            ));
        } else if file.path.starts_with("quota-shares/") {
            let name = value["quotaShareName"].as_str().unwrap().to_string();
            let object = value.as_object_mut().unwrap();
            object.remove("jobQueue");
            object.insert("jobQueueArn".into(), QUEUE_ARN.into());
            object.insert(
                "quotaShareArn".into(),
                format!("{QUEUE_ARN}/quota-share/{name}").into(),
            );
            object.insert("status".into(), "VALID".into());
            // Numbered like the collect script numbers them: files are read in path order.
            out.push(input(&file.path, &value));
        }
    }
    out
}

#[test]
fn aws_describe_output_of_an_exported_agreement_imports_to_the_same_agreement() {
    for scenario in gallery() {
        let files = describe_documents(&aws::export(&scenario));
        let back = imports_to_the_same_agreement(&files, &scenario);
        assert_eq!(back.name, scenario.name);
    }
}

#[test]
fn a_kueue_list_of_an_exported_agreement_imports_to_the_same_agreement() {
    use serde::Deserialize;
    for scenario in gallery() {
        let yaml = kueue::export(&scenario).yaml;
        let items: Vec<serde_yaml_ng::Value> = serde_yaml_ng::Deserializer::from_str(&yaml)
            .map(|d| serde_yaml_ng::Value::deserialize(d).unwrap())
            .filter(|v| !v.is_null())
            .collect();
        let list = json!({ "apiVersion": "v1", "kind": "List", "items": items });
        let files = [InputFile {
            path: "cluster.yaml".into(),
            contents: serde_yaml_ng::to_string(&list).unwrap(),
        }];
        imports_to_the_same_agreement(&files, &scenario);
    }
}

fn ms(hours: f64) -> i64 {
    T0_MS + (hours * 3_600_000.0).round() as i64
}

/// The `describe-service-job` output AWS would print for a simulated job.
fn service_job(k: usize, spec: &quotalab_engine::scenario::JobSpec, result: &JobResult) -> Value {
    let per_entry = spec.preferences.iter().all(|p| p.instance_count.is_some());
    let preferences: Vec<Value> = spec
        .preferences
        .iter()
        .map(|p| match p.instance_count {
            Some(n) if per_entry => json!({ "InstanceType": p.instance_type, "InstanceCount": n }),
            _ => json!({ "InstanceType": p.instance_type }),
        })
        .collect();
    let mut resource = json!({ "InstancePreferences": preferences, "VolumeSizeInGB": 50 });
    if !per_entry {
        resource["InstanceCount"] = spec.instance_count.unwrap_or(1).into();
    }
    let mut stopping = json!({ "MaxRuntimeInSeconds": 86_400 });
    if let Some(h) = spec.max_pending_h {
        stopping["MaxPendingTimeInSeconds"] = ((h * 3600.0) as u64).into();
    }
    let payload = json!({ "TrainingJobName": spec.name, "RoleArn": "arn:aws:iam::123456789012:role/r",
        "AlgorithmSpecification": { "TrainingInputMode": "File" },
        "OutputDataConfig": { "S3OutputPath": "s3://b/o" }, "ResourceConfig": resource, "StoppingCondition": stopping });
    let observed: ObservedStatus =
        serde_json::from_value(Value::from(result.status.as_str())).unwrap();
    let (aws_status, reason) = status::to_aws(observed, result.reason.map(|r| r.as_str()));
    let attempts: Vec<Value> = result
        .attempts
        .iter()
        .map(|a| json!({ "startedAt": ms(a.start_h), "stoppedAt": ms(a.end_h) }))
        .collect();
    let mut job = json!({ "jobArn": format!("arn:aws:batch:us-east-1:123456789012:service-job/{k}"), "jobId": k.to_string(),
        "jobName": spec.name, "jobQueue": QUEUE_ARN, "serviceJobType": "SAGEMAKER_TRAINING",
        "quotaShareName": spec.share, "createdAt": ms(spec.submit_h), "schedulingPriority": spec.priority,
        "serviceRequestPayload": payload.to_string(), "status": aws_status,
        "startedAt": ms(result.first_start_h.unwrap_or(spec.submit_h)), "attempts": attempts,
        "preemptionSummary": { "preemptedAttemptCount": result.preemptions } });
    if let Some(reason) = reason {
        job["statusReason"] = reason.into();
    }
    if let Some(end) = result.end_h {
        job["stoppedAt"] = ms(end).into();
    }
    if let Some(selected) = result
        .selected
        .as_ref()
        .filter(|_| !result.attempts.is_empty())
    {
        job["capacityUsage"] = json!([{ "capacityUnit": selected.instance_type.as_str(), "quantity": selected.instance_count }]);
    }
    if let Some(n) = spec.preemption_retries {
        job["preemptionConfiguration"] = json!({ "preemptionRetriesBeforeTermination": n });
    }
    job
}

#[test]
fn a_simulated_history_imported_back_replays_every_start_and_type() {
    let text =
        std::fs::read_to_string(crate::support::root().join("history-roundtrip.json")).unwrap();
    let original = Scenario::from_json(&text).unwrap();
    let run = simulate(&original);
    // The story has reclaim, in-share preemption and a pending time-out.
    assert!(run.jobs.iter().any(|j| j
        .attempts
        .iter()
        .any(|a| a.preemption == Some(StopKind::Reclaim))));
    assert!(run.jobs.iter().any(|j| j
        .attempts
        .iter()
        .any(|a| a.preemption == Some(StopKind::InShare))));
    assert!(run.jobs.iter().any(|j| j.status == Status::TimedOut));

    let mut files = describe_documents(&aws::export(&original));
    for (k, (spec, result)) in original.jobs.iter().zip(&run.jobs).enumerate() {
        files.push(input(
            &format!("jobs/{k}.json"),
            &service_job(k, spec, result),
        ));
    }
    let imported = import_account(&files, &AccountOptions::default()).unwrap();
    assert!(imported.unmapped.is_empty(), "{:?}", imported.unmapped);
    let back = &imported.scenario;
    assert_eq!(Agreement::of(back), Agreement::of(&original));
    for (a, b) in original.jobs.iter().zip(&back.jobs) {
        assert_eq!(
            (&a.name, &a.share, a.priority),
            (&b.name, &b.share, b.priority)
        );
        assert!((a.submit_h - b.submit_h).abs() < 1e-9, "{}", a.name);
        let types = |j: &quotalab_engine::scenario::JobSpec| {
            j.preferences
                .iter()
                .map(|p| p.instance_type.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(types(a), types(b), "{}", a.name);
    }
    let replay = simulate(back);
    let c = replay.calibration.expect("observed blocks");
    assert_eq!(c.jobs_compared as usize, original.jobs.len());
    assert_eq!(
        c.start_within_tolerance,
        Some(1.0),
        "{:?}",
        c.most_deviating
    );
    assert_eq!(c.same_instance_type, Some(1.0));
    for (o, r) in run.jobs.iter().zip(&replay.jobs) {
        assert_eq!(
            (o.status.as_str(), o.first_start_h, o.preemptions),
            (r.status.as_str(), r.first_start_h, r.preemptions),
            "{}",
            o.name
        );
    }
}
