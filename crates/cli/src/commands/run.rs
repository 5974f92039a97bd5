//! `quotalab run SCENARIO.json [--summary]`: simulate and print the result.

use crate::args::ScenarioFile;
use crate::failure::Failure;
use crate::input::load_scenario;
use quotalab_engine::Keep;
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
    // The table reads no event and no usage point, so a summary's run keeps only what the page
    // draws: at a million jobs listed one by one, the usage series alone are about 400 MB.
    let keep = if args.summary {
        Keep::Drawn
    } else {
        Keep::Everything
    };
    let run = quotalab_engine::run(&scenario, keep, 0, &mut |_| true)
        .expect("a run without cancellation completes");
    let mut out = BufWriter::new(std::io::stdout().lock());
    if args.summary {
        out.write_all(crate::summary::table(&run).as_bytes())
    } else {
        // Streamed record by record: the JSON of a large run, and its records all at once, are
        // bigger than the run (docs/PERFORMANCE.md, "The CLI at one and five million jobs").
        run.write_json(&mut out).and_then(|()| out.write_all(b"\n"))
    }
    .and_then(|()| out.flush())
    .map_err(|e| Failure::Other(format!("cannot write the result: {e}")))
}
