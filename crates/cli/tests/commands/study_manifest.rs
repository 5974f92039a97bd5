//! The batch examples of docs/STUDY.md run as written. For the Kubernetes Indexed Job
//! (docs/examples/sweep-indexed-job.yaml and sweep-merge-job.yaml) and the AWS Batch array job
//! (docs/examples/aws-batch/), these tests take the shell command lines and environment of the
//! shard and merge containers, run the shard command once per array index and then the merge
//! command (with the binary under test as `quotalab` and local paths for the mounted volumes),
//! and check that the merged output is exactly what one unsharded `quotalab sweep` writes. The
//! advise examples (advise-indexed-job.yaml, advise-merge-job.yaml, aws-batch/advise-*.json) are
//! checked the same way against one unsharded `quotalab advise`.

use crate::common::{work_folder, WorkFolder, DEFAULT};
use std::path::Path;
use std::process::Command;

const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/examples");

/// A batch container: its environment (name, value) pairs and its `sh -c` script.
struct Container {
    env: Vec<(String, String)>,
    script: String,
}

impl Container {
    fn env(&self, name: &str) -> String {
        self.env
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_else(|| panic!("the container sets {name}"))
    }
}

/// A Kubernetes Job manifest's container: `env` and the folded `>-` block under `args` (joined
/// with spaces as YAML folds it), and the Job's `completions` if it sets them.
fn kubernetes_container(file: &str) -> (Container, Option<usize>) {
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
    (Container { env, script }, completions)
}

fn aws_json(file: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(Path::new(EXAMPLES).join("aws-batch").join(file))
        .expect("AWS Batch example");
    serde_json::from_str(&text).expect("valid JSON")
}

/// An AWS Batch job definition's container: `environment` and the `sh -c` script of `command`.
fn aws_batch_container(file: &str) -> Container {
    let properties = &aws_json(file)["containerProperties"];
    let command: Vec<&str> = properties["command"]
        .as_array()
        .expect("command is a list")
        .iter()
        .map(|part| part.as_str().expect("command parts are strings"))
        .collect();
    let [sh, dash_c, script] = command[..] else {
        panic!("{file}: command is not [\"sh\", \"-c\", SCRIPT]");
    };
    assert_eq!((sh, dash_c), ("sh", "-c"), "{file}");
    let env = properties["environment"]
        .as_array()
        .expect("environment is a list")
        .iter()
        .map(|pair| {
            (
                pair["name"].as_str().unwrap().to_owned(),
                pair["value"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    Container {
        env,
        script: script.to_owned(),
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

/// A fresh folder per test with the `bin` and `out` folders the containers mount.
fn workdir(name: &str) -> WorkFolder {
    let dir = work_folder(&format!("manifest-{name}"));
    std::fs::create_dir_all(dir.join("bin")).unwrap();
    std::fs::create_dir_all(dir.join("out")).unwrap();
    dir
}

/// Runs `shards` once per index 0..count with the index in `index_var`, then `merge`, and checks
/// the merged `output` (in the merge's `$OUT`) against one unsharded `quotalab` run of `args`
/// writing to `--out`.
#[cfg(unix)]
fn sharded_run_matches_unsharded(
    shards: &Container,
    count: usize,
    index_var: &str,
    merge: &Container,
    args: &[String],
    output: &str,
) {
    let dir = workdir(&format!("{index_var}-{output}"));
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_quotalab"), dir.join("bin/quotalab")).unwrap();
    let out = dir.join("out").to_string_lossy().into_owned();
    assert_eq!(
        shards.env("SHARDS"),
        count.to_string(),
        "SHARDS must equal the number of array tasks"
    );
    for index in 0..count {
        run_pod(
            shards,
            &[
                ("SCENARIO", DEFAULT.into()),
                ("OUT", out.clone()),
                (index_var, index.to_string()),
            ],
            &dir.join("bin"),
        );
    }
    run_pod(merge, &[("OUT", out.clone())], &dir.join("bin"));

    let whole = dir.join("whole.json").to_string_lossy().into_owned();
    let run = Command::new(env!("CARGO_BIN_EXE_quotalab"))
        .args(args)
        .args(["--out", &whole])
        .output()
        .expect("quotalab runs");
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let merged = std::fs::read_to_string(dir.join("out").join(output))
        .unwrap_or_else(|_| panic!("the merge job wrote {output}"));
    assert_eq!(merged, std::fs::read_to_string(&whole).unwrap());
}

/// The unsharded sweep of a sweep shard container's environment.
fn sweep_args(shards: &Container) -> Vec<String> {
    let mut args = vec!["sweep".to_string(), DEFAULT.to_string()];
    for (flag, var) in [
        ("--param", "PARAM"),
        ("--values", "VALUES"),
        ("--seeds", "SEEDS"),
    ] {
        args.extend([flag.to_string(), shards.env(var)]);
    }
    args
}

/// The unsharded search of an advise shard container's environment.
fn advise_args(shards: &Container) -> Vec<String> {
    let mut args = vec!["advise".to_string(), DEFAULT.to_string()];
    for (flag, var) in [
        ("--target", "TARGET"),
        ("--vary", "VARY"),
        ("--seeds", "SEEDS"),
        ("--starts", "STARTS"),
    ] {
        args.extend([flag.to_string(), shards.env(var)]);
    }
    args
}

#[cfg(unix)]
#[test]
fn the_indexed_job_and_merge_job_reproduce_an_unsharded_sweep() {
    indexed_job_example("sweep", sweep_args, "sweep.json");
}

#[cfg(unix)]
#[test]
fn the_indexed_job_and_merge_job_reproduce_an_unsharded_search() {
    indexed_job_example("advise", advise_args, "advice.json");
}

/// Runs the Kubernetes example of `kind` (`sweep` or `advise`): the Indexed Job's shards merged
/// by the merge Job must give the unsharded bytes.
#[cfg(unix)]
fn indexed_job_example(kind: &str, args: fn(&Container) -> Vec<String>, output: &str) {
    let (shards, completions) = kubernetes_container(&format!("{kind}-indexed-job.yaml"));
    let (merge, _) = kubernetes_container(&format!("{kind}-merge-job.yaml"));
    let completions = completions.expect("an Indexed Job sets completions");
    let args = args(&shards);
    sharded_run_matches_unsharded(
        &shards,
        completions,
        "JOB_COMPLETION_INDEX",
        &merge,
        &args,
        output,
    );
}

/// Runs the AWS Batch example of `kind` (`sweep` or `advise`): its job definitions and submit
/// inputs must agree, and the array's shards merged must give the unsharded bytes.
#[cfg(unix)]
fn aws_batch_example(kind: &str, args: fn(&Container) -> Vec<String>, output: &str) {
    let shards = aws_batch_container(&format!("{kind}-job-definition.json"));
    let merge_file = if kind == "sweep" {
        "merge-job-definition.json".to_string()
    } else {
        format!("{kind}-merge-job-definition.json")
    };
    let merge = aws_batch_container(&merge_file);
    let submit = aws_json(&format!("submit-{kind}.json"));
    assert_eq!(
        submit["jobDefinition"],
        aws_json(&format!("{kind}-job-definition.json"))["jobDefinitionName"]
    );
    let submit_merge = if kind == "sweep" {
        "submit-merge.json".to_string()
    } else {
        format!("submit-{kind}-merge.json")
    };
    assert_eq!(
        aws_json(&submit_merge)["jobDefinition"],
        aws_json(&merge_file)["jobDefinitionName"]
    );
    let size = submit["arrayProperties"]["size"]
        .as_u64()
        .expect("an array job sets arrayProperties.size") as usize;
    let args = args(&shards);
    sharded_run_matches_unsharded(
        &shards,
        size,
        "AWS_BATCH_JOB_ARRAY_INDEX",
        &merge,
        &args,
        output,
    );
}

#[cfg(unix)]
#[test]
fn the_aws_batch_array_job_and_merge_job_reproduce_an_unsharded_sweep() {
    aws_batch_example("sweep", sweep_args, "sweep.json");
}

#[cfg(unix)]
#[test]
fn the_aws_batch_array_job_and_merge_job_reproduce_an_unsharded_search() {
    aws_batch_example("advise", advise_args, "advice.json");
}
