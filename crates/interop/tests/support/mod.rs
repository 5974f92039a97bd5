//! What the tests share: where the fixture accounts are and their files, and the trace imports'
//! "nothing lost" check.
// Each test binary compiles this module and uses part of it.
#![allow(dead_code)]

use quotalab_interop::account::InputFile;
use quotalab_interop::traces::ImportReport;
use std::path::{Path, PathBuf};

/// `tests/fixtures/account`.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/account")
}

/// Every file under `dir`, recursively, sorted.
pub fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(files(&path));
        } else {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The files of the fixture accounts named, as the import takes them (paths from `root()`).
pub fn accounts(names: &[&str]) -> Vec<InputFile> {
    names
        .iter()
        .flat_map(|name| files(&root().join(name)))
        .map(|p| InputFile {
            path: p.strip_prefix(root()).unwrap().display().to_string(),
            contents: std::fs::read_to_string(&p).unwrap(),
        })
        .collect()
}

/// Every row an import read is a job, a bad row, or skipped with a reason (docs/TRACES.md).
pub fn nothing_lost(report: &ImportReport) {
    let skipped: usize = report.skipped.values().sum();
    assert_eq!(
        report.rows,
        report.jobs + report.bad_rows.len() + skipped,
        "{:?}",
        report.lines()
    );
}
