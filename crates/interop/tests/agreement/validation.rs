//! Every importer checks what it writes: configuration that reads as a scenario the engine would
//! not run comes back as `Rejected`, with the engine's errors and the best effort beside them.

use crate::kueue_as_aws;
use quotalab_interop::agreement::{ImportError, Imported};
use quotalab_interop::aws::{self, ExportFile};
use quotalab_interop::kueue;
use quotalab_interop::validated::Rejected;

fn share_file(path: &str, name: &str, limits: &str) -> ExportFile {
    ExportFile {
        path: path.into(),
        contents: format!(
            r#"{{ "quotaShareName": "{name}", "jobQueue": "q", "capacityLimits": [{limits}],
                 "resourceSharingConfiguration": {{ "strategy": "RESERVE" }},
                 "preemptionConfiguration": {{ "inSharePreemption": "DISABLED" }} }}"#
        ),
    }
}

const G5: &str = r#"{ "maxCapacity": 2, "capacityUnit": "ml.g5.xlarge" }"#;

/// Asserts that `result` is rejected with an error at `path` saying `fragment`, whichever
/// importer gave it; returns the rejection for the test's other checks.
fn assert_refused(
    result: Result<Imported, ImportError>,
    path: &str,
    fragment: &str,
) -> Rejected<Imported> {
    let rejected = match result {
        Err(ImportError::Rejected(r)) => r,
        other => panic!("expected the scenario to be rejected, got {other:?}"),
    };
    assert!(
        rejected
            .errors
            .iter()
            .any(|d| d.path == path && d.message.contains(fragment)),
        "no error at {path} saying \"{fragment}\" in {:?}",
        rejected.errors
    );
    rejected
}

#[test]
fn aws_a_quota_share_file_given_twice_is_refused() {
    let files = [
        share_file("a.json", "research", G5),
        share_file("copy-of-a.json", "research", G5),
    ];
    let r = assert_refused(
        aws::import(&files),
        "quota_shares[1].name",
        "already called \"research\"",
    );
    assert_eq!(r.best_effort.scenario.quota_shares.len(), 2);
}

#[test]
fn aws_empty_capacity_limits_are_refused() {
    assert_refused(
        aws::import(&[share_file("a.json", "research", "")]),
        "quota_shares[0].capacity_limits",
        "",
    );
}

#[test]
fn aws_names_of_200_characters_are_refused() {
    let name = "n".repeat(200);
    assert_refused(
        aws::import(&[share_file("a.json", &name, G5)]),
        "quota_shares[0].name",
        "at most 128 characters",
    );
}

/// The flavor every ClusterQueue of these tests names.
const FLAVOR: &str = "apiVersion: kueue.x-k8s.io/v1beta1\nkind: ResourceFlavor\nmetadata:\n  name: ml.g5.xlarge\nspec:\n  nodeLabels:\n    node.kubernetes.io/instance-type: g5.xlarge\n---\n";

fn cluster_queue(name: &str, gpus: &str) -> String {
    format!("{FLAVOR}{}", queue_only(name, gpus))
}

fn queue_only(name: &str, gpus: &str) -> String {
    format!(
        "apiVersion: kueue.x-k8s.io/v1beta1\nkind: ClusterQueue\nmetadata:\n  name: {name}\nspec:\n  cohort: all\n  resourceGroups:\n  - coveredResources: [\"nvidia.com/gpu\"]\n    flavors:\n    - name: ml.g5.xlarge\n      resources:\n      - name: nvidia.com/gpu\n        nominalQuota: {gpus}\n"
    )
}

#[test]
fn kueue_more_cluster_queues_than_aws_shares_pool_the_smallest_as_aws() {
    let shares = quotalab_engine::validate::MAX_SHARES + 1;
    let queues: Vec<String> = (0..shares)
        .map(|i| queue_only(&format!("team-{i}"), &(i + 1).to_string()))
        .collect();
    let yaml = format!("{FLAVOR}{}", queues.join("---\n"));
    let kueue_form = kueue::import(&yaml).unwrap().scenario;
    assert_eq!(
        kueue_form.kueue.unwrap().cluster_queues.len(),
        shares,
        "Kueue has no such limit"
    );
    let aws = kueue_as_aws(&yaml).unwrap();
    assert_eq!(
        aws.scenario.quota_shares.len(),
        quotalab_engine::validate::MAX_SHARES
    );
    assert!(
        aws.notes.iter().any(|n| n.contains("team-0, team-1")),
        "{:?}",
        aws.notes
    );
}

#[test]
fn kueue_names_of_200_characters_are_refused_as_aws_shares() {
    let yaml = cluster_queue(&"q".repeat(200), "1");
    assert_refused(
        kueue_as_aws(&yaml),
        "quota_shares[0].name",
        "at most 128 characters",
    );
}

#[test]
fn kueue_a_queue_without_quota_has_no_aws_share() {
    let yaml = "apiVersion: kueue.x-k8s.io/v1beta1\nkind: ClusterQueue\nmetadata:\n  name: empty\nspec:\n  resourceGroups: []\n";
    assert!(
        kueue::import(yaml).is_ok(),
        "a ClusterQueue may have no quota in Kueue"
    );
    let aws = kueue_as_aws(yaml).unwrap();
    assert!(aws.scenario.quota_shares.is_empty());
    assert!(
        aws.notes
            .iter()
            .any(|n| n.contains("one ClusterQueue in no cohort")),
        "{:?}",
        aws.notes
    );
}

#[test]
fn a_valid_import_is_not_rejected() {
    assert!(aws::import(&[share_file("a.json", "research", G5)]).is_ok());
    assert!(kueue::import(&cluster_queue("research", "2")).is_ok());
}
