//! `quotalab validate FILE.json`: errors and warnings, one a line, `path: message`. The file is a
//! scenario, or a study (recognised by `"kind": "study"`, docs/STUDY.md), whose variants are
//! each validated and whose own rules (2 to 6 variants, seeds, sweep) are checked too.

use crate::args::ScenarioFile;
use crate::failure::Failure;
use crate::input::read_document;
use quotalab_engine::result::numbers::counted;
use quotalab_engine::study::Document;
use quotalab_engine::Report;

/// Check a scenario or a study; print its errors and warnings, one a line
///
/// A study is recognised by `"kind": "study"`. Errors go to stderr as `path: message` (exit 2);
/// warnings and a one-line verdict go to stdout.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  quotalab validate scenario.json\n  quotalab validate study.json"
)]
pub struct Args {
    #[command(flatten)]
    scenario: ScenarioFile,
}

pub fn main(args: Args) -> Result<(), Failure> {
    let (report, summary) = match read_document(&args.scenario.scenario)? {
        Document::Scenario(scenario) => {
            let jobs = quotalab_engine::generate::job_count(&scenario);
            (scenario.validate(), counted(jobs, "job"))
        }
        Document::Study(study) => (
            study.validate(),
            format!(
                "a study of {}",
                counted(study.variants.len() as u64, "variant")
            ),
        ),
    };
    print_report(report, &summary)
}

fn print_report(report: Report, summary: &str) -> Result<(), Failure> {
    if !report.is_valid() {
        return Err(Failure::Invalid(report.all().cloned().collect()));
    }
    for warning in &report.warnings {
        println!("warning: {warning}");
    }
    println!(
        "valid: {summary}, {}",
        counted(report.warnings.len() as u64, "warning")
    );
    Ok(())
}
