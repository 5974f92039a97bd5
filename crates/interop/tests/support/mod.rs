//! What the tests share: where the fixture accounts are and their files, the trace imports'
//! "nothing lost" check, and the check that an import's jobs share their names.
// Each test binary compiles this module and uses part of it.
#![allow(dead_code)]

use quotalab_engine::Scenario;
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

/// An importer makes each share's name once, however many jobs name it, and each instance type's
/// (docs/PERFORMANCE.md, "A listed job's names shared"): two jobs of one share point at one
/// allocation of its name, and two entries of one type at one of the type's. The scenario must
/// have two such jobs, so that the check checks something.
pub fn names_shared(scenario: &Scenario) {
    let same_place = |a: &str, b: &str| std::ptr::eq(a.as_ptr(), b.as_ptr());
    let (first, kin) = scenario
        .jobs
        .iter()
        .enumerate()
        .find_map(|(i, job)| {
            let kin = scenario.jobs[i + 1..].iter().find(|other| {
                job.share.is_some()
                    && other.share == job.share
                    && other.preferences.first().map(|p| &p.instance_type)
                        == job.preferences.first().map(|p| &p.instance_type)
            })?;
            Some((job, kin))
        })
        .expect("two jobs of one share whose lists start with one type");
    let (first_share, kin_share) = (first.share.as_deref(), kin.share.as_deref());
    assert!(
        same_place(
            first_share.unwrap_or_default(),
            kin_share.unwrap_or_default()
        ),
        "the share's name"
    );
    let first_type = first.preferences.first().map(|p| &*p.instance_type);
    let kin_type = kin.preferences.first().map(|p| &*p.instance_type);
    if let (Some(a), Some(b)) = (first_type, kin_type) {
        assert!(same_place(a, b), "the instance type's name");
    }
}
