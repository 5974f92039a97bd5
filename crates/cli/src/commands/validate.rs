//! `quotalab validate FILE.json`: errors and warnings, one a line, `path: message`. The file is a
//! scenario, or a study (recognised by `"kind": "study"`, docs/STUDY.md), whose variants are
//! each validated and whose own rules (2 to 6 variants, seeds, sweep) are checked too.

use crate::args::Args;
use crate::failure::Failure;
use crate::input::{invalid, read_text};
use quotalab_engine::study::Document;
use quotalab_engine::Report;

pub fn main(args: &[String]) -> Result<(), Failure> {
    let args = Args::parse(args, &[], &[])?;
    let text = read_text(args.single("scenario or study file (or - for stdin)")?)?;
    let (report, summary) = match Document::parse_json(&text).map_err(|e| invalid(&e))? {
        Document::Scenario(scenario) => {
            let jobs = quotalab_engine::generate::job_count(&scenario);
            (scenario.validate(), format!("{jobs} jobs"))
        }
        Document::Study(study) => (
            study.validate(),
            format!("a study of {} variants", study.variants.len()),
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
    println!("valid: {summary}, {} warning(s)", report.warnings.len());
    Ok(())
}
