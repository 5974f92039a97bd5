//! `quotalab convert SCENARIO.json --rules aws|kueue [-o OUT.json]`: the scenario with its
//! agreement translated to the other rules' form (docs/KUEUE-TRANSLATION.md): AWS quota shares
//! to Kueue objects or back. What each part became goes to stderr, one note a line (`dropped:
//! jobs[*].max_pending_h: ...`); a scenario already in that form is written as it is, with one
//! note saying so.

use crate::args::{print_notes, Output, RulesArg, ScenarioFile};
use crate::failure::Failure;
use crate::input::load_scenario;
use crate::output::write_output;
use quotalab_engine::translate::{to_aws, to_kueue};

/// Translate a scenario's agreement to AWS Batch quota shares or to Kueue objects
///
/// The translated scenario goes to stdout (or -o); what each part became, carried, approximated
/// or dropped, goes to stderr.
#[derive(clap::Args)]
#[command(
    mut_arg("output", |a| a.help("Write the translated scenario to FILE instead of stdout")),
    after_help = "Examples:\n  quotalab convert scenario.json --rules kueue -o kueue.json\n  \
                  quotalab convert kueue.json --rules aws -o aws.json"
)]
pub struct Args {
    #[command(flatten)]
    scenario: ScenarioFile,
    /// The rules to write the agreement for
    #[arg(long, value_enum)]
    rules: RulesArg,
    #[command(flatten)]
    output: Output,
}

pub fn main(args: Args) -> Result<(), Failure> {
    let (scenario, _) = load_scenario(&args.scenario.scenario)?;
    let translation = match args.rules {
        RulesArg::Kueue => to_kueue(&scenario),
        RulesArg::Aws => to_aws(&scenario),
    };
    print_notes(&translation.notes);
    let report = translation.scenario.validate();
    if !report.is_valid() {
        return Err(Failure::Invalid(report.errors));
    }
    write_output(
        args.output.output.as_deref(),
        &(translation.scenario.to_json_pretty() + "\n"),
    )
}
