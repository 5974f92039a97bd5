//! `quotalab report SCENARIO.json [--format md|html] [-o FILE]`: simulate, then print the
//! agreement report (docs/REPORT.md) as Markdown (the default) or as a printable HTML page.

use crate::args::{Output, ScenarioFile};
use crate::failure::Failure;
use crate::input::load_scenario;
use crate::output::write_output;

/// Simulate a scenario; print the agreement report (Markdown or HTML)
///
/// The HTML page needs nothing else (no scripts, no external files) and prints well (docs/REPORT.md).
#[derive(clap::Args)]
#[command(
    mut_arg("output", |a| a.help("Write the report to FILE instead of stdout")),
    after_help = "Examples:\n  quotalab report scenario.json > agreement.md\n  \
                  quotalab report scenario.json --format html -o agreement.html"
)]
pub struct Args {
    #[command(flatten)]
    scenario: ScenarioFile,
    /// The report's format
    #[arg(long, value_enum, default_value_t = Format::Md)]
    format: Format,
    #[command(flatten)]
    output: Output,
}

pub fn main(args: Args) -> Result<(), Failure> {
    let output = args.output.output.as_deref();
    let (scenario, report) = load_scenario(&args.scenario.scenario)?;
    for warning in &report.warnings {
        eprintln!("warning: {warning}");
    }
    let result = quotalab_engine::simulate(&scenario);
    let text = match args.format {
        Format::Md => quotalab_interop::report::markdown(&scenario, &result),
        Format::Html => quotalab_interop::report::html(&scenario, &result),
    };
    write_output(output, &text)
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    /// Markdown
    #[value(alias = "markdown")]
    Md,
    /// A printable HTML page
    Html,
}
