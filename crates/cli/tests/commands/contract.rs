//! The command-line contract of docs/CLI.md: output, exit codes 0/2/1, stdin, and no panics.

use crate::common::{fails, fails_reading, quotalab, succeeds, text, EXAMPLE};

#[test]
fn run_prints_the_result_json() {
    let out = succeeds(&["run", EXAMPLE], None);
    let result: serde_json::Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    assert_eq!(result["version"], 1);
    assert_eq!(result["jobs"].as_array().map(Vec::len), Some(4));
}

#[test]
fn run_reads_standard_input() {
    let scenario = std::fs::read_to_string(EXAMPLE).unwrap();
    let from_file = quotalab(&["run", EXAMPLE], None);
    let from_stdin = quotalab(&["run", "-"], Some(&scenario));
    assert_eq!(from_stdin.status.code(), Some(0));
    assert_eq!(
        from_file.stdout, from_stdin.stdout,
        "the same scenario gives the same bytes"
    );
}

#[test]
fn summary_is_a_table_for_people() {
    let out = quotalab(&["run", EXAMPLE, "--summary"], None);
    assert_eq!(out.status.code(), Some(0));
    let table = text(&out.stdout);
    assert!(
        table.contains("share")
            && table.lines().any(|l| l.starts_with('A'))
            && table.contains("total: 4 jobs"),
        "{table}"
    );
}

#[test]
fn invalid_scenario_exits_2_with_paths_on_stderr_and_nothing_on_stdout() {
    let bad = r#"{"version":1,"name":"x","jobs":[{"name":"a","submit_h":0,"duration_h":-1,"instance_count":1,"preferences":[{"instance_type":"ml.g5.xlarge"}]}]}"#;
    for command in ["run", "validate"] {
        fails_reading(&[command, "-"], Some(bad), 2, "jobs[0].duration_h: ");
    }
}

#[test]
fn syntax_errors_exit_2_with_the_line() {
    fails_reading(
        &["validate", "-"],
        Some("{\n\"version\": 1,\n\"name\": }"),
        2,
        "line 3",
    );
}

#[test]
fn validate_prints_warnings_one_a_line() {
    let scenario = r#"{"version":1,"name":"x","capacity":[{"instance_type":"ml.g5.xlarge","count":1}],
      "jobs":[{"name":"a","submit_h":0,"duration_h":1,"instance_count":2,"preferences":[{"instance_type":"ml.g5.xlarge"}]}]}"#;
    let out = quotalab(&["validate", "-"], Some(scenario));
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("warning: jobs[0].preferences[0].instance_count: ")),
        "{stdout}"
    );
}

/// Every failure reads `error: ...`, as clap's own do (docs/CLI.md, "Exit codes").
#[test]
fn unreadable_file_exits_1_with_one_error_line() {
    let out = quotalab(&["run", "/nonexistent/scenario.json"], None);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
}

/// A command line quotalab cannot read is invalid input, like an invalid scenario (docs/CLI.md).
#[test]
fn unknown_command_or_flag_exits_2_with_nothing_on_stdout() {
    for args in [&["frobnicate"][..], &["run", EXAMPLE, "--wat"]] {
        fails(args, 2, "error: ");
    }
}

#[test]
fn garbage_never_panics() {
    for input in [
        "",
        "null",
        "[]",
        "{}",
        "\u{0}",
        "{\"version\": 1e999}",
        "{\"version\":1,\"name\":\"x\",\"horizon_h\":-5}",
    ] {
        let out = quotalab(&["run", "-"], Some(input));
        assert!(
            matches!(out.status.code(), Some(1) | Some(2)),
            "{input:?} gave {:?}: {}",
            out.status,
            text(&out.stderr)
        );
        assert!(!text(&out.stderr).contains("panicked"), "{input:?}");
    }
}

#[test]
fn bench_prints_throughput() {
    let out = succeeds(&["bench", "--jobs", "200"], None);
    assert!(text(&out.stdout).contains("events/s"));
}
