//! `quotalab sweep SCENARIO.json --param PATH --values LIST [--seeds K] [--out FILE]
//! [--shard i/N]` and `quotalab sweep --list-params SCENARIO.json` (docs/STUDY.md).
//!
//! A study file works too: its first variant is swept, or the one `--variant` names (by its
//! number, 1 for the first as the app's tabs count, or by its name), and its `sweep` and `seeds`
//! are the defaults of `--param`, `--values` and `--seeds`.
//!
//! `--values` is a list (`1,2,4,8`) or a range `FROM..TO:N` (N evenly spaced values, ends
//! included). The table goes to standard output, the sweep JSON to `--out` (default
//! `sweep.json`; `-` for standard output).

use super::compare::seeds;
use crate::args::{number, Args};
use crate::failure::Failure;
use crate::study_run::{execute, shard_option};
use quotalab_engine::study::{
    sweep_parameters, Definition, Document, Sweep, SweepPlan, DEFAULT_SEEDS,
};
use quotalab_engine::Scenario;

pub fn main(args: &[String]) -> Result<(), Failure> {
    let args = Args::parse(
        args,
        &["--list-params"],
        &[
            "--param",
            "--values",
            "--seeds",
            "--out",
            "--shard",
            "--variant",
        ],
    )?;
    let (scenario, preset) = load(
        args.single("scenario or study file (or - for stdin)")?,
        args.values("--variant").last().copied(),
    )?;
    if args.flag("--list-params") {
        print!("{}", list(&scenario));
        return Ok(());
    }
    let param = match args.values("--param").last() {
        Some(p) => p.to_string(),
        None => preset
            .as_ref()
            .map(|(sweep, _)| sweep.param.clone())
            .ok_or_else(|| {
                Failure::Usage(
                    "missing --param PATH; `quotalab sweep --list-params SCENARIO.json` lists them"
                        .into(),
                )
            })?,
    };
    let values = match args.values("--values").last() {
        Some(text) => values(text)?,
        None => preset
            .as_ref()
            .map(|(sweep, _)| sweep.values.clone())
            .ok_or_else(|| Failure::Usage("missing --values (1,2,4,8 or 1..8:5)".into()))?,
    };
    let k = match args.values("--seeds").last() {
        Some(v) => seeds(v)?,
        None => preset.map_or(DEFAULT_SEEDS, |(_, k)| k),
    };
    let plan = SweepPlan::new(scenario, Sweep { param, values }, k);
    let report = plan.validate();
    if let Some(first) = report.errors.first() {
        let all: Vec<&str> = report.errors.iter().map(|d| d.message.as_str()).collect();
        let flag = if first.path.starts_with("sweep.param") {
            "--param"
        } else {
            "--values"
        };
        return Err(Failure::Usage(format!("{flag}: {}", all.join("; "))));
    }
    let spec = shard_option(&args)?;
    execute(
        Definition::Sweep(Box::new(plan)),
        spec,
        args.values("--out").last().copied(),
        "sweep",
    )
}

/// The scenario to sweep, validated; for a study file, the variant `variant` names (the first
/// without it), with the study's sweep (if any) and seeds as defaults for the options.
fn load(path: &str, variant: Option<&str>) -> Result<(Scenario, Option<(Sweep, u32)>), Failure> {
    let (scenario, report, preset) = match super::compare::load(path)? {
        Document::Scenario(_) if variant.is_some() => {
            return Err(Failure::Usage(format!(
                "--variant: {path} is a scenario, not a study; --variant picks a study's variant"
            )));
        }
        Document::Scenario(scenario) => {
            let report = scenario.validate();
            (scenario, report, None)
        }
        Document::Study(mut study) => {
            let report = study.validate();
            if !report.is_valid() || study.variants.is_empty() {
                return Err(Failure::Invalid(report.errors));
            }
            let preset = study.sweep.clone().map(|sweep| (sweep, study.seeds));
            let index = match variant {
                Some(wanted) => variant_index(&study.variants, wanted)?,
                None => 0,
            };
            (study.variants.swap_remove(index), report, preset)
        }
    };
    if !report.is_valid() {
        return Err(Failure::Invalid(report.errors));
    }
    for warning in &report.warnings {
        eprintln!("warning: {warning}");
    }
    Ok((scenario, preset))
}

/// The variant `wanted` names: its number (1 for the first, as the app's tabs V1, V2… count) or
/// its scenario name.
fn variant_index(variants: &[Scenario], wanted: &str) -> Result<usize, Failure> {
    let by_number = wanted
        .trim_start_matches(['V', 'v'])
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=variants.len()).contains(n))
        .map(|n| n - 1);
    by_number
        .or_else(|| variants.iter().position(|v| v.name == wanted))
        .ok_or_else(|| {
            let listed: Vec<String> = variants
                .iter()
                .enumerate()
                .map(|(i, v)| format!("{} \"{}\"", i + 1, v.name))
                .collect();
            Failure::Usage(format!(
                "--variant: the study has no variant \"{wanted}\"; give a number or a name: {}",
                listed.join(", ")
            ))
        })
}

/// `1,2,4,8` or `FROM..TO:N`.
fn values(text: &str) -> Result<Vec<f64>, Failure> {
    if let Some((range, n)) = text.split_once(':') {
        let (from, to) = range
            .split_once("..")
            .ok_or_else(|| Failure::Usage(format!("--values: \"{text}\" is not FROM..TO:N")))?;
        let (from, to): (f64, f64) = (number("--values", from)?, number("--values", to)?);
        let n: usize = number("--values", n)?;
        if n < 2 {
            return Err(Failure::Usage(format!(
                "--values: a range needs at least 2 values, got {n}"
            )));
        }
        return Ok((0..n)
            .map(|i| from + (to - from) * i as f64 / (n - 1) as f64)
            .collect());
    }
    text.split(',')
        .map(|v| number("--values", v.trim()))
        .collect()
}

fn list(scenario: &Scenario) -> String {
    sweep_parameters(scenario)
        .iter()
        .map(|p| {
            let current = p.current.map_or("unset".into(), |c| c.to_string());
            format!(
                "{}\t{}\tnow {current}\ttry {}..{}\n",
                p.path, p.label, p.suggested_range.0, p.suggested_range.1
            )
        })
        .collect()
}
