//! Exit codes for what users hand the CLI by mistake or on purpose: files too large to be a
//! scenario, study documents given to `validate`, and imports that would not validate.

use crate::common::{
    fails, fails_reading, quotalab, succeeds, text, work_folder, DEFAULT, EXAMPLE,
};

/// A study of `variants` copies of the default scenario, each named apart.
fn study(variants: usize) -> String {
    let base: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(DEFAULT).unwrap()).unwrap();
    let variants: Vec<_> = (0..variants)
        .map(|i| {
            let mut v = base.clone();
            v["name"] = format!("variant {i}").into();
            v
        })
        .collect();
    serde_json::json!({ "kind": "study", "version": 1, "name": "s", "variants": variants })
        .to_string()
}

#[test]
fn a_file_over_256_mib_gets_exit_2_from_validate_and_run() {
    let dir = work_folder("robust-large");
    let path = dir.join("huge.json");
    let file = std::fs::File::create(&path).unwrap();
    // Sparse: the size is what counts, and nothing is read.
    file.set_len(256 * 1024 * 1024 + 1).unwrap();
    for command in ["validate", "run"] {
        fails(
            &[command, path.to_str().unwrap()],
            2,
            "the scenario is 268,435,457 bytes; the limit is 268,435,456 bytes, about a million \
             jobs listed one by one. Run part of it: import a window or a sample of the trace",
        );
    }
}

#[test]
fn validate_reads_a_study_and_applies_its_rules() {
    let out = quotalab(&["validate", EXAMPLE], None);
    assert!(
        text(&out.stdout).contains("valid: 4 jobs"),
        "{}",
        text(&out.stdout)
    );
    let out = succeeds(&["validate", "-"], Some(&study(3)));
    assert!(
        text(&out.stdout).contains("valid: a study of 3 variants"),
        "{}",
        text(&out.stdout)
    );
    fails_reading(
        &["validate", "-"],
        Some(&study(7)),
        2,
        "variants: a study holds 2 to 6 variants; this one has 7",
    );
}

/// A Kueue cluster with one Workload whose name, fine for Kubernetes (253 characters), is
/// longer than a scenario's names may be (128).
fn long_workload_name() -> String {
    let name = "w".repeat(200);
    format!("apiVersion: kueue.x-k8s.io/v1beta2\nkind: ResourceFlavor\nmetadata:\n  name: a10g\nspec:\n  nodeLabels:\n    node.kubernetes.io/instance-type: g5.xlarge\n---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata:\n  name: team\nspec:\n  namespaceSelector: {{}}\n  resourceGroups:\n  - coveredResources: [\"nvidia.com/gpu\"]\n    flavors:\n    - name: a10g\n      resources:\n      - name: nvidia.com/gpu\n        nominalQuota: 1\n---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: LocalQueue\nmetadata:\n  name: team\nspec:\n  clusterQueue: team\n---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: Workload\nmetadata:\n  name: {name}\n  creationTimestamp: \"2026-01-01T00:00:00Z\"\nspec:\n  queueName: team\n  podSets:\n  - count: 1\n    template: {{spec: {{containers: [{{resources: {{requests: {{nvidia.com/gpu: 1}}}}}}]}}}}\n")
}

#[test]
fn an_import_that_does_not_validate_exits_2_and_writes_nothing_unless_asked() {
    let dir = work_folder("robust-kueue");
    let yaml = dir.join("queues.yaml");
    std::fs::write(&yaml, long_workload_name()).unwrap();
    let out_path = dir.join("out.json");
    let args = [
        "import",
        "kueue",
        yaml.to_str().unwrap(),
        "-o",
        out_path.to_str().unwrap(),
    ];
    fails(&args, 2, "jobs[0].name: names are at most 128 characters");
    assert!(!out_path.exists(), "nothing is written");

    let out = succeeds(&[&args[..], &["--keep-going"]].concat(), None);
    assert!(
        text(&out.stderr).contains("problem: jobs[0].name: names are at most 128"),
        "{}",
        text(&out.stderr)
    );
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out_path).unwrap()).unwrap();
    assert_eq!(written["jobs"][0]["name"].as_str().map(str::len), Some(200));
}

#[test]
fn a_duplicated_quota_share_file_is_refused() {
    let dir = work_folder("robust-aws");
    let share = r#"{ "quotaShareName": "research", "jobQueue": "q",
        "capacityLimits": [ { "maxCapacity": 2, "capacityUnit": "ml.g5.xlarge" } ],
        "resourceSharingConfiguration": { "strategy": "RESERVE" },
        "preemptionConfiguration": { "inSharePreemption": "DISABLED" } }"#;
    std::fs::write(dir.join("research.json"), share).unwrap();
    std::fs::write(dir.join("research copy.json"), share).unwrap();
    fails(
        &["import", "aws", dir.to_str().unwrap()],
        2,
        "quota_shares[1].name: another quota share is already called \"research\"",
    );
}

#[test]
fn swf_capacity_can_be_given() {
    let dir = work_folder("robust-swf");
    let log = dir.join("log.swf");
    std::fs::write(&log, "1 0 0 3600 4 -1 -1 4 -1 -1 1 7 1 -1 -1 -1 -1 -1\n").unwrap();
    let out = succeeds(
        &["import", "swf", log.to_str().unwrap(), "--capacity", "12"],
        None,
    );
    let scenario: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(scenario["capacity"][0]["count"], 12);
    let out = quotalab(&["import", "swf", log.to_str().unwrap()], None);
    assert!(
        text(&out.stderr).contains("no MaxProcs"),
        "{}",
        text(&out.stderr)
    );
}
