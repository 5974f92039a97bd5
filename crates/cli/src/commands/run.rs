//! `quotalab run SCENARIO.json [--summary]`: simulate and print the result.

use crate::args::ScenarioFile;
use crate::failure::Failure;
use crate::input::load_scenario;
use std::io::{BufWriter, Write};

/// Simulate a scenario; print the result JSON (or a table with --summary)
///
/// Warnings go to stderr. The same scenario and seed give the same bytes every time, here and in
/// the app.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  quotalab run scenario.json > result.json\n  \
                        quotalab run - --summary < scenario.json"
)]
pub struct Args {
    #[command(flatten)]
    scenario: ScenarioFile,
    /// Print a table (one line per share, and the totals) instead of the result JSON
    #[arg(long)]
    summary: bool,
}

pub fn main(args: Args) -> Result<(), Failure> {
    let (scenario, report) = load_scenario(&args.scenario.scenario)?;
    for warning in &report.warnings {
        eprintln!("warning: {warning}");
    }
    // The table reads no event, so a summary's run leaves the event list out.
    let result = if args.summary {
        quotalab_engine::simulate_without_events(&scenario)
    } else {
        quotalab_engine::simulate(&scenario)
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    if args.summary {
        out.write_all(crate::summary::table(&result).as_bytes())
    } else {
        // Streamed: the JSON of a large run is bigger than the memory it would need as a string.
        result
            .write_json(&mut out)
            .and_then(|()| out.write_all(b"\n"))
    }
    .and_then(|()| out.flush())
    .map_err(|e| Failure::Other(format!("cannot write the result: {e}")))
}
