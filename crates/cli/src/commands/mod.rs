//! The command line: one module per command, holding its arguments (a clap `Args` struct, whose
//! doc comments are its `--help`) and its `main`. Adding a command is its file here, its variant
//! in [`Command`] and its line in [`Command::run`].

pub mod advise;
pub mod bench;
pub mod compare;
pub mod completions;
pub mod convert;
pub mod export;
pub mod import;
pub mod merge;
pub mod report;
pub mod run;
pub mod sweep;
pub mod validate;

use crate::failure::Failure;
use clap::CommandFactory;

/// Simulate GPU quota-sharing agreements (Quota Lab).
///
/// SCENARIO.json may be - to read standard input. Exit codes: 0 success (warnings allowed),
/// 2 invalid command line or scenario, 1 anything else. Manual: docs/CLI.md.
#[derive(clap::Parser)]
#[command(
    name = "quotalab",
    version,
    arg_required_else_help = true,
    // A flag given twice keeps its last value, as scripts that append options expect.
    args_override_self = true
)]
pub enum Command {
    Run(run::Args),
    Validate(validate::Args),
    Report(report::Args),
    Import(import::Args),
    Export(export::Args),
    Convert(convert::Args),
    Compare(compare::Args),
    Sweep(sweep::Args),
    Advise(advise::Args),
    Merge(merge::Args),
    Bench(bench::Args),
    Completions(completions::Args),
}

impl Command {
    pub fn run(self) -> Result<(), Failure> {
        match self {
            Command::Run(args) => run::main(args),
            Command::Validate(args) => validate::main(args),
            Command::Report(args) => report::main(args),
            Command::Import(args) => import::main(args),
            Command::Export(args) => export::main(args),
            Command::Convert(args) => convert::main(args),
            Command::Compare(args) => compare::main(args),
            Command::Sweep(args) => sweep::main(args),
            Command::Advise(args) => advise::main(args),
            Command::Merge(args) => merge::main(args),
            Command::Bench(args) => bench::main(args),
            Command::Completions(args) => completions::main(args, Command::command()),
        }
    }
}
