//! Kueue YAML in and out (docs/AWS_EXPORT.md, "Kueue"): every object and field read into a
//! Kueue-form scenario, v1beta1 spellings as v1beta2's, a `kubectl get -o yaml` List, Workloads
//! as jobs (replayed, or the cluster's state with `--from-state`); export then import gives the
//! same scenario; an AWS scenario is exported through the engine's translation; and bad input is
//! refused naming the object's kind, name and field.

#[path = "../support/mod.rs"]
mod support;

mod hostile;

use quotalab_engine::quantity::Quantity;
use quotalab_engine::scenario::kueue::{
    QueueingStrategy, ReclaimPolicy, StopPolicy, WhenCanBorrow, WhenCanPreempt, WithinClusterQueue,
};
use quotalab_engine::scenario::{ObservedStatus, Queueing, Rules, Strategy};
use quotalab_engine::Scenario;
use quotalab_interop::agreement::{Agreement, ImportError, ShareTerms};
use quotalab_interop::kueue::{self, ImportOptions, KueueError};
use std::path::Path;

fn fixture(name: &str) -> String {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/kueue/{name}.yaml"));
    std::fs::read_to_string(path).unwrap()
}

fn import(yaml: &str, from_state: bool) -> quotalab_interop::agreement::Imported {
    let options = ImportOptions {
        from_state,
        ..ImportOptions::default()
    };
    kueue::import_with(yaml, &options).unwrap_or_else(|e| panic!("{e}"))
}

fn q(text: &str) -> Quantity {
    Quantity::parse(text).unwrap()
}

fn terms(
    name: &str,
    limits: &[(&str, u32)],
    strategy: Strategy,
    borrow_limit: Option<i64>,
    in_share: bool,
) -> ShareTerms {
    ShareTerms {
        name: name.into(),
        limits: limits.iter().map(|(t, n)| (t.to_string(), *n)).collect(),
        strategy,
        borrow_limit,
        in_share_preemption: in_share,
    }
}

#[test]
fn hand_written_yaml_reads_as_kueue_objects_and_as_the_aws_agreement() {
    let imported = import(&fixture("hand-written"), false);
    let s = &imported.scenario;
    assert_eq!(s.rules, Rules::Kueue);
    let k = s.kueue.as_ref().unwrap();
    let vision = &k.cluster_queues[0];
    assert_eq!(
        vision.cohort.as_deref(),
        Some("research-org"),
        "v1beta1 spec.cohort"
    );
    assert_eq!(
        vision.resource_groups[0].flavors[0].resources[1].borrowing_limit,
        Some(q("8"))
    );
    assert_eq!(
        vision.preemption.within_cluster_queue,
        WithinClusterQueue::LowerPriority
    );
    assert_eq!(k.local_queues[0].namespace, "team-vision");

    let aws = kueue::import_for_rules(
        &fixture("hand-written"),
        &ImportOptions::default(),
        Rules::Aws,
    )
    .unwrap();
    let agreement = Agreement::of(&aws.scenario);
    assert_eq!(
        agreement.shares,
        vec![
            // 16 GPUs of 8 per p4d instance: 2 instances, borrowing 8 GPUs (50%).
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
        aws.notes
            .iter()
            .any(|n| n.contains("kueue.cluster_queues[1].namespace_selector")),
        "{:?}",
        aws.notes
    );
    assert!(aws.scenario.validate().is_valid());
}

#[test]
fn v1beta1_and_v1alpha1_spellings_read_as_v1beta2() {
    let imported = import(&fixture("v1beta1"), false);
    let k = imported.scenario.kueue.as_ref().unwrap();
    let llm = &k.cluster_queues[0];
    assert_eq!(llm.cohort.as_deref(), Some("lab"));
    assert_eq!(
        llm.flavor_fungibility.when_can_borrow,
        WhenCanBorrow::MayStopSearch,
        "Borrow"
    );
    assert_eq!(
        llm.flavor_fungibility.when_can_preempt,
        WhenCanPreempt::MayStopSearch,
        "Preempt"
    );
    assert_eq!(
        k.cohorts[0].parent.as_deref(),
        Some("company"),
        "v1alpha1 spec.parent"
    );
    assert_eq!(k.cohorts[1].name, "company", "made implicitly");
    assert!(imported
        .notes
        .iter()
        .any(|n| n.contains("cohort company") && n.contains("implicitly")));
    assert_eq!(
        k.fair_sharing.as_ref().unwrap().preemption_strategies.len(),
        1,
        "enable: true"
    );
    let job = &imported.scenario.jobs[0];
    assert_eq!(
        (job.priority, job.priority_class.as_deref()),
        (10, Some("low")),
        "spec.priorityClassName"
    );
}

#[test]
fn a_kubectl_list_reads_every_kind_and_the_workloads_as_jobs() {
    let imported = import(&fixture("cluster"), false);
    let s = &imported.scenario;
    let k = s.kueue.as_ref().unwrap();
    assert_eq!(
        k.namespaces[0].labels.len(),
        1,
        "kubernetes.io/metadata.name is every namespace's"
    );
    assert_eq!(k.cohorts[1].parent.as_deref(), Some("org"));
    assert_eq!(k.cohorts[0].fair_sharing.as_ref().unwrap().weight, q("2"));
    assert_eq!(
        k.fair_sharing.as_ref().unwrap().preemption_strategies.len(),
        2
    );
    let vision = &k.cluster_queues[0];
    assert_eq!(vision.queueing_strategy, QueueingStrategy::StrictFIFO);
    assert_eq!(
        vision.preemption.reclaim_within_cohort,
        ReclaimPolicy::LowerPriority
    );
    assert_eq!(
        vision
            .preemption
            .borrow_within_cohort
            .max_priority_threshold,
        Some(100)
    );
    assert_eq!(vision.fair_sharing.as_ref().unwrap().weight, q("500m"));
    assert_eq!(
        vision.namespace_selector.as_ref().unwrap().match_labels["team"],
        "vision"
    );
    assert_eq!(k.cluster_queues[1].stop_policy, StopPolicy::Hold);
    assert_eq!(k.priority_classes[0].value, 10000);
    assert_eq!(k.resource_flavors[1].node_taints[0].key, "spot");

    let [pretrain, eval, serve] = &s.jobs[..] else {
        panic!("{:?}", s.jobs)
    };
    assert_eq!(
        (
            pretrain.share.as_deref(),
            pretrain.local_queue.as_deref(),
            pretrain.namespace.as_deref()
        ),
        (Some("vision"), Some("training"), Some("vision"))
    );
    assert_eq!(
        pretrain.submit_h, 1.0,
        "hour 0 is the earliest creationTimestamp, 09:00"
    );
    assert_eq!(
        (pretrain.priority, pretrain.priority_class.as_deref()),
        (10000, Some("high"))
    );
    let worker = &pretrain.pod_sets[1];
    assert_eq!((worker.name.as_str(), worker.count), ("worker", 2));
    assert_eq!(
        worker.requests["cpu"],
        q("16"),
        "the init container's 16 beats the containers' 8 + 1"
    );
    assert_eq!(
        worker.requests["nvidia.com/gpu"],
        q("8"),
        "a limit without a request requests it"
    );
    assert_eq!(worker.requests["memory"], q("64Gi"));
    assert_eq!(worker.node_affinity[0][0].values, ["p4d.24xlarge"]);
    assert_eq!(pretrain.duration_h, 1.0, "--default-runtime");
    assert_eq!(
        (eval.submit_h, eval.duration_h, eval.priority),
        (2.0, 1.5, -5),
        "maximumExecutionTimeSeconds 5400"
    );
    assert_eq!(
        eval.pod_sets[0].node_selector["karpenter.sh/capacity-type"],
        "spot"
    );
    let observed = serve
        .observed
        .as_ref()
        .expect("a finished Workload is history");
    assert_eq!(
        (observed.first_start_h, observed.end_h, observed.status),
        (Some(0.1), Some(2.1), ObservedStatus::Succeeded)
    );
    assert_eq!(serve.duration_h, 2.0, "it ran from 09:06 to 11:06");
    assert!(
        serve.admitted.is_none() && pretrain.admitted.is_none(),
        "replayed without --from-state"
    );
    let notes = imported.notes.join("\n");
    assert!(notes.contains("1 Workload without a run time"), "{notes}");
    assert!(notes.contains("skipped 1 x Job"), "{notes}");
}

#[test]
fn from_state_holds_what_the_cluster_admitted_from_hour_zero() {
    let imported = import(&fixture("cluster"), true);
    let jobs = &imported.scenario.jobs;
    assert_eq!(jobs.len(), 2, "the finished Workload is not state");
    let admitted = jobs[0]
        .admitted
        .as_ref()
        .expect("QuotaReserved and an admission");
    assert_eq!(jobs[0].submit_h, 0.0);
    assert_eq!(admitted.at_h, 1.5, "10:30 after hour 0 at 09:00");
    assert_eq!(admitted.pod_sets[1]["nvidia.com/gpu"], "a100");
    assert!(
        jobs[1].admitted.is_none(),
        "pending, so submitted at its creation"
    );
    assert!(
        imported
            .notes
            .iter()
            .any(|n| n.contains("finished (--from-state")),
        "{:?}",
        imported.notes
    );
}

#[test]
fn default_runtime_is_the_option() {
    let options = ImportOptions {
        default_runtime_h: 3.5,
        ..ImportOptions::default()
    };
    let s = kueue::import_with(&fixture("cluster"), &options)
        .unwrap()
        .scenario;
    assert_eq!(s.jobs[0].duration_h, 3.5);
}

#[test]
fn import_export_import_gives_the_same_scenario() {
    for name in ["hand-written", "v1beta1", "cluster"] {
        for from_state in [false, true] {
            let first = import(&fixture(name), from_state).scenario;
            let yaml = kueue::export(&first).yaml;
            assert!(yaml.contains("apiVersion: kueue.x-k8s.io/v1beta2"));
            let again = import(&yaml, from_state).scenario;
            assert_eq!(again, first, "{name}, from_state {from_state}:\n{yaml}");
            assert_eq!(
                kueue::export(&again).yaml,
                yaml,
                "the same scenario, the same bytes"
            );
        }
    }
}

fn awkward() -> Scenario {
    Scenario::from_json(
        r#"{ "version": 1, "name": "Odd names: team A/B", "seed": 3, "horizon_h": 30,
             "capacity": [ { "instance_type": "ml.g5.xlarge", "count": 10, "changes": [ { "at_h": 5, "count": 4 } ] } ],
             "quota_shares": [
               { "name": "Team A/B (research)", "strategy": "LEND_AND_BORROW", "borrow_limit": 50,
                 "capacity_limits": [ { "instance_type": "ml.g5.xlarge", "max_capacity": 4 } ] },
               { "name": "ops", "strategy": "RESERVE", "capacity_limits": [ { "instance_type": "ml.g5.xlarge", "max_capacity": 2 } ] } ],
             "jobs": [ { "name": "Big Run #1", "share": "Team A/B (research)", "submit_h": 0.5, "duration_h": 3, "priority": 5,
                         "instance_count": 2, "max_pending_h": 10, "checkpoint_interval_h": 1,
                         "preferences": [ { "instance_type": "ml.g5.xlarge" } ] } ] }"#,
    )
    .unwrap()
}

#[test]
fn an_aws_scenario_is_exported_through_the_translation_and_says_what_it_lost() {
    let export = kueue::export(&awkward());
    let yaml = &export.yaml;
    assert!(
        yaml.contains("# Translated from AWS quota shares"),
        "{yaml}"
    );
    assert!(yaml.contains("# - dropped: capacity[0].changes:"), "{yaml}");
    assert!(
        yaml.contains("# - dropped: jobs[0].max_pending_h:"),
        "{yaml}"
    );
    assert_eq!(export.warnings.len(), 2, "{:?}", export.warnings);
    assert!(
        yaml.contains(
            "name: team-a-b-research\n  annotations:\n    quotalab.dev/name: Team A/B (research)"
        ),
        "{yaml}"
    );
    assert!(yaml.contains("reclaimWithinCohort: Any"));
    let back = kueue::import(yaml).unwrap().scenario;
    let k = back.kueue.as_ref().unwrap();
    assert_eq!(
        k.cluster_queues[0].name, "Team A/B (research)",
        "the original name comes back"
    );
    assert_eq!(back.jobs[0].name, "Big Run #1");
    assert_eq!(
        (
            back.seed,
            back.horizon_h,
            back.jobs[0].checkpoint_interval_h
        ),
        (3, Some(30.0), Some(1.0))
    );
    let aws = kueue::import_for_rules(yaml, &ImportOptions::default(), Rules::Aws)
        .unwrap()
        .scenario;
    assert_eq!(Agreement::of(&aws), Agreement::of(&awkward()));
    assert_eq!(aws.queueing, Queueing::BestEffortFifo);
}

fn refused(yaml: &str) -> KueueError {
    match kueue::import(yaml) {
        Err(ImportError::Kueue(e)) => e,
        other => panic!("expected a Kueue error, got {other:?}"),
    }
}

const FLAVOR: &str = "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ResourceFlavor\nmetadata:\n  name: a10g\nspec:\n  nodeLabels:\n    node.kubernetes.io/instance-type: g5.xlarge\n---\n";

fn queue(name: &str, cohort: &str, flavor: &str, quota: &str) -> String {
    format!("apiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata:\n  name: {name}\nspec:\n{cohort}  namespaceSelector: {{}}\n  resourceGroups:\n  - coveredResources: [nvidia.com/gpu]\n    flavors:\n    - name: {flavor}\n      resources:\n      - name: nvidia.com/gpu\n        nominalQuota: {quota}\n")
}

#[test]
fn bad_objects_are_refused_with_their_kind_name_and_field() {
    let cases = [
        (format!("{FLAVOR}{}", queue("research", "", "a100", "4")), "ClusterQueue research: spec.resourceGroups[0].flavors[0].name: flavor a100 is not a ResourceFlavor in the file"),
        (format!("{FLAVOR}{}", queue("research", "", "a10g", "lots")), "ClusterQueue research: spec.resourceGroups[0].flavors[0].resources[0].nominalQuota: \"lots\" is not a Kubernetes quantity"),
        (format!("{FLAVOR}{}        borrowingLimit: 2\n", queue("research", "", "a10g", "4")), "ClusterQueue research: spec.resourceGroups[0].flavors[0].resources[0].borrowingLimit: set, but the ClusterQueue is in no cohort"),
        (format!("{FLAVOR}{}---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: Cohort\nmetadata:\n  name: a\nspec:\n  parentName: b\n---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: Cohort\nmetadata:\n  name: b\nspec:\n  parentName: a\n", queue("research", "  cohortName: a\n", "a10g", "4")), "Cohort a: spec.parentName: a is already above it (a -> b -> a); cohorts form a tree"),
        (format!("{FLAVOR}{}---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: Workload\nmetadata:\n  name: train\n  namespace: ml\n  creationTimestamp: \"2026-01-01T00:00:00Z\"\nspec:\n  queueName: research\n  podSets:\n  - count: 1\n    template: {{spec: {{containers: []}}}}\n", queue("research", "", "a10g", "4")), "Workload ml/train: spec.queueName: LocalQueue research is not in namespace ml in the file"),
        (format!("{FLAVOR}{}---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: LocalQueue\nmetadata:\n  name: q\nspec:\n  clusterQueue: research\n---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: Workload\nmetadata:\n  name: train\n  creationTimestamp: \"2026-01-01T00:00:00Z\"\nspec:\n  queueName: q\n  podSets:\n  - count: 1\n    template:\n      spec:\n        containers:\n        - resources: {{requests: {{example.com/fpga: 1}}}}\n", queue("research", "", "a10g", "4")), "Workload default/train: spec.podSets[0].template.spec.containers[*].resources.requests: requests example.com/fpga, which no ClusterQueue in the file covers"),
        (format!("{FLAVOR}{}---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: LocalQueue\nmetadata:\n  name: q\nspec:\n  clusterQueue: research\n---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: Workload\nmetadata:\n  name: train\n  creationTimestamp: \"2026-01-01T00:00:00Z\"\nspec:\n  queueName: q\n  priorityClassName: urgent\n  podSets: []\n", queue("research", "", "a10g", "4")), "Workload default/train: spec.priorityClassName: WorkloadPriorityClass urgent is not in the file"),
    ];
    for (yaml, want) in cases {
        let got = refused(&yaml).to_string();
        assert!(got.starts_with(want), "got: {got}\nwant: {want}");
    }
    assert_eq!(refused(FLAVOR), KueueError::NoClusterQueue);
}

#[test]
fn text_that_is_not_yaml_is_refused_with_its_line_and_column() {
    let e = refused("apiVersion: v1\nkind: ClusterQueue\n---\nkey: [unclosed\n  - : :\n");
    let KueueError::NotYaml { line, column, .. } = &e else {
        panic!("{e}")
    };
    assert!(*line >= 4 && *column > 0, "{e}");
    assert!(
        e.to_string().starts_with(&format!(
            "Kueue YAML, line {line}, column {column}: not YAML"
        )),
        "{e}"
    );
}

#[test]
fn a_cohort_named_only_by_queues_is_made_as_kueue_makes_it() {
    let imported = kueue::import(&format!(
        "{FLAVOR}{}",
        queue("research", "  cohortName: org\n", "a10g", "4")
    ))
    .unwrap();
    let k = imported.scenario.kueue.unwrap();
    assert_eq!(k.cohorts[0].name, "org");
    assert!(
        imported.notes[0].contains("cohort org, named by ClusterQueue research"),
        "{:?}",
        imported.notes
    );
}

/// A Workload of one pod requesting a GPU, created at hour 0, its `spec` fields besides the pod
/// sets given.
fn workload(name: &str, spec: &str) -> String {
    format!("---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: Workload\nmetadata:\n  name: {name}\n  creationTimestamp: \"2026-01-01T00:00:00Z\"\nspec:\n{spec}  podSets:\n  - name: main\n    count: 1\n    template:\n      spec:\n        containers:\n        - name: c\n          resources:\n            requests:\n              nvidia.com/gpu: 1\n")
}

const LOCAL_QUEUE: &str = "---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: LocalQueue\nmetadata:\n  name: lq\n  namespace: default\nspec:\n  clusterQueue: research\n";

/// Workloads and objects passed over are counted by reason, one note each, as every import's
/// row reader counts its skips: two deactivated Workloads, one Kueue does not queue, two Jobs.
#[test]
fn skipped_workloads_and_objects_are_counted_by_reason() {
    let job =
        |name: &str| format!("---\napiVersion: batch/v1\nkind: Job\nmetadata:\n  name: {name}\n");
    let yaml = [
        FLAVOR.to_string(),
        queue("research", "", "a10g", "4"),
        LOCAL_QUEUE.to_string(),
        workload("a", "  queueName: lq\n  active: false\n"),
        workload("b", "  queueName: lq\n  active: false\n"),
        workload("c", ""),
        workload("d", "  queueName: lq\n"),
        job("j1"),
        job("j2"),
    ]
    .concat();
    let imported = import(&yaml, false);
    assert_eq!(imported.scenario.jobs.len(), 1);
    let skipped: Vec<&String> = imported
        .notes
        .iter()
        .filter(|n| n.starts_with("skipped "))
        .collect();
    assert_eq!(
        skipped,
        [
            "skipped 2 x Job: not an object of Kueue's agreement or workload",
            "skipped 2 x Workload: deactivated (spec.active: false)",
            "skipped 1 x Workload: no spec.queueName, so Kueue does not queue it",
        ]
    );
}

/// A Workload's run time is `spec.maximumExecutionTimeSeconds` even when it finished; only
/// without it does a finished Workload run what it ran; with neither it runs `--default-runtime`,
/// and a note counts each fallback (docs/AWS_EXPORT.md, "Kueue").
#[test]
fn run_time_is_max_execution_then_what_a_finished_workload_ran_then_the_default() {
    let finished = "status:\n  conditions:\n  - type: Admitted\n    status: \"True\"\n    lastTransitionTime: \"2026-01-01T01:00:00Z\"\n  - type: Finished\n    status: \"True\"\n    reason: Succeeded\n    lastTransitionTime: \"2026-01-01T03:00:00Z\"\n";
    let queued = "  queueName: lq\n";
    let capped = "  queueName: lq\n  maximumExecutionTimeSeconds: 5400\n";
    let yaml = [
        FLAVOR.to_string(),
        queue("research", "", "a10g", "4"),
        LOCAL_QUEUE.to_string(),
        workload("capped-and-finished", capped) + finished,
        workload("finished", queued) + finished,
        workload("unfinished", queued),
        workload("also-unfinished", queued),
    ]
    .concat();
    let options = ImportOptions {
        default_runtime_h: 3.5,
        ..ImportOptions::default()
    };
    let imported = kueue::import_with(&yaml, &options).unwrap();
    let run_times: Vec<(&str, f64)> = imported
        .scenario
        .jobs
        .iter()
        .map(|j| (j.name.as_str(), j.duration_h))
        .collect();
    assert_eq!(
        run_times,
        [
            ("capped-and-finished", 1.5),
            ("finished", 2.0),
            ("unfinished", 3.5),
            ("also-unfinished", 3.5),
        ],
        "5400 s beats the 2 h it ran (01:00 to 03:00); without it, the 2 h; with neither, --default-runtime"
    );
    let notes: Vec<&String> = imported
        .notes
        .iter()
        .filter(|n| n.contains("maximumExecutionTimeSeconds"))
        .collect();
    assert_eq!(
        notes,
        [
            "1 Workload without spec.maximumExecutionTimeSeconds but finished: each runs as long as it ran (admitted to finished)",
            "2 Workloads without a run time (no spec.maximumExecutionTimeSeconds, not finished): each runs --default-runtime 3.5 h",
        ]
    );
}

#[test]
fn fields_the_simulation_does_not_model_are_named_in_a_note_per_kind_and_field() {
    let yaml = format!(
        "{}{}{}{}{}",
        "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ResourceFlavor\nmetadata:\n  name: a10g\nspec:\n  topologyName: default\n  nodeLabels:\n    node.kubernetes.io/instance-type: g5.xlarge\n---\n",
        queue("research", "  admissionChecks: [prov]\n", "a10g", "4").replace(
            "  namespaceSelector",
            "  admissionScope:\n    admissionMode: UsageBasedAdmissionFairSharing\n  namespaceSelector"
        ),
        "---\n",
        "apiVersion: kueue.x-k8s.io/v1beta2\nkind: LocalQueue\nmetadata:\n  name: main\n  namespace: ml\nspec:\n  clusterQueue: research\n  stopPolicy: Hold\n---\n",
        "apiVersion: kueue.x-k8s.io/v1beta2\nkind: Workload\nmetadata:\n  name: train\n  namespace: ml\n  creationTimestamp: \"2026-01-01T00:00:00Z\"\nspec:\n  queueName: main\n  podSets:\n  - name: main\n    count: 4\n    minCount: 2\n    template:\n      spec:\n        containers:\n        - name: c\n          resources:\n            requests:\n              nvidia.com/gpu: \"1\"\n",
    );
    let imported = import(&yaml, false);
    let dropped: Vec<&str> = imported
        .notes
        .iter()
        .map(String::as_str)
        .filter(|n| n.contains(" dropped ("))
        .collect();
    assert_eq!(
        dropped,
        [
            "ResourceFlavor a10g: spec.topologyName dropped (topology-aware scheduling is not simulated; quota is the only limit)",
            "ClusterQueue research: spec.admissionChecks dropped (admission checks are not simulated; admission is quota reservation)",
            "ClusterQueue research: spec.admissionScope dropped (admission fair sharing within a ClusterQueue is not simulated)",
            "LocalQueue ml/main: spec.stopPolicy dropped (a LocalQueue's stop policy is not simulated; its workloads are admitted as if it were None)",
            "Workload ml/train: spec.podSets[].minCount dropped (partial admission is not simulated; the workload is admitted with all its pods or not at all)",
        ],
        "{:?}",
        imported.notes
    );
}

/// A cluster's Workloads name few ClusterQueues many times over: each name is made once.
#[test]
fn the_workloads_of_a_queue_share_its_name() {
    support::names_shared(&import(&fixture("cluster"), false).scenario);
}
