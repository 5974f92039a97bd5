//! What the CLI's tests share: running the `quotalab` binary, the scenarios they run, and a
//! folder per test for the files it writes.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The app's default scenario.
pub const DEFAULT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios/default.json");

/// A worked example (docs/SEMANTICS.md), kept with the engine's golden tests.
pub const EXAMPLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../engine/tests/examples/two-teams-reclaim.json"
);

/// A scenario with every kind of preemption and interruption, kept with the engine's fixtures.
pub const EVERY_STOP_KIND: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../engine/tests/fixtures/every-stop-kind.json"
);

/// Runs `quotalab ARGS`, feeding `stdin` if given, and waits for it.
pub fn quotalab(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_quotalab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("quotalab starts");
    if let Some(text) = stdin {
        let mut pipe = child.stdin.take().expect("stdin");
        pipe.write_all(text.as_bytes()).expect("write stdin");
    }
    drop(child.stdin.take());
    child.wait_with_output().expect("quotalab ends")
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs `quotalab ARGS`, feeding `stdin` if given, which must succeed (showing its standard
/// error if it does not); returns the whole output, for the tests that read both streams.
pub fn succeeds(args: &[&str], stdin: Option<&str>) -> Output {
    let out = quotalab(args, stdin);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        text(&out.stderr)
    );
    out
}

/// Runs `quotalab ARGS`, which must succeed; returns its standard output.
pub fn ok(args: &[&str]) -> String {
    text(&succeeds(args, None).stdout)
}

/// Runs `quotalab ARGS`, which must fail with `code`, print nothing on standard output and say
/// `needle` on standard error (docs/CLI.md, "Exit codes"); returns the standard error.
pub fn fails(args: &[&str], code: i32, needle: &str) -> String {
    fails_reading(args, None, code, needle)
}

/// [`fails`], feeding `stdin` if given.
pub fn fails_reading(args: &[&str], stdin: Option<&str>, code: i32, needle: &str) -> String {
    let run = quotalab(args, stdin);
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(code), "{args:?}: {stderr}");
    assert!(
        run.stdout.is_empty(),
        "{args:?} printed {}",
        text(&run.stdout)
    );
    assert!(
        stderr.contains(needle),
        "{args:?}: wanted \"{needle}\" in {stderr}"
    );
    stderr
}

/// A fresh, empty folder for the files of one test, `name` unique among the tests (they run in
/// parallel in one process). It is removed when the test is done with it, passed or failed, so
/// test runs leave nothing in the system's temporary folder.
pub fn work_folder(name: &str) -> WorkFolder {
    let dir = std::env::temp_dir().join(format!("quotalab-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    WorkFolder(dir)
}

/// A test's folder (`work_folder`), removed with everything in it when dropped.
pub struct WorkFolder(PathBuf);

impl std::ops::Deref for WorkFolder {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for WorkFolder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `file` in `dir`, as a command-line argument.
pub fn path(dir: &Path, file: &str) -> String {
    dir.join(file).to_string_lossy().into_owned()
}
