//! `quotalab import FORMAT PATH... [options] [-o OUT.json]`: a trace (philly, alibaba, swf) or
//! exported configuration (aws, kueue) in, a scenario JSON out. The import's report (bad rows
//! with file and line, skipped rows, notes) goes to stderr. A directory PATH stands for the files
//! in it that the format reads.

use crate::failure::Failure;
use quotalab_engine::{Diagnostic, Severity};
use quotalab_interop::traces::{
    self, ImportError, ImportOptions, Sampling, ShareBy, TraceFile, TraceFormat,
};
use quotalab_interop::validated::Rejected;
use std::path::{Path, PathBuf};

pub const USAGE: &str = "\
  quotalab import philly|alibaba|swf PATH... [--from-h H] [--to-h H] [--sample N | --fraction F]
                  [--seed S] [--teams N] [--gpus-per-node N] [--share-by queue|group|user]
                  [--catalog MODEL=TYPE,...] [--name NAME] [--capacity N (swf)] [--keep-going]
                  [-o OUT.json]              a trace as a scenario (PATH may be a directory)
  quotalab import aws DIR|BUNDLE.json [--keep-going] [-o OUT.json]
  quotalab import kueue FILE.yaml [--keep-going] [-o OUT.json]
                                             exported configuration back to a scenario
  An import that does not validate exits 2 with its errors and writes nothing; --keep-going
  writes it anyway and lists the problems (and skips bad trace rows).";

const FLAGS: &[&str] = &["--keep-going"];
const VALUED: &[&str] = &[
    "--from-h",
    "--to-h",
    "--sample",
    "--fraction",
    "--seed",
    "--teams",
    "--gpus-per-node",
    "--share-by",
    "--catalog",
    "--name",
    "--capacity",
    "-o",
    "--output",
];

/// Positional arguments and options; several positionals are allowed (trace files).
pub(crate) struct Parsed {
    pub positional: Vec<String>,
    pub options: Vec<(String, Option<String>)>,
}

impl Parsed {
    pub(crate) fn new(args: &[String], flags: &[&str], valued: &[&str]) -> Result<Parsed, Failure> {
        let mut parsed = Parsed {
            positional: Vec::new(),
            options: Vec::new(),
        };
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            if arg == "-" || !arg.starts_with('-') {
                parsed.positional.push(arg.clone());
            } else if flags.contains(&arg.as_str()) {
                parsed.options.push((arg.clone(), None));
            } else if valued.contains(&arg.as_str()) {
                let value = iter
                    .next()
                    .ok_or_else(|| Failure::Usage(format!("{arg} needs a value")))?;
                parsed.options.push((arg.clone(), Some(value.clone())));
            } else {
                return Err(Failure::Usage(format!(
                    "unknown option {arg}; try `quotalab help`"
                )));
            }
        }
        Ok(parsed)
    }

    pub(crate) fn value(&self, names: &[&str]) -> Option<&str> {
        self.options
            .iter()
            .rev()
            .find(|(n, _)| names.contains(&n.as_str()))
            .and_then(|(_, v)| v.as_deref())
    }

    fn number<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, Failure> {
        self.value(&[name])
            .map(|v| {
                v.parse()
                    .map_err(|_| Failure::Usage(format!("{name} expects a number, got \"{v}\"")))
            })
            .transpose()
    }
}

pub fn main(args: &[String]) -> Result<(), Failure> {
    let Some((format, rest)) = args.split_first() else {
        println!("Usage:\n  {USAGE}");
        return Ok(());
    };
    let parsed = Parsed::new(rest, FLAGS, VALUED)?;
    if parsed.positional.is_empty() {
        return Err(Failure::Usage(format!(
            "import {format} needs at least one PATH"
        )));
    }
    let keep_going = parsed.options.iter().any(|(n, _)| n == "--keep-going");
    let scenario = match (TraceFormat::from_name(format), format.as_str()) {
        (Some(trace), _) => import_trace(trace, &parsed)?,
        (None, "aws") => config_result(import_aws(&parsed.positional[0])?, keep_going)?,
        (None, "kueue") => {
            let text = read(Path::new(&parsed.positional[0]))?;
            config_result(quotalab_interop::kueue::import(&text), keep_going)?
        }
        (None, other) => {
            return Err(Failure::Usage(format!(
                "unknown import format \"{other}\"; use philly, alibaba, swf, aws or kueue"
            )))
        }
    };
    write_output(
        parsed.value(&["-o", "--output"]),
        &(scenario.to_json_pretty() + "\n"),
    )
}

fn import_trace(
    format: TraceFormat,
    parsed: &Parsed,
) -> Result<quotalab_engine::Scenario, Failure> {
    let mut owned = Vec::new();
    for path in &parsed.positional {
        for file in expand(Path::new(path), format.extensions())? {
            owned.push((file.display().to_string(), read(&file)?));
        }
    }
    let files: Vec<TraceFile> = owned
        .iter()
        .map(|(name, text)| TraceFile { name, text })
        .collect();
    let options = options(format, parsed)?;
    let imported = match traces::import(format, &files, &options) {
        Ok(imported) => imported,
        Err(ImportError::Rejected(rejected)) => {
            best_effort(rejected, options.keep_going, |i| i.report.lines())?
        }
        Err(ImportError::BadRow(row)) => {
            return Err(Failure::Invalid(vec![Diagnostic {
                severity: Severity::Error,
                path: format!("{}:{}", row.file, row.line),
                message: row.message,
            }]))
        }
        Err(other) => return Err(whole(other.to_string())),
    };
    for line in imported.report.lines() {
        eprintln!("{line}");
    }
    Ok(imported.scenario)
}

fn options(format: TraceFormat, parsed: &Parsed) -> Result<ImportOptions, Failure> {
    let sampling = match (
        parsed.number::<u32>("--sample")?,
        parsed.number::<f64>("--fraction")?,
    ) {
        (Some(_), Some(_)) => {
            return Err(Failure::Usage(
                "give --sample N or --fraction F, not both".into(),
            ))
        }
        (Some(0), None) => return Err(Failure::Usage("--sample needs N of at least 1".into())),
        (Some(n), None) => Sampling::OneIn(n),
        (None, Some(f)) if (0.0..=1.0).contains(&f) => Sampling::Fraction(f),
        (None, Some(f)) => {
            return Err(Failure::Usage(format!(
                "--fraction is between 0 and 1, got {f}"
            )))
        }
        (None, None) => Sampling::All,
    };
    let share_by = match parsed.value(&["--share-by"]) {
        None => None,
        Some("queue") => Some(ShareBy::Queue),
        Some("group") => Some(ShareBy::Group),
        Some("user") => Some(ShareBy::User),
        Some(other) => {
            return Err(Failure::Usage(format!(
                "--share-by is queue, group or user, got \"{other}\""
            )))
        }
    };
    let catalog = match parsed.value(&["--catalog"]) {
        None => None,
        Some(spec) => Some(
            format
                .default_catalog()
                .with_mappings(spec)
                .map_err(Failure::Usage)?,
        ),
    };
    Ok(ImportOptions {
        from_h: parsed.number("--from-h")?,
        to_h: parsed.number("--to-h")?,
        sampling,
        seed: parsed.number("--seed")?.unwrap_or(0),
        teams: parsed.number("--teams")?,
        catalog,
        keep_going: parsed.options.iter().any(|(n, _)| n == "--keep-going"),
        name: parsed.value(&["--name"]).map(str::to_string),
        gpus_per_node: parsed.number("--gpus-per-node")?,
        share_by,
        capacity: parsed.number("--capacity")?,
    })
}

fn import_aws(
    path: &str,
) -> Result<Result<quotalab_interop::aws::Imported, quotalab_interop::aws::ImportError>, Failure> {
    let path = Path::new(path);
    if path.is_dir() {
        let mut files = Vec::new();
        for file in expand(path, &["json"])? {
            let relative = file
                .strip_prefix(path)
                .unwrap_or(&file)
                .to_string_lossy()
                .replace('\\', "/");
            files.push(quotalab_interop::aws::ExportFile {
                path: relative,
                contents: read(&file)?,
            });
        }
        Ok(quotalab_interop::aws::import(&files))
    } else {
        Ok(quotalab_interop::aws::import_bundle(&read(path)?))
    }
}

/// An AWS or Kueue import's scenario, with its notes on stderr; a failure is invalid input.
fn config_result(
    result: Result<quotalab_interop::agreement::Imported, quotalab_interop::agreement::ImportError>,
    keep_going: bool,
) -> Result<quotalab_engine::Scenario, Failure> {
    let notes = |i: &quotalab_interop::agreement::Imported| {
        i.notes.iter().map(|n| format!("note: {n}")).collect()
    };
    let imported = match result {
        Ok(imported) => imported,
        Err(quotalab_interop::agreement::ImportError::Rejected(rejected)) => {
            best_effort(rejected, keep_going, notes)?
        }
        Err(other) => return Err(whole(other.to_string())),
    };
    for line in notes(&imported) {
        eprintln!("{line}");
    }
    Ok(imported.scenario)
}

/// An import that does not validate: exit 2 with its errors, or with `--keep-going` the best
/// effort, its problems listed on stderr (its own report lines follow from the caller).
fn best_effort<T>(
    rejected: Rejected<T>,
    keep_going: bool,
    report: impl Fn(&T) -> Vec<String>,
) -> Result<T, Failure> {
    if !keep_going {
        for line in report(&rejected.best_effort) {
            eprintln!("{line}");
        }
        return Err(Failure::Invalid(rejected.errors));
    }
    for error in &rejected.errors {
        eprintln!("problem: {error}");
    }
    eprintln!(
        "note: --keep-going: written although it does not validate ({} problems above)",
        rejected.errors.len()
    );
    Ok(*rejected.best_effort)
}

/// A failure about the input as a whole (no row or path to name): exit 2.
fn whole(message: String) -> Failure {
    Failure::Invalid(vec![Diagnostic {
        severity: Severity::Error,
        path: String::new(),
        message,
    }])
}

/// A file, or the files of a directory (recursively) with one of `extensions`, sorted.
pub(crate) fn expand(path: &Path, extensions: &[&str]) -> Result<Vec<PathBuf>, Failure> {
    if !path.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut out = Vec::new();
    let entries = std::fs::read_dir(path)
        .map_err(|e| Failure::Other(format!("cannot read {}: {e}", path.display())))?;
    for entry in entries {
        let p = entry
            .map_err(|e| Failure::Other(format!("cannot read {}: {e}", path.display())))?
            .path();
        if p.is_dir() {
            out.extend(expand(&p, extensions)?);
        } else if p
            .extension()
            .and_then(|x| x.to_str())
            .is_some_and(|x| extensions.contains(&x))
        {
            out.push(p);
        }
    }
    out.sort();
    Ok(out)
}

pub(crate) fn read(path: &Path) -> Result<String, Failure> {
    std::fs::read_to_string(path)
        .map_err(|e| Failure::Other(format!("cannot read {}: {e}", path.display())))
}

/// Writes to `path`, or to standard output without one.
pub(crate) fn write_output(path: Option<&str>, text: &str) -> Result<(), Failure> {
    use std::io::Write;
    match path {
        Some(p) if p != "-" => {
            std::fs::write(p, text).map_err(|e| Failure::Other(format!("cannot write {p}: {e}")))
        }
        _ => std::io::stdout()
            .write_all(text.as_bytes())
            .map_err(|e| Failure::Other(format!("cannot write the output: {e}"))),
    }
}
