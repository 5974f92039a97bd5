//! Validation of scenarios whose agreement is written as Kueue objects (docs/FORMAT.md,
//! "Kueue", "A job under Kueue" and "Validation"). Each case edits one thing of the valid
//! example `kueue/valid/three-teams.json` and names the finding it must produce: its severity,
//! its exact JSON path, and a message that names the object by kind and name.

use crate::cases::{self, case, Finding};
use quotalab_engine::{Scenario, Severity};
use serde_json::{json, Value};

const THREE_TEAMS: &str = include_str!("../kueue/valid/three-teams.json");

fn base() -> Value {
    serde_json::from_str(THREE_TEAMS).expect("the example is JSON")
}

/// Every finding of the example after `edit`.
fn findings(edit: impl FnOnce(&mut Value)) -> Vec<Finding> {
    cases::findings(base(), edit)
}

/// The edit leaves the example without any error or warning.
fn assert_clean(edit: impl FnOnce(&mut Value)) {
    let all = findings(edit);
    assert!(all.is_empty(), "{all:#?}");
}

macro_rules! clean {
    ($name:ident, |$doc:ident| $edit:expr) => {
        #[cfg_attr(not(target_arch = "wasm32"), test)]
        #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
        fn $name() {
            assert_clean(|$doc: &mut Value| {
                $edit;
            });
        }
    };
}

/// The ClusterQueue at `i` of the example.
fn queue(d: &mut Value, i: usize) -> &mut Value {
    &mut d["kueue"]["cluster_queues"][i]
}

/// The quota of the only resource of flavor `f` in the first group of ClusterQueue `i`.
fn quota(d: &mut Value, i: usize, f: usize) -> &mut Value {
    &mut queue(d, i)["resource_groups"][0]["flavors"][f]["resources"][0]
}

fn push(list: &mut Value, item: Value) {
    list.as_array_mut().expect("a list").push(item);
}

fn gpu_group(flavors: &[&str]) -> Value {
    let flavors: Vec<Value> = flavors
        .iter()
        .map(|f| json!({ "name": f, "resources": [ { "name": "nvidia.com/gpu", "nominal_quota": 1 } ] }))
        .collect();
    json!({ "covered_resources": [ "nvidia.com/gpu" ], "flavors": flavors })
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn the_example_has_no_errors_and_no_warnings() {
    assert_clean(|_| {});
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn the_kueue_example_of_the_format_has_no_errors() {
    let format = include_str!("../../../../docs/FORMAT.md");
    let section = &format[format.find("## Kueue").expect("the Kueue section")..];
    let start = section.find("```json\n").expect("its example") + "```json\n".len();
    let example = &section[start..start + section[start..].find("```").unwrap()];
    let report = Scenario::parse_json(example).expect("it parses").validate();
    assert!(report.errors.is_empty(), "{:#?}", report.errors);
}

// The agreement's form.

case!(
    kueue_objects_and_quota_shares_are_one_too_many,
    Error,
    "quota_shares",
    "cannot also have quota shares",
    |d| d["quota_shares"] = json!([ { "name": "A", "strategy": "LEND",
        "capacity_limits": [ { "instance_type": "ml.g5.xlarge", "max_capacity": 1 } ] } ])
);

// Names.

case!(
    a_flavor_needs_a_name,
    Error,
    "kueue.resource_flavors[1].name",
    "the ResourceFlavor needs a name",
    |d| d["kueue"]["resource_flavors"][1]["name"] = json!(" ")
);
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn names_are_at_most_128_characters() {
    let name = "q".repeat(129);
    let expected =
        format!("ClusterQueue {name}: names are at most 128 characters; this one has 129");
    cases::assert_finding(
        base(),
        Severity::Error,
        "kueue.cluster_queues[1].name",
        &expected,
        |d| queue(d, 1)["name"] = json!(name),
    );
}
case!(
    flavor_names_are_unique,
    Error,
    "kueue.resource_flavors[1].name",
    "ResourceFlavor a100: another ResourceFlavor is already called \"a100\"",
    |d| d["kueue"]["resource_flavors"][1]["name"] = json!("a100")
);
case!(
    cohort_names_are_unique,
    Error,
    "kueue.cohorts[1].name",
    "Cohort gpus: another Cohort is already called \"gpus\"",
    |d| d["kueue"]["cohorts"] = json!([ { "name": "gpus" }, { "name": "gpus" } ])
);
case!(
    cluster_queue_names_are_unique,
    Error,
    "kueue.cluster_queues[2].name",
    "ClusterQueue nlp: another ClusterQueue is already called \"nlp\"",
    |d| queue(d, 2)["name"] = json!("nlp")
);
case!(
    local_queue_names_are_unique_in_their_namespace,
    Error,
    "kueue.local_queues[3].name",
    "LocalQueue research/research: another LocalQueue of namespace research is already called \"research\"",
    |d| push(&mut d["kueue"]["local_queues"], json!({ "name": "research", "namespace": "research", "cluster_queue": "nlp" }))
);
clean!(local_queues_of_two_namespaces_may_share_a_name, |d| {
    d["kueue"]["local_queues"][2]["name"] = json!("nlp");
    d["jobs"][2]["local_queue"] = json!("nlp");
});
case!(
    priority_class_names_are_unique,
    Error,
    "kueue.priority_classes[1].name",
    "WorkloadPriorityClass high: another WorkloadPriorityClass is already called \"high\"",
    |d| d["kueue"]["priority_classes"][1]["name"] = json!("high")
);
case!(
    pod_set_names_are_unique_in_a_job,
    Error,
    "jobs[0].pod_sets[1].name",
    "job pretrain: another pod set is already called \"workers\"",
    |d| push(
        &mut d["jobs"][0]["pod_sets"],
        json!({ "name": "workers", "count": 1 })
    )
);

// References between the objects.

case!(
    a_cluster_queue_names_existing_flavors,
    Error,
    "kueue.cluster_queues[2].resource_groups[0].flavors[1].name",
    "ClusterQueue platform: flavor a100-spto is not one of the ResourceFlavors (a100, a100-spot)",
    |d| queue(d, 2)["resource_groups"][0]["flavors"][1]["name"] = json!("a100-spto")
);
case!(
    a_cohort_names_existing_flavors,
    Error,
    "kueue.cohorts[0].resource_groups[0].flavors[0].name",
    "Cohort gpus: flavor h100 is not one of the ResourceFlavors (a100, a100-spot)",
    |d| d["kueue"]["cohorts"][0]["resource_groups"] = json!([gpu_group(&["h100"])])
);
case!(
    a_cluster_queue_names_an_existing_cohort,
    Error,
    "kueue.cluster_queues[1].cohort",
    "ClusterQueue nlp: cohort gpu is not one of the Cohorts (gpus); list it in kueue.cohorts",
    |d| queue(d, 1)["cohort"] = json!("gpu")
);
case!(
    a_cohort_names_an_existing_parent,
    Error,
    "kueue.cohorts[0].parent",
    "Cohort gpus: parent company is not one of the Cohorts (gpus)",
    |d| d["kueue"]["cohorts"][0]["parent"] = json!("company")
);
case!(
    cohorts_form_a_tree,
    Error,
    "kueue.cohorts[0].parent",
    "Cohort gpus: its parents form a cycle, gpus -> company -> gpus",
    |d| d["kueue"]["cohorts"] = json!([ { "name": "gpus", "parent": "company" },
                                        { "name": "company", "parent": "gpus" } ])
);
case!(
    a_cohort_cannot_be_its_own_parent,
    Error,
    "kueue.cohorts[1].parent",
    "Cohort me: its parents form a cycle, me -> me",
    |d| push(
        &mut d["kueue"]["cohorts"],
        json!({ "name": "me", "parent": "me" })
    )
);
case!(
    a_cluster_queue_and_a_cohort_have_different_names,
    Error,
    "kueue.cluster_queues[1].name",
    "ClusterQueue nlp: a Cohort is also called nlp",
    |d| push(
        &mut d["kueue"]["cohorts"],
        json!({ "name": "nlp", "parent": "gpus" })
    )
);

// Limits.

case!(
    borrowing_needs_a_cohort,
    Error,
    "kueue.cluster_queues[0].resource_groups[0].flavors[0].resources[0].borrowing_limit",
    "ClusterQueue research: borrowing_limit needs a cohort",
    |d| queue(d, 0).as_object_mut().unwrap().remove("cohort")
);
case!(
    lending_needs_a_cohort,
    Error,
    "kueue.cluster_queues[2].resource_groups[0].flavors[0].resources[0].lending_limit",
    "ClusterQueue platform: lending_limit needs a cohort",
    |d| queue(d, 2).as_object_mut().unwrap().remove("cohort")
);
case!(
    a_cohorts_borrowing_needs_a_parent,
    Error,
    "kueue.cohorts[0].resource_groups[0].flavors[0].resources[0].borrowing_limit",
    "Cohort gpus: borrowing_limit needs a parent",
    |d| {
        let mut group = gpu_group(&["a100"]);
        group["flavors"][0]["resources"][0]["borrowing_limit"] = json!(2);
        d["kueue"]["cohorts"][0]["resource_groups"] = json!([group]);
    }
);
case!(
    a_cohorts_lending_needs_a_parent,
    Error,
    "kueue.cohorts[0].resource_groups[0].flavors[0].resources[0].lending_limit",
    "Cohort gpus: lending_limit needs a parent",
    |d| {
        let mut group = gpu_group(&["a100"]);
        group["flavors"][0]["resources"][0]["lending_limit"] = json!(1);
        d["kueue"]["cohorts"][0]["resource_groups"] = json!([group]);
    }
);
clean!(
    a_cohort_with_a_parent_may_lend_more_than_its_nominal_quota,
    |d| {
        let mut group = gpu_group(&["a100"]);
        group["flavors"][0]["resources"][0]["lending_limit"] = json!(5);
        d["kueue"]["cohorts"][0]["parent"] = json!("company");
        d["kueue"]["cohorts"][0]["resource_groups"] = json!([group]);
        push(&mut d["kueue"]["cohorts"], json!({ "name": "company" }));
        // Two members, so that the root has someone to share with.
        push(
            &mut d["kueue"]["cohorts"],
            json!({ "name": "labs", "parent": "company" }),
        );
        queue(d, 2)["cohort"] = json!("labs");
    }
);
case!(
    a_cluster_queue_lends_at_most_its_nominal_quota,
    Error,
    "kueue.cluster_queues[2].resource_groups[0].flavors[0].resources[0].lending_limit",
    "ClusterQueue platform: lending_limit 20 of nvidia.com/gpu on flavor a100 is above its nominal_quota 16",
    |d| quota(d, 2, 0)["lending_limit"] = json!("20")
);

// Resource groups.

case!(
    a_group_has_flavors,
    Error,
    "kueue.cluster_queues[1].resource_groups[0].flavors",
    "ClusterQueue nlp: a resource group has 1 to 64 flavors (Kueue); resource group 0 has 0",
    |d| queue(d, 1)["resource_groups"][0]["flavors"] = json!([])
);
case!(
    a_group_covers_resources,
    Error,
    "kueue.cluster_queues[1].resource_groups[0].covered_resources",
    "ClusterQueue nlp: a resource group has 1 to 64 covered_resources (Kueue); resource group 0 has 0",
    |d| queue(d, 1)["resource_groups"][0]["covered_resources"] = json!([])
);
case!(
    a_flavor_lists_every_covered_resource,
    Error,
    "kueue.cluster_queues[0].resource_groups[0].flavors[0].resources",
    "ClusterQueue research: flavor a100 lists quotas for (nvidia.com/gpu) but its resource group covers (nvidia.com/gpu, cpu)",
    |d| queue(d, 0)["resource_groups"][0]["covered_resources"] = json!(["nvidia.com/gpu", "cpu"])
);
case!(
    a_flavor_lists_the_covered_resources_in_order,
    Error,
    "kueue.cluster_queues[1].resource_groups[0].flavors[1].resources[0].name",
    "ClusterQueue nlp: flavor a100-spot lists quotas for (cpu, nvidia.com/gpu) but its resource group covers (nvidia.com/gpu, cpu)",
    |d| {
        let quotas = |first: &str, second: &str| json!([ { "name": first, "nominal_quota": 8 }, { "name": second, "nominal_quota": 8 } ]);
        let group = &mut queue(d, 1)["resource_groups"][0];
        group["covered_resources"] = json!(["nvidia.com/gpu", "cpu"]);
        group["flavors"][0]["resources"] = quotas("nvidia.com/gpu", "cpu");
        group["flavors"][1]["resources"] = quotas("cpu", "nvidia.com/gpu");
    }
);
case!(
    a_resource_is_in_one_group,
    Error,
    "kueue.cluster_queues[1].resource_groups[1].covered_resources[0]",
    "ClusterQueue nlp: resource nvidia.com/gpu is already covered by resource group 0",
    |d| {
        let group = gpu_group(&["a100-spot"]);
        queue(d, 1)["resource_groups"][0]["flavors"]
            .as_array_mut()
            .unwrap()
            .pop();
        push(&mut queue(d, 1)["resource_groups"], group);
    }
);
case!(
    a_flavor_is_in_one_group,
    Error,
    "kueue.cluster_queues[1].resource_groups[1].flavors[0].name",
    "ClusterQueue nlp: flavor a100 already has quotas in resource group 0",
    |d| push(
        &mut queue(d, 1)["resource_groups"],
        json!({ "covered_resources": [ "cpu" ],
        "flavors": [ { "name": "a100", "resources": [ { "name": "cpu", "nominal_quota": "96" } ] } ] })
    )
);
case!(
    at_most_16_groups,
    Error,
    "kueue.cluster_queues[1].resource_groups",
    "ClusterQueue nlp: at most 16 resource groups (Kueue); it has 17",
    |d| queue(d, 1)["resource_groups"] = json!(vec![gpu_group(&["a100"]); 17])
);
case!(
    at_most_256_flavors_in_a_queue,
    Error,
    "kueue.cluster_queues[1].resource_groups",
    "ClusterQueue nlp: at most 256 flavors over its resource groups (Kueue); it has 260",
    |d| queue(d, 1)["resource_groups"] = json!(vec![gpu_group(&["a100"; 52]); 5])
);

// Policies.

case!(
    borrowing_preemption_needs_reclaim,
    Error,
    "kueue.cluster_queues[1].preemption.borrow_within_cohort.policy",
    "ClusterQueue nlp: borrow_within_cohort LowerPriority needs reclaim_within_cohort LowerPriority or Any",
    |d| queue(d, 1)["preemption"] = json!({ "reclaim_within_cohort": "Never",
        "borrow_within_cohort": { "policy": "LowerPriority" } })
);
case!(
    a_fungibility_preference_needs_both_policies_at_try_next_flavor,
    Error,
    "kueue.cluster_queues[0].flavor_fungibility.preference",
    "ClusterQueue research: preference applies only when when_can_borrow and when_can_preempt are both TryNextFlavor; they are MayStopSearch and TryNextFlavor",
    |d| queue(d, 0)["flavor_fungibility"] = json!({ "preference": "PreemptionOverBorrowing" })
);
clean!(
    a_fungibility_preference_with_both_policies_at_try_next_flavor,
    |d| { queue(d, 1)["flavor_fungibility"]["preference"] = json!("PreemptionOverBorrowing") }
);
case!(
    a_weight_is_zero_or_more_than_a_billionth,
    Error,
    "kueue.cluster_queues[0].fair_sharing.weight",
    "ClusterQueue research: a fair-sharing weight is 0 or more than 1n (10^-9); Kueue refuses 1n",
    |d| queue(d, 0)["fair_sharing"] = json!({ "weight": "1n" })
);
case!(
    a_cohorts_weight_is_zero_or_more_than_a_billionth,
    Error,
    "kueue.cohorts[0].fair_sharing.weight",
    "Cohort gpus: a fair-sharing weight is 0 or more than 1n",
    |d| d["kueue"]["cohorts"][0]["fair_sharing"] = json!({ "weight": "0.5n" })
);
clean!(weights_of_zero_and_just_above_a_billionth, |d| {
    queue(d, 0)["fair_sharing"] = json!({ "weight": 0 });
    queue(d, 1)["fair_sharing"] = json!({ "weight": "2n" });
    d["kueue"]["fair_sharing"] = json!({ "preemption_strategies": ["LessThanInitialShare"] });
});
case!(
    fair_sharing_strategies_are_one_of_three_lists,
    Error,
    "kueue.fair_sharing.preemption_strategies",
    "fair sharing: preemption_strategies (LessThanInitialShare, LessThanOrEqualToFinalShare) is not one Kueue accepts",
    |d| d["kueue"]["fair_sharing"] = json!({ "preemption_strategies":
        ["LessThanInitialShare", "LessThanOrEqualToFinalShare"] })
);

// LocalQueues and jobs' queues.

case!(
    a_local_queue_names_an_existing_cluster_queue,
    Error,
    "kueue.local_queues[1].cluster_queue",
    "LocalQueue nlp/nlp: ClusterQueue nlq is not one of the ClusterQueues (research, nlp, platform)",
    |d| d["kueue"]["local_queues"][1]["cluster_queue"] = json!("nlq")
);
case!(
    a_jobs_share_names_a_cluster_queue,
    Error,
    "jobs[1].share",
    "job eval: ClusterQueue reserch is not one of the ClusterQueues (research, nlp, platform)",
    |d| d["jobs"][1]["share"] = json!("reserch")
);
case!(
    a_jobs_local_queue_is_in_its_namespace,
    Error,
    "jobs[2].local_queue",
    "job indexer: LocalQueue jobs is not one of the LocalQueues of namespace research (research)",
    |d| d["jobs"][2]["namespace"] = json!("research")
);
case!(
    a_jobs_share_and_local_queue_agree,
    Error,
    "jobs[0].share",
    "job pretrain: share names ClusterQueue nlp, but its LocalQueue research/research leads to ClusterQueue research",
    |d| d["jobs"][0]["share"] = json!("nlp")
);
case!(
    a_job_names_its_queue,
    Error,
    "jobs[1].share",
    "job eval: name its ClusterQueue in share, or its LocalQueue in local_queue",
    |d| d["jobs"][1].as_object_mut().unwrap().remove("share")
);
case!(
    a_mixs_share_names_a_cluster_queue,
    Error,
    "job_mixes[0].share",
    "job mix finetune: share names ClusterQueue research, but its LocalQueue nlp/nlp leads to ClusterQueue nlp",
    |d| d["job_mixes"][0]["share"] = json!("research")
);

// Priority classes.

case!(
    a_priority_class_exists,
    Error,
    "jobs[0].priority_class",
    "job pretrain: priority class highest is not one of the WorkloadPriorityClasses (high, low)",
    |d| d["jobs"][0]["priority_class"] = json!("highest")
);
case!(
    a_priority_is_its_classs_value,
    Error,
    "job_mixes[0].template.priority",
    "job mix finetune: priority 50 is not the value of its WorkloadPriorityClass low (100); write 100",
    |d| d["job_mixes"][0]["template"]["priority"] = json!(50)
);
clean!(any_32_bit_priority_under_kueue, |d| {
    d["jobs"][1]["priority"] = json!(-5);
    d["actions"] =
        json!([ { "at_h": 2, "set_priority": { "job": "eval", "priority": 2_000_000_000 } } ]);
});

// Pod sets.

case!(
    a_job_has_pod_sets_or_preferences,
    Error,
    "jobs[1].pod_sets",
    "job eval: it has no pod sets and no preferences to derive one from",
    |d| d["jobs"][1].as_object_mut().unwrap().remove("preferences")
);
case!(
    a_pod_set_has_pods,
    Error,
    "jobs[0].pod_sets[0].count",
    "job pretrain: pod set workers has no pods",
    |d| d["jobs"][0]["pod_sets"][0]["count"] = json!(0)
);
case!(
    a_resource_no_cluster_queue_covers,
    Error,
    "jobs[0].pod_sets[0].requests.example.com/fpga",
    "job pretrain: pod set workers requests example.com/fpga, which no ClusterQueue covers",
    |d| d["jobs"][0]["pod_sets"][0]["requests"]["example.com/fpga"] = json!(1)
);
case!(
    a_resource_its_cluster_queue_does_not_cover,
    Error,
    "jobs[0].pod_sets[0].requests.cpu",
    "job pretrain: pod set workers requests cpu, which its ClusterQueue research does not cover; it covers (nvidia.com/gpu), so it can never be admitted",
    |d| {
        d["jobs"][0]["pod_sets"][0]["requests"]["cpu"] = json!("90");
        push(&mut queue(d, 1)["resource_groups"], json!({ "covered_resources": [ "cpu" ],
            "flavors": [ { "name": "cpu-nodes", "resources": [ { "name": "cpu", "nominal_quota": "96" } ] } ] }));
        push(&mut d["kueue"]["resource_flavors"], json!({ "name": "cpu-nodes" }));
    }
);
case!(
    the_default_pod_set_asks_for_the_first_preferences_accelerators,
    Error,
    "jobs[1].preferences[0].instance_type",
    "job eval: its default pod set main (from its first preference) requests aws.amazon.com/neuron, which no ClusterQueue covers",
    |d| d["jobs"][1]["preferences"][0]["instance_type"] = json!("ml.trn1.32xlarge")
);
case!(
    a_bad_quantity_is_refused_with_its_path,
    Error,
    "kueue.cluster_queues[0].resource_groups[0].flavors[0].resources[0].nominal_quota",
    "\"16 GPUs\" is not a Kubernetes quantity",
    |d| quota(d, 0, 0)["nominal_quota"] = json!("16 GPUs")
);

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_bad_quantitys_load_error_reads_with_its_path() {
    let mut doc = base();
    doc["jobs"][0]["pod_sets"][0]["requests"]["nvidia.com/gpu"] = json!(true);
    let error = Scenario::parse_json(&doc.to_string())
        .unwrap_err()
        .to_string();
    assert_eq!(
        error,
        "jobs[0].pod_sets[0].requests.nvidia.com/gpu: invalid type: boolean `true`, expected a Kubernetes quantity: a string such as \"8\", \"500m\" or \"64Gi\", or a number"
    );
}

// Jobs admitted when the cluster's state was taken.

/// Job 0 as admitted on the example's a100 flavor, with `edit` applied to its `admitted`.
fn admitted(d: &mut Value, edit: impl FnOnce(&mut Value)) {
    let mut state = json!({ "at_h": -3.5, "pod_sets": [ { "nvidia.com/gpu": "a100" } ] });
    edit(&mut state);
    d["jobs"][0]["admitted"] = state;
}

clean!(an_admitted_job, |d| admitted(d, |_| ()));
case!(
    an_admitted_job_is_submitted_at_zero,
    Error,
    "jobs[1].submit_h",
    "job eval: an admitted job is submitted at 0",
    |d| d["jobs"][1]["admitted"] =
        json!({ "at_h": 0, "pod_sets": [ { "nvidia.com/gpu": "a100-spot" } ] })
);
case!(
    an_admitted_jobs_reservation_time_is_a_time,
    Error,
    "jobs[0].admitted.at_h",
    "job pretrain: at_h is when its quota was reserved, in hours from -1000000 to 1000000",
    |d| admitted(d, |a| a["at_h"] = json!(2e6))
);
case!(
    an_admitted_job_has_a_flavor_map_per_pod_set,
    Error,
    "jobs[0].admitted.pod_sets",
    "job pretrain: admitted needs one flavor map per pod set, in order (1); it gives 2",
    |d| admitted(d, |a| push(&mut a["pod_sets"], json!({})))
);
case!(
    an_admitted_pod_set_has_a_flavor_for_each_resource,
    Error,
    "jobs[0].admitted.pod_sets[0]",
    "job pretrain: admitted gives pod set workers no flavor for nvidia.com/gpu",
    |d| admitted(d, |a| a["pod_sets"][0] = json!({}))
);
case!(
    an_admitted_flavor_is_one_its_queue_offers,
    Error,
    "jobs[0].admitted.pod_sets[0].nvidia.com/gpu",
    "job pretrain: flavor h100 is not one ClusterQueue research offers nvidia.com/gpu on (a100, a100-spot)",
    |d| admitted(d, |a| a["pod_sets"][0]["nvidia.com/gpu"] = json!("h100"))
);
case!(
    an_admitted_flavor_is_for_a_requested_resource,
    Error,
    "jobs[0].admitted.pod_sets[0].cpu",
    "job pretrain: pod set workers requests no cpu",
    |d| admitted(d, |a| a["pod_sets"][0]["cpu"] = json!("a100"))
);

// AWS fields without a Kueue counterpart.

case!(
    no_max_pending_time_under_kueue,
    Error,
    "jobs[1].max_pending_h",
    "job eval: max_pending_h has no Kueue counterpart",
    |d| d["jobs"][1]["max_pending_h"] = json!(4)
);
case!(
    no_preemption_retries_under_kueue,
    Error,
    "job_mixes[0].template.preemption_retries",
    "job mix finetune: preemption_retries has no Kueue counterpart",
    |d| d["job_mixes"][0]["template"]["preemption_retries"] = json!(2)
);
case!(
    no_max_wait_under_kueue,
    Error,
    "jobs[1].max_wait_h",
    "job eval: max_wait_h has no Kueue counterpart",
    |d| d["jobs"][1]["max_wait_h"] = json!(4)
);
case!(
    no_training_plans_under_kueue,
    Error,
    "training_plans[0]",
    "training plan block: training plans have no Kueue counterpart",
    |d| d["training_plans"] = json!([ { "name": "block", "instance_type": "ml.p4d.24xlarge",
        "count": 1, "blocks": [ { "start_h": 0, "end_h": 24 } ] } ])
);
case!(
    no_entries_on_training_plans_under_kueue,
    Error,
    "jobs[1].preferences[0].training_plan",
    "job eval: training plan block has no Kueue counterpart",
    |d| d["jobs"][1]["preferences"][0]["training_plan"] = json!("block")
);
case!(
    no_share_updates_under_kueue,
    Error,
    "actions[0].update_share",
    "update_share changes quota share nlp, and a Kueue agreement has no quota shares",
    |d| d["actions"] =
        json!([ { "at_h": 2, "update_share": { "share": "nlp", "borrow_limit": 10 } } ])
);

// Warnings.

case!(
    a_cluster_queue_without_a_namespace_selector_admits_nothing,
    Warning,
    "kueue.cluster_queues[1].namespace_selector",
    "ClusterQueue nlp has no namespace_selector, which Kueue reads as selecting no namespace, so it never admits a workload; write {} to admit every namespace",
    |d| queue(d, 1).as_object_mut().unwrap().remove("namespace_selector")
);
case!(
    a_jobs_namespace_its_queue_does_not_select,
    Warning,
    "jobs[1].namespace",
    "job eval: ClusterQueue platform's namespace_selector does not select namespace default",
    |d| d["jobs"][1]["share"] = json!("platform")
);
case!(
    capacity_is_not_used_under_kueue,
    Warning,
    "capacity",
    "capacity is not used under Kueue objects",
    |d| d["capacity"] = json!([ { "instance_type": "ml.p4d.24xlarge", "count": 4 } ])
);
case!(
    a_spot_pool_no_spot_flavor_uses,
    Warning,
    "spot[1].instance_type",
    "spot pool ml.g5.xlarge: no spot ResourceFlavor has this instance type",
    |d| push(
        &mut d["spot"],
        json!({ "instance_type": "ml.g5.xlarge", "count": 0, "price_factor": 0.3, "interruptions_per_h": 0.1 })
    )
);
case!(
    a_flavor_labelled_with_an_unknown_type,
    Warning,
    "kueue.resource_flavors[0].node_labels.node.kubernetes.io/instance-type",
    "ResourceFlavor a100: instance type p9.mega is neither in the catalog nor in instance_types",
    |d| d["kueue"]["resource_flavors"][0]["node_labels"]["node.kubernetes.io/instance-type"] =
        json!("p9.mega")
);
case!(
    a_flavor_with_an_unknown_instance_type,
    Warning,
    "kueue.resource_flavors[1].instance_type",
    "ResourceFlavor a100-spot: instance type a100-node is neither in the catalog nor in instance_types",
    |d| d["kueue"]["resource_flavors"][1]["instance_type"] = json!("a100-node")
);
clean!(a_flavors_type_with_or_without_the_ml_prefix, |d| {
    d["kueue"]["resource_flavors"][1]["node_labels"]["node.kubernetes.io/instance-type"] =
        json!("ml.p4d.24xlarge");
});
case!(
    a_pod_set_that_fits_no_flavor_ever,
    Warning,
    "jobs[0].pod_sets[0]",
    "job pretrain: pod set workers can fit no flavor of ClusterQueue research, even borrowing all it may: on a100 at most 24 nvidia.com/gpu of the 32 it needs (8 short); on a100-spot at most 16 nvidia.com/gpu of the 32 it needs (16 short)",
    |d| d["jobs"][0]["pod_sets"][0]["count"] = json!(4)
);
case!(
    a_pod_set_beyond_a_queue_without_a_cohort,
    Warning,
    "job_mixes[0].template.pod_sets[0]",
    "job mix finetune: pod set main can fit no flavor of ClusterQueue nlp, even borrowing all it may: on a100 at most 8 nvidia.com/gpu of the 12 it needs (4 short)",
    |d| {
        queue(d, 1).as_object_mut().unwrap().remove("cohort");
        queue(d, 1)["resource_groups"][0]["flavors"].as_array_mut().unwrap().pop();
        d["job_mixes"][0]["template"]["pod_sets"][0]["count"] = json!(3);
    }
);
case!(
    a_held_queue_admits_nothing,
    Warning,
    "kueue.cluster_queues[2].stop_policy",
    "ClusterQueue platform: stop_policy Hold admits nothing new",
    |d| queue(d, 2)["stop_policy"] = json!("Hold")
);
case!(
    a_cluster_queue_without_jobs,
    Warning,
    "kueue.cluster_queues[2].name",
    "ClusterQueue platform has no jobs",
    |d| d["jobs"].as_array_mut().unwrap().pop()
);
case!(
    a_cohort_with_one_member,
    Warning,
    "kueue.cohorts[1].name",
    "Cohort solo has one member, nlp: there is nobody to lend to or borrow from",
    |d| {
        push(&mut d["kueue"]["cohorts"], json!({ "name": "solo" }));
        queue(d, 1)["cohort"] = json!("solo");
    }
);
case!(
    a_cohort_without_members,
    Warning,
    "kueue.cohorts[1].name",
    "Cohort spare has no members",
    |d| push(&mut d["kueue"]["cohorts"], json!({ "name": "spare" }))
);
