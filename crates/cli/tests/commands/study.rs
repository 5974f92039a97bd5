//! `quotalab compare`, `sweep` and `merge` (docs/STUDY.md): outputs, exit codes, clear messages
//! for bad parameters and shards, and sharded runs merging into the unsharded bytes.

use crate::common::{fails, ok, path, quotalab, succeeds, text, work_folder, DEFAULT, EXAMPLE};
use std::path::Path;

/// A small valid sweep of the default scenario's capacity.
const SMALL_SWEEP: [&str; 6] = [
    "sweep",
    DEFAULT,
    "--param",
    "capacity[0].count",
    "--values",
    "1,2",
];

/// The default scenario with the medium share reserving instead of lending, as a file.
fn reserve_variant(dir: &Path) -> String {
    let mut doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(DEFAULT).unwrap()).unwrap();
    doc["name"] = "medium reserves".into();
    doc["quota_shares"][1]["strategy"] = "RESERVE".into();
    let file = path(dir, "reserve.json");
    std::fs::write(&file, doc.to_string()).unwrap();
    file
}

fn read(file: &str) -> String {
    std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"))
}

#[test]
fn compare_prints_a_table_and_writes_the_comparison() {
    let dir = work_folder("study-compare");
    let out = path(&dir, "cmp.json");
    let run = succeeds(
        &[
            "compare",
            DEFAULT,
            &reserve_variant(&dir),
            "--seeds",
            "6",
            "--threshold",
            "2",
            "--out",
            &out,
        ],
        None,
    );
    let table = text(&run.stdout);
    assert!(
        table.contains("share background") && table.contains("P(wait < 2 h)"),
        "{table}"
    );
    assert!(
        table.contains("share 'medium' strategy: LEND -> RESERVE  (quota_shares[1].strategy)"),
        "{table}"
    );
    assert!(
        table.contains("*worse"),
        "reserving hurts the borrower clearly:\n{table}"
    );
    let json: serde_json::Value = serde_json::from_str(&read(&out)).unwrap();
    assert_eq!(json["variants"].as_array().map(Vec::len), Some(2));
    assert_eq!(json["seeds"].as_array().map(Vec::len), Some(6));
    assert_eq!(json["wait_threshold_h"], 2.0);
}

#[test]
fn compare_reads_a_study_file() {
    let dir = work_folder("study-study-file");
    let study = quotalab_engine::study::Study::new(
        "from a file",
        vec![
            quotalab_engine::Scenario::from_json(&read(DEFAULT)).unwrap(),
            quotalab_engine::Scenario::from_json(&read(&reserve_variant(&dir))).unwrap(),
        ],
    );
    let file = path(&dir, "study.json");
    std::fs::write(&file, study.to_json_pretty()).unwrap();
    let run = succeeds(&["compare", &file, "--seeds", "3", "--out", "-"], None);
    let json: serde_json::Value =
        serde_json::from_slice(&run.stdout).expect("--out - puts the JSON on stdout");
    assert_eq!(json["name"], "from a file");
    assert!(
        text(&run.stderr).contains("share medium"),
        "the table goes to stderr then"
    );
}

#[test]
fn sweep_runs_the_sweep_a_study_file_holds() {
    let dir = work_folder("study-study-sweep");
    let mut study = quotalab_engine::study::Study::new(
        "with a sweep",
        vec![
            quotalab_engine::Scenario::from_json(&read(DEFAULT)).unwrap(),
            quotalab_engine::Scenario::from_json(&read(&reserve_variant(&dir))).unwrap(),
        ],
    );
    study.seeds = 3;
    study.sweep = Some(quotalab_engine::study::Sweep {
        param: "quota_shares[0].capacity_limits[0].max_capacity".into(),
        values: vec![1.0, 2.0],
    });
    let file = path(&dir, "study.json");
    std::fs::write(&file, study.to_json_pretty()).unwrap();
    let out = path(&dir, "sweep.json");
    ok(&["sweep", &file, "--out", &out]);
    let json: serde_json::Value = serde_json::from_str(&read(&out)).unwrap();
    assert_eq!(
        json["param"],
        "quota_shares[0].capacity_limits[0].max_capacity"
    );
    assert_eq!(json["seeds"].as_array().map(Vec::len), Some(3));
    assert_eq!(json["points"].as_array().map(Vec::len), Some(2));
    fails(
        &["compare", &file, "--threshold", "-1"],
        1,
        "--threshold must be a positive number",
    );
}

#[test]
fn compare_refuses_invalid_variants_with_exit_2_and_the_file_and_path() {
    let dir = work_folder("study-invalid");
    let bad = path(&dir, "bad.json");
    std::fs::write(&bad, r#"{"version":1,"name":"x","jobs":[{"name":"a","submit_h":0,"duration_h":-1,"instance_count":1,"preferences":[{"instance_type":"ml.g5.xlarge"}]}]}"#).unwrap();
    fails(
        &["compare", DEFAULT, &bad, "--out", &path(&dir, "o.json")],
        2,
        "bad.json: jobs[0].duration_h: ",
    );
    fails(&["compare", EXAMPLE], 1, "two to six");
    fails(
        &["compare", DEFAULT, DEFAULT, "--seeds", "0"],
        1,
        "--seeds must be 1 to 200",
    );
}

#[test]
fn sweep_names_a_bad_parameter_path_and_a_bad_value() {
    let sweep = |param: &'static str, values: &'static str| {
        ["sweep", DEFAULT, "--param", param, "--values", values]
    };
    fails(
        &sweep("capacity[0].cont", "1,2"),
        1,
        "--param: capacity[0].cont: cannot sweep this field",
    );
    fails(&sweep("capacity[0].cont", "1,2"), 1, "--list-params");
    fails(&sweep("capacity[0].count", "1..3:4"), 1, "--values: capacity[0].count: 1.6666666666666665 is not allowed: this field takes a whole number");
    fails(
        &sweep("capacity[0].count", "1..3"),
        1,
        "--values expects a number",
    );
}

#[test]
fn sweep_lists_the_parameters_worth_sweeping() {
    let run = quotalab(&["sweep", "--list-params", DEFAULT], None);
    assert_eq!(run.status.code(), Some(0));
    let list = text(&run.stdout);
    assert!(
        list.lines()
            .any(|l| l.starts_with("capacity[0].count\tOn-demand capacity of ml.g5.xlarge")),
        "{list}"
    );
    assert!(list.contains("job_mixes[0].template.checkpoint_interval_h\tCheckpoint interval of mix 'bg-train' (h)\tnow 0.5"), "{list}");
}

#[test]
fn bad_shards_are_refused() {
    for (shard, why) in [
        ("3/3", "i >= N"),
        ("1-3", "i/N"),
        ("0/0", "N = 0"),
        ("a/2", "whole number"),
    ] {
        fails(
            &[SMALL_SWEEP.as_slice(), &["--shard", shard]].concat(),
            1,
            why,
        );
    }
}

#[test]
fn sharded_and_merged_equals_unsharded_for_sweeps_and_comparisons() {
    let dir = work_folder("study-shards");
    let reserve = reserve_variant(&dir);
    let sweep: Vec<&str> = vec![
        "sweep",
        DEFAULT,
        "--param",
        "capacity[0].count",
        "--values",
        "1..4:4",
        "--seeds",
        "4",
    ];
    let compare: Vec<&str> = vec!["compare", DEFAULT, &reserve, "--seeds", "5"];
    for (name, command) in [("sweep", sweep), ("compare", compare)] {
        let whole = path(&dir, &format!("{name}-whole.json"));
        ok(&[command.as_slice(), &["--out", &whole]].concat());
        let parts: Vec<String> = (0..3)
            .map(|i| path(&dir, &format!("{name}-part{i}.json")))
            .collect();
        for (i, part) in parts.iter().enumerate() {
            ok(&[
                command.as_slice(),
                &["--shard", &format!("{i}/3"), "--out", part],
            ]
            .concat());
        }
        let merged = path(&dir, &format!("{name}-merged.json"));
        ok(&["merge", &parts[2], &parts[0], &parts[1], "--out", &merged]);
        assert_eq!(
            read(&merged),
            read(&whole),
            "{name}: merged differs from unsharded"
        );

        fails(&["merge", &parts[0], &parts[1]], 1, "units are missing");
        fails(
            &["merge", &parts[0], &parts[0], &parts[1], &parts[2]],
            1,
            "appears twice",
        );
    }
    let other = path(&dir, "other.json");
    ok(&[
        SMALL_SWEEP.as_slice(),
        &["--seeds", "2", "--shard", "0/3", "--out", &other],
    ]
    .concat());
    fails(
        &["merge", &path(&dir, "sweep-part0.json"), &other],
        1,
        "different study or sweep",
    );
    fails(&["merge", DEFAULT], 1, "not a samples file");
}

#[test]
fn the_output_does_not_depend_on_the_number_of_threads() {
    let dir = work_folder("study-threads");
    let outputs: Vec<String> = ["1", "3"]
        .iter()
        .map(|threads| {
            let out = path(&dir, &format!("t{threads}.json"));
            let run = std::process::Command::new(env!("CARGO_BIN_EXE_quotalab"))
                .args([
                    "sweep",
                    DEFAULT,
                    "--param",
                    "job_mixes[1].arrivals.poisson_per_h",
                    "--values",
                    "0.25,0.5,1",
                    "--seeds",
                    "6",
                    "--out",
                    &out,
                ])
                .env("RAYON_NUM_THREADS", threads)
                .output()
                .unwrap();
            assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
            assert!(
                text(&run.stderr).contains(&format!(
                    "on {threads} thread{}",
                    if *threads == "1" { "" } else { "s" }
                )),
                "{}",
                text(&run.stderr)
            );
            read(&out)
        })
        .collect();
    assert_eq!(outputs[0], outputs[1]);
}

#[test]
fn sweep_picks_a_study_variant_by_number_or_name() {
    let dir = work_folder("study-study-variant");
    let reserve = reserve_variant(&dir);
    let study = quotalab_engine::study::Study::new(
        "two variants",
        vec![
            quotalab_engine::Scenario::from_json(&read(DEFAULT)).unwrap(),
            quotalab_engine::Scenario::from_json(&read(&reserve)).unwrap(),
        ],
    );
    let file = path(&dir, "study.json");
    std::fs::write(&file, study.to_json_pretty()).unwrap();
    let sweep = |input: &str, variant: &[&str], out: &str| {
        let mut args = vec!["sweep", input, "--param", "capacity[0].count"];
        args.extend(["--values", "1,2", "--seeds", "3", "--out", out]);
        args.extend(variant);
        ok(&args);
        read(out)
    };
    let direct = sweep(&reserve, &[], &path(&dir, "direct.json"));
    let by_number = sweep(&file, &["--variant", "2"], &path(&dir, "two.json"));
    let by_tab = sweep(&file, &["--variant", "V2"], &path(&dir, "v2.json"));
    let by_name = sweep(
        &file,
        &["--variant", "medium reserves"],
        &path(&dir, "name.json"),
    );
    let first = sweep(&file, &[], &path(&dir, "first.json"));
    assert_eq!(by_number, direct, "variant 2 is the reserve scenario");
    assert_eq!(by_tab, direct);
    assert_eq!(by_name, direct);
    assert_ne!(
        first, direct,
        "without --variant the first variant is swept"
    );
    let with_variant = |input: &str, variant: &str, needle: &str| {
        let args = [
            "sweep",
            input,
            "--param",
            "capacity[0].count",
            "--values",
            "1,2",
        ];
        fails(&[&args[..], &["--variant", variant]].concat(), 1, needle);
    };
    with_variant(
        &file,
        "3",
        "--variant: the study has no variant \"3\"; give a number or a name: 1 \"",
    );
    with_variant(DEFAULT, "1", "is a scenario, not a study");
}

#[test]
fn a_trace_is_run_once_per_variant_and_says_so() {
    let dir = work_folder("study-trace");
    let trace = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scenarios/philly-trace.json"
    );
    let mut doc: serde_json::Value = serde_json::from_str(&read(trace)).unwrap();
    doc["name"] = "first share reserves".into();
    doc["quota_shares"][0]["strategy"] = "RESERVE".into();
    let reserve = path(&dir, "reserve.json");
    std::fs::write(&reserve, doc.to_string()).unwrap();
    let out = path(&dir, "cmp.json");
    let run = succeeds(
        &["compare", trace, &reserve, "--seeds", "5", "--out", &out],
        None,
    );
    let said = text(&run.stderr);
    assert!(
        said.contains("made 2 runs for 10 of 10 runs")
            && said.contains("the other 8 are those runs at other seeds"),
        "{said}"
    );
    let json: serde_json::Value = serde_json::from_str(&read(&out)).unwrap();
    assert_eq!(json["seeds"].as_array().map(Vec::len), Some(5));
    // Every seed's sample is there: a shard of one seed merges with the rest into the same bytes.
    let shards: Vec<String> = (0..2)
        .map(|i| {
            let part = path(&dir, &format!("part{i}.json"));
            let spec = format!("{i}/2");
            succeeds(
                &[
                    "compare", trace, &reserve, "--seeds", "5", "--shard", &spec, "--out", &part,
                ],
                None,
            );
            part
        })
        .collect();
    let merged = path(&dir, "merged.json");
    let mut args = vec!["merge"];
    args.extend(shards.iter().map(String::as_str));
    args.extend(["--out", &merged]);
    succeeds(&args, None);
    assert_eq!(read(&merged), read(&out));
}
