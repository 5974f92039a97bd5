//! Kueue export and import: the mapping of SEMANTICS §2 onto ClusterQueue fields, and reading
//! hand-written Kueue YAML.

use quotalab_engine::scenario::{Queueing, Strategy};
use quotalab_engine::Scenario;
use quotalab_interop::agreement::{Agreement, ShareTerms};
use quotalab_interop::kueue;
use std::path::Path;

fn terms(
    name: &str,
    limits: &[(&str, u32)],
    strategy: Strategy,
    borrow_limit: Option<i64>,
    in_share_preemption: bool,
) -> ShareTerms {
    ShareTerms {
        name: name.into(),
        limits: limits.iter().map(|(t, n)| (t.to_string(), *n)).collect(),
        strategy,
        borrow_limit,
        in_share_preemption,
    }
}

#[test]
fn hand_written_cluster_queues_and_cohort_give_the_agreement() {
    let yaml = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/kueue/hand-written.yaml"),
    )
    .unwrap();
    let imported = kueue::import(&yaml).unwrap();
    let agreement = Agreement::of(&imported.scenario);
    assert_eq!(
        agreement.shares,
        vec![
            // 16 GPUs of 8 per p4d instance: 2 instances, borrowing 1 (50%).
            terms(
                "vision",
                &[("ml.p4d.24xlarge", 2), ("ml.g5.xlarge", 4)],
                Strategy::LendAndBorrow,
                Some(50),
                true
            ),
            terms(
                "serving",
                &[("ml.g5.xlarge", 3)],
                Strategy::Reserve,
                None,
                false
            ),
            terms("batch", &[("ml.g5.xlarge", 2)], Strategy::Lend, None, false),
        ]
    );
    // Capacity: nominal quotas plus the cohort's own 2 GPUs.
    assert_eq!(agreement.capacity.get("ml.g5.xlarge"), Some(&11));
    assert_eq!(agreement.capacity.get("ml.p4d.24xlarge"), Some(&2));
    assert!(
        imported.notes.iter().any(|n| n.contains("LocalQueue")),
        "{:?}",
        imported.notes
    );
    assert!(imported.scenario.validate().errors.is_empty());
}

fn three_shares() -> Scenario {
    Scenario::from_json(
        r#"{ "version": 1, "name": "k", "queueing": "strict_fifo",
             "capacity": [ { "instance_type": "ml.p4d.24xlarge", "count": 10 } ],
             "quota_shares": [
               { "name": "lender", "strategy": "LEND", "capacity_limits": [ { "instance_type": "ml.p4d.24xlarge", "max_capacity": 3 } ] },
               { "name": "borrower", "strategy": "LEND_AND_BORROW", "borrow_limit": 200, "in_share_preemption": true,
                 "capacity_limits": [ { "instance_type": "ml.p4d.24xlarge", "max_capacity": 2 } ] },
               { "name": "keeper", "strategy": "RESERVE", "capacity_limits": [ { "instance_type": "ml.p4d.24xlarge", "max_capacity": 1 } ] } ] }"#,
    )
    .unwrap()
}

#[test]
fn export_states_each_strategy_in_kueue_fields() {
    let yaml = kueue::export(&three_shares()).yaml;
    let docs: Vec<serde_yaml_ng::Value> = yaml
        .split("\n---\n")
        .skip(1)
        .map(|d| serde_yaml_ng::from_str(d).unwrap())
        .collect();
    let queue = |name: &str| {
        docs.iter()
            .find(|d| d["kind"] == "ClusterQueue" && d["metadata"]["name"] == name)
            .unwrap()
            .clone()
    };
    let pods = |q: &serde_yaml_ng::Value| {
        q["spec"]["resourceGroups"][0]["flavors"][0]["resources"][0].clone()
    };
    let gpus = |q: &serde_yaml_ng::Value| {
        q["spec"]["resourceGroups"][0]["flavors"][0]["resources"][1].clone()
    };

    let lender = queue("lender");
    assert_eq!(pods(&lender)["borrowingLimit"], 0);
    assert!(pods(&lender).get("lendingLimit").is_none());
    assert_eq!(lender["spec"]["preemption"]["reclaimWithinCohort"], "Any");

    let borrower = queue("borrower");
    assert_eq!(pods(&borrower)["nominalQuota"], 2);
    assert_eq!(pods(&borrower)["borrowingLimit"], 4, "200% of 2 instances");
    assert_eq!(
        gpus(&borrower)["borrowingLimit"],
        32,
        "8 GPUs per p4d instance"
    );
    assert_eq!(
        borrower["spec"]["preemption"]["withinClusterQueue"],
        "LowerPriority"
    );
    assert_eq!(borrower["spec"]["queueingStrategy"], "StrictFIFO");

    let keeper = queue("keeper");
    assert_eq!(pods(&keeper)["lendingLimit"], 0);
    assert_eq!(pods(&keeper)["borrowingLimit"], 0);
    assert_eq!(keeper["spec"]["preemption"]["reclaimWithinCohort"], "Never");

    // 10 instances, 6 owned: the cohort holds the other 4.
    let cohort = docs.iter().find(|d| d["kind"] == "Cohort").unwrap();
    assert_eq!(
        cohort["spec"]["resourceGroups"][0]["flavors"][0]["resources"][0]["nominalQuota"],
        4
    );
}

#[test]
fn export_comment_names_the_differences_it_cannot_carry() {
    let yaml = kueue::export(&three_shares()).yaml;
    for topic in [
        "Reclaim",
        "Borrow limit",
        "first-in first-out",
        "Instance preference lists",
        "MaxPendingTimeInSeconds",
        "checkpoints",
        "managed spot",
    ] {
        assert!(yaml.contains(topic), "missing {topic}");
    }
}

#[test]
fn strict_fifo_and_agreement_come_back() {
    let scenario = three_shares();
    let back = kueue::import(&kueue::export(&scenario).yaml).unwrap();
    assert_eq!(Agreement::of(&back.scenario), Agreement::of(&scenario));
    assert_eq!(back.scenario.queueing, Queueing::StrictFifo);
}

#[test]
fn a_document_that_is_not_yaml_is_reported_with_its_number() {
    let err = kueue::import("apiVersion: v1\nkind: ClusterQueue\n---\n: : [\n").unwrap_err();
    assert!(err.to_string().contains("document 2"), "{err}");
}

#[test]
fn hand_written_yaml_survives_export_and_import_again() {
    let yaml = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/kueue/hand-written.yaml"),
    )
    .unwrap();
    let first = kueue::import(&yaml).unwrap().scenario;
    let again = kueue::import(&kueue::export(&first).yaml).unwrap().scenario;
    assert_eq!(Agreement::of(&again), Agreement::of(&first));
    let via_aws = quotalab_interop::aws::import(&quotalab_interop::aws::export(&first).files)
        .unwrap()
        .scenario;
    assert_eq!(Agreement::of(&via_aws), Agreement::of(&first));
}
