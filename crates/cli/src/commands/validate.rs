//! `quotalab validate SCENARIO.json`: errors and warnings, one a line, `path: message`.

use crate::args::ScenarioFile;
use crate::failure::Failure;
use crate::input::read_text;
use quotalab_engine::Scenario;

/// Check a scenario; print its errors and warnings, one a line
///
/// Errors go to stderr as `path: message` (exit 2); warnings and a one-line verdict go to stdout.
#[derive(clap::Args)]
#[command(after_help = "Example:\n  quotalab validate scenario.json")]
pub struct Args {
    #[command(flatten)]
    scenario: ScenarioFile,
}

pub fn main(args: Args) -> Result<(), Failure> {
    let text = read_text(&args.scenario.scenario)?;
    let scenario = Scenario::parse_json(&text).map_err(|e| Failure::Invalid(e.diagnostics()))?;
    let report = scenario.validate();
    if !report.is_valid() {
        return Err(Failure::Invalid(report.all().cloned().collect()));
    }
    for warning in &report.warnings {
        println!("warning: {warning}");
    }
    println!(
        "valid: {} jobs, {} warning(s)",
        quotalab_engine::generate::job_count(&scenario),
        report.warnings.len()
    );
    Ok(())
}
