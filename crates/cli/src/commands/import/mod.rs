//! `quotalab import FORMAT PATH... [options] [-o OUT.json]`: a trace (philly, alibaba, swf) or
//! exported configuration (aws, kueue) in, a scenario JSON out. The import's report (bad rows
//! with file and line, skipped rows, notes) goes to stderr. One module per kind of source;
//! adding a format is its file here and its variant in [`Format`].

mod aws;
mod files;
mod kueue;
mod trace;

use crate::failure::Failure;
use crate::output::write_output;
use quotalab_engine::{Diagnostic, Scenario, Severity};
use quotalab_interop::agreement::{ImportError, Imported};
use quotalab_interop::traces::TraceFormat;

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
    /// `quotalab export kueue` YAML back to a scenario
    Kueue(kueue::Args),
}

pub fn main(args: Args) -> Result<(), Failure> {
    let (scenario, output) = match args.format {
        Format::Philly(args) => (trace::import(TraceFormat::Philly, &args)?, args.output),
        Format::Alibaba(args) => (trace::import(TraceFormat::Alibaba, &args)?, args.output),
        Format::Swf(args) => (trace::import(TraceFormat::Swf, &args)?, args.output),
        Format::Aws(args) => (aws::import(&args)?, args.output),
        Format::Kueue(args) => (kueue::import(&args)?, args.output),
    };
    write_output(
        output.output.as_deref(),
        &(scenario.to_json_pretty() + "\n"),
    )
}

/// An AWS or Kueue import's scenario, with its notes on stderr; a failure is invalid input.
fn config_result(result: Result<Imported, ImportError>) -> Result<Scenario, Failure> {
    let imported = result.map_err(|e| {
        Failure::Invalid(vec![Diagnostic {
            severity: Severity::Error,
            path: String::new(),
            message: e.to_string(),
        }])
    })?;
    for note in &imported.notes {
        eprintln!("note: {note}");
    }
    Ok(imported.scenario)
}
