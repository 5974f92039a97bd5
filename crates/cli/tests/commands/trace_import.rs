//! `quotalab import swf|alibaba` as a first-time user meets it, on the synthetic log of many
//! users and short jobs (data/traces/README.md): the default import works and says what it chose,
//! a refused option names itself, `--keep-going` writes what does not validate, and the run's
//! summary shows short waits in seconds and minutes with a line for all jobs (docs/CLI.md).

use crate::common::{quotalab, succeeds, text, work_folder};

const LOG: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../data/traces/swf-synthetic/many-users.swf"
);

#[test]
fn the_default_import_works_and_the_summary_shows_short_waits() {
    let dir = work_folder("trace-default");
    let path = dir.join("swf.json");
    let out = quotalab(&["import", "swf", LOG, "-o", path.to_str().unwrap()], None);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    for line in [
        "capacity: ",
        "observed waits: ",
        "note: 20 shares from the group column (field 13)",
        "note: the log names no GPU model",
        "note: capacity is the peak of",
    ] {
        assert!(
            stderr.lines().any(|l| l.starts_with(line)),
            "{line}: {stderr}"
        );
    }
    let run = quotalab(&["run", path.to_str().unwrap(), "--summary"], None);
    let summary = text(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let wait = summary
        .lines()
        .find(|l| l.starts_with("wait (all jobs): p50 "))
        .unwrap_or_else(|| panic!("{summary}"));
    assert!(
        wait.contains(", p90 ") && wait.contains(", mean "),
        "{wait}"
    );
    // Minutes and seconds, not "0.0 h".
    assert!(!summary.contains("0.0 h"), "{summary}");
    assert!(
        summary.contains(" min") && summary.contains(" s "),
        "{summary}"
    );
    assert!(
        summary.lines().any(|l| l.starts_with("all jobs ")),
        "{summary}"
    );
}

#[test]
fn a_refused_option_is_named_with_what_it_allows() {
    let out = quotalab(&["import", "swf", LOG, "--teams", "21"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        text(&out.stderr).trim(),
        "error: --teams 21: give 1 to 20: each team is a quota share, and AWS allows at most 20"
    );
    let out = quotalab(
        &["import", "swf", LOG, "--capacity", "ml.p3.2xlarge=4"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).starts_with(
        "error: --capacity ml.p3.2xlarge=4: this import's instance types are ml.g5.xlarge"
    ));
}

#[test]
fn capacity_is_given_as_n_or_type_equals_n() {
    for given in ["8", "ml.g5.xlarge=8"] {
        let out = succeeds(&["import", "swf", LOG, "--capacity", given], None);
        let scenario = quotalab_engine::Scenario::from_json(&text(&out.stdout)).unwrap();
        assert_eq!(scenario.capacity[0].count, 8, "{given}");
        assert!(text(&out.stderr)
            .contains("capacity: 8 \u{d7} ml.g5.xlarge (as given with --capacity)"));
    }
}

#[test]
fn an_input_refused_as_a_whole_reads_as_an_error() {
    let out = quotalab(&["import", "alibaba", LOG], None);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.starts_with("error: "), "{stderr}");
}

#[test]
fn keep_going_writes_a_scenario_that_does_not_validate() {
    let args = [
        "import",
        "swf",
        LOG,
        "--catalog",
        "processor=ml.unknown.type",
    ];
    let refused = quotalab(&args, None);
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    assert!(refused.stdout.is_empty());
    let mut with = args.to_vec();
    with.push("--keep-going");
    let written = succeeds(&with, None);
    assert!(text(&written.stdout).contains("\"ml.unknown.type\""));
    assert!(text(&written.stderr).contains("written although it does not validate"));
}
