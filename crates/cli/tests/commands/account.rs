//! `quotalab import account` and the calibration in `run --summary`, on the interop crate's
//! fixture accounts.

use crate::common::{fails, succeeds, text, work_folder};

const RESEARCH_LAB: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../interop/tests/fixtures/account/research-lab"
);

#[test]
fn import_account_writes_a_scenario_that_runs_with_calibration() {
    let dir = work_folder("account-import");
    let out_path = dir.join("history.json");
    let out = succeeds(
        &[
            "import",
            "account",
            RESEARCH_LAB,
            "--capacity",
            "ml.p5.48xlarge=8",
            "-o",
            out_path.to_str().unwrap(),
        ],
        None,
    );
    // What was not imported is listed on stderr, by document and field.
    assert!(
        text(&out.stderr).contains("not imported: "),
        "{}",
        text(&out.stderr)
    );
    assert!(text(&out.stderr).contains("timeoutConfig.attemptDurationSeconds"));
    let scenario = std::fs::read_to_string(&out_path).unwrap();
    assert!(scenario.contains("\"observed\""));
    assert!(
        scenario.contains("\"count\": 8"),
        "--capacity overrides the service environment"
    );
    let run = succeeds(&["run", out_path.to_str().unwrap(), "--summary"], None);
    let summary = text(&run.stdout);
    assert!(
        summary.contains("calibration: 10 jobs compared"),
        "{summary}"
    );
    assert!(summary.contains("observed/simulated"), "{summary}");
}

#[test]
fn import_account_refuses_what_it_cannot_read_with_exit_2() {
    let dir = work_folder("account-foreign");
    std::fs::write(dir.join("identity.json"), r#"{"Account": "1"}"#).unwrap();
    fails(
        &["import", "account", dir.to_str().unwrap()],
        2,
        "identity.json",
    );
    // A value that cannot be read is a command-line error (docs/CLI.md, "Exit codes").
    fails(
        &[
            "import",
            "account",
            dir.to_str().unwrap(),
            "--capacity",
            "many",
        ],
        2,
        "expects TYPE=N",
    );
}
