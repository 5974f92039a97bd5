//! The Kubernetes example of docs/STUDY.md runs as written: this test takes the shell command
//! lines and environment of docs/examples/sweep-indexed-job.yaml and sweep-merge-job.yaml, runs
//! the shard command once per JOB_COMPLETION_INDEX and then the merge command (with the binary
//! under test as `quotalab` and local paths for the mounted volumes), and checks that the merged
//! output is exactly what one unsharded `quotalab sweep` writes.

use std::path::{Path, PathBuf};
use std::process::Command;

const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/examples");
const DEFAULT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios/default.json");

/// A Job manifest's container: its `env` (name, value) pairs and its `sh -c` script (the folded
/// `>-` block under `args`, joined with spaces as YAML folds it).
struct Container {
    env: Vec<(String, String)>,
    script: String,
    completions: Option<usize>,
}

fn container(file: &str) -> Container {
    let yaml = std::fs::read_to_string(Path::new(EXAMPLES).join(file)).expect("manifest");
    let lines: Vec<&str> = yaml.lines().collect();
    let mut env = Vec::new();
    for pair in lines.windows(2) {
        if let (Some(name), Some(value)) = (
            pair[0].trim().strip_prefix("- name: "),
            pair[1].trim().strip_prefix("value: "),
        ) {
            env.push((name.to_string(), value.trim_matches('"').to_string()));
        }
    }
    let start = lines
        .iter()
        .position(|l| l.trim() == "- >-")
        .expect("a folded sh -c script")
        + 1;
    let indent = |l: &str| l.len() - l.trim_start().len();
    let block_indent = indent(lines[start]);
    let script = lines[start..]
        .iter()
        .take_while(|l| !l.trim().is_empty() && indent(l) >= block_indent)
        .map(|l| l.trim())
        .collect::<Vec<_>>()
        .join(" ");
    let completions = lines
        .iter()
        .find_map(|l| l.trim().strip_prefix("completions: "))
        .map(|n| n.parse().expect("completions is a number"));
    Container {
        env,
        script,
        completions,
    }
}

/// Runs `script` with `sh -c` as the pod would: the manifest's env, overridden by `overrides`,
/// and the binary under test first on PATH as `quotalab`.
fn run_pod(c: &Container, overrides: &[(&str, String)], bin_dir: &Path) {
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut command = Command::new("sh");
    command.arg("-c").arg(&c.script).env("PATH", path);
    for (name, value) in &c.env {
        command.env(name, value);
    }
    for (name, value) in overrides {
        command.env(name, value);
    }
    let out = command.output().expect("sh runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}: {}",
        c.script,
        String::from_utf8_lossy(&out.stderr)
    );
}

fn workdir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("quotalab-manifest-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("bin")).unwrap();
    std::fs::create_dir_all(dir.join("out")).unwrap();
    dir
}

#[cfg(unix)]
#[test]
fn the_indexed_job_and_merge_job_reproduce_an_unsharded_sweep() {
    let dir = workdir();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_quotalab"), dir.join("bin/quotalab")).unwrap();
    let out = dir.join("out").to_string_lossy().into_owned();
    let shards = container("sweep-indexed-job.yaml");
    let completions = shards.completions.expect("an Indexed Job sets completions");
    let shard_env = |name: &str| {
        shards
            .env
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .unwrap()
    };
    assert_eq!(
        shard_env("SHARDS"),
        completions.to_string(),
        "SHARDS must equal completions"
    );
    for index in 0..completions {
        run_pod(
            &shards,
            &[
                ("SCENARIO", DEFAULT.into()),
                ("OUT", out.clone()),
                ("JOB_COMPLETION_INDEX", index.to_string()),
            ],
            &dir.join("bin"),
        );
    }
    run_pod(
        &container("sweep-merge-job.yaml"),
        &[("OUT", out.clone())],
        &dir.join("bin"),
    );

    let whole = dir.join("whole.json").to_string_lossy().into_owned();
    let run = Command::new(env!("CARGO_BIN_EXE_quotalab"))
        .args([
            "sweep",
            DEFAULT,
            "--param",
            &shard_env("PARAM"),
            "--values",
            &shard_env("VALUES"),
            "--seeds",
            &shard_env("SEEDS"),
            "--out",
            &whole,
        ])
        .output()
        .expect("quotalab runs");
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let merged = std::fs::read_to_string(dir.join("out/sweep.json"))
        .expect("the merge job wrote sweep.json");
    assert_eq!(merged, std::fs::read_to_string(&whole).unwrap());
}
