//! `quotalab import FORMAT PATH... [options] [-o OUT.json]`: a trace (philly, alibaba, swf) or
//! exported configuration (aws, kueue), or an account's own describe output (account) in, a
//! scenario JSON out. The import's report (bad rows
//! with file and line, skipped rows, notes) goes to stderr. An import that does not validate
//! exits 2 with its errors and writes nothing; `--keep-going` writes it anyway and lists the
//! problems. One module per kind of source;
//! adding a format is its file here and its variant in [`Format`].

mod account;
mod aws;
mod files;
mod kueue;
mod trace;

use crate::failure::Failure;
use crate::output::write_output;
use quotalab_engine::result::numbers::counted;
use quotalab_engine::{Diagnostic, Scenario, Severity};
use quotalab_interop::agreement::{ImportError, Imported};
use quotalab_interop::traces::TraceFormat;
use quotalab_interop::validated::Rejected;

/// Turn a trace or an exported configuration into a scenario
///
/// The scenario JSON goes to stdout (or -o); the import's report goes to stderr.
#[derive(clap::Args)]
#[command(arg_required_else_help = true)]
pub struct Args {
    #[command(subcommand)]
    format: Format,
}

#[derive(clap::Subcommand)]
enum Format {
    /// Microsoft Philly: one share per virtual cluster (docs/TRACES.md)
    #[command(
        after_help = "Example:\n  quotalab import philly philly-gavel-per-vc/ --from-h 432 --to-h 504 -o philly.json"
    )]
    Philly(trace::Args),
    /// Alibaba GPU (openb pod lists): synthesised teams (docs/TRACES.md)
    #[command(
        after_help = "Example:\n  quotalab import alibaba alibaba-gpu-v2023-openb/ --teams 4 -o alibaba.json"
    )]
    Alibaba(trace::Args),
    /// The Standard Workload Format of parallel-workload logs: shares by queue, group or user
    #[command(after_help = "Example:\n  quotalab import swf LOG.swf --keep-going -o swf.json")]
    Swf(trace::Args),
    /// `quotalab export aws` output (a directory or a bundle) back to a scenario
    Aws(aws::Args),
    /// Kueue YAML (a cluster's objects and Workloads, or `quotalab export kueue`) as a scenario
    Kueue(kueue::Args),
    /// Your AWS account or Kueue cluster as it is, with its job history (docs/ACCOUNT.md)
    Account(account::Args),
}

pub fn main(args: Args) -> Result<(), Failure> {
    let (scenario, output) = match args.format {
        Format::Philly(args) => (trace::import(TraceFormat::Philly, &args)?, args.output),
        Format::Alibaba(args) => (trace::import(TraceFormat::Alibaba, &args)?, args.output),
        Format::Swf(args) => (trace::import(TraceFormat::Swf, &args)?, args.output),
        Format::Aws(args) => (aws::import(&args)?, args.output),
        Format::Kueue(args) => (kueue::import(&args)?, args.output),
        Format::Account(args) => (account::import(&args)?, args.output),
    };
    write_output(
        output.output.as_deref(),
        &(scenario.to_json_pretty() + "\n"),
    )
}

/// An AWS or Kueue import's scenario, with its notes on stderr; a failure is invalid input.
fn config_result(
    result: Result<Imported, ImportError>,
    keep_going: bool,
) -> Result<Scenario, Failure> {
    let notes = |i: &Imported| i.notes.iter().map(|n| format!("note: {n}")).collect();
    let imported = match result {
        Ok(imported) => imported,
        Err(ImportError::Rejected(rejected)) => best_effort(rejected, keep_going, notes)?,
        Err(other) => return Err(whole(other.to_string())),
    };
    for line in notes(&imported) {
        eprintln!("{line}");
    }
    Ok(imported.scenario)
}

/// An import that does not validate: exit 2 with its errors, or with `--keep-going` the best
/// effort, its problems listed on stderr (its own report lines follow from the caller).
fn best_effort<T>(
    rejected: Rejected<T>,
    keep_going: bool,
    report: impl Fn(&T) -> Vec<String>,
) -> Result<T, Failure> {
    if !keep_going {
        for line in report(&rejected.best_effort) {
            eprintln!("{line}");
        }
        return Err(Failure::Invalid(rejected.errors));
    }
    for error in &rejected.errors {
        eprintln!("problem: {error}");
    }
    eprintln!(
        "note: --keep-going: written although it does not validate ({} above)",
        counted(rejected.errors.len() as u64, "problem")
    );
    Ok(*rejected.best_effort)
}

/// A failure about the input as a whole (no row or path to name): exit 2.
fn whole(message: String) -> Failure {
    Failure::Invalid(vec![Diagnostic {
        severity: Severity::Error,
        path: String::new(),
        message,
    }])
}
