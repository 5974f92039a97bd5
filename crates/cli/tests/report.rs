//! `quotalab report`: Markdown by default, HTML with `--format html`, `-o FILE`, and the exit
//! codes of docs/CLI.md (0 ok, 2 invalid scenario, 1 anything else).

mod common;

use common::{quotalab, text, EXAMPLE};

#[test]
fn report_prints_markdown_by_default() {
    let out = quotalab(&["report", EXAMPLE], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
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
    let path = std::env::temp_dir().join(format!("quotalab-report-{}.html", std::process::id()));
    let path_text = path.to_string_lossy().into_owned();
    let out = quotalab(
        &["report", EXAMPLE, "--format", "html", "-o", &path_text],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
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
    let out = quotalab(&["report", "-"], Some(bad));
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(text(&out.stderr).contains("jobs[0].duration_h"));
}

#[test]
fn unknown_format_and_missing_file_exit_1() {
    let out = quotalab(&["report", EXAMPLE, "--format", "pdf"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("unknown report format \"pdf\""));
    let out = quotalab(&["report", "/nonexistent/scenario.json"], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr).lines().count(), 1, "a one-line message");
}
