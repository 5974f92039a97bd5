//! `quotalab report SCENARIO.json|STUDY.json [--format md|html] [-o FILE]`: simulate, then print
//! the agreement report (docs/REPORT.md) as Markdown (the default) or as a printable HTML page.
//! A study file gets the study's report: its comparison over the study's seeds (run on all
//! cores, as `quotalab compare` runs it) and every variant's own section.

use crate::args::{Output, ScenarioFile};
use crate::failure::Failure;
use crate::input::read_document;
use crate::output::write_output;
use crate::study_run::run_units;
use quotalab_engine::study::{compare, Definition, Document, Study};
use quotalab_engine::Scenario;
use quotalab_interop::report::{AgreementReport, StudyReport};

/// Simulate a scenario or a study; print the agreement report (Markdown or HTML)
///
/// The HTML page needs nothing else (no scripts, no external files) and prints well
/// (docs/REPORT.md). A study's report compares its variants over the study's seeds, as `quotalab
/// compare` does.
#[derive(clap::Args)]
#[command(
    mut_arg("output", |a| a.help("Write the report to FILE instead of stdout")),
    mut_arg("scenario", |a| a.value_name("SCENARIO.json|STUDY.json")
        .help("The scenario or study file, or - to read standard input")),
    after_help = "Examples:\n  quotalab report scenario.json > agreement.md\n  \
                  quotalab report scenario.json --format html -o agreement.html\n  \
                  quotalab report study.json --format html -o study.html"
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
    let text = match read_document(&args.scenario.scenario)? {
        Document::Scenario(scenario) => scenario_report(&scenario, args.format)?,
        Document::Study(study) => study_report(study, args.format)?,
    };
    write_output(output, &text)
}

fn scenario_report(scenario: &Scenario, format: Format) -> Result<String, Failure> {
    checked(scenario.validate())?;
    let report = AgreementReport::of_run(
        scenario,
        &quotalab_engine::simulate_without_events(scenario),
    );
    Ok(match format {
        Format::Md => report.to_markdown(),
        Format::Html => report.to_html(),
    })
}

fn study_report(study: Study, format: Format) -> Result<String, Failure> {
    checked(study.validate())?;
    let definition = Definition::Compare(study.clone());
    let (samples, _) = run_units(&definition, &definition.units())?;
    let comparison = compare(&study, &samples).map_err(|e| Failure::Other(e.to_string()))?;
    let report =
        StudyReport::build(&study, &comparison).map_err(|e| Failure::Other(e.to_string()))?;
    Ok(match format {
        Format::Md => report.to_markdown(),
        Format::Html => report.to_html(),
    })
}

/// Warnings on stderr; errors are exit 2 with nothing on stdout.
fn checked(findings: quotalab_engine::Report) -> Result<(), Failure> {
    for warning in &findings.warnings {
        eprintln!("warning: {warning}");
    }
    if findings.is_valid() {
        Ok(())
    } else {
        Err(Failure::Invalid(findings.all().cloned().collect()))
    }
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    /// Markdown
    #[value(alias = "markdown")]
    Md,
    /// A printable HTML page
    Html,
}
