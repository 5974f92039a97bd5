//! `quotalab sweep SCENARIO.json --param PATH --values LIST [--seeds K] [-o FILE]
//! [--shard i/N]` and `quotalab sweep --list-params SCENARIO.json` (docs/STUDY.md).
//!
//! A study file works too: its first variant is swept, or the one `--variant` names (by its
//! number, 1 for the first as the app's tabs count, or by its name), and its `sweep` and `seeds`
//! are the defaults of `--param`, `--values` and `--seeds`.
//!
//! `--values` is a list (`1,2,4,8`) or a range `FROM..TO:N` (N evenly spaced values, ends
//! included). The table goes to standard output, the sweep JSON to `-o` (default
//! `sweep.json`; `-` for standard output).

use crate::args::StudyOptions;
use crate::failure::Failure;
use crate::study_run::execute;
use quotalab_engine::study::{
    sweep_parameters, Definition, Document, Sweep, SweepPlan, DEFAULT_SEEDS,
};
use quotalab_engine::Scenario;

/// Run one parameter at several values, K seeds each; a table, and the sweep JSON
///
/// PATH is a field of the scenario (`capacity[0].count`, `quota_shares[1].borrow_limit`); --list-params
/// prints the ones worth sweeping. A study file works too: its first variant is swept (or the one
/// --variant names), and its sweep and seeds are the defaults (docs/STUDY.md).
#[derive(clap::Args)]
#[command(
    mut_arg("output", |a| a.help("Write the sweep JSON (or a shard's samples) to FILE; - for stdout [default: sweep.json]")),
    after_help = "Examples:\n  quotalab sweep --list-params scenario.json\n  \
                  quotalab sweep scenario.json --param 'capacity[0].count' --values 1..6:6 --seeds 20\n  \
                  quotalab sweep study.json --variant 2 --shard 0/4 -o part0.json"
)]
pub struct Args {
    /// The scenario or study file, or - to read standard input
    #[arg(value_name = "SCENARIO.json")]
    file: String,
    /// Print the parameters worth sweeping (path, label, current value, a range to try) and stop
    #[arg(long)]
    list_params: bool,
    /// The field to sweep, as a path into the scenario [default: the study file's sweep]
    #[arg(long, value_name = "PATH")]
    param: Option<String>,
    /// The values: a list 1,2,4,8 or a range FROM..TO:N (N values, ends included)
    #[arg(long, value_name = "LIST", allow_hyphen_values = true)]
    values: Option<String>,
    /// For a study file, the variant to sweep: its number (1 for the first) or its name
    #[arg(long, value_name = "N|NAME")]
    variant: Option<String>,
    #[command(flatten)]
    study: StudyOptions,
}

pub fn main(args: Args) -> Result<(), Failure> {
    let (scenario, preset) = load(&args.file, args.variant.as_deref())?;
    if args.list_params {
        print!("{}", list(&scenario));
        return Ok(());
    }
    let param = match args.param {
        Some(p) => p,
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
    let values = match &args.values {
        Some(text) => values(text)?,
        None => preset
            .as_ref()
            .map(|(sweep, _)| sweep.values.clone())
            .ok_or_else(|| Failure::Usage("missing --values (1,2,4,8 or 1..8:5)".into()))?,
    };
    let k = match args.study.seeds()? {
        Some(k) => k,
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
    execute(
        Definition::Sweep(Box::new(plan)),
        args.study.shard()?,
        args.study.output.output.as_deref(),
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
        let (from, to): (f64, f64) = (number(from)?, number(to)?);
        let n: usize = number(n)?;
        if n < 2 {
            return Err(Failure::Usage(format!(
                "--values: a range needs at least 2 values, got {n}"
            )));
        }
        return Ok((0..n)
            .map(|i| from + (to - from) * i as f64 / (n - 1) as f64)
            .collect());
    }
    text.split(',').map(|v| number(v.trim())).collect()
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

/// One number of `--values`, naming the flag when it is not one.
fn number<T: std::str::FromStr>(value: &str) -> Result<T, Failure> {
    value
        .parse()
        .map_err(|_| Failure::Usage(format!("--values expects a number, got \"{value}\"")))
}
