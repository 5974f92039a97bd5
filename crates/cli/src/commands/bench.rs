//! `quotalab bench`: engine throughput on generated scenarios (`quotalab_engine::synthetic`),
//! printing events and jobs per second. The figures go in crates/engine/BENCHMARKS.md.

use crate::args::RulesArg;
use crate::failure::Failure;
use quotalab_engine::{run, synthetic, Keep};
use std::time::Instant;

/// Measure engine throughput on generated scenarios
///
/// Prints one line per size: jobs, events, seconds, events and jobs per second. Build with
/// --release for figures worth comparing.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  quotalab bench --jobs 10000 --jobs 100000 --seed 7\n  quotalab bench --rules kueue --jobs 15000 --jobs 100000"
)]
pub struct Args {
    /// Jobs in a generated scenario; repeat for several sizes [default: 10000, 100000, 1000000]
    #[arg(long, value_name = "N", action = clap::ArgAction::Append)]
    jobs: Vec<u32>,
    /// Seed of the generated scenarios
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// The rules to run under: aws, or kueue (the same generated agreement and workload, through
    /// the translation, docs/KUEUE.md)
    #[arg(long, value_enum, default_value_t = RulesArg::Aws)]
    rules: RulesArg,
}

pub fn main(args: Args) -> Result<(), Failure> {
    let sizes = match args.jobs.as_slice() {
        [] => vec![10_000, 100_000, 1_000_000],
        given => given.to_vec(),
    };
    let seed = args.seed;
    println!(
        "{:>10} {:>12} {:>10} {:>14} {:>12}",
        "jobs", "events", "seconds", "events/s", "jobs/s"
    );
    for jobs in sizes {
        let mut scenario = synthetic::scenario(jobs, seed);
        scenario.rules = args.rules.into();
        let started = Instant::now();
        let mut events = 0;
        let finished = run(&scenario, Keep::Everything, 1_000_000_000, &mut |p| {
            events = p.events;
            true
        })
        .ok_or_else(|| Failure::Other("the run was cancelled".into()))?;
        let totals = &finished.summary().totals;
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "{:>10} {:>12} {:>10.3} {:>14.0} {:>12.0}",
            totals.jobs,
            events,
            seconds,
            events as f64 / seconds,
            f64::from(totals.jobs) / seconds
        );
    }
    Ok(())
}
