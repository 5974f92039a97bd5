//! `quotalab compare A.json B.json ... | STUDY.json [--seeds K] [--threshold H] [-o FILE]
//! [--shard i/N]`: run every variant with the same K seeds and compare them (docs/STUDY.md).
//!
//! Several scenario files become a study's variants, the first the baseline; one file may
//! instead be a study document. The table goes to standard output, the comparison JSON to
//! `-o` (default `compare.json`; `-` for standard output). With `--shard i/N` only that
//! shard's runs happen and their samples go to `-o` for `quotalab merge`.

use crate::args::StudyOptions;
use crate::failure::Failure;
use crate::input::read_document;
use crate::study_run::execute;
use quotalab_engine::study::{Definition, Document, Study, DEFAULT_WAIT_THRESHOLD_H};
use quotalab_engine::{Diagnostic, Scenario};

/// Run 2-6 variants (or one study file) with the same seeds; a table, and the comparison JSON
///
/// Every variant runs K times, seed for seed the same, so their differences are the variants'
/// and not luck: the table shows each KPI's mean, 90% interval and paired difference from the
/// first variant, the baseline. docs/STUDY.md explains the numbers.
#[derive(clap::Args)]
#[command(
    mut_arg("output", |a| a.help("Write the comparison JSON (or a shard's samples) to FILE; - for stdout [default: compare.json]")),
    after_help = "Examples:\n  quotalab compare today.json proposal.json --seeds 20\n  \
                  quotalab compare study.json -o - | jq .changes\n  \
                  quotalab compare a.json b.json --shard 0/4 -o part0.json"
)]
pub struct Args {
    /// Two to six scenario files (the first is the baseline), or one study file
    #[arg(value_name = "FILE", required = true)]
    files: Vec<String>,
    #[arg(long, value_name = "H", allow_negative_numbers = true, help = threshold_help())]
    threshold: Option<f64>,
    #[command(flatten)]
    study: StudyOptions,
}

pub fn main(args: Args) -> Result<(), Failure> {
    let files: Vec<&str> = args.files.iter().map(String::as_str).collect();
    let files = files.as_slice();
    let mut study = match files {
        [one] => match load(one)? {
            Document::Study(study) => study,
            Document::Scenario(_) => {
                return Err(Failure::Usage(format!(
                "{one} is one scenario; compare needs two to six scenario files or one study file"
            )))
            }
        },
        many => Study::new(
            title(many),
            many.iter().map(|f| scenario(f)).collect::<Result<_, _>>()?,
        ),
    };
    if let Some(k) = args.study.seeds()? {
        study.seeds = k;
    }
    if let Some(h) = args.threshold {
        study.wait_threshold_h = h;
        if !(h.is_finite() && h > 0.0) {
            return Err(Failure::Usage(format!(
                "--threshold must be a positive number of hours, got {h}"
            )));
        }
    }
    if files.len() > 1 {
        rename_duplicates(&mut study, files);
    }
    let report = study.validate();
    for warning in &report.warnings {
        eprintln!("warning: {warning}");
    }
    if !report.is_valid() {
        return Err(Failure::Invalid(
            report
                .errors
                .into_iter()
                .map(|d| by_file(d, files))
                .collect(),
        ));
    }
    execute(
        Definition::Compare(study),
        args.study.shard()?,
        args.study.output.output.as_deref(),
        "compare",
    )
}

fn threshold_help() -> String {
    format!(
        "T of the KPI P(wait < T), in hours \
         [default: the study file's, else {DEFAULT_WAIT_THRESHOLD_H}]"
    )
}

/// A scenario or study file, parsed (not validated); errors name the file.
pub fn load(path: &str) -> Result<Document, Failure> {
    read_document(path).map_err(|failure| in_file(path, failure))
}

fn scenario(path: &str) -> Result<Scenario, Failure> {
    match load(path)? {
        Document::Scenario(s) => Ok(s),
        Document::Study(_) => Err(Failure::Usage(format!(
            "{path} is a study; give either scenario files or one study file"
        ))),
    }
}

/// Errors of one of several files, each prefixed with the file's name.
fn in_file(path: &str, failure: Failure) -> Failure {
    match failure {
        Failure::Invalid(list) => Failure::Invalid(
            list.into_iter()
                .map(|d| Diagnostic {
                    path: if d.path.is_empty() {
                        path.to_string()
                    } else {
                        format!("{path}: {}", d.path)
                    },
                    ..d
                })
                .collect(),
        ),
        other => other,
    }
}

/// With several scenario files, `variants[i].path` reads better as `FILE: path`.
fn by_file(d: Diagnostic, files: &[&str]) -> Diagnostic {
    let within = d.path.strip_prefix("variants[").and_then(|rest| {
        let (i, rest) = rest.split_once(']')?;
        Some((
            files.get(i.parse::<usize>().ok()?)?,
            rest.trim_start_matches('.'),
        ))
    });
    match within {
        Some((file, rest)) if files.len() > 1 => Diagnostic {
            path: if rest.is_empty() {
                file.to_string()
            } else {
                format!("{file}: {rest}")
            },
            ..d.clone()
        },
        _ => d,
    }
}

fn title(files: &[&str]) -> String {
    files
        .iter()
        .map(|f| stem(f))
        .collect::<Vec<_>>()
        .join(" vs ")
}

fn stem(path: &str) -> &str {
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    name.strip_suffix(".json").unwrap_or(name)
}

/// Two files with the same scenario name (a copy edited in place) are told apart by file name.
fn rename_duplicates(study: &mut Study, files: &[&str]) {
    let mut seen: Vec<String> = Vec::new();
    for (variant, file) in study.variants.iter_mut().zip(files) {
        if seen.contains(&variant.name) {
            let renamed = format!("{} ({})", variant.name, stem(file));
            eprintln!(
                "warning: {file} has the same name as an earlier file; calling it \"{renamed}\""
            );
            variant.name = renamed;
        }
        seen.push(variant.name.clone());
    }
}
