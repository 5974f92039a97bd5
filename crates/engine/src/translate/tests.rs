//! One test per rule of docs/KUEUE-TRANSLATION.md, both directions.

use super::*;
use crate::quantity::Quantity;
use crate::scenario::kueue::{ReclaimPolicy, WithinClusterQueue};
use crate::scenario::{Queueing, Strategy};

fn scenario(json: &str) -> Scenario {
    Scenario::parse_json(json).unwrap_or_else(|e| panic!("{e}\n{json}"))
}

fn q(text: &str) -> Quantity {
    Quantity::parse(text).unwrap()
}

/// Asserts that `t` has a note of `kind` at `path` saying `words`; on failure it names the note
/// it looked for and lists the notes there are.
fn assert_note(t: &Translation, kind: NoteKind, path: &str, words: &str) {
    assert!(
        t.notes
            .iter()
            .any(|n| n.kind == kind && n.path == path && n.text.contains(words)),
        "no {kind:?} note at {path} saying \"{words}\" in {:#?}",
        t.notes
    );
}

/// [`assert_note`] for each (kind, path, words): most translations are checked by the several
/// notes they must give.
fn assert_notes(t: &Translation, notes: &[(NoteKind, &str, &str)]) {
    for &(kind, path, words) in notes {
        assert_note(t, kind, path, words);
    }
}

const TWO_TEAMS: &str = r#"{ "version": 1, "name": "Two teams: P4d & G5", "queueing": "strict_fifo",
  "capacity": [ { "instance_type": "ml.p4d.24xlarge", "count": 4, "changes": [ { "at_h": 10, "count": 2 } ] },
                { "instance_type": "ml.g5.xlarge", "count": 2 } ],
  "spot": [ { "instance_type": "ml.g5.xlarge", "count": 6, "price_factor": 0.3, "interruptions_per_h": 0.1 } ],
  "training_plans": [ { "name": "block", "instance_type": "ml.p4d.24xlarge", "count": 1, "blocks": [ { "start_h": 0, "end_h": 24 } ] } ],
  "quota_shares": [
    { "name": "Research A", "strategy": "LEND_AND_BORROW", "borrow_limit": 50, "in_share_preemption": true,
      "capacity_limits": [ { "instance_type": "ml.p4d.24xlarge", "max_capacity": 2 }, { "instance_type": "ml.g5.xlarge", "max_capacity": 1 } ] },
    { "name": "serving", "strategy": "RESERVE",
      "capacity_limits": [ { "instance_type": "ml.p4d.24xlarge", "max_capacity": 1 } ] },
    { "name": "batch", "strategy": "LEND",
      "capacity_limits": [ { "instance_type": "ml.g5.xlarge", "max_capacity": 1 } ] } ],
  "jobs": [
    { "name": "pretrain", "share": "Research A", "submit_h": 0, "duration_h": 5, "priority": 7,
      "preferences": [ { "instance_type": "ml.p4d.24xlarge", "instance_count": 2, "training_plan": "block" },
                       { "instance_type": "ml.g5.xlarge", "instance_count": 8 } ],
      "max_pending_h": 12, "preemption_retries": 2, "checkpoint_interval_h": 1 },
    { "name": "cheap", "share": "batch", "submit_h": 1, "duration_h": 2, "instance_count": 1, "spot": true, "max_wait_h": 6,
      "preferences": [ { "instance_type": "ml.g5.xlarge" } ] } ],
  "actions": [ { "at_h": 2, "set_priority": { "job": "pretrain", "priority": 9 } },
               { "at_h": 3, "update_share": { "share": "batch", "strategy": "RESERVE" } },
               { "at_h": 4, "cancel": { "job": "cheap" } } ] }"#;

fn kueue_of(json: &str) -> (Translation, crate::scenario::kueue::Kueue) {
    let t = to_kueue(&scenario(json));
    let k = *t.scenario.kueue.clone().expect("a kueue block");
    (t, k)
}

#[test]
fn each_type_is_a_flavor_named_after_it_and_each_spot_pool_a_tainted_spot_flavor() {
    let (_, k) = kueue_of(TWO_TEAMS);
    let names: Vec<&str> = k.resource_flavors.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        ["ml.p4d.24xlarge", "ml.g5.xlarge", "ml.g5.xlarge-spot"]
    );
    let p4d = &k.resource_flavors[0];
    assert_eq!(
        p4d.node_labels["node.kubernetes.io/instance-type"],
        "p4d.24xlarge"
    );
    assert_eq!(p4d.node_labels["karpenter.sh/capacity-type"], "on-demand");
    assert_eq!(p4d.instance_type.as_deref(), Some("ml.p4d.24xlarge"));
    let spot = &k.resource_flavors[2];
    assert!(spot.is_spot());
    assert_eq!(spot.node_taints[0].key, "spot");
    assert_eq!(spot.node_taints[0].value, "true");
}

#[test]
fn quotas_count_accelerators_per_type_and_pods_for_types_without() {
    let (_, k) = kueue_of(
        r#"{ "version": 1, "name": "mixed",
      "capacity": [ { "instance_type": "ml.trn1.32xlarge", "count": 1 }, { "instance_type": "ml.m5.xlarge", "count": 3 } ],
      "quota_shares": [ { "name": "a", "strategy": "LEND",
        "capacity_limits": [ { "instance_type": "ml.trn1.32xlarge", "max_capacity": 1 }, { "instance_type": "ml.m5.xlarge", "max_capacity": 2 } ] } ] }"#,
    );
    let group = &k.cluster_queues[0].resource_groups[0];
    assert_eq!(group.covered_resources, ["aws.amazon.com/neuron", "pods"]);
    let trn = &group.flavors[0].resources;
    assert_eq!(
        (trn[0].nominal_quota, trn[1].nominal_quota),
        (q("16"), q("1"))
    );
    let m5 = &group.flavors[1].resources;
    assert_eq!((m5[0].nominal_quota, m5[1].nominal_quota), (q("0"), q("2")));
}

#[test]
fn shares_are_cluster_queues_of_the_same_name_with_their_strategy_in_limits() {
    let (t, k) = kueue_of(TWO_TEAMS);
    let names: Vec<&str> = k.cluster_queues.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Research A", "serving", "batch"]);
    assert_eq!(k.cohorts[0].name, "two-teams-p4d-g5");
    let research = &k.cluster_queues[0];
    assert_eq!(research.cohort.as_deref(), Some("two-teams-p4d-g5"));
    assert_eq!(research.namespace_selector, Some(Default::default()));
    let flavors: Vec<&str> = research.resource_groups[0]
        .flavors
        .iter()
        .map(|f| f.name.as_str())
        .collect();
    assert_eq!(
        flavors,
        ["ml.p4d.24xlarge", "ml.g5.xlarge", "ml.g5.xlarge-spot"],
        "limit order, spot after its type"
    );
    let p4d = &research.resource_groups[0].flavors[0].resources[0];
    assert_eq!(p4d.name, "nvidia.com/gpu");
    assert_eq!(
        (p4d.nominal_quota, p4d.borrowing_limit, p4d.lending_limit),
        (q("16"), Some(q("8")), None)
    );
    let serving = &k.cluster_queues[1].resource_groups[0].flavors[0].resources[0];
    assert_eq!(
        (serving.borrowing_limit, serving.lending_limit),
        (Some(q("0")), Some(q("0")))
    );
    let batch = &k.cluster_queues[2].resource_groups[0].flavors[0].resources[0];
    assert_eq!(
        (batch.borrowing_limit, batch.lending_limit),
        (Some(q("0")), None)
    );
    for cq in &k.cluster_queues {
        assert_eq!(cq.preemption.reclaim_within_cohort, ReclaimPolicy::Any);
        assert_eq!(
            cq.queueing_strategy,
            crate::scenario::kueue::QueueingStrategy::StrictFIFO
        );
    }
    assert_eq!(
        research.preemption.within_cluster_queue,
        WithinClusterQueue::LowerPriority
    );
    assert_eq!(
        k.cluster_queues[1].preemption.within_cluster_queue,
        WithinClusterQueue::Never
    );
    assert_note(
        &t,
        NoteKind::Carried,
        "quota_shares[0]",
        "borrowingLimit 50%",
    );
    assert_eq!(k.local_queues.len(), 3);
}

#[test]
fn a_borrow_limit_is_rounded_down_to_whole_accelerators_with_a_note() {
    let (t, k) = kueue_of(
        r#"{ "version": 1, "name": "round",
      "capacity": [ { "instance_type": "ml.g5.xlarge", "count": 3 } ],
      "quota_shares": [ { "name": "a", "strategy": "LEND_AND_BORROW", "borrow_limit": 50,
        "capacity_limits": [ { "instance_type": "ml.g5.xlarge", "max_capacity": 3 } ] } ] }"#,
    );
    let r = &k.cluster_queues[0].resource_groups[0].flavors[0].resources[0];
    assert_eq!(r.borrowing_limit, Some(q("1")));
    assert_note(
        &t,
        NoteKind::Approximated,
        "quota_shares[0].borrow_limit",
        "1.50",
    );
    let back = to_aws(&t.scenario).scenario;
    assert_eq!(
        back.quota_shares[0].borrow_limit,
        Some(33),
        "1 of 3 reads back as 33%"
    );
}

#[test]
fn unowned_capacity_and_spot_pools_are_the_cohorts_own_quota() {
    let (t, k) = kueue_of(TWO_TEAMS);
    let cohort = &k.cohorts[0].resource_groups[0];
    let quota: Vec<(&str, Quantity)> = cohort
        .flavors
        .iter()
        .map(|f| (f.name.as_str(), f.resources[0].nominal_quota))
        .collect();
    // p4d: 4 of which the shares own 3; g5: 2 owned of 2; spot: 6.
    assert_eq!(
        quota,
        [("ml.p4d.24xlarge", q("8")), ("ml.g5.xlarge-spot", q("6"))]
    );
    let spot_in_queue = &k.cluster_queues[0].resource_groups[0].flavors[2].resources[0];
    assert_eq!(
        (spot_in_queue.nominal_quota, spot_in_queue.borrowing_limit),
        (q("0"), Some(q("1"))),
        "1 instance plus 50% of it, rounded down"
    );
    assert_note(
        &t,
        NoteKind::Approximated,
        "spot[0]",
        "caps the two flavors apart",
    );
}

#[test]
fn what_kueue_cannot_state_is_dropped_with_its_numbers() {
    let (t, _) = kueue_of(TWO_TEAMS);
    assert_notes(
        &t,
        &[
            (NoteKind::Dropped, "capacity[0].changes", "2 at 10 h"),
            (NoteKind::Dropped, "training_plans[0]", "\"block\""),
            (NoteKind::Dropped, "jobs[0].max_pending_h", "pending time"),
            (NoteKind::Dropped, "jobs[0].preemption_retries", "requeues"),
            (NoteKind::Dropped, "jobs[1].max_wait_h", "spot"),
            (
                NoteKind::Dropped,
                "jobs[0].preferences[*].training_plan",
                "training plans",
            ),
            (NoteKind::Dropped, "actions[1].update_share", "\"batch\""),
        ],
    );
    let s = &t.scenario;
    assert_eq!(s.actions.len(), 2, "set_priority and cancel carry over");
    assert!(s.capacity.is_empty() && s.training_plans.is_empty() && s.quota_shares.is_empty());
    assert_eq!(
        s.spot.len(),
        1,
        "the spot pool's price and interruptions stay"
    );
    let job = &s.jobs[0];
    assert_eq!((job.max_pending_h, job.preemption_retries), (None, None));
    assert!(job.preferences.iter().all(|p| p.training_plan.is_none()));
}

#[test]
fn jobs_get_one_pod_set_of_the_first_entry_and_select_their_capacity_type() {
    let (t, _) = kueue_of(TWO_TEAMS);
    let pretrain = &t.scenario.jobs[0];
    assert_eq!(pretrain.share.as_deref(), Some("Research A"));
    assert_eq!(pretrain.local_queue.as_deref(), Some("Research A"));
    assert_eq!(pretrain.priority, 7);
    let set = &pretrain.pod_sets[0];
    assert_eq!((set.name.as_str(), set.count), ("main", 2));
    assert_eq!(set.requests["nvidia.com/gpu"], q("8"));
    assert_eq!(set.node_selector["karpenter.sh/capacity-type"], "on-demand");
    assert!(set.tolerations.is_empty());
    assert_note(
        &t,
        NoteKind::Approximated,
        "jobs[0].preferences[*].instance_count",
        "first entry's count",
    );
    let cheap = &t.scenario.jobs[1];
    assert!(!cheap.spot);
    assert_eq!(
        cheap.pod_sets[0].node_selector["karpenter.sh/capacity-type"],
        "spot"
    );
    assert_eq!(cheap.pod_sets[0].tolerations[0].key, "spot");
}

#[test]
fn a_scenario_without_shares_is_one_cluster_queue_in_no_cohort_and_comes_back_without_shares() {
    let aws = scenario(
        r#"{ "version": 1, "name": "no shares",
      "capacity": [ { "instance_type": "ml.g5.xlarge", "count": 2 } ],
      "jobs": [ { "name": "j", "submit_h": 0, "duration_h": 1, "instance_count": 1, "preferences": [ { "instance_type": "ml.g5.xlarge" } ] } ] }"#,
    );
    let t = to_kueue(&aws);
    let k = t.scenario.kueue.as_ref().unwrap();
    assert!(k.cohorts.is_empty());
    assert_eq!(k.cluster_queues[0].name, SINGLE_QUEUE);
    assert_eq!(k.cluster_queues[0].cohort, None);
    assert_eq!(t.scenario.jobs[0].share.as_deref(), Some(SINGLE_QUEUE));
    let back = to_aws(&t.scenario).scenario;
    assert!(back.quota_shares.is_empty());
    assert_eq!(back.jobs[0].share, None);
    assert_eq!(back.capacity[0].count, 2);
}

const KUEUE: &str = r#"{ "version": 1, "name": "cluster", "rules": "kueue",
  "spot": [ { "instance_type": "ml.g5.xlarge", "count": 0, "price_factor": 0.4, "interruptions_per_h": 0.05 } ],
  "kueue": {
    "resource_flavors": [
      { "name": "a100", "node_labels": { "node.kubernetes.io/instance-type": "p4d.24xlarge" } },
      { "name": "g5-spot", "node_labels": { "node.kubernetes.io/instance-type": "g5.xlarge", "karpenter.sh/capacity-type": "spot" },
        "node_taints": [ { "key": "spot", "value": "true", "effect": "NoSchedule" } ] },
      { "name": "generic" } ],
    "cohorts": [ { "name": "org" }, { "name": "lab", "parent": "org",
      "resource_groups": [ { "covered_resources": ["nvidia.com/gpu"], "flavors": [ { "name": "a100", "resources": [ { "name": "nvidia.com/gpu", "nominal_quota": "12", "lending_limit": "4" } ] } ] } ] } ],
    "cluster_queues": [
      { "name": "vision", "cohort": "lab", "namespace_selector": {},
        "resource_groups": [ { "covered_resources": ["nvidia.com/gpu", "cpu"], "flavors": [
          { "name": "a100", "resources": [ { "name": "nvidia.com/gpu", "nominal_quota": "20", "borrowing_limit": "10" }, { "name": "cpu", "nominal_quota": "96" } ] },
          { "name": "g5-spot", "resources": [ { "name": "nvidia.com/gpu", "nominal_quota": "4" }, { "name": "cpu", "nominal_quota": "16" } ] } ] } ],
        "preemption": { "reclaim_within_cohort": "LowerPriority", "within_cluster_queue": "LowerOrNewerEqualPriority" } },
      { "name": "serving", "cohort": "org", "namespace_selector": { "match_labels": { "team": "serving" } },
        "resource_groups": [ { "covered_resources": ["nvidia.com/gpu"], "flavors": [
          { "name": "a100", "resources": [ { "name": "nvidia.com/gpu", "nominal_quota": "8", "borrowing_limit": "0", "lending_limit": "0" } ] } ] } ] },
      { "name": "batch", "cohort": "org", "namespace_selector": {},
        "resource_groups": [ { "covered_resources": ["nvidia.com/gpu"], "flavors": [
          { "name": "a100", "resources": [ { "name": "nvidia.com/gpu", "nominal_quota": "8", "borrowing_limit": "0", "lending_limit": "2" } ] } ] } ],
        "preemption": { "reclaim_within_cohort": "Any" } } ],
    "local_queues": [ { "name": "v", "namespace": "vision", "cluster_queue": "vision" } ],
    "fair_sharing": { "preemption_strategies": [] } },
  "jobs": [
    { "name": "train", "local_queue": "v", "namespace": "vision", "submit_h": 0, "duration_h": 3, "priority": -20000,
      "pod_sets": [ { "count": 3, "requests": { "nvidia.com/gpu": "4", "cpu": "8" } } ] },
    { "name": "spotty", "share": "vision", "submit_h": 1, "duration_h": 1, "priority": 50000,
      "pod_sets": [ { "count": 2, "requests": { "nvidia.com/gpu": "1" }, "node_selector": { "karpenter.sh/capacity-type": "spot" },
                      "tolerations": [ { "key": "spot", "operator": "Exists" } ] } ],
      "admitted": { "at_h": -1, "pod_sets": [ { "nvidia.com/gpu": "g5-spot" } ] } },
    { "name": "serve", "share": "serving", "submit_h": 2, "duration_h": 1, "priority": 10,
      "pod_sets": [ { "count": 1, "requests": { "nvidia.com/gpu": "8" } }, { "name": "side", "count": 1, "requests": { "nvidia.com/gpu": "2" } } ] } ] }"#;

#[test]
fn flavor_quotas_become_capacity_and_spot_flavors_a_spot_pool() {
    let t = to_aws(&scenario(KUEUE));
    let s = &t.scenario;
    assert_eq!(s.rules, Rules::Aws);
    // a100: 20 + 8 + 8 GPUs in the queues and 12 in cohort lab = 48 GPUs = 6 p4d instances.
    assert_eq!(s.capacity.len(), 1);
    assert_eq!(
        (s.capacity[0].instance_type.as_str(), s.capacity[0].count),
        ("ml.p4d.24xlarge", 6)
    );
    assert_eq!(s.spot.len(), 1);
    assert_eq!((s.spot[0].count, s.spot[0].price_factor), (4, 0.4));
    assert_note(
        &t,
        NoteKind::Dropped,
        "kueue.resource_flavors[2]",
        "generic",
    );
}

#[test]
fn cluster_queues_become_shares_with_limits_in_instances_and_strategies_from_limits() {
    let t = to_aws(&scenario(KUEUE));
    let shares = &t.scenario.quota_shares;
    let vision = &shares[0];
    let limits: Vec<(&str, u32)> = vision
        .capacity_limits
        .iter()
        .map(|l| (l.instance_type.as_str(), l.max_capacity))
        .collect();
    assert_eq!(
        limits,
        [("ml.p4d.24xlarge", 2), ("ml.g5.xlarge", 4)],
        "20 GPUs are 2 whole p4d; spot-only g5 is its limit"
    );
    assert_eq!(
        (vision.strategy, vision.borrow_limit),
        (Strategy::LendAndBorrow, Some(50))
    );
    assert!(vision.in_share_preemption);
    assert_eq!(shares[1].strategy, Strategy::Reserve);
    assert_eq!(shares[2].strategy, Strategy::Lend);
    assert_notes(
        &t,
        &[
            (
                NoteKind::Approximated,
                "kueue.cluster_queues[0].preemption.reclaim_within_cohort",
                "AWS reclaims",
            ),
            (
                NoteKind::Approximated,
                "kueue.cluster_queues[0].preemption.within_cluster_queue",
                "LowerOrNewerEqualPriority",
            ),
            (
                NoteKind::Approximated,
                "kueue.cluster_queues[2]",
                "lendingLimit below",
            ),
            (
                NoteKind::Dropped,
                "kueue.cluster_queues[1].namespace_selector",
                "namespaces",
            ),
            (NoteKind::Approximated, "kueue.cohorts", "flattened"),
            (NoteKind::Dropped, "kueue.cohorts[1].resource_groups", "lab"),
            (NoteKind::Dropped, "kueue.fair_sharing", "fair sharing"),
        ],
    );
}

#[test]
fn pod_sets_become_instance_counts_and_spot_selectors_spot_jobs() {
    let t = to_aws(&scenario(KUEUE));
    let jobs = &t.scenario.jobs;
    let train = &jobs[0];
    assert_eq!(
        train.share.as_deref(),
        Some("vision"),
        "through LocalQueue v"
    );
    let entries: Vec<&str> = train
        .preferences
        .iter()
        .map(|p| p.instance_type.as_str())
        .collect();
    assert_eq!(
        entries,
        ["ml.p4d.24xlarge"],
        "the on-demand flavor its pods fit"
    );
    assert_eq!(
        train.instance_count,
        Some(2),
        "3 pods x 4 GPUs = 12 GPUs, 1.5 p4d, rounded up"
    );
    assert_notes(
        &t,
        &[
            (
                NoteKind::Approximated,
                "jobs[*].pod_sets[*].count",
                "2 jobs: its pods' accelerators are not a whole number",
            ),
            (NoteKind::Dropped, "jobs[0].pod_sets[*].requests", "cpu"),
        ],
    );
    let spotty = &jobs[1];
    assert!(spotty.spot);
    assert_eq!(spotty.preferences[0].instance_type, "ml.g5.xlarge");
    assert_eq!(spotty.instance_count, Some(2));
    assert_eq!(spotty.admitted, None);
    assert_note(&t, NoteKind::Dropped, "jobs[1].admitted", "current-state");
    let serve = &jobs[2];
    assert_eq!(
        serve.instance_count,
        Some(2),
        "10 GPUs of two pod sets: 2 p4d"
    );
    assert_note(
        &t,
        NoteKind::Approximated,
        "jobs[2].pod_sets",
        "several pod sets",
    );
    assert!(
        t.scenario.validate().is_valid(),
        "{:?}",
        t.scenario.validate().errors
    );
}

#[test]
fn priorities_outside_aws_range_keep_their_order() {
    let t = to_aws(&scenario(KUEUE));
    let p: Vec<i32> = t.scenario.jobs.iter().map(|j| j.priority).collect();
    assert_eq!(p, [0, 2, 1], "ranks of -20000, 50000 and 10");
    assert_note(&t, NoteKind::Approximated, "jobs[*].priority", "rank");
    let mut shifted = scenario(KUEUE);
    shifted
        .jobs
        .to_mut()
        .iter_mut()
        .zip([-5, 3, 100])
        .for_each(|(j, p)| j.priority = p);
    let p: Vec<i32> = to_aws(&shifted)
        .scenario
        .jobs
        .iter()
        .map(|j| j.priority)
        .collect();
    assert_eq!(p, [0, 8, 105], "a span within 9999 is shifted");
}

#[test]
fn more_than_twenty_queues_pool_the_smallest() {
    let queues: Vec<String> = (0..22)
        .map(|i| format!(r#"{{ "name": "q{i}", "cohort": "all", "namespace_selector": {{}}, "resource_groups": [ {{ "covered_resources": ["nvidia.com/gpu"], "flavors": [ {{ "name": "g5", "resources": [ {{ "name": "nvidia.com/gpu", "nominal_quota": "{}", "borrowing_limit": "0" }} ] }} ] }} ] }}"#, i + 1))
        .collect();
    let json = format!(
        r#"{{ "version": 1, "name": "many", "rules": "kueue", "kueue": {{
          "resource_flavors": [ {{ "name": "g5", "instance_type": "ml.g5.xlarge" }} ],
          "cohorts": [ {{ "name": "all" }} ], "cluster_queues": [ {} ] }},
          "jobs": [ {{ "name": "small", "share": "q0", "submit_h": 0, "duration_h": 1, "pod_sets": [ {{ "count": 1, "requests": {{ "nvidia.com/gpu": "1" }} }} ] }} ] }}"#,
        queues.join(",")
    );
    let t = to_aws(&scenario(&json));
    let shares = &t.scenario.quota_shares;
    assert_eq!(shares.len(), 20);
    assert_eq!(shares[19].name, "others");
    assert_eq!(
        shares[19].capacity_limits[0].max_capacity,
        1 + 2 + 3,
        "q0, q1 and q2 pooled"
    );
    assert_eq!(shares[0].name, "q3");
    assert_eq!(t.scenario.jobs[0].share.as_deref(), Some("others"));
    assert_note(
        &t,
        NoteKind::Approximated,
        "kueue.cluster_queues",
        "q0, q1, q2",
    );
    assert_eq!(
        queue_shares(&scenario(&json))["q1"].as_deref(),
        Some("others")
    );
    assert!(
        t.scenario.validate().is_valid(),
        "{:?}",
        t.scenario.validate().errors
    );
}

#[test]
fn translating_to_the_form_a_scenario_has_changes_nothing_but_its_rules() {
    let aws = scenario(TWO_TEAMS);
    let same = to_aws(&aws);
    assert_eq!(same.scenario, aws);
    assert_eq!(same.notes.len(), 1);
    assert!(same.notes[0].text.contains("already"));
    let kueue = to_kueue(&aws).scenario;
    assert_eq!(to_kueue(&kueue).scenario, kueue);
    assert_eq!(queue_shares(&aws), Default::default());
    assert_eq!(agreement_form(&kueue), Rules::Kueue);
    assert_eq!(
        kueue.queueing,
        Queueing::BestEffortFifo,
        "the queues carry strict FIFO"
    );
}

#[test]
fn the_same_scenario_gives_the_same_bytes() {
    let aws = scenario(TWO_TEAMS);
    let a = serde_json::to_string(&to_kueue(&aws)).unwrap();
    let b = serde_json::to_string(&to_kueue(&aws)).unwrap();
    assert_eq!(a, b);
    let k = scenario(KUEUE);
    assert_eq!(
        serde_json::to_string(&to_aws(&k)).unwrap(),
        serde_json::to_string(&to_aws(&k)).unwrap()
    );
}

#[test]
fn switching_rules_translates_into_the_other_form_and_only_relabels_the_same_form() {
    let aws = scenario(TWO_TEAMS);
    let to_k = to_rules(&aws, Rules::Kueue);
    assert_eq!(to_k, to_kueue(&aws));
    assert_eq!(to_k.scenario.rules, Rules::Kueue);
    assert!(to_k.scenario.kueue.is_some() && to_k.scenario.quota_shares.is_empty());
    let back = to_rules(&to_k.scenario, Rules::Aws);
    assert_eq!(back, to_aws(&to_k.scenario));
    assert_eq!(back.scenario.rules, Rules::Aws);
    let same = to_rules(&aws, Rules::Aws);
    assert_eq!(same.scenario, aws, "already AWS: nothing changes");
    assert_eq!(same.notes.len(), 1);
    assert_note(&same, NoteKind::Carried, "rules", "nothing to translate");
}
