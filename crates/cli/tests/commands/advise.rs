//! `quotalab advise` (docs/ADVISOR.md) on fixtures built so the answer is known: an agreement
//! that meets the targets is found and new seeds confirm it; impossible targets give
//! `feasible: false` with a binding target whose extra capacity is checked by re-simulation; the
//! same seed gives the same bytes; shards merge into the unsharded bytes; study files carry the
//! targets; bad input is refused with the user's words.

use crate::common::{fails, ok, path, work_folder};
use serde_json::Value;
use std::path::Path;

/// Vision reserves three of four instances and needs one; NLP's p90 is about 12 h.
const TWO_TEAMS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/advise/two-teams.json");
/// Two busy teams on two instances: no sharing gets both p90s under 5 h.
const CROWDED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/advise/crowded.json");
/// Kueue's rules: ClusterQueue nlp owns 1 of the cohort's 4 GPUs and vision lends none of its 3;
/// nlp's four 2-hour one-GPU jobs end at 8 h, and at 2 h only with all four GPUs.
const TWO_QUEUES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../engine/tests/fixtures/advise-two-queues.json"
);

/// `quotalab advise` of the two-team fixture for one target over `seeds` seeds, written to
/// `file` in `dir` and read back.
fn two_teams_advice(dir: &Path, file: &str, target: &str, seeds: &str) -> Value {
    let out = path(dir, file);
    ok(&[
        "advise", TWO_TEAMS, "--target", target, "--seeds", seeds, "-o", &out,
    ]);
    read_json(&out)
}

fn read_json(file: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(file).expect("output written")).expect("JSON")
}

fn write_json(dir: &Path, file: &str, value: &Value) -> String {
    let p = path(dir, file);
    std::fs::write(&p, serde_json::to_string_pretty(value).unwrap()).unwrap();
    p
}

/// The estimate of `kpi` for `share` in variant `v` of a comparison JSON.
fn compared(comparison: &Value, v: usize, share: &str, kpi: &str) -> Value {
    comparison["variants"][v]["shares"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["share"] == share)
        .and_then(|s| {
            s["kpis"]
                .as_array()
                .unwrap()
                .iter()
                .find(|k| k["kpi"] == kpi)
        })
        .map(|k| k["estimate"].clone())
        .expect("the share and KPI are compared")
}

/// The current agreement has its own column: no proposal is the agreement as it is.
fn assert_every_proposal_changes_something(advice: &Value) {
    for (i, p) in advice["proposals"].as_array().unwrap().iter().enumerate() {
        let changes = p["changes"].as_array().unwrap();
        assert!(!changes.is_empty(), "proposal {} changes nothing", i + 1);
    }
}

#[test]
fn advise_finds_an_agreement_that_meets_the_targets_and_new_seeds_confirm_it() {
    let dir = work_folder("advise-meets");
    let out = path(&dir, "advice.json");
    let table = ok(&[
        "advise",
        TWO_TEAMS,
        "--target",
        "nlp:completion_p90_h<=8",
        "-o",
        &out,
    ]);
    let advice = read_json(&out);
    assert_eq!(advice["feasible"], true, "{table}");
    assert_every_proposal_changes_something(&advice);
    assert_eq!(advice["current"]["targets"][0]["met"], "no");
    let proposals = advice["proposals"].as_array().unwrap();
    assert!((1..=5).contains(&proposals.len()));
    let meeting = proposals
        .iter()
        .find(|p| p["targets"][0]["met"] == "yes")
        .expect("a proposal meets the target with its interval inside the bound");
    assert!(meeting["targets"][0]["estimate"]["hi"].as_f64().unwrap() <= 8.0);
    assert!(
        meeting["changes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["words"].as_str().unwrap().starts_with("share ")),
        "changes are in Compare's words: {}",
        meeting["changes"]
    );
    // Twenty seeds the search never saw: the proposal still meets the target, today's agreement
    // still misses it.
    let mut proposal = meeting["scenario"].clone();
    proposal["seed"] = 4242.into();
    let mut current: Value =
        serde_json::from_str(&std::fs::read_to_string(TWO_TEAMS).unwrap()).unwrap();
    current["seed"] = 4242.into();
    let comparison = path(&dir, "check.json");
    ok(&[
        "compare",
        &write_json(&dir, "proposal.json", &proposal),
        &write_json(&dir, "current.json", &current),
        "--seeds",
        "20",
        "--out",
        &comparison,
    ]);
    let check = read_json(&comparison);
    assert_ne!(check["seeds"], advice["seeds"]);
    let p90 = compared(&check, 0, "nlp", "completion_p90_h");
    assert!(p90["hi"].as_f64().unwrap() <= 8.0, "{p90}");
    let today = compared(&check, 1, "nlp", "completion_p90_h");
    assert!(today["mean"].as_f64().unwrap() > 8.0, "{today}");
}

#[test]
fn the_advice_says_what_each_agreement_does_to_the_team_without_a_target() {
    let dir = work_folder("advise-others");
    let advice = two_teams_advice(&dir, "advice.json", "nlp:completion_p90_h<=8", "6");
    let others = |assessment: &Value| -> Value {
        let list = assessment["others"].as_array().expect("others are listed");
        assert_eq!(list.len(), 1, "one other team, one target KPI: {list:?}");
        assert_eq!(list[0]["share"], "vision");
        assert_eq!(list[0]["kpi"], "completion_p90_h");
        list[0]["estimate"].clone()
    };
    // The same measure over the same seeds, by `quotalab compare`: the same estimate.
    let proposal = &advice["proposals"][0];
    let comparison = path(&dir, "same-seeds.json");
    ok(&[
        "compare",
        TWO_TEAMS,
        &write_json(&dir, "proposal.json", &proposal["scenario"]),
        "--seeds",
        "6",
        "--out",
        &comparison,
    ]);
    let check = read_json(&comparison);
    assert_eq!(
        check["seeds"], advice["seeds"],
        "compare ran the advice's seeds"
    );
    for (v, assessment) in [(0, &advice["current"]), (1, proposal)] {
        let ours = others(assessment);
        let compared = compared(&check, v, "vision", "completion_p90_h");
        for field in ["mean", "lo", "hi"] {
            let (a, b) = (
                ours[field].as_f64().unwrap(),
                compared[field].as_f64().unwrap(),
            );
            assert!((a - b).abs() < 1e-9, "variant {v} {field}: {a} against {b}");
        }
    }
    // A team with a target on that KPI is not listed again.
    let both = two_teams_advice(&dir, "both.json", "*:completion_p90_h<=30", "2");
    assert!(both["current"].get("others").is_none());
}

/// `scenario` with `extra` more instances of the first capacity type, given to `share`'s limit.
fn with_extra(scenario: &Value, share: &str, instance_type: &str, extra: u64, name: &str) -> Value {
    let mut s = scenario.clone();
    s["name"] = name.into();
    for c in s["capacity"].as_array_mut().unwrap() {
        if c["instance_type"] == instance_type {
            c["count"] = (c["count"].as_u64().unwrap() + extra).into();
        }
    }
    for q in s["quota_shares"].as_array_mut().unwrap() {
        if q["name"] == share {
            for l in q["capacity_limits"].as_array_mut().unwrap() {
                if l["instance_type"] == instance_type {
                    l["max_capacity"] = (l["max_capacity"].as_u64().unwrap() + extra).into();
                }
            }
        }
    }
    s
}

#[test]
fn a_target_the_current_agreement_meets_is_feasible_without_proposing_it_again() {
    let dir = work_folder("advise-already");
    let advice = two_teams_advice(&dir, "advice.json", "nlp:completion_p90_h<=1000", "3");
    assert_eq!(advice["feasible"], true);
    assert_eq!(advice["current"]["targets"][0]["met"], "yes");
    assert!(advice["binding"].is_null());
    assert_every_proposal_changes_something(&advice);
}

#[test]
fn impossible_targets_give_not_feasible_and_a_binding_target_that_extra_capacity_releases() {
    let dir = work_folder("advise-binding");
    let out = path(&dir, "advice.json");
    ok(&[
        "advise",
        CROWDED,
        "--target",
        "nlp:completion_p90_h<=5",
        "--target",
        "vision:completion_p90_h<=5",
        "-o",
        &out,
    ]);
    let advice = read_json(&out);
    assert_eq!(advice["feasible"], false);
    assert_every_proposal_changes_something(&advice);
    assert!(advice["proposals"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["worst_margin"].as_f64().unwrap() < 0.0));
    let binding = &advice["binding"];
    let target = binding["target"].as_str().expect("a binding target");
    let share = target.split(':').next().unwrap();
    assert!(["nlp", "vision"].contains(&share), "{binding}");
    let words = binding["words"].as_str().unwrap();
    assert!(
        words.starts_with(&format!(
            "{share}: Completion p90 at most 5 h cannot be met with what the search may change; "
        )),
        "the binding target in plain words: {words}"
    );
    let extra = &binding["extra_capacity"][0];
    assert_eq!(extra["instance_type"], "ml.g5.xlarge");
    let count = extra["count"].as_u64().expect("a count");
    assert!(count >= 1);
    // The binding analysis starts from the proposal with the largest worst margin.
    let base = advice["proposals"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| {
            p["targets"]
                .as_array()
                .unwrap()
                .iter()
                .any(|t| t["target"] == target && t["estimate"] == binding["estimate"])
        })
        .expect("the binding's agreement is a proposal")["scenario"]
        .clone();
    // Re-simulated on the advice's own seeds: `count` more meets the target, one fewer does not.
    let enough = with_extra(&base, share, "ml.g5.xlarge", count, "enough");
    let fewer = with_extra(&base, share, "ml.g5.xlarge", count - 1, "one fewer");
    let comparison = path(&dir, "check.json");
    let k = advice["seeds"].as_array().unwrap().len().to_string();
    ok(&[
        "compare",
        &write_json(&dir, "enough.json", &enough),
        &write_json(&dir, "fewer.json", &fewer),
        "--seeds",
        &k,
        "--out",
        &comparison,
    ]);
    let check = read_json(&comparison);
    assert_eq!(check["seeds"], advice["seeds"]);
    assert!(
        compared(&check, 0, share, "completion_p90_h")["hi"]
            .as_f64()
            .unwrap()
            <= 5.0
    );
    assert!(
        compared(&check, 1, share, "completion_p90_h")["hi"]
            .as_f64()
            .unwrap()
            > 5.0
    );
}

const TARGET: [&str; 4] = [
    "--target",
    "nlp:completion_p90_h<=8",
    "--vary",
    "limits,strategy",
];

#[test]
fn the_same_seed_gives_the_same_bytes_and_another_seed_another_search() {
    let dir = work_folder("advise-seed");
    let (a, b, c) = (
        path(&dir, "a.json"),
        path(&dir, "b.json"),
        path(&dir, "c.json"),
    );
    for file in [&a, &b] {
        ok(&[&["advise", TWO_TEAMS][..], &TARGET, &["--out", file]].concat());
    }
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    ok(&[
        &["advise", TWO_TEAMS][..],
        &TARGET,
        &["--seed", "99", "--out", &c],
    ]
    .concat());
    assert_ne!(read_json(&a)["seeds"], read_json(&c)["seeds"]);
    assert_eq!(read_json(&c)["seeds"][0], 99);
}

#[test]
fn shards_merge_into_the_unsharded_bytes_and_bad_merges_are_refused() {
    let dir = work_folder("advise-shards");
    let whole = path(&dir, "whole.json");
    let base = [&["advise", TWO_TEAMS][..], &TARGET, &["--starts", "5"]].concat();
    ok(&[&base[..], &["--out", &whole]].concat());
    let parts: Vec<String> = (0..3)
        .map(|i| {
            let p = path(&dir, &format!("part{i}.json"));
            ok(&[&base[..], &["--shard", &format!("{i}/3"), "-o", &p]].concat());
            p
        })
        .collect();
    let merged = path(&dir, "merged.json");
    ok(&["merge", &parts[2], &parts[0], &parts[1], "--out", &merged]);
    assert_eq!(
        std::fs::read(&whole).unwrap(),
        std::fs::read(&merged).unwrap()
    );

    fails(
        &["merge", &parts[0], &parts[1], "--out", &merged],
        1,
        "missing",
    );
    fails(
        &["merge", &parts[0], &parts[0], &parts[1], &parts[2]],
        1,
        "appears twice",
    );
    let other = path(&dir, "other.json");
    ok(&[&base[..], &["--seeds", "3", "--shard", "0/3", "-o", &other]].concat());
    fails(
        &["merge", &other, &parts[1], &parts[2]],
        1,
        "different search",
    );
}

/// A one-variant study of `scenario` with `advise`.
fn study(scenario: &str, advise: Value) -> Value {
    let variant: Value = serde_json::from_str(&std::fs::read_to_string(scenario).unwrap()).unwrap();
    serde_json::json!({
        "kind": "study", "version": 1, "name": "advise me", "seeds": 10,
        "variants": [variant], "advise": advise
    })
}

#[test]
fn a_study_file_carries_targets_and_knobs_and_its_errors_have_paths() {
    let dir = work_folder("advise-study");
    let file = write_json(
        &dir,
        "study.json",
        &study(
            TWO_TEAMS,
            serde_json::json!({ "targets": ["nlp:completion_p90_h<=8"], "vary": ["limits", "strategy"] }),
        ),
    );
    let (from_file, from_flags) = (path(&dir, "file.json"), path(&dir, "flags.json"));
    ok(&["advise", &file, "--out", &from_file]);
    ok(&[&["advise", TWO_TEAMS][..], &TARGET, &["--out", &from_flags]].concat());
    let (a, b) = (read_json(&from_file), read_json(&from_flags));
    assert_eq!(a["name"], "advise me");
    assert_eq!(a["feasible"], true);
    for field in ["seeds", "targets", "current", "search"] {
        assert_eq!(a[field], b[field], "{field}");
    }
    let bad = write_json(
        &dir,
        "bad.json",
        &study(
            TWO_TEAMS,
            serde_json::json!({ "targets": ["nlp:completion_p90_h<=8", "speech:cost<=3"], "capacity_max": [{ "instance_type": "ml.g5.xlarge", "count": 1 }] }),
        ),
    );
    let errors = fails(&["advise", &bad], 2, "advise.targets[1]");
    assert!(errors.contains("\"speech\""), "{errors}");
    assert!(errors.contains("advise.capacity_max[0].count"), "{errors}");
}

/// Under Kueue's rules the targets name ClusterQueues and the default knobs are Kueue's: the
/// advice gives nlp the cohort's four GPUs, says so in Kueue's words, and an AWS knob is refused
/// naming itself and the rules (docs/ADVISOR.md, "Under Kueue's rules").
#[test]
fn advise_under_kueue_moves_quota_between_clusterqueues_and_refuses_aws_knobs() {
    let dir = work_folder("advise-kueue");
    let out = path(&dir, "advice.json");
    let table = ok(&[
        "advise",
        TWO_QUEUES,
        "--target",
        "nlp:completion_p90_h<=3",
        "--seeds",
        "3",
        "--starts",
        "2",
        "-o",
        &out,
    ]);
    let advice = read_json(&out);
    assert_eq!(advice["feasible"], true, "{table}");
    assert_eq!(advice["current"]["targets"][0]["estimate"]["mean"], 8.0);
    let first = &advice["proposals"][0];
    assert_eq!(first["targets"][0]["met"], "yes", "{table}");
    assert_eq!(first["targets"][0]["estimate"]["mean"], 2.0);
    let words: Vec<&str> = first["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["words"].as_str().unwrap())
        .collect();
    assert!(
        words.iter().all(|w| w.starts_with("ClusterQueue '")),
        "{words:?}"
    );
    assert!(table.contains("ClusterQueue '"), "{table}");

    fails(
        &[
            "advise",
            TWO_QUEUES,
            "--target",
            "nlp:completion_p90_h<=3",
            "--vary",
            "nominal_quota,strategy",
        ],
        2,
        "advise.vary[1]: strategy is a knob of AWS Batch's rules and changes nothing under Kueue's",
    );
}

#[test]
fn bad_options_are_refused_in_the_users_words() {
    for (args, words) in [
        (vec!["--target", "nlp:p90<=3"], "\"p90\" is not a KPI"),
        (vec!["--target", "nlp:completion_p90_h<3"], "no bound"),
        (
            vec!["--target", "nlp:cost<=5", "--vary", "limit"],
            "\"limit\" is not a knob",
        ),
        (
            vec!["--target", "nlp:cost<=5", "--budget", "lots"],
            "--budget",
        ),
        (
            vec!["--target", "nlp:cost<=5", "--max-capacity", "ml.g5.xlarge"],
            "TYPE=N",
        ),
        (vec!["--budget", "100", "--shard", "3/3"], "--shard"),
        (vec![], "missing --target"),
    ] {
        fails(&[&["advise", TWO_TEAMS][..], &args].concat(), 1, words);
    }
}
