//! Every error and warning docs/FORMAT.md names comes with the JSON path of the field it is about.
//! Each case edits one field of a valid base scenario and names the finding it must produce.

use crate::cases::{self, case, Finding};
use quotalab_engine::{LoadError, Scenario, Severity};
use serde_json::{json, Value};

fn base() -> Value {
    json!({
        "version": 1, "name": "base", "horizon_h": 24,
        "capacity": [ { "instance_type": "ml.g5.xlarge", "count": 2 }, { "instance_type": "ml.p4d.24xlarge", "count": 1 } ],
        "spot": [ { "instance_type": "ml.g5.xlarge", "count": 2, "price_factor": 0.3, "interruptions_per_h": 0.1 } ],
        "training_plans": [ { "name": "tp", "instance_type": "ml.p4d.24xlarge", "count": 1, "blocks": [ { "start_h": 0, "end_h": 10 } ] } ],
        "quota_shares": [
            { "name": "A", "capacity_limits": [ { "instance_type": "ml.g5.xlarge", "max_capacity": 1 } ], "strategy": "LEND" },
            { "name": "B", "capacity_limits": [ { "instance_type": "ml.g5.xlarge", "max_capacity": 1 }, { "instance_type": "ml.p4d.24xlarge", "max_capacity": 1 } ], "strategy": "LEND_AND_BORROW" }
        ],
        "jobs": [
            { "name": "J1", "share": "A", "submit_h": 0, "duration_h": 1, "instance_count": 1,
              "preferences": [ { "instance_type": "ml.g5.xlarge" } ] },
            { "name": "J2", "share": "B", "submit_h": 0, "duration_h": 1,
              "preferences": [ { "instance_type": "ml.p4d.24xlarge", "instance_count": 1, "training_plan": "tp" },
                               { "instance_type": "ml.g5.xlarge", "instance_count": 1 } ] }
        ],
        "job_mixes": [
            { "name": "m", "share": "B", "count": 2, "arrivals": { "every_h": 1 }, "duration_h": 1,
              "template": { "instance_count": 1, "preferences": [ { "instance_type": "ml.g5.xlarge" } ] } }
        ],
        "actions": [ { "at_h": 1, "set_priority": { "job": "J1", "priority": 5 } } ]
    })
}

/// Every finding of the base after `edit`.
fn findings(edit: impl FnOnce(&mut Value)) -> Vec<Finding> {
    crate::cases::findings(base(), edit)
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn the_base_scenario_is_clean() {
    let errors: Vec<_> = findings(|_| {})
        .into_iter()
        .filter(|f| f.0 == Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
}

case!(
    unknown_field_is_an_error_naming_it,
    Error,
    "jobs[0].colour",
    "unknown field",
    |d| d["jobs"][0]["colour"] = json!("red")
);
case!(
    five_million_jobs_is_the_limit_named_with_a_way_to_run_a_sample,
    Error,
    "jobs",
    "would hold 5,000,003 jobs (explicit and generated); the limit is 5,000,000 jobs. Run a sample",
    |d| d["job_mixes"][0]["count"] = json!(5_000_001)
);

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn five_million_jobs_are_allowed() {
    let over = |f: &Finding| f.1 == "jobs";
    assert!(!findings(|d| d["job_mixes"][0]["count"] = json!(4_999_998))
        .iter()
        .any(over));
}

case!(
    a_plan_owner_must_be_a_share,
    Error,
    "training_plans[0].owner_share",
    "not a quota share",
    |d| d["training_plans"][0]["owner_share"] = json!("C")
);

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_plan_owned_by_a_share_is_clean() {
    let all = findings(|d| d["training_plans"][0]["owner_share"] = json!("B"));
    assert!(!all.iter().any(|f| f.1.contains("owner_share")), "{all:#?}");
}

case!(newer_version_is_refused, Error, "version", "newer", |d| d
    ["version"] =
    json!(7));
case!(
    wrong_type_names_the_path,
    Error,
    "jobs[1].preferences[0].instance_count",
    "invalid type",
    |d| d["jobs"][1]["preferences"][0]["instance_count"] = json!("two")
);
case!(
    names_are_unique,
    Error,
    "jobs[1].name",
    "already called",
    |d| d["jobs"][1]["name"] = json!("J1")
);
case!(
    names_are_at_most_128_characters,
    Error,
    "quota_shares[0].name",
    "128",
    |d| d["quota_shares"][0]["name"] = json!("x".repeat(129))
);
case!(
    priority_is_at_most_9999,
    Error,
    "jobs[0].priority",
    "9999",
    |d| d["jobs"][0]["priority"] = json!(10000)
);
case!(
    duration_must_be_positive,
    Error,
    "jobs[0].duration_h",
    "more than 0",
    |d| d["jobs"][0]["duration_h"] = json!(0)
);
case!(
    preference_list_has_at_most_five_entries,
    Error,
    "jobs[0].preferences",
    "1 to 5",
    |d| d["jobs"][0]["preferences"] = json!([
    {"instance_type": "ml.g5.xlarge"}, {"instance_type": "ml.g5.2xlarge"}, {"instance_type": "ml.g5.12xlarge"},
    {"instance_type": "ml.g6.xlarge"}, {"instance_type": "ml.g6e.xlarge"}, {"instance_type": "ml.p4d.24xlarge"}])
);
case!(
    entry_types_are_unique,
    Error,
    "jobs[1].preferences[1].instance_type",
    "already in this list",
    |d| d["jobs"][1]["preferences"][1]["instance_type"] = json!("ml.p4d.24xlarge")
);
case!(
    counts_on_the_job_or_on_every_entry,
    Error,
    "jobs[0].instance_count",
    "not both",
    |d| d["jobs"][0]["preferences"][0]["instance_count"] = json!(1)
);
case!(
    counts_on_some_entries_only_is_an_error,
    Error,
    "jobs[1].preferences",
    "every entry",
    |d| {
        d["jobs"][1]["preferences"][1]
            .as_object_mut()
            .unwrap()
            .remove("instance_count");
    }
);
case!(
    share_is_required_when_shares_exist,
    Error,
    "jobs[0].share",
    "must name one",
    |d| {
        d["jobs"][0].as_object_mut().unwrap().remove("share");
    }
);
case!(
    share_must_exist,
    Error,
    "jobs[0].share",
    "no quota share",
    |d| d["jobs"][0]["share"] = json!("Z")
);
case!(
    plan_must_be_of_the_same_type,
    Error,
    "jobs[1].preferences[0].training_plan",
    "reserves",
    |d| d["jobs"][1]["preferences"][0]["instance_type"] = json!("ml.p5.48xlarge")
);
case!(
    processing_jobs_cannot_use_plans,
    Error,
    "jobs[1].preferences[0].training_plan",
    "processing",
    |d| d["jobs"][1]["kind"] = json!("processing")
);
case!(
    spot_jobs_have_one_entry,
    Error,
    "jobs[1].preferences",
    "exactly one entry",
    |d| d["jobs"][1]["spot"] = json!(true)
);
case!(
    max_wait_only_with_spot,
    Error,
    "jobs[0].max_wait_h",
    "only to spot",
    |d| d["jobs"][0]["max_wait_h"] = json!(3)
);
case!(
    borrow_limit_only_with_lend_and_borrow,
    Error,
    "quota_shares[0].borrow_limit",
    "only with LEND_AND_BORROW",
    |d| d["quota_shares"][0]["borrow_limit"] = json!(50)
);
case!(
    borrow_limit_is_at_least_minus_one,
    Error,
    "quota_shares[1].borrow_limit",
    "-1",
    |d| d["quota_shares"][1]["borrow_limit"] = json!(-5)
);
case!(
    max_capacity_is_at_least_one,
    Error,
    "quota_shares[0].capacity_limits[0].max_capacity",
    "at least 1",
    |d| d["quota_shares"][0]["capacity_limits"][0]["max_capacity"] = json!(0)
);
case!(
    at_most_five_capacity_limits,
    Error,
    "quota_shares[0].capacity_limits",
    "1 to 5",
    |d| d["quota_shares"][0]["capacity_limits"] = json!([])
);
case!(
    at_most_twenty_shares,
    Error,
    "quota_shares",
    "at most 20",
    |d| {
        let share = d["quota_shares"][0].clone();
        d["quota_shares"] = Value::Array(
            (0..21)
                .map(|i| {
                    let mut s = share.clone();
                    s["name"] = json!(format!("S{i}"));
                    s
                })
                .collect(),
        );
    }
);
case!(
    capacity_changes_are_sorted,
    Error,
    "capacity[0].changes[1].at_h",
    "sorted",
    |d| d["capacity"][0]["changes"] = json!([{"at_h": 5, "count": 1}, {"at_h": 2, "count": 3}])
);
case!(
    unknown_instance_type,
    Error,
    "capacity[0].instance_type",
    "unknown instance type",
    |d| d["capacity"][0]["instance_type"] = json!("ml.zz.huge")
);
case!(
    plan_blocks_do_not_overlap,
    Error,
    "training_plans[0].blocks[1].start_h",
    "overlap",
    |d| d["training_plans"][0]["blocks"] =
        json!([{"start_h": 0, "end_h": 10}, {"start_h": 5, "end_h": 20}])
);
case!(
    actions_hold_exactly_one_kind,
    Error,
    "actions[0]",
    "exactly one",
    |d| d["actions"][0]["cancel"] = json!({"job": "J1"})
);
case!(
    actions_name_existing_jobs,
    Error,
    "actions[0].set_priority.job",
    "no job",
    |d| d["actions"][0]["set_priority"]["job"] = json!("nobody")
);
case!(
    mix_count_is_required_without_listed_arrivals,
    Error,
    "job_mixes[0].count",
    "how many",
    |d| {
        d["job_mixes"][0].as_object_mut().unwrap().remove("count");
    }
);
case!(
    mix_template_is_checked_like_a_job,
    Error,
    "job_mixes[0].template.priority",
    "9999",
    |d| d["job_mixes"][0]["template"]["priority"] = json!(20000)
);
case!(
    generated_names_must_not_clash,
    Error,
    "job_mixes[0].name",
    "m-1",
    |d| d["jobs"][0]["name"] = json!("m-1")
);
case!(
    lognormal_p90_is_at_least_the_median,
    Error,
    "job_mixes[0].duration_h.lognormal.p90_h",
    "at least median_h",
    |d| d["job_mixes"][0]["duration_h"] = json!({"lognormal": {"median_h": 3, "p90_h": 1}})
);
case!(
    entry_outside_share_limits_warns,
    Warning,
    "jobs[0].preferences[0].instance_type",
    "not in share",
    |d| d["jobs"][0]["preferences"][0]["instance_type"] = json!("ml.p4d.24xlarge")
);
case!(
    entry_beyond_share_ceiling_warns,
    Warning,
    "jobs[0].preferences[0].instance_count",
    "may hold at most",
    |d| d["jobs"][0]["instance_count"] = json!(2)
);
case!(
    entry_beyond_pool_warns,
    Warning,
    "jobs[1].preferences[1].instance_count",
    "on-demand capacity ever offers",
    |d| d["jobs"][1]["preferences"][1]["instance_count"] = json!(3)
);
case!(
    too_little_memory_warns,
    Warning,
    "jobs[0].preferences[0].instance_type",
    "insufficient_accelerator_memory",
    |d| d["jobs"][0]["accelerator_memory_gib"] = json!(40)
);
case!(
    max_pending_outside_aws_range_warns,
    Warning,
    "jobs[0].max_pending_h",
    "2 to 672",
    |d| d["jobs"][0]["max_pending_h"] = json!(1)
);
case!(
    max_pending_without_accelerated_type_warns,
    Warning,
    "jobs[0].max_pending_h",
    "no effect",
    |d| {
        d["capacity"][0]["instance_type"] = json!("ml.m5.xlarge");
        d["quota_shares"][0]["capacity_limits"][0]["instance_type"] = json!("ml.m5.xlarge");
        d["jobs"][0]["preferences"][0]["instance_type"] = json!("ml.m5.xlarge");
        d["jobs"][0]["max_pending_h"] = json!(5);
    }
);
case!(
    share_that_lends_to_nobody_warns,
    Warning,
    "quota_shares[0].strategy",
    "lends to nobody",
    |d| d["quota_shares"][1]["strategy"] = json!("RESERVE")
);

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn from_json_returns_every_error_at_once() {
    let mut doc = base();
    doc["jobs"][0]["priority"] = json!(10000);
    doc["jobs"][1]["duration_h"] = json!(-1);
    match Scenario::from_json(&doc.to_string()) {
        Err(LoadError::Invalid { report }) => {
            assert!(report.errors.len() >= 2, "{:?}", report.errors)
        }
        other => panic!("expected Invalid, got {other:?}"),
    }
}

/// The load error counts its errors with their plural, and one in the singular.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn the_load_error_counts_its_errors() {
    let load_error = |doc: &Value| {
        Scenario::from_json(&doc.to_string())
            .unwrap_err()
            .to_string()
    };
    let mut doc = base();
    doc["jobs"][0]["priority"] = json!(10000);
    let one = load_error(&doc);
    assert!(
        one.starts_with("the scenario has 1 error; first: "),
        "{one}"
    );
    doc["jobs"][1]["duration_h"] = json!(-1);
    let two = load_error(&doc);
    assert!(
        two.starts_with("the scenario has 2 errors; first: "),
        "{two}"
    );
}

/// Reports print `RULES_VERSION` as the version of the rules that produced them, so it must be
/// the version docs/SEMANTICS.md says it is.
#[test]
fn the_rules_version_is_the_one_semantics_md_states() {
    let title = include_str!("../../../../docs/SEMANTICS.md")
        .lines()
        .next()
        .unwrap_or_default();
    assert!(
        title.ends_with(&format!("version {}", quotalab_engine::RULES_VERSION)),
        "docs/SEMANTICS.md is titled {title:?}, the engine says {}",
        quotalab_engine::RULES_VERSION
    );
}

/// The clash between a mix's generated names (`m-1` to `m-N`) and other jobs' names, which the
/// validator decides without writing the names out, against the rule itself: write every name
/// out in order and report each mix's first one already taken.
/// Explicit job names, and the mixes (name, count) after them.
type NamesCase<'a> = (&'a [&'a str], &'a [(&'a str, u64)]);

#[test]
fn generated_names_clash_exactly_where_writing_them_out_finds_them() {
    let cases: [NamesCase; 9] = [
        (&["m-2"], &[("m", 2)]),
        (&["m-3"], &[("m", 2)]),
        (&["m-02", "m-0", "m-", "m-2x"], &[("m", 5)]),
        (&[], &[("m", 2), ("m", 2)]),
        (&["a-1-2"], &[("a", 5), ("a-1", 3)]),
        (&["m-7", "m-1"], &[("m", 9)]),
        (&["m-99999999999999999999999"], &[("m", 3)]),
        (&["x-4"], &[("x", 3), ("x", 5)]),
        (&["m-1"], &[("n", 4), ("m", 1), ("m", 1)]),
    ];
    for (explicit, mixes) in cases {
        let mut expected = Vec::new();
        let mut taken: std::collections::HashSet<String> =
            explicit.iter().map(|n| n.to_string()).collect();
        for (i, (name, count)) in mixes.iter().enumerate() {
            if let Some(k) = (1..=*count).find(|k| !taken.insert(format!("{name}-{k}"))) {
                expected.push((
                    format!("job_mixes[{i}].name"),
                    format!(
                        "the mix generates \"{name}-{k}\", which another job is already called"
                    ),
                ));
            }
        }
        let found: Vec<(String, String)> = findings(|d| {
            let job = d["jobs"][0].clone();
            d["jobs"] = explicit
                .iter()
                .map(|n| {
                    let mut j = job.clone();
                    j["name"] = json!(n);
                    j
                })
                .collect();
            let mix = d["job_mixes"][0].clone();
            d["job_mixes"] = mixes
                .iter()
                .map(|(n, count)| {
                    let mut m = mix.clone();
                    m["name"] = json!(n);
                    m["count"] = json!(count);
                    m
                })
                .collect();
            d["actions"] = json!([]);
        })
        .into_iter()
        .filter(|(_, _, m)| m.starts_with("the mix generates"))
        .map(|(_, p, m)| (p, m))
        .collect();
        assert_eq!(found, expected, "jobs {explicit:?}, mixes {mixes:?}");
    }
}

/// A job that repeats an earlier job's name is reported at itself, each time, and the first to
/// have the name is not; a name too long to be good is reported as that alone, even where it
/// reads as a mix's generated name (the validator gathers the names once for both checks).
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_repeated_job_name_is_reported_at_each_repeat_and_a_long_one_clashes_with_no_mix() {
    let prefix = "x".repeat(127);
    let found = findings(|d| {
        let job = d["jobs"][0].clone();
        d["jobs"] = ["J1", "J2", "J1", "J1", &format!("{prefix}-1")]
            .iter()
            .map(|n| {
                let mut j = job.clone();
                j["name"] = json!(n);
                j
            })
            .collect();
        d["job_mixes"][0]["name"] = json!(prefix);
    });
    let paths = |text: &str| -> Vec<String> {
        found
            .iter()
            .filter(|(_, _, m)| m.contains(text))
            .map(|(_, p, _)| p.clone())
            .collect()
    };
    assert_eq!(
        paths("already called \"J1\""),
        ["jobs[2].name", "jobs[3].name"]
    );
    assert_eq!(paths("names are at most 128 characters"), ["jobs[4].name"]);
    assert_eq!(
        paths("the mix generates"),
        Vec::<String>::new(),
        "{found:?}"
    );
}

/// An action may name a generated job (`m-1` to `m-N` of a mix `m` making N) exactly as the
/// generator writes it, and no other.
#[test]
fn actions_name_generated_jobs_as_the_generator_writes_them() {
    // The base's mix "m" makes two jobs.
    for (job, exists) in [
        ("m-1", true),
        ("m-2", true),
        ("m-3", false),
        ("m-02", false),
        ("m-0", false),
        ("J1", true),
        ("m", false),
    ] {
        let errors: Vec<_> = findings(|d| d["actions"][0]["set_priority"]["job"] = json!(job))
            .into_iter()
            .filter(|(s, p, _)| *s == Severity::Error && p == "actions[0].set_priority.job")
            .collect();
        assert_eq!(errors.is_empty(), exists, "{job}: {errors:?}");
    }
}

/// Under a Kueue agreement a job names its ClusterQueue in `share`, its preference list may be
/// empty and its pod sets give its size (docs/FORMAT.md, "A job under Kueue"); under AWS shares
/// the same job is refused.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_kueue_job_names_its_queue_and_may_have_pods_instead_of_a_preference_list() {
    let job = json!({ "name": "k", "share": "q", "submit_h": 0, "duration_h": 1,
        "pod_sets": [ { "count": 2, "requests": { "nvidia.com/gpu": "1" } } ] });
    let kueue = json!({ "version": 1, "name": "k", "rules": "kueue",
        "kueue": { "resource_flavors": [ { "name": "f", "instance_type": "ml.g5.xlarge" } ],
                   "cluster_queues": [ { "name": "q", "namespace_selector": {},
                       "resource_groups": [ { "covered_resources": ["nvidia.com/gpu"],
                           "flavors": [ { "name": "f", "resources": [
                               { "name": "nvidia.com/gpu", "nominal_quota": "2" } ] } ] } ] } ] },
        "jobs": [ job ] });
    let s = Scenario::parse_json(&kueue.to_string()).unwrap();
    assert!(s.validate().is_valid(), "{:?}", s.validate().errors);
    let aws = findings(|d| d["jobs"][0] = job.clone());
    assert!(
        aws.iter()
            .any(|(_, p, m)| p == "jobs[0].share" && m.contains("no quota share")),
        "{aws:?}"
    );
    assert!(
        aws.iter().any(|(_, p, _)| p == "jobs[0].preferences"),
        "{aws:?}"
    );
}
