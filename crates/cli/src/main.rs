//! `quotalab`: the Quota Lab engine on the command line, for large traces, scripts and CI.
//!
//! Exit codes (SCENARIO.md): 0 success (warnings allowed), 2 the scenario is invalid (errors on
//! stderr, nothing on stdout), 1 anything else, with a one-line message. Never a panic: a bug
//! that panics anyway is caught here and reported as exit 1.

mod allocator;
mod args;
mod commands;
mod failure;
mod input;
mod study_run;
mod study_table;
mod summary;

use failure::Failure;
use std::process::ExitCode;

const USAGE: &str = "\
quotalab: simulate GPU quota-sharing agreements (Quota Lab)

Usage:
  quotalab run SCENARIO.json [--summary]     simulate; print the result JSON (or a table)
  quotalab validate SCENARIO.json            print errors and warnings, one a line
  quotalab bench [--jobs N ...] [--seed S]   measure engine throughput on generated scenarios
  quotalab import philly|alibaba|swf PATH... a trace as a scenario (see `quotalab import`)
  quotalab import aws DIR | kueue FILE.yaml  exported configuration back to a scenario
  quotalab export aws|kueue SCENARIO.json -o OUT
                                             AWS Batch CLI input (directory or .json bundle) or Kueue YAML
  quotalab report SCENARIO.json [--format md|html] [-o FILE]
                                             simulate; print the agreement report (Markdown or HTML)
  quotalab compare A.json B.json ... [--seeds K] [--threshold H] [--out FILE]
                                             run 2-6 variants (or one study file) with the same
                                             K seeds; a table, and the JSON in FILE (compare.json)
  quotalab sweep SCENARIO.json --param PATH --values 1,2,4|FROM..TO:N [--seeds K] [--out FILE]
                                             one parameter at several values, K seeds each (sweep.json);
                                             for a study file, --variant N|NAME picks the variant
  quotalab sweep --list-params SCENARIO.json the parameters worth sweeping, with their paths
  quotalab advise SCENARIO.json --target SHARE:KPI<=V ... [--budget [SHARE:]AMOUNT]
           [--vary limits,strategy,borrow_limit,in_share_preemption,capacity,preferences]
           [--seeds K] [-o FILE]           propose agreements that meet the targets (advice.json)
  quotalab merge PARTS... [--out FILE]       join the outputs of compare/sweep/advise --shard i/N
  quotalab help                              this text

SCENARIO.json may be - to read standard input. compare, sweep and advise use all cores; with
--shard i/N they run only shard i of N and write its samples for merge (docs/STUDY.md).
Exit codes: 0 ok (warnings allowed), 2 invalid scenario, 1 other errors.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::panic::set_hook(Box::new(|_| {}));
    let outcome = std::panic::catch_unwind(|| dispatch(&args));
    match outcome {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(failure)) => failure.report(),
        Err(_) => {
            eprintln!(
                "quotalab: internal error (a bug); please report it with the input that caused it"
            );
            ExitCode::from(1)
        }
    }
}

fn dispatch(args: &[String]) -> Result<(), Failure> {
    let Some((command, rest)) = args.split_first() else {
        println!("{USAGE}");
        return Ok(());
    };
    match command.as_str() {
        "run" => commands::run::main(rest),
        "validate" => commands::validate::main(rest),
        "bench" => commands::bench::main(rest),
        "import" => commands::import::main(rest),
        "export" => commands::export::main(rest),
        "report" => commands::report::main(rest),
        "compare" => commands::compare::main(rest),
        "sweep" => commands::sweep::main(rest),
        "merge" => commands::merge::main(rest),
        "advise" => commands::advise::main(rest),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        "--version" | "-V" => {
            println!("quotalab {}", env!("CARGO_PKG_VERSION"));
            Ok(())
        }
        other => Err(Failure::Usage(format!(
            "unknown command \"{other}\"; try `quotalab help`"
        ))),
    }
}
