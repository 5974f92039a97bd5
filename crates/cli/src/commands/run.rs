//! `quotalab run SCENARIO.json [--summary]`: simulate and print the result.

use crate::args::Args;
use crate::failure::Failure;
use crate::input::load_scenario;
use std::io::{BufWriter, Write};

pub fn main(args: &[String]) -> Result<(), Failure> {
    let args = Args::parse(args, &["--summary"], &[])?;
    let (scenario, report) = load_scenario(args.single("scenario file (or - for stdin)")?)?;
    for warning in &report.warnings {
        eprintln!("warning: {warning}");
    }
    let result = quotalab_engine::simulate(&scenario);
    let mut out = BufWriter::new(std::io::stdout().lock());
    if args.flag("--summary") {
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
