//! `quotalab import account PATH...`: what an AWS account's or a Kueue cluster's own tools print
//! (describe and list output, job history), recognised by shape, as a scenario with each job's
//! observed outcome (docs/ACCOUNT.md).

use super::files::{expand, read};
use crate::args::Output;
use crate::failure::Failure;
use quotalab_engine::{Diagnostic, Scenario, Severity};
use quotalab_interop::account::{import_account, AccountError, AccountOptions, InputFile};
use std::path::Path;

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  quotalab import account aws-dump/ -o history.json\n  \
    quotalab import account cluster.yaml --capacity ml.p5.48xlarge=8 -o history.json"
)]
pub struct Args {
    /// Files or folders of `aws ... --output json` and `kubectl get ... -o yaml` output
    #[arg(value_name = "PATH", required = true)]
    paths: Vec<String>,
    /// Instances of a type, overriding the service environment and the observed peak
    #[arg(long, value_name = "TYPE=N", value_parser = capacity)]
    capacity: Vec<(String, u32)>,
    /// The scenario's name [default: a description of the source]
    #[arg(long)]
    name: Option<String>,
    #[command(flatten)]
    pub output: Output,
}

/// A `--capacity` value that is not `TYPE=N`; clap names the flag before it.
#[derive(Debug)]
struct NotTypeEqualsN(String);

impl std::fmt::Display for NotTypeEqualsN {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "expects TYPE=N (ml.p5.48xlarge=4), got \"{}\"", self.0)
    }
}

impl std::error::Error for NotTypeEqualsN {}

/// `--capacity TYPE=N`.
fn capacity(value: &str) -> Result<(String, u32), NotTypeEqualsN> {
    value
        .split_once('=')
        .and_then(|(t, n)| Some((t.trim().to_string(), n.trim().parse::<u32>().ok()?)))
        .filter(|(t, _)| !t.is_empty())
        .ok_or_else(|| NotTypeEqualsN(value.to_owned()))
}

/// Every JSON and YAML file under the PATHs; the notes and the unmapped list go to stderr, the
/// scenario (validated by the engine) to the output.
pub fn import(args: &Args) -> Result<Scenario, Failure> {
    let mut files = Vec::new();
    for path in &args.paths {
        for file in expand(Path::new(path), &["json", "yaml", "yml"])? {
            files.push(InputFile {
                path: file.display().to_string(),
                contents: read(&file)?,
            });
        }
    }
    let mut options = AccountOptions {
        name: args.name.clone(),
        ..AccountOptions::default()
    };
    for (instance_type, count) in &args.capacity {
        options.capacity.insert(instance_type.clone(), *count);
    }
    let imported = import_account(&files, &options).map_err(|e| {
        Failure::Invalid(match e {
            AccountError::Invalid(diagnostics) => diagnostics,
            other => vec![Diagnostic {
                severity: Severity::Error,
                path: String::new(),
                message: other.to_string(),
            }],
        })
    })?;
    for note in &imported.notes {
        eprintln!("note: {note}");
    }
    for u in &imported.unmapped {
        eprintln!("not imported: {u}");
    }
    Ok(imported.scenario)
}
