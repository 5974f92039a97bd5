//! `quotalab compare A.json B.json ... | STUDY.json [--seeds K] [--threshold H] [--out FILE]
//! [--shard i/N]`: run every variant with the same K seeds and compare them (docs/STUDY.md).
//!
//! Several scenario files become a study's variants, the first the baseline; one file may
//! instead be a study document. The table goes to standard output, the comparison JSON to
//! `--out` (default `compare.json`; `-` for standard output). With `--shard i/N` only that
//! shard's runs happen and their samples go to `--out` for `quotalab merge`.

use crate::args::{number, Args};
use crate::failure::Failure;
use crate::input::{invalid, read_text};
use crate::study_run::{execute, shard_option};
use quotalab_engine::study::{Definition, Document, Study, MAX_SEEDS};
use quotalab_engine::{Diagnostic, Scenario};

pub fn main(args: &[String]) -> Result<(), Failure> {
    let args = Args::parse(args, &[], &["--seeds", "--threshold", "--out", "--shard"])?;
    let files = args.all();
    let mut study = match files {
        [] => {
            return Err(Failure::Usage(
                "missing scenario files (two to six) or one study file".into(),
            ))
        }
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
    if let Some(k) = args.values("--seeds").last() {
        study.seeds = seeds(k)?;
    }
    if let Some(h) = args.values("--threshold").last() {
        study.wait_threshold_h = number("--threshold", h)?;
        if !(study.wait_threshold_h.is_finite() && study.wait_threshold_h > 0.0) {
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
    let spec = shard_option(&args)?;
    execute(
        Definition::Compare(study),
        spec,
        args.values("--out").last().copied(),
        "compare",
    )
}

/// `--seeds K`, 1 to 200.
pub fn seeds(value: &str) -> Result<u32, Failure> {
    let k: u32 = number("--seeds", value)?;
    if (1..=MAX_SEEDS).contains(&k) {
        Ok(k)
    } else {
        Err(Failure::Usage(format!(
            "--seeds must be 1 to {MAX_SEEDS}, got {k}"
        )))
    }
}

/// A scenario or study file, parsed (not validated); errors name the file.
pub fn load(path: &str) -> Result<Document, Failure> {
    Document::parse_json(&read_text(path)?).map_err(|e| in_file(path, invalid(&e)))
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
