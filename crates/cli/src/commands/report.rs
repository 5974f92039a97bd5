//! `quotalab report SCENARIO.json [--format md|html] [-o FILE]`: simulate, then print the
//! agreement report (issue 6, item 5) as Markdown (the default) or as a printable HTML page.

use super::import::write_output;
use crate::args::Args;
use crate::failure::Failure;
use crate::input::load_scenario;

pub fn main(args: &[String]) -> Result<(), Failure> {
    let args = Args::parse(args, &[], &["--format", "-o", "--output"])?;
    let format = match args.values("--format").last().copied() {
        None | Some("md" | "markdown") => Format::Markdown,
        Some("html") => Format::Html,
        Some(other) => {
            return Err(Failure::Usage(format!(
                "unknown report format \"{other}\"; use md or html"
            )))
        }
    };
    let output = args
        .values("-o")
        .into_iter()
        .chain(args.values("--output"))
        .last();
    let (scenario, report) = load_scenario(args.single("scenario file (or - for stdin)")?)?;
    for warning in &report.warnings {
        eprintln!("warning: {warning}");
    }
    let result = quotalab_engine::simulate(&scenario);
    let text = match format {
        Format::Markdown => quotalab_interop::report::markdown(&scenario, &result),
        Format::Html => quotalab_interop::report::html(&scenario, &result),
    };
    write_output(output, &text)
}

enum Format {
    Markdown,
    Html,
}
