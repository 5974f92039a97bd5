//! `quotalab report`: Markdown by default, HTML with `--format html`, `-o FILE`, and the exit
//! codes of docs/CLI.md (0 ok, 2 invalid command line or scenario, 1 anything else).

use crate::common::{fails_reading, quotalab, succeeds, text, work_folder, EXAMPLE};

#[test]
fn report_prints_markdown_by_default() {
    let out = succeeds(&["report", EXAMPLE], None);
    let md = text(&out.stdout);
    assert!(md.starts_with("# Agreement report: Two teams: lend, borrow, reclaim"));
    assert!(md.contains("## Share: A (`LEND`)") && md.contains("## Assumptions"));
    assert_eq!(
        md,
        text(&quotalab(&["report", EXAMPLE, "--format", "md"], None).stdout)
    );
}

#[test]
fn report_format_html_writes_a_page_to_a_file() {
    let dir = work_folder("report-html");
    let path = dir.join("agreement.html");
    let path_text = path.to_string_lossy().into_owned();
    let out = succeeds(
        &["report", EXAMPLE, "--format", "html", "-o", &path_text],
        None,
    );
    assert!(out.stdout.is_empty(), "the page goes to the file");
    let html = std::fs::read_to_string(&path).expect("the page was written");
    let _ = std::fs::remove_file(&path);
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("<svg"));
    assert!(!html.contains("<script"));
}

#[test]
fn report_reads_standard_input() {
    let scenario = std::fs::read_to_string(EXAMPLE).unwrap();
    let out = quotalab(&["report", "-", "--format", "html"], Some(&scenario));
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("<h1>Two teams: lend, borrow, reclaim</h1>"));
}

#[test]
fn invalid_scenario_exits_2_with_nothing_on_stdout() {
    let bad = r#"{"version":1,"name":"x","jobs":[{"name":"a","submit_h":0,"duration_h":-1,"instance_count":1,"preferences":[{"instance_type":"ml.g5.xlarge"}]}]}"#;
    fails_reading(&["report", "-"], Some(bad), 2, "jobs[0].duration_h");
}

#[test]
fn unknown_format_exits_2_listing_the_formats_and_missing_file_exits_1() {
    let out = quotalab(&["report", EXAMPLE, "--format", "pdf"], None);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("invalid value 'pdf' for '--format <FORMAT>'")
            && stderr.contains("[possible values: md, html]"),
        "{stderr}"
    );
    let out = quotalab(&["report", "/nonexistent/scenario.json"], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr).lines().count(), 1, "a one-line message");
}

/// A study file gets the study's report, and it is the interop model's Markdown of the same
/// study and comparison: the CLI and the app agree.
#[test]
fn a_study_gets_the_studys_report_the_same_as_the_models() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../interop/tests/fixtures/study/two-variants.json"
    );
    let out = succeeds(&["report", path], None);
    let cli = text(&out.stdout);

    use quotalab_engine::study::{compare, Definition, Study};
    let study = Study::parse_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    let definition = Definition::Compare(study.clone());
    let samples = definition.run(&definition.units()).unwrap();
    let comparison = compare(&study, &samples).unwrap();
    let model = quotalab_interop::report::StudyReport::build(&study, &comparison).unwrap();
    assert_eq!(cli, model.to_markdown());
    assert!(cli.contains("## V1: Today") && cli.contains("## V2: Medium reserves"));

    let html = quotalab(&["report", path, "--format", "html"], None);
    assert_eq!(text(&html.stdout), model.to_html());
}

#[test]
fn an_invalid_study_exits_2_with_the_variants_path() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../interop/tests/fixtures/study/two-variants.json"
    );
    let mut doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    doc["variants"][1]["quota_shares"][1]["strategy"] = "SHARE_ALL".into();
    fails_reading(
        &["report", "-"],
        Some(&doc.to_string()),
        2,
        "variants[1].quota_shares[1].strategy",
    );
}
