//! What the account tests share: where the fixture accounts are, and their files.
// Each test binary compiles this module and uses part of it.
#![allow(dead_code)]

use quotalab_interop::account::InputFile;
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
