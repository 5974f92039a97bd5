//! `quotalab import FORMAT PATH... [options] [-o OUT.json]`: a trace (philly, alibaba, swf) or
//! exported configuration (aws, kueue) in, a scenario JSON out. The import's report (bad rows
//! with file and line, skipped rows, notes) goes to stderr. A directory PATH stands for the files
//! in it that the format reads.

use crate::failure::Failure;
use quotalab_engine::{Diagnostic, Severity};
use quotalab_interop::traces::{
    self, ImportError, ImportOptions, Sampling, ShareBy, TraceFile, TraceFormat,
};
use std::path::{Path, PathBuf};

pub const USAGE: &str = "\
  quotalab import philly|alibaba|swf PATH... [--from-h H] [--to-h H] [--sample N | --fraction F]
                  [--seed S] [--teams N] [--gpus-per-node N] [--share-by queue|group|user]
                  [--catalog MODEL=TYPE,...] [--name NAME] [--keep-going] [-o OUT.json]
                                             a trace as a scenario (PATH may be a directory)
  quotalab import aws DIR|BUNDLE.json [-o OUT.json]
  quotalab import kueue FILE.yaml [-o OUT.json]
                                             exported configuration back to a scenario
  quotalab import account PATH... [--capacity TYPE=N]... [--name NAME] [-o OUT.json]
                                             an AWS account's or Kueue cluster's describe
                                             output and history (docs/ACCOUNT.md)";

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
    let scenario = match (TraceFormat::from_name(format), format.as_str()) {
        (Some(trace), _) => import_trace(trace, &parsed)?,
        (None, "aws") => config_result(import_aws(&parsed.positional[0])?)?,
        (None, "account") => import_account(&parsed)?,
        (None, "kueue") => {
            let text = read(Path::new(&parsed.positional[0]))?;
            config_result(quotalab_interop::kueue::import(&text))?
        }
        (None, other) => {
            return Err(Failure::Usage(format!(
                "unknown import format \"{other}\"; use philly, alibaba, swf, aws, kueue or account"
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
    let imported = traces::import(format, &files, &options).map_err(|e| match e {
        ImportError::BadRow(row) => Failure::Invalid(vec![Diagnostic {
            severity: Severity::Error,
            path: format!("{}:{}", row.file, row.line),
            message: row.message,
        }]),
        other => Failure::Invalid(vec![Diagnostic {
            severity: Severity::Error,
            path: String::new(),
            message: other.to_string(),
        }]),
    })?;
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
    })
}

/// `import account`: every JSON and YAML file under the PATHs; the notes and the unmapped list
/// go to stderr, the scenario (validated by the engine) to the output.
fn import_account(parsed: &Parsed) -> Result<quotalab_engine::Scenario, Failure> {
    use quotalab_interop::account::{import_account, AccountError, AccountOptions, InputFile};
    let mut files = Vec::new();
    for path in &parsed.positional {
        for file in expand(Path::new(path), &["json", "yaml", "yml"])? {
            files.push(InputFile {
                path: file.display().to_string(),
                contents: read(&file)?,
            });
        }
    }
    let mut options = AccountOptions {
        name: parsed.value(&["--name"]).map(str::to_string),
        ..AccountOptions::default()
    };
    for (_, value) in parsed.options.iter().filter(|(n, _)| n == "--capacity") {
        let value = value.as_deref().unwrap_or("");
        let parsed = value
            .split_once('=')
            .and_then(|(t, n)| Some((t.trim().to_string(), n.trim().parse::<u32>().ok()?)))
            .filter(|(t, _)| !t.is_empty());
        let (instance_type, count) = parsed.ok_or_else(|| {
            Failure::Usage(format!(
                "--capacity expects TYPE=N (ml.p5.48xlarge=4), got \"{value}\""
            ))
        })?;
        options.capacity.insert(instance_type, count);
    }
    let imported = import_account(&files, &options).map_err(|e| {
        let diagnostics = match e {
            AccountError::Invalid(diagnostics) => diagnostics,
            other => vec![Diagnostic {
                severity: Severity::Error,
                path: String::new(),
                message: other.to_string(),
            }],
        };
        Failure::Invalid(diagnostics)
    })?;
    for note in &imported.notes {
        eprintln!("note: {note}");
    }
    for u in &imported.unmapped {
        eprintln!("not imported: {u}");
    }
    Ok(imported.scenario)
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
) -> Result<quotalab_engine::Scenario, Failure> {
    let imported = result.map_err(|e| {
        Failure::Invalid(vec![Diagnostic {
            severity: Severity::Error,
            path: String::new(),
            message: e.to_string(),
        }])
    })?;
    for note in &imported.notes {
        eprintln!("note: {note}");
    }
    Ok(imported.scenario)
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
