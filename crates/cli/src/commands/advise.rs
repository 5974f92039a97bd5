//! `quotalab advise SCENARIO.json|STUDY.json --target SHARE:KPI<=V ... [--budget [SHARE:]AMOUNT]
//! [--vary limits,strategy,...|nominal_quota,...] [--max-capacity TYPE=N] [--seeds K] [--seed S] [--starts R]
//! [--max-simulations N] [-o|--out FILE] [--shard i/N]`: propose agreements that meet the
//! targets (docs/ADVISOR.md).
//!
//! A study file with an `advise` field supplies the targets and knobs (its first variant is the
//! current agreement); options given here replace the study's. The search itself is the
//! engine's (`study::advise`); this file reads options, runs the starts on all cores and writes
//! the advice (a table on standard output, JSON to `--out`, default `advice.json`) or, with
//! `--shard i/N`, the shard's parts for `quotalab merge`.

use super::compare::load;
use crate::args::StudyOptions;
use crate::failure::Failure;
use crate::output::write_table_and_json;
use crate::study_run::{write_shard, Parallel};
use quotalab_engine::result::numbers::counted;
use quotalab_engine::study::advise::{
    merge_parts, Advice, AdviceParts, AdvicePlan, AdviseSpec, Budget, CapacityMax, Knob, Met,
    StartOutcome,
};
use quotalab_engine::study::{Document, Estimate};
use rayon::prelude::*;
use std::time::Instant;

/// Propose agreements that meet per-team targets, with evidence
///
/// Searches the knobs (`--vary`) for agreements whose every target holds over K common seeds,
/// and writes at most five proposals, the Pareto front of cost against the worst target's margin
/// (docs/ADVISOR.md). A study file's `advise` field supplies targets and knobs; options given
/// here replace the study's.
#[derive(clap::Args)]
#[command(
    mut_arg("output", |a| a.help("Write the advice JSON to FILE; - for stdout [default: advice.json]")),
    after_help = "Examples:\n  quotalab advise scenario.json --target 'nlp:completion_p90_h<=24' \\\n    --target 'rl:lost_accelerator_h<=10' --vary limits,borrow_limit --seeds 10\n  quotalab advise study.json --shard 0/4 -o part0.json"
)]
pub struct Args {
    /// The current agreement: a scenario, or a study whose first variant it is; - for stdin
    #[arg(value_name = "SCENARIO.json|STUDY.json")]
    file: String,
    /// A target SHARE:KPI<=VALUE or SHARE:KPI>=VALUE (`*` for every share; under Kueue's rules
    /// SHARE is a ClusterQueue); may be repeated
    #[arg(long, value_name = "SHARE:KPI<=V")]
    target: Vec<String>,
    /// A budget on the total cost, or SHARE:AMOUNT on one share's; may be repeated
    #[arg(long, value_name = "[SHARE:]AMOUNT")]
    budget: Vec<String>,
    /// What may change, comma-separated. AWS Batch: limits, strategy, borrow_limit,
    /// in_share_preemption, capacity, preferences; Kueue: nominal_quota, borrowing_limit,
    /// lending_limit, reclaim_within_cohort, within_cluster_queue [default: the study's, else
    /// the scenario's rules' terms: limits, strategy, borrow_limit, in_share_preemption, or every
    /// Kueue knob]
    #[arg(long, value_name = "KNOB,...")]
    vary: Option<String>,
    /// With the capacity knob: the most instances of a type the search may have; may be repeated
    #[arg(long, value_name = "TYPE=N")]
    max_capacity: Vec<String>,
    /// Seeds the search itself (which starts and steps it tries)
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Independent starts of the local search
    #[arg(long, value_name = "R", value_parser = clap::value_parser!(u32).range(1..))]
    starts: Option<u32>,
    /// The most simulations the whole search may run
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    max_simulations: Option<u32>,
    #[command(flatten)]
    study: StudyOptions,
}

pub fn main(args: Args) -> Result<(), Failure> {
    let plan = plan(&args)?;
    let report = plan.validate();
    for warning in &report.warnings {
        eprintln!("warning: {warning}");
    }
    if !report.is_valid() {
        return Err(Failure::Invalid(report.errors));
    }
    let spec = args.study.shard()?;
    let units = plan
        .shard_units(spec)
        .map_err(|e| Failure::Usage(e.to_string()))?;
    let out = args.study.output.output.as_deref();
    let started = Instant::now();
    let outcomes: Vec<StartOutcome> = units
        .par_iter()
        .flat_map(|u| plan.run(std::slice::from_ref(u), &Parallel))
        .collect();
    eprintln!(
        "quotalab: ran {} of {} ({}) in {:.2} s on {}",
        units.len(),
        counted(plan.starts() as u64, "start"),
        counted(
            outcomes.iter().map(|o| o.simulations).sum::<u64>(),
            "simulation"
        ),
        started.elapsed().as_secs_f64(),
        counted(rayon::current_num_threads() as u64, "thread")
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
    let advice = super::merge::parse_and_join(texts, AdviceParts::parse_json, merge_parts)?;
    finish(&advice, out)
}

/// The advice's table and its JSON, to `out` (default `advice.json`).
fn finish(advice: &Advice, out: Option<&str>) -> Result<(), Failure> {
    let path = out.unwrap_or("advice.json");
    write_table_and_json(&table(advice), &advice.to_json_pretty(), path)
}

/// The plan: the study's `advise` field (if the file is a study) with the options on top.
fn plan(args: &Args) -> Result<AdvicePlan, Failure> {
    let file = &args.file;
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
    if !args.target.is_empty() {
        plan.advise.targets = args.target.clone();
    }
    if !args.budget.is_empty() {
        plan.advise.budgets = args
            .budget
            .iter()
            .map(|b| Budget::parse(b).map_err(|e| Failure::Usage(format!("--budget: {e}"))))
            .collect::<Result<_, _>>()?;
    }
    if let Some(vary) = &args.vary {
        plan.advise.vary = Some(knobs(vary)?);
    }
    if !args.max_capacity.is_empty() {
        plan.advise.capacity_max = args
            .max_capacity
            .iter()
            .map(|m| capacity_max(m))
            .collect::<Result<_, _>>()?;
    }
    if let Some(k) = args.study.seeds()? {
        plan.seeds = k;
    }
    if let Some(s) = args.seed {
        plan.advise.seed = Some(s);
    }
    if let Some(s) = args.starts {
        plan.advise.starts = Some(s);
    }
    if let Some(n) = args.max_simulations {
        plan.advise.max_simulations = Some(n);
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
    let count = n.trim().parse().map_err(|_| {
        Failure::Usage(format!(
            "--max-capacity: \"{n}\" in \"{text}\" is not a whole number of instances"
        ))
    })?;
    Ok(CapacityMax {
        instance_type: t.trim().to_string(),
        count,
    })
}

/// The advice for people: the current agreement, then each proposal's changes and targets.
fn table(advice: &Advice) -> String {
    let mut out = format!(
        "{}: {} ({} over {})\n",
        advice.name,
        if advice.feasible {
            "an agreement meets every target"
        } else {
            "no agreement found meets every target"
        },
        counted(advice.search.simulations, "simulation"),
        counted(advice.seeds.len() as u64, "seed")
    );
    let estimate = |e: &Option<Estimate>| {
        e.map_or("n/a".into(), |e| {
            format!("{:.3} ({:.3} to {:.3})", e.mean, e.lo, e.hi)
        })
    };
    let targets = |a: &quotalab_engine::study::advise::advice::Assessment| {
        let targets = a.targets.iter().map(|t| {
            let met = match t.met {
                Met::Yes => "met",
                Met::Likely => "likely",
                Met::No => "missed",
            };
            format!("    {:<40} {:<32} {met}\n", t.target, estimate(&t.estimate))
        });
        // The other teams' side of it, measured but not targeted.
        let others = a.others.iter().map(|o| {
            let measure = format!("{}:{}", o.share, o.kpi.name());
            format!(
                "    {measure:<40} {:<32} (no target)\n",
                estimate(&o.estimate)
            )
        });
        targets.chain(others).collect::<String>()
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
