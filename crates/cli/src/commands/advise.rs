//! `quotalab advise SCENARIO.json|STUDY.json --target SHARE:KPI<=V ... [--budget [SHARE:]AMOUNT]
//! [--vary limits,strategy,...] [--max-capacity TYPE=N] [--seeds K] [--seed S] [--starts R]
//! [--max-simulations N] [-o|--out FILE] [--shard i/N]`: propose agreements that meet the
//! targets (docs/ADVISOR.md).
//!
//! A study file with an `advise` field supplies the targets and knobs (its first variant is the
//! current agreement); options given here replace the study's. The search itself is the
//! engine's (`study::advise`); this file reads options, runs the starts on all cores and writes
//! the advice (a table on standard output, JSON to `--out`, default `advice.json`) or, with
//! `--shard i/N`, the shard's parts for `quotalab merge`.

use super::compare::{load, seeds};
use crate::args::{number, Args};
use crate::commands::import::write_output;
use crate::failure::Failure;
use crate::study_run::{shard_option, write_shard};
use quotalab_engine::study::advise::{
    merge_parts, Advice, AdviceParts, AdvicePlan, AdviseSpec, Budget, CapacityMax, Knob, Met,
    Runner, StartOutcome,
};
use quotalab_engine::study::{run_sample, Document, Sample};
use quotalab_engine::Scenario;
use rayon::prelude::*;
use std::time::Instant;

/// Runs a batch of simulations on all cores, in batch order.
struct Parallel;

impl Runner for Parallel {
    fn run(&self, batch: &[(&Scenario, u64)]) -> Vec<Sample> {
        batch
            .par_iter()
            .map(|(s, seed)| run_sample(s, *seed))
            .collect()
    }
}

pub fn main(args: &[String]) -> Result<(), Failure> {
    let args = Args::parse(
        args,
        &[],
        &[
            "--target",
            "--budget",
            "--vary",
            "--max-capacity",
            "--seeds",
            "--seed",
            "--starts",
            "--max-simulations",
            "--out",
            "-o",
            "--shard",
        ],
    )?;
    let plan = plan(&args)?;
    let report = plan.validate();
    for warning in &report.warnings {
        eprintln!("warning: {warning}");
    }
    if !report.is_valid() {
        return Err(Failure::Invalid(report.errors));
    }
    let spec = shard_option(&args)?;
    let units = plan
        .shard_units(spec)
        .map_err(|e| Failure::Usage(e.to_string()))?;
    let out = args
        .values("--out")
        .into_iter()
        .chain(args.values("-o"))
        .last();
    let started = Instant::now();
    let outcomes: Vec<StartOutcome> = units
        .par_iter()
        .flat_map(|u| plan.run(std::slice::from_ref(u), &Parallel))
        .collect();
    eprintln!(
        "quotalab: ran {} of {} starts ({} simulations) in {:.2} s on {} threads",
        units.len(),
        plan.starts(),
        outcomes.iter().map(|o| o.simulations).sum::<u64>(),
        started.elapsed().as_secs_f64(),
        rayon::current_num_threads()
    );
    match spec {
        Some(s) => write_shard(
            &AdviceParts::new(plan, spec, outcomes).to_json(),
            s,
            out,
            "advise",
        ),
        None => {
            let advice = plan
                .summarize(&outcomes)
                .map_err(|e| Failure::Other(e.to_string()))?;
            finish(&advice, out)
        }
    }
}

/// `quotalab merge` of advise shards: the advice the unsharded command writes.
pub fn merge(texts: &[(&str, String)], out: Option<&str>) -> Result<(), Failure> {
    let parts = texts
        .iter()
        .map(|(f, text)| {
            AdviceParts::parse_json(text).map_err(|e| Failure::Other(format!("{f}: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let advice = merge_parts(parts).map_err(|e| Failure::Other(format!("cannot merge: {e}")))?;
    finish(&advice, out)
}

/// The table to standard output (standard error when the JSON goes to standard output), the
/// JSON to `out` (default `advice.json`).
fn finish(advice: &Advice, out: Option<&str>) -> Result<(), Failure> {
    let path = out.unwrap_or("advice.json");
    let text = table(advice);
    if path == "-" {
        eprint!("{text}");
    } else {
        print!("{text}");
    }
    write_output(Some(path), &(advice.to_json_pretty() + "\n"))?;
    if path != "-" {
        eprintln!("quotalab: wrote {path}");
    }
    Ok(())
}

/// The plan: the study's `advise` field (if the file is a study) with the options on top.
fn plan(args: &Args) -> Result<AdvicePlan, Failure> {
    let file = args.single("scenario or study file (or - for stdin)")?;
    let mut plan = match load(file)? {
        Document::Scenario(scenario) => AdvicePlan::new(scenario, AdviseSpec::new(Vec::new())),
        Document::Study(study) => {
            let preset = AdvicePlan::from_study(&study);
            let scenario = study
                .variants
                .into_iter()
                .next()
                .ok_or_else(|| Failure::Usage(format!("{file} is a study without variants")))?;
            preset.unwrap_or_else(|| AdvicePlan::new(scenario, AdviseSpec::new(Vec::new())))
        }
    };
    let targets: Vec<String> = args
        .values("--target")
        .iter()
        .map(|t| t.to_string())
        .collect();
    if !targets.is_empty() {
        plan.advise.targets = targets;
    }
    let budgets = args.values("--budget");
    if !budgets.is_empty() {
        plan.advise.budgets = budgets
            .iter()
            .map(|b| Budget::parse(b).map_err(|e| Failure::Usage(format!("--budget: {e}"))))
            .collect::<Result<_, _>>()?;
    }
    if let Some(vary) = args.values("--vary").last() {
        plan.advise.vary = knobs(vary)?;
    }
    let maxima = args.values("--max-capacity");
    if !maxima.is_empty() {
        plan.advise.capacity_max = maxima
            .iter()
            .map(|m| capacity_max(m))
            .collect::<Result<_, _>>()?;
    }
    if let Some(k) = args.values("--seeds").last() {
        plan.seeds = seeds(k)?;
    }
    if let Some(s) = args.values("--seed").last() {
        plan.advise.seed = Some(number("--seed", s)?);
    }
    if let Some(s) = args.values("--starts").last() {
        plan.advise.starts = Some(positive("--starts", s)?);
    }
    if let Some(n) = args.values("--max-simulations").last() {
        plan.advise.max_simulations = Some(positive("--max-simulations", n)?);
    }
    if plan.advise.targets.is_empty() && plan.advise.budgets.is_empty() {
        return Err(Failure::Usage(
            "missing --target SHARE:KPI<=VALUE (e.g. --target 'nlp:completion_p90_h<=24'; * for every share)".into(),
        ));
    }
    for (i, t) in plan.advise.targets.iter().enumerate() {
        quotalab_engine::study::advise::Target::parse(t)
            .map_err(|e| Failure::Usage(format!("--target {}: {e}", i + 1)))?;
    }
    Ok(plan)
}

fn positive(name: &str, value: &str) -> Result<u32, Failure> {
    let n: u32 = number(name, value)?;
    if n == 0 {
        return Err(Failure::Usage(format!("{name} must be at least 1")));
    }
    Ok(n)
}

/// `limits,strategy,...`.
fn knobs(text: &str) -> Result<Vec<Knob>, Failure> {
    text.split(',')
        .map(|k| {
            Knob::from_name(k).ok_or_else(|| {
                let names: Vec<String> = Knob::ALL.iter().map(|k| k.name()).collect();
                Failure::Usage(format!(
                    "--vary: \"{}\" is not a knob; use {}",
                    k.trim(),
                    names.join(",")
                ))
            })
        })
        .collect()
}

/// `TYPE=N`.
fn capacity_max(text: &str) -> Result<CapacityMax, Failure> {
    let (t, n) = text.split_once('=').ok_or_else(|| {
        Failure::Usage(format!(
            "--max-capacity: \"{text}\" is not TYPE=N (e.g. ml.g5.xlarge=8)"
        ))
    })?;
    Ok(CapacityMax {
        instance_type: t.trim().to_string(),
        count: number("--max-capacity", n.trim())?,
    })
}

/// The advice for people: the current agreement, then each proposal's changes and targets.
fn table(advice: &Advice) -> String {
    let mut out = format!(
        "{}: {} ({} simulations over {} seeds)\n",
        advice.name,
        if advice.feasible {
            "an agreement meets every target"
        } else {
            "no agreement found meets every target"
        },
        advice.search.simulations,
        advice.seeds.len()
    );
    let targets = |a: &quotalab_engine::study::advise::advice::Assessment| {
        a.targets
            .iter()
            .map(|t| {
                let value = t.estimate.map_or("n/a".into(), |e| {
                    format!("{:.3} ({:.3} to {:.3})", e.mean, e.lo, e.hi)
                });
                let met = match t.met {
                    Met::Yes => "met",
                    Met::Likely => "likely",
                    Met::No => "missed",
                };
                format!("    {:<40} {value:<32} {met}\n", t.target)
            })
            .collect::<String>()
    };
    out += &format!(
        "\ncurrent agreement: cost {:.2} {}\n{}",
        advice.current.cost.mean,
        advice.currency,
        targets(&advice.current)
    );
    for (i, p) in advice.proposals.iter().enumerate() {
        out += &format!(
            "\nproposal {}: cost {:.2} {}, worst margin {:+.1}%\n",
            i + 1,
            p.assessment.cost.mean,
            advice.currency,
            100.0 * p.assessment.worst_margin
        );
        for c in &p.changes {
            out += &format!("  {}\n", c.words);
        }
        out += &targets(&p.assessment);
    }
    if let Some(b) = &advice.binding {
        out += &format!("\nbinding: {}\n", b.words);
    }
    out
}
