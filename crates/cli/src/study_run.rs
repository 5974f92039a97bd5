//! Running a study's or sweep's units on all cores, and writing what a run produces: the
//! samples of one shard, or the summary (a table for people, JSON for programs).
//!
//! `compare`, `sweep` and `merge` all end here, so a sharded run merged later writes exactly
//! what an unsharded run writes. Units run in parallel (rayon), but rayon's `collect` keeps them
//! in unit order and the engine sorts samples by unit anyway, so the output does not depend on
//! the number of threads (`RAYON_NUM_THREADS`).

use crate::failure::Failure;
use crate::output::{write_output, write_table_and_json};
use crate::study_table;
use quotalab_engine::result::numbers::{count, counted};
use quotalab_engine::study::{
    run_sample, shard, Definition, Runner, Sample, SampleSet, ShardSpec, Summary, Unit, UnitSample,
};
use quotalab_engine::Scenario;
use rayon::prelude::*;
use std::time::Instant;

/// Runs the definition's units (only shard `spec`'s, if given) and writes the result to `out`
/// (`-` for standard output; by default `<kind>.json`, or `<kind>.shard-<i>-of-<N>.json`).
pub fn execute(
    definition: Definition,
    spec: Option<ShardSpec>,
    out: Option<&str>,
    kind: &str,
) -> Result<(), Failure> {
    let all = definition.units();
    let units = match spec {
        Some(s) => shard(&all, s.index, s.count).map_err(|e| Failure::Usage(e.to_string()))?,
        None => all.clone(),
    };
    let started = Instant::now();
    let (samples, made) = run_units(&definition, &units)?;
    eprintln!(
        "quotalab: {} in {:.2} s on {}{}",
        ran_words(made, units.len(), all.len()),
        started.elapsed().as_secs_f64(),
        counted(rayon::current_num_threads() as u64, "thread"),
        stood_in(units.len() - made)
    );
    match spec {
        Some(s) => write_shard(
            &SampleSet::new(definition, spec, samples).to_json(),
            s,
            out,
            kind,
        ),
        None => finish(&definition, &samples, out, kind),
    }
}

/// The samples of `units` of `definition`, on all cores, in unit order, and how many runs were
/// made: a scenario that draws nothing at random runs once and stands in for its other seeds
/// (`Definition::runs_to_make`).
pub fn run_units(
    definition: &Definition,
    units: &[Unit],
) -> Result<(Vec<UnitSample>, usize), Failure> {
    definition
        .run_on(units, &Parallel)
        .map_err(|e| Failure::Usage(e.to_string()))
}

/// Runs a batch of simulations on all cores, in batch order: a study's runs and an advisor
/// round's.
pub struct Parallel;

impl Runner for Parallel {
    fn run(&self, batch: &[(&Scenario, u64)]) -> Vec<Sample> {
        batch
            .par_iter()
            .map(|(s, seed)| run_sample(s, *seed))
            .collect()
    }
}

/// "ran 40 of 40 runs", or "made 2 runs for 40 of 40" when some stood in for others.
fn ran_words(made: usize, units: usize, all: usize) -> String {
    let of_all = format!("{units} of {}", counted(all as u64, "run"));
    if made == units {
        return format!("ran {of_all}");
    }
    format!("made {} for {of_all}", counted(made as u64, "run"))
}

/// "; the other 38 are those runs at other seeds, …", or nothing when every run was made.
fn stood_in(others: usize) -> String {
    if others == 0 {
        return String::new();
    }
    format!(
        "; the other {} those runs at other seeds, as their scenarios draw nothing at random",
        if others == 1 {
            "1 is".to_string()
        } else {
            format!("{} are", count(others as u64))
        }
    )
}

/// Writes a shard's file to `out` (default `<kind>.shard-<i>-of-<N>.json`) and says how to
/// join the shards.
pub fn write_shard(json: &str, s: ShardSpec, out: Option<&str>, kind: &str) -> Result<(), Failure> {
    let default = format!("{kind}.shard-{}-of-{}.json", s.index, s.count);
    let path = out.unwrap_or(&default);
    write_output(Some(path), &(json.to_string() + "\n"))?;
    if path != "-" {
        eprintln!(
            "quotalab: wrote shard {}/{} to {path}; join the shards with `quotalab merge`",
            s.index, s.count
        );
    }
    Ok(())
}

/// Summarises complete samples: the table on standard output (standard error when the JSON goes
/// to standard output) and the JSON to `out` (default `<kind>.json`).
pub fn finish(
    definition: &Definition,
    samples: &[UnitSample],
    out: Option<&str>,
    kind: &str,
) -> Result<(), Failure> {
    let summary = definition
        .summarize(samples)
        .map_err(|e| Failure::Other(e.to_string()))?;
    let table = match (&summary, definition) {
        (Summary::Comparison(c), Definition::Compare(study)) => {
            let labels = study_table::rule_labels(&study.variants);
            let mut table = study_table::comparison(c, labels.as_deref());
            if let Some(teams) = &c.rules_differences {
                table.push_str(&study_table::rules_differences(teams));
            }
            table
        }
        (Summary::Comparison(c), Definition::Sweep(_)) => study_table::comparison(c, None),
        (Summary::Sweep(s), _) => study_table::sweep(s),
    };
    let default = format!("{kind}.json");
    write_table_and_json(&table, &summary.to_json_pretty(), out.unwrap_or(&default))
}
