//! `quotalab validate SCENARIO.json`: errors and warnings, one a line, `path: message`.

use crate::args::Args;
use crate::failure::Failure;
use crate::input::read_text;
use quotalab_engine::Scenario;

pub fn main(args: &[String]) -> Result<(), Failure> {
    let args = Args::parse(args, &[], &[])?;
    let text = read_text(args.single("scenario file (or - for stdin)")?)?;
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
