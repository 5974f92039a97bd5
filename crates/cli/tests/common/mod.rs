//! Running the `quotalab` binary from the CLI's integration tests.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// A worked example (docs/SEMANTICS.md), kept with the engine's golden tests.
pub const EXAMPLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../engine/tests/examples/two-teams-reclaim.json"
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
