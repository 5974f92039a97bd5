//! `quotalab`: the Quota Lab engine on the command line, for large traces, scripts and CI.
//!
//! Exit codes (docs/CLI.md, "Exit codes"): 0 success (warnings allowed), 2 the command line or
//! the scenario is invalid (errors on stderr, nothing on stdout), 1 anything else, with a
//! one-line message. Never a panic: a bug that panics anyway is caught here and reported as
//! exit 1.

mod allocator;
mod args;
mod commands;
mod failure;
mod input;
mod output;
mod study_run;
mod study_table;
mod summary;

use clap::Parser;
use commands::Command;
use failure::Failure;
use std::process::ExitCode;

fn main() -> ExitCode {
    std::panic::set_hook(Box::new(|_| {}));
    let outcome = std::panic::catch_unwind(|| {
        Command::try_parse()
            .map_err(Failure::CommandLine)
            .and_then(Command::run)
    });
    match outcome {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(failure)) => failure.report(),
        Err(_) => {
            eprintln!(
                "{}",
                failure::error_line(
                    "internal error (a bug); please report it with the input that caused it"
                )
            );
            ExitCode::from(1)
        }
    }
}
