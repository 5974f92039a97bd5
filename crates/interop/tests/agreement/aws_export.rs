//! The AWS export against fixtures written from the API reference: exact files for a scenario
//! that uses every mapped feature, and a shape check (field names, required fields, enums and
//! ranges) of everything exported for every gallery scenario.

use quotalab_engine::Scenario;
use quotalab_interop::aws::{self, AwsExport};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/aws")
        .join(name)
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn export_fixture() -> AwsExport {
    let text = std::fs::read_to_string(fixture("scenario.json")).unwrap();
    aws::export(&Scenario::from_json(&text).unwrap())
}

/// An exported file as JSON, with `serviceRequestPayload` parsed so fixtures can show it.
fn file(export: &AwsExport, path: &str) -> Value {
    let f = export
        .files
        .iter()
        .find(|f| f.path == path)
        .unwrap_or_else(|| {
            panic!(
                "no {path} in {:?}",
                export.files.iter().map(|f| &f.path).collect::<Vec<_>>()
            )
        });
    let mut value: Value = serde_json::from_str(&f.contents).unwrap();
    if let Some(Value::String(payload)) = value.get("serviceRequestPayload") {
        let parsed: Value = serde_json::from_str(payload).unwrap();
        value["serviceRequestPayload"] = parsed;
    }
    value
}

/// Asserts that the export of the fixture scenario holds, at `path`, the request of the fixture
/// `expected` written from the API reference; each test below names the feature it shows.
fn assert_exported_as(path: &str, expected: &str) {
    assert_eq!(
        file(&export_fixture(), path),
        read_json(&fixture(expected)),
        "{path}"
    );
}

#[test]
fn quota_shares_match_the_create_quota_share_fixtures() {
    assert_exported_as(
        "quota-shares/00-research.json",
        "create-quota-share-research.json",
    );
    assert_exported_as("quota-shares/01-prod.json", "create-quota-share-prod.json");
}

#[test]
fn per_entry_counts_plans_checkpoints_and_retries_reach_the_training_payload() {
    assert_exported_as(
        "jobs/llm-pretrain-like.json",
        "submit-service-job-llm-pretrain.json",
    );
}

#[test]
fn job_level_count_goes_to_resource_config_for_a_mix() {
    assert_exported_as("jobs/finetune.json", "submit-service-job-finetune.json");
}

#[test]
fn spot_job_uses_managed_spot_instead_of_preferences() {
    assert_exported_as(
        "jobs/nightly-eval-like.json",
        "submit-service-job-nightly-eval.json",
    );
}

#[test]
fn max_pending_time_outside_aws_range_is_clamped_with_a_warning() {
    let export = export_fixture();
    assert!(
        export
            .warnings
            .iter()
            .any(|w| w.starts_with("jobs[0].max_pending_h") && w.contains("7200 to 2419200")),
        "{:#?}",
        export.warnings
    );
}

#[test]
fn what_aws_would_refuse_is_warned_about() {
    let mut text = String::from(
        r#"{ "version": 1, "name": "too many", "capacity": [ { "instance_type": "ml.g5.xlarge", "count": 30 } ], "quota_shares": ["#,
    );
    let shares: Vec<String> = (0..21)
        .map(|i| format!(r#"{{ "name": "s{i}", "strategy": "LEND", "capacity_limits": [ {{ "instance_type": "ml.g5.xlarge", "max_capacity": 1 }} ] }}"#))
        .collect();
    text.push_str(&shares.join(","));
    text.push_str(
        r#"], "jobs": [ { "name": "j", "share": "s0", "submit_h": 0, "duration_h": 1, "instance_count": 1, "spot": true, "priority": 20000,
               "preferences": [ { "instance_type": "ml.g5.xlarge" }, { "instance_type": "ml.g5.2xlarge" } ] } ] }"#,
    );
    let scenario = Scenario::parse_json(&text).unwrap();
    let warnings = aws::export(&scenario).warnings;
    let has = |needle: &str| warnings.iter().any(|w| w.contains(needle));
    assert!(has("at most 20 quota shares"), "{warnings:#?}");
    assert!(
        has("managed spot training cannot be combined with instance preferences"),
        "{warnings:#?}"
    );
    assert!(has("schedulingPriority is 0 to 9999"), "{warnings:#?}");
}

/// Checks `value` against shape `name` of api-shapes.json, collecting every violation.
fn check(shapes: &Value, name: &str, value: &Value, path: &str, errors: &mut Vec<String>) {
    let shape = &shapes[name];
    let Some(object) = value.as_object() else {
        errors.push(format!("{path}: expected an object for {name}"));
        return;
    };
    for (field, rules) in shape.as_object().unwrap() {
        if rules.get("required") == Some(&Value::Bool(true)) && !object.contains_key(field) {
            errors.push(format!("{path}: {name} requires {field}"));
        }
    }
    for (field, v) in object {
        let here = format!("{path}.{field}");
        let Some(rules) = shape.get(field) else {
            errors.push(format!("{here}: {name} has no field {field}"));
            continue;
        };
        if let Some(allowed) = rules.get("enum").and_then(Value::as_array) {
            if !allowed.contains(v) {
                errors.push(format!("{here}: {v} is not one of {allowed:?}"));
            }
        }
        if let (Some(min), Some(n)) = (rules.get("min").and_then(Value::as_i64), v.as_i64()) {
            if n < min {
                errors.push(format!("{here}: {n} is below the minimum {min}"));
            }
        }
        if let (Some(max), Some(n)) = (rules.get("max").and_then(Value::as_i64), v.as_i64()) {
            if n > max {
                errors.push(format!("{here}: {n} is above the maximum {max}"));
            }
        }
        match rules.get("pattern").and_then(Value::as_str) {
            Some("name") => {
                let s = v.as_str().unwrap_or("");
                if s.is_empty()
                    || s.len() > 128
                    || !s
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
                {
                    errors.push(format!(
                        "{here}: \"{s}\" is not 1-128 letters, digits, - or _"
                    ));
                }
            }
            Some("training_job_name") => {
                let s = v.as_str().unwrap_or("");
                if s.is_empty()
                    || s.len() > 63
                    || s.starts_with('-')
                    || !s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                {
                    errors.push(format!(
                        "{here}: \"{s}\" is not a SageMaker training job name"
                    ));
                }
            }
            _ => {}
        }
        if let Some(child) = rules.get("shape").and_then(Value::as_str) {
            check(shapes, child, v, &here, errors);
        }
        if let Some(items) = rules.get("items").and_then(Value::as_str) {
            let list = v.as_array().cloned().unwrap_or_default();
            let min = rules.get("min_items").and_then(Value::as_u64).unwrap_or(0) as usize;
            let max = rules
                .get("max_items")
                .and_then(Value::as_u64)
                .unwrap_or(u64::MAX) as usize;
            if list.len() < min || list.len() > max {
                errors.push(format!(
                    "{here}: {} items, allowed {min} to {max}",
                    list.len()
                ));
            }
            for (i, item) in list.iter().enumerate() {
                if items == "string" {
                    if !item.is_string() {
                        errors.push(format!("{here}[{i}]: expected a string"));
                    }
                } else {
                    check(shapes, items, item, &format!("{here}[{i}]"), errors);
                }
            }
        }
        if let Some(inner) = rules.get("json").and_then(Value::as_str) {
            match v.as_str().map(serde_json::from_str::<Value>) {
                Some(Ok(parsed)) => check(shapes, inner, &parsed, &here, errors),
                _ => errors.push(format!("{here}: expected a JSON string")),
            }
        }
    }
}

/// Which request shape a file of the export is.
fn shape_of(path: &str) -> Option<&'static str> {
    match path {
        "scheduling-policy.json" => Some("CreateSchedulingPolicy"),
        "service-environment.json" => Some("CreateServiceEnvironment"),
        "job-queue.json" => Some("CreateJobQueue"),
        p if p.starts_with("quota-shares/") => Some("CreateQuotaShare"),
        p if p.starts_with("jobs/") => Some("SubmitServiceJob"),
        _ => None,
    }
}

#[test]
fn every_exported_file_has_only_api_fields_in_api_ranges() {
    let shapes = read_json(&fixture("api-shapes.json"));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut scenarios = vec![fixture("scenario.json")];
    for dir in [
        root.join("../../scenarios"),
        root.join("../engine/tests/examples"),
    ] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let p = entry.unwrap().path();
            if p.extension().is_some_and(|x| x == "json")
                && !p.to_string_lossy().ends_with(".expected.json")
            {
                scenarios.push(p);
            }
        }
    }
    for path in scenarios {
        let scenario = Scenario::parse_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let export = aws::export(&scenario);
        let mut errors = Vec::new();
        for f in &export.files {
            if let Some(shape) = shape_of(&f.path) {
                let value: Value = serde_json::from_str(&f.contents).unwrap();
                check(&shapes, shape, &value, &f.path, &mut errors);
            }
        }
        assert!(errors.is_empty(), "{}: {errors:#?}", path.display());
    }
}

#[test]
fn import_names_the_file_and_the_field_of_a_bad_value() {
    let mut export = export_fixture();
    let share = export
        .files
        .iter_mut()
        .find(|f| f.path == "quota-shares/01-prod.json")
        .unwrap();
    share.contents = share.contents.replace("\"RESERVE\"", "\"HOARD\"");
    let err = aws::import(&export.files).unwrap_err().to_string();
    assert!(
        err.starts_with("quota-shares/01-prod.json: resourceSharingConfiguration.strategy"),
        "{err}"
    );
}

#[test]
fn scenario_name_comes_back_through_the_job_queue_tag() {
    let export = export_fixture();
    assert_eq!(
        aws::import(&export.files).unwrap().scenario.name,
        "AWS export fixture"
    );
}

#[test]
fn service_environment_limits_each_instance_type_by_its_count() {
    let export = export_fixture();
    let env = file(&export, "service-environment.json");
    let limits: Vec<(String, u64)> = env["capacityLimits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["capacityUnit"].as_str().unwrap().to_string(),
                l["maxCapacity"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        limits,
        [
            ("ml.p5.48xlarge".to_string(), 4),
            ("ml.p4d.24xlarge".to_string(), 8),
            ("ml.g5.12xlarge".to_string(), 16)
        ]
    );
    assert!(
        env.get("tags").is_none(),
        "no capacity tags any more: {env}"
    );
}

#[test]
fn a_hand_written_instance_total_falls_back_to_the_share_limits_with_a_note() {
    let export = export_fixture();
    let mut files = export.files.clone();
    let env = files
        .iter_mut()
        .find(|f| f.path == "service-environment.json")
        .unwrap();
    env.contents =
        r#"{"serviceEnvironmentName": "e", "serviceEnvironmentType": "SAGEMAKER_TRAINING",
        "capacityLimits": [{"maxCapacity": 28, "capacityUnit": "NUM_INSTANCES"}]}"#
            .into();
    let back = aws::import(&files).unwrap();
    let capacity: Vec<(&str, u32)> = back
        .scenario
        .capacity
        .iter()
        .map(|c| (c.instance_type.as_str(), c.count))
        .collect();
    assert_eq!(
        capacity,
        [
            ("ml.g5.12xlarge", 8),
            ("ml.p4d.24xlarge", 4),
            ("ml.p5.48xlarge", 2)
        ]
    );
    assert!(back
        .notes
        .iter()
        .any(|n| n.contains("sum of the shares' limits")));
}

/// A scenario written as Kueue objects exports its translation to quota shares, one per
/// ClusterQueue, warning first of what the translation approximated, as the Kueue export does
/// the other way; the files read back as that translation's agreement.
#[test]
fn kueue_objects_export_as_the_quota_shares_of_their_translation() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/kueue-three-teams.json"),
    )
    .unwrap();
    let kueue = Scenario::from_json(&text).unwrap();
    let translation = quotalab_engine::translate::to_aws(&kueue);
    let export = aws::export(&kueue);
    let shares: Vec<&str> = export
        .files
        .iter()
        .filter_map(|f| f.path.strip_prefix("quota-shares/"))
        .collect();
    assert_eq!(
        shares,
        ["00-research.json", "01-training.json", "02-inference.json"]
    );
    let lost = translation.not_carried();
    assert!(
        !lost.is_empty(),
        "the example's lending limit has no AWS counterpart"
    );
    assert_eq!(
        export.warnings[..lost.len()],
        lost[..],
        "{:?}",
        export.warnings
    );
    assert!(
        !export
            .warnings
            .iter()
            .any(|w| w.contains("no quota shares")),
        "{:?}",
        export.warnings
    );
    let back = aws::import(&export.files).unwrap().scenario;
    // AWS writes "no limit" as -1 where the translation leaves the borrow limit unset.
    let terms = |s: &Scenario| -> Vec<String> {
        s.quota_shares
            .iter()
            .map(|q| {
                let unlimited = q.borrow_limit.unwrap_or(-1);
                format!(
                    "{} {:?} {:?} {unlimited} {}",
                    q.name, q.capacity_limits, q.strategy, q.in_share_preemption
                )
            })
            .collect()
    };
    assert_eq!(terms(&back), terms(&translation.scenario));
}
