//! The Kueue commands (docs/CLI.md): `import kueue` to either rules' form with its flags,
//! `export kueue` through the translation, `convert` both ways, and `compare` of one agreement
//! under both rules, its columns labelled by their rules and followed by where they differ.

use crate::common::{
    fails, fails_reading, path, quotalab, succeeds, text, work_folder, DEFAULT, EXAMPLE,
};
use quotalab_engine::study::rules_causes::NO_TEAM_DIFFERS;
use serde_json::Value;

const KUEUE_EXAMPLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../scenarios/kueue-three-teams.json"
);

const CLUSTER: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../interop/tests/fixtures/kueue/cluster.yaml"
);

/// A scenario's shares, with -1 (no cap, the default) left out of borrow limits as AWS does.
fn shares(s: &Value) -> Value {
    let mut shares = s["quota_shares"].clone();
    for share in shares.as_array_mut().into_iter().flatten() {
        if share["borrow_limit"] == -1 {
            share.as_object_mut().map(|o| o.remove("borrow_limit"));
        }
    }
    shares
}

fn json(bytes: &[u8]) -> Value {
    serde_json::from_slice(bytes).unwrap_or_else(|e| panic!("{e}: {}", text(bytes)))
}

#[test]
fn import_kueue_writes_the_kueue_form_and_with_rules_aws_the_shares_and_what_is_lost() {
    let out = succeeds(&["import", "kueue", CLUSTER], None);
    let s = json(&out.stdout);
    assert_eq!(s["rules"], "kueue");
    assert_eq!(s["kueue"]["cluster_queues"][0]["name"], "vision");
    assert_eq!(s["jobs"].as_array().map(Vec::len), Some(3));
    assert!(
        text(&out.stderr).contains("note: skipped 1 x Job"),
        "{}",
        text(&out.stderr)
    );

    let out = succeeds(&["import", "kueue", CLUSTER, "--rules", "aws"], None);
    let s = json(&out.stdout);
    assert!(s.get("kueue").is_none());
    assert_eq!(s["quota_shares"][0]["name"], "vision");
    let stderr = text(&out.stderr);
    assert!(stderr.contains("dropped: kueue.fair_sharing:"), "{stderr}");
    assert!(stderr.contains("approximated: kueue.cohorts:"), "{stderr}");
}

#[test]
fn from_state_and_default_runtime_shape_the_jobs() {
    let out = succeeds(
        &[
            "import",
            "kueue",
            CLUSTER,
            "--from-state",
            "--default-runtime",
            "4",
        ],
        None,
    );
    let s = json(&out.stdout);
    assert_eq!(
        s["jobs"].as_array().map(Vec::len),
        Some(2),
        "the finished Workload is not state"
    );
    assert_eq!(s["jobs"][0]["admitted"]["at_h"], 1.5);
    assert_eq!(s["jobs"][0]["duration_h"], 4.0);
    let out = quotalab(
        &["import", "kueue", CLUSTER, "--default-runtime", "0"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("--default-runtime must be a number of hours above 0"));
}

#[test]
fn bad_kueue_yaml_exits_2_naming_the_object_and_field() {
    let dir = work_folder("kueue-bad");
    let file = dir.join("bad.yaml");
    std::fs::write(&file, "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata:\n  name: research\nspec:\n  resourceGroups:\n  - coveredResources: [nvidia.com/gpu]\n    flavors:\n    - name: a100\n      resources:\n      - name: nvidia.com/gpu\n        nominalQuota: 8\n").unwrap();
    let import = ["import", "kueue", file.to_str().unwrap()];
    fails(&import, 2, "ClusterQueue research: spec.resourceGroups[0].flavors[0].name: flavor a100 is not a ResourceFlavor in the file");
    std::fs::write(&file, "kind: [\n").unwrap();
    fails(&import, 2, "Kueue YAML, line 2, column 1: not YAML");
}

#[test]
fn export_kueue_of_an_aws_scenario_goes_through_the_translation() {
    let out = succeeds(&["export", "kueue", EXAMPLE], None);
    let yaml = text(&out.stdout);
    assert!(
        yaml.contains("# Translated from AWS quota shares"),
        "{yaml}"
    );
    assert!(yaml.contains("kind: ClusterQueue") && yaml.contains("kind: Workload"));
    let dir = work_folder("kueue-export");
    let file = dir.join("two-teams.yaml");
    std::fs::write(&file, &yaml).unwrap();
    let back = succeeds(
        &["import", "kueue", file.to_str().unwrap(), "--rules", "aws"],
        None,
    );
    let original: Value = serde_json::from_str(&std::fs::read_to_string(EXAMPLE).unwrap()).unwrap();
    assert_eq!(shares(&json(&back.stdout)), shares(&original));
}

#[test]
fn convert_translates_both_ways_and_says_what_each_part_became() {
    let dir = work_folder("kueue-convert");
    let kueue = dir.join("kueue.json");
    let out = succeeds(
        &[
            "convert",
            DEFAULT,
            "--rules",
            "kueue",
            "-o",
            kueue.to_str().unwrap(),
        ],
        None,
    );
    assert!(
        text(&out.stderr).contains("carried: quota_shares[0]: ClusterQueue \"background\""),
        "{}",
        text(&out.stderr)
    );
    let s: Value = serde_json::from_str(&std::fs::read_to_string(&kueue).unwrap()).unwrap();
    assert_eq!(s["rules"], "kueue");
    assert!(s.get("quota_shares").is_none());

    let out = succeeds(
        &["convert", kueue.to_str().unwrap(), "--rules", "aws"],
        None,
    );
    let back = json(&out.stdout);
    let original: Value = serde_json::from_str(&std::fs::read_to_string(DEFAULT).unwrap()).unwrap();
    assert_eq!(shares(&back), shares(&original));
    assert_eq!(back["capacity"], original["capacity"]);

    let out = quotalab(&["convert", DEFAULT, "--rules", "aws"], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stderr).lines().count(),
        1,
        "{}",
        text(&out.stderr)
    );
    assert!(text(&out.stderr).contains("already in AWS Batch's form"));
    assert_eq!(shares(&json(&out.stdout)), shares(&original));

    let out = quotalab(&["convert", DEFAULT, "--rules", "slurm"], None);
    assert_eq!(out.status.code(), Some(2));
}

/// A cluster's Kueue YAML given where a scenario goes is refused with the command that makes a
/// scenario of it, by any command that reads one, from a file or standard input.
#[test]
fn kueue_yaml_given_as_a_scenario_names_the_import_that_reads_it() {
    let hint = format!("error: this is YAML, not a scenario's JSON: Kueue's objects and Workloads become a scenario with `quotalab import kueue {CLUSTER} -o scenario.json`");
    for args in [
        vec!["validate", CLUSTER],
        vec!["run", CLUSTER, "--summary"],
        vec!["report", CLUSTER],
        vec!["export", "kueue", CLUSTER],
    ] {
        let stderr = fails(&args, 2, &hint);
        assert!(
            stderr.starts_with("error: line "),
            "the reader's own error first: {stderr}"
        );
    }
    let stderr = fails(&["compare", EXAMPLE, CLUSTER], 2, "this is YAML");
    assert!(
        stderr.contains(&format!("{CLUSTER}: this is YAML")),
        "compare names the file: {stderr}"
    );
    let yaml = std::fs::read_to_string(CLUSTER).unwrap();
    fails_reading(
        &["validate", "-"],
        Some(&yaml),
        2,
        "`quotalab import kueue FILE.yaml",
    );
    let stderr = fails_reading(
        &["validate", "-"],
        Some("a,b\n1,2\n"),
        2,
        "`quotalab import philly`",
    );
    assert!(!stderr.contains("YAML"), "{stderr}");
    let stderr = fails_reading(&["validate", "-"], Some("{\"version\": 1,"), 2, "line 1");
    assert!(
        !stderr.contains("import"),
        "a JSON document's own error only: {stderr}"
    );
}

/// A study of the default scenario under AWS's rules and under Kueue's.
fn both_rules(dir: &std::path::Path) -> String {
    let aws: Value = serde_json::from_str(&std::fs::read_to_string(DEFAULT).unwrap()).unwrap();
    let mut kueue = aws.clone();
    kueue["name"] = "under Kueue".into();
    kueue["rules"] = "kueue".into();
    let study = serde_json::json!({ "kind": "study", "version": 1, "name": "rules", "seeds": 2, "variants": [aws, kueue] });
    let file = dir.join("study.json");
    std::fs::write(&file, study.to_string()).unwrap();
    file.to_string_lossy().into_owned()
}

#[test]
fn compare_labels_variants_that_differ_in_rules_by_their_rules() {
    let dir = work_folder("kueue-compare");
    let study = both_rules(&dir);
    let out_json = dir.join("compare.json");
    let out = succeeds(&["compare", &study, "-o", out_json.to_str().unwrap()], None);
    let table = text(&out.stdout);
    assert!(
        table.contains("V1 (AWS Batch) is 'Three teams share a g5 pool'"),
        "{table}"
    );
    assert!(table.contains("V2 (Kueue) is 'under Kueue'"), "{table}");
    let header = table
        .lines()
        .find(|l| l.starts_with("KPI"))
        .expect("a header row");
    assert!(
        header.contains("V1 (AWS Batch)")
            && header.contains("V2 (Kueue)")
            && header.contains("V2 (Kueue) - first"),
        "{header}"
    );
    assert!(
        table.contains("rules"),
        "the change of rules is listed: {table}"
    );
}

#[test]
fn compare_of_both_rules_says_where_they_differ_and_when_no_team_does() {
    let dir = work_folder("kueue-compare-differ");
    let aws = path(&dir, "aws.json");
    succeeds(
        &["convert", KUEUE_EXAMPLE, "--rules", "aws", "-o", &aws],
        None,
    );
    let out = succeeds(
        &[
            "compare",
            &aws,
            KUEUE_EXAMPLE,
            "--seeds",
            "10",
            "-o",
            &path(&dir, "c.json"),
        ],
        None,
    );
    let table = text(&out.stdout);
    let (_, differ) = table
        .split_once("\nWhere the rule sets differ\n")
        .unwrap_or_else(|| panic!("the section follows the tables: {table}"));
    assert!(
        differ.contains("share research (")
            && differ.contains("`reclaimWithinCohort` is `Never`, so research could not take back"),
        "the lender that cannot reclaim, with its rule: {differ}"
    );
    assert!(
        differ.contains("`lendingLimit` 4 keeps part of inference's"),
        "{differ}"
    );
    assert!(!differ.contains(NO_TEAM_DIFFERS), "{differ}");
    // The comparison's JSON keeps the same list that the table prints.
    let kept = json(&std::fs::read(path(&dir, "c.json")).unwrap());
    let research = kept["rules_differences"]
        .as_array()
        .expect("the rule sets' differences are in the JSON")
        .iter()
        .find(|t| t["share"] == "research")
        .expect("research differs");
    assert!(
        research["rules"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["rule"] == "reclaimWithinCohort"),
        "{research}"
    );

    let study = both_rules(&dir);
    let out = succeeds(&["compare", &study, "-o", &path(&dir, "d.json")], None);
    let table = text(&out.stdout);
    assert!(
        table.ends_with(&format!(
            "\nWhere the rule sets differ\n{NO_TEAM_DIFFERS}\n"
        )),
        "the default agreement comes out the same under both: {table}"
    );
    let kept = json(&std::fs::read(path(&dir, "d.json")).unwrap());
    assert_eq!(kept["rules_differences"], serde_json::json!([]));
    let out = succeeds(
        &["compare", DEFAULT, DEFAULT, "-o", &path(&dir, "e.json")],
        None,
    );
    assert!(
        !text(&out.stdout).contains("Where the rule sets differ"),
        "nothing to say when no variant changes the rules"
    );
    let kept = json(&std::fs::read(path(&dir, "e.json")).unwrap());
    assert!(
        kept.get("rules_differences").is_none(),
        "a comparison under one rule set keeps its bytes"
    );
}

#[test]
fn a_variant_under_kueue_rules_runs_its_translated_agreement() {
    let dir = work_folder("kueue-kueue-run");
    let mut s: Value = serde_json::from_str(&std::fs::read_to_string(DEFAULT).unwrap()).unwrap();
    s["rules"] = "kueue".into();
    let file = dir.join("kueue-rules.json");
    std::fs::write(&file, s.to_string()).unwrap();
    let out = succeeds(&["run", file.to_str().unwrap()], None);
    let result = json(&out.stdout);
    let notes = result["notes"].to_string();
    assert!(
        notes.contains("ClusterQueue"),
        "the result says what the agreement became: {notes}"
    );
    let study = both_rules(&dir);
    let out = succeeds(&["compare", &study, "--seeds", "2", "-o", "-"], None);
    let comparison = json(&out.stdout);
    assert_ne!(
        comparison["variants"][0]["shares"], comparison["variants"][1]["shares"],
        "Kueue's rules give other numbers"
    );
}
