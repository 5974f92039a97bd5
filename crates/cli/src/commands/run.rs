//! `quotalab run SCENARIO.json [--summary]`: simulate and print the result.

use crate::args::Args;
use crate::failure::Failure;
use crate::input::load_scenario;
use std::io::Write;

pub fn main(args: &[String]) -> Result<(), Failure> {
    let args = Args::parse(args, &["--summary"], &[])?;
    let (scenario, report) = load_scenario(args.single("scenario file (or - for stdin)")?)?;
    for warning in &report.warnings {
        eprintln!("warning: {warning}");
    }
    let result = quotalab_engine::simulate(&scenario);
    let text = if args.flag("--summary") {
        crate::summary::table(&result)
    } else {
        result.to_json() + "\n"
    };
    std::io::stdout()
        .write_all(text.as_bytes())
        .map_err(|e| Failure::Other(format!("cannot write the result: {e}")))
}
