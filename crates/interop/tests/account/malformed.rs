//! Malformed, truncated and foreign documents: the account import never panics, lists what it
//! could not read, and whatever scenario it returns has passed the engine's validation.

use quotalab_interop::account::{import_account, AccountError, AccountOptions, InputFile};
use serde_json::Value;

fn fixtures() -> Vec<InputFile> {
    crate::support::accounts(&["research-lab", "two-teams", "kueue"])
}

/// An import may fail only by finding nothing, mixing systems, or (never, we check) making a
/// scenario the engine refuses.
fn import(files: &[InputFile]) {
    match import_account(files, &AccountOptions::default()) {
        Ok(imported) => assert!(imported.scenario.validate().is_valid()),
        Err(AccountError::Invalid(errors)) => panic!(
            "{}: an invalid scenario was made: {errors:?}",
            files
                .iter()
                .map(|f| f.path.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Err(_) => {}
    }
}

#[test]
fn every_fixture_truncated_anywhere_imports_or_is_refused_without_panic() {
    for file in fixtures() {
        let text = &file.contents;
        for k in 1..=12 {
            let mut cut = text.len() * k / 13;
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            import(&[InputFile {
                path: file.path.clone(),
                contents: text[..cut].to_string(),
            }]);
        }
    }
}

/// Whether `value` holds no other value.
fn is_leaf(value: &Value) -> bool {
    !value.is_object() && !value.is_array()
}

/// The same leaf with the wrong type, or out of range.
fn wrong(value: &Value) -> Vec<Value> {
    match value {
        Value::String(_) => vec![Value::from(-1), Value::Null, Value::from("")],
        Value::Number(_) => vec![
            Value::from("12"),
            Value::from(-5),
            Value::from(1e300),
            Value::from(u64::MAX),
        ],
        Value::Bool(b) => vec![Value::from(!b), Value::from("true")],
        _ => vec![Value::from(0)],
    }
}

#[test]
fn every_aws_field_with_a_wrong_type_or_value_still_imports_the_rest() {
    let all = fixtures();
    let aws: Vec<&InputFile> = all.iter().filter(|f| f.path.ends_with(".json")).collect();
    let mut mutations = 0;
    for (n, file) in aws.iter().enumerate() {
        let value: Value = serde_json::from_str(&file.contents).unwrap();
        let pointers = quotalab_mutate::pointers(&value, &is_leaf);
        // The file's own account around it, so jobs meet their shares.
        let account = file.path.split('/').next().unwrap();
        let context: Vec<InputFile> = aws
            .iter()
            .enumerate()
            .filter(|(m, f)| {
                *m != n && f.path.starts_with(account) && f.path.contains("quota-share")
            })
            .map(|(_, f)| (*f).clone())
            .collect();
        for pointer in pointers {
            for replacement in wrong(value.pointer(&pointer).unwrap()) {
                let mut changed = value.clone();
                *changed.pointer_mut(&pointer).unwrap() = replacement;
                let mut files = context.clone();
                files.push(InputFile {
                    path: file.path.clone(),
                    contents: changed.to_string(),
                });
                import(&files);
                mutations += 1;
            }
        }
    }
    assert!(mutations > 1000, "{mutations}");
}

#[test]
fn every_kueue_field_with_a_wrong_type_or_value_still_imports_the_rest() {
    use serde::Deserialize;
    let kueue: Vec<InputFile> = fixtures()
        .into_iter()
        .filter(|f| f.path.ends_with(".yaml"))
        .collect();
    // `kubectl -o json` prints the same objects as JSON; the import reads both.
    let objects: Vec<Value> = kueue
        .iter()
        .flat_map(|f| serde_yaml_ng::Deserializer::from_str(&f.contents).collect::<Vec<_>>())
        .map(|d| serde_json::to_value(serde_yaml_ng::Value::deserialize(d).unwrap()).unwrap())
        .collect();
    let mut mutations = 0;
    for (n, object) in objects.iter().enumerate() {
        let pointers = quotalab_mutate::pointers(object, &is_leaf);
        for pointer in pointers.iter().step_by(2) {
            for replacement in wrong(object.pointer(pointer).unwrap()) {
                let mut changed = object.clone();
                *changed.pointer_mut(pointer).unwrap() = replacement;
                let files: Vec<InputFile> = objects
                    .iter()
                    .enumerate()
                    .map(|(m, o)| InputFile {
                        path: format!("object-{m}.json"),
                        contents: if m == n {
                            changed.to_string()
                        } else {
                            o.to_string()
                        },
                    })
                    .collect();
                import(&files);
                mutations += 1;
            }
        }
    }
    assert!(mutations > 300, "{mutations}");
}

#[test]
fn foreign_and_hostile_documents_are_listed_not_fatal() {
    let share = fixtures()
        .into_iter()
        .find(|f| f.path.ends_with("describe-quota-share-research.json"))
        .unwrap();
    let hostile = [
        ("empty.json", String::new()),
        ("deep.json", "[".repeat(100_000)),
        ("deep.yaml", "- ".repeat(10_000) + "x"),
        ("array.json", "[1, 2, 3]".into()),
        ("number.json", "42".into()),
        ("binary.json", "\u{0}\u{1}\u{fffd}".into()),
        ("aliases.yaml", "a: &a [1,2,3]\nb: &b [*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b]\nd: [*c,*c,*c,*c]\n".into()),
        ("list.yaml", "apiVersion: v1\nkind: List\nitems: 5\n".into()),
        ("workload.yaml", "apiVersion: kueue.x-k8s.io/v1beta2\nkind: Workload\nmetadata: 7\n".into()),
        ("queues.json", r#"{"jobQueues": {"jobQueueName": "q"}}"#.into()),
        ("jobs.json", r#"{"jobSummaryList": [{"jobId": "1"}, 7, null], "nextToken": "x"}"#.into()),
        ("job.json", r#"{"jobId": "2", "serviceJobType": "SAGEMAKER_TRAINING", "jobName": "j", "createdAt": "later", "quotaShareName": "research"}"#.into()),
        ("far.json", r#"{"jobId": "3", "serviceJobType": "SAGEMAKER_TRAINING", "jobName": "far", "createdAt": 9223372036854775807, "quotaShareName": "research"}"#.into()),
        ("plan.json", r#"{"TrainingPlanArn": "a", "TrainingPlanName": "p", "TotalInstanceCount": 2, "StartTime": "2026-01-01T00:00:00Z", "EndTime": "2025-01-01T00:00:00Z", "ReservedCapacitySummaries": [{"InstanceType": "ml.p5.48xlarge"}]}"#.into()),
    ];
    let mut files = vec![share];
    files.extend(hostile.iter().map(|(path, contents)| InputFile {
        path: path.to_string(),
        contents: contents.clone(),
    }));
    let imported =
        import_account(&files, &AccountOptions::default()).expect("the share still imports");
    assert_eq!(imported.scenario.quota_shares.len(), 1);
    for (path, _) in &hostile[..5] {
        assert!(
            imported
                .unmapped
                .iter()
                .any(|u| u.document.starts_with(path)),
            "{path} not listed: {:?}",
            imported.unmapped
        );
    }
    // Each hostile file alone, too.
    for (path, contents) in &hostile {
        import(&[InputFile {
            path: path.to_string(),
            contents: contents.clone(),
        }]);
    }
}
