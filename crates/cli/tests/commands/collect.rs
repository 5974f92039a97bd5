//! docs/examples/collect-aws.sh against a stand-in AWS CLI (`tests/fake/aws`) that answers from
//! a fixture account: the files it writes import to the same scenario as the fixture itself.
//! The stand-in pages listings with `NextToken`, as the real CLI does under `--max-items`.

use crate::common::{succeeds, text, work_folder};
use std::path::Path;
use std::process::Command;

const ACCOUNT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../interop/tests/fixtures/account/research-lab"
);

#[test]
fn collect_aws_writes_every_output_the_import_reads() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if Command::new("jq").arg("--version").output().is_err() {
        eprintln!("skipped: collect-aws.sh needs jq");
        return;
    }
    let out = work_folder("collect");
    let path = format!(
        "{}:{}",
        root.join("tests/fake").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let run = Command::new("sh")
        .arg(root.join("../../docs/examples/collect-aws.sh"))
        .args(["ml-queue", out.to_str().unwrap(), "1700000000000"])
        .env("PATH", path)
        .env("FAKE_ACCOUNT", ACCOUNT)
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", text(&run.stderr));
    // Pages, one file each, and every share and job described.
    assert!(out.join("list-quota-shares-2.json").exists());
    assert!(out.join("list-service-jobs-2.json").exists());
    assert_eq!(
        std::fs::read_dir(out.join("quota-shares")).unwrap().count(),
        3
    );
    assert_eq!(
        std::fs::read_dir(out.join("service-jobs")).unwrap().count(),
        10
    );
    assert!(out.join("training-plans/p5-reserve.json").exists());

    let import = |dir: &Path| {
        let o = succeeds(&["import", "account", dir.to_str().unwrap()], None);
        text(&o.stdout)
    };
    let collected = import(&out);
    assert_eq!(collected.matches("\"observed\"").count(), 10);
    // The same scenario, byte for byte, as the fixture's own files give.
    assert_eq!(collected, import(Path::new(ACCOUNT)));
}
