//! `quotalab bench`: engine throughput on generated scenarios (`quotalab_engine::synthetic`),
//! printing events and jobs per second. The figures go in crates/engine/BENCHMARKS.md.

use crate::args::{number, Args};
use crate::failure::Failure;
use quotalab_engine::{simulate_with_progress, synthetic};
use std::time::Instant;

pub fn main(args: &[String]) -> Result<(), Failure> {
    let args = Args::parse(args, &[], &["--jobs", "--seed"])?;
    let sizes: Vec<u32> = match args.values("--jobs").as_slice() {
        [] => vec![10_000, 100_000, 1_000_000],
        given => given
            .iter()
            .map(|v| number("--jobs", v))
            .collect::<Result<_, _>>()?,
    };
    let seed = args
        .values("--seed")
        .first()
        .map(|v| number("--seed", v))
        .transpose()?
        .unwrap_or(1);
    println!(
        "{:>10} {:>12} {:>10} {:>14} {:>12}",
        "jobs", "events", "seconds", "events/s", "jobs/s"
    );
    for jobs in sizes {
        let scenario = synthetic::scenario(jobs, seed);
        let started = Instant::now();
        let mut events = 0;
        let result = simulate_with_progress(&scenario, 1_000_000_000, &mut |p| {
            events = p.events;
            true
        })
        .ok_or_else(|| Failure::Other("the run was cancelled".into()))?;
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "{:>10} {:>12} {:>10.3} {:>14.0} {:>12.0}",
            result.totals.jobs,
            events,
            seconds,
            events as f64 / seconds,
            f64::from(result.totals.jobs) / seconds
        );
    }
    Ok(())
}
