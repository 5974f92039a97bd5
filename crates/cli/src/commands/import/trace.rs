//! `quotalab import philly|alibaba|swf PATH...`: a trace as a scenario, with the options every
//! trace format shares (docs/TRACES.md): a time window, sampling, teams, the GPU catalog.

use super::files::{expand, read};
use crate::args::Output;
use crate::failure::Failure;
use quotalab_engine::{Diagnostic, Scenario, Severity};
use quotalab_interop::traces::{
    self, CapacityGiven, ImportError, ImportOptions, Sampling, ShareBy, TraceFile, TraceFormat,
};
use std::path::Path;

#[derive(clap::Args)]
pub struct Args {
    /// Trace files, or directories of them
    #[arg(value_name = "PATH", required = true)]
    paths: Vec<String>,
    /// Keep jobs submitted at or after this hour of the trace (the window then starts at 0)
    #[arg(long, value_name = "H", allow_negative_numbers = true)]
    from_h: Option<f64>,
    /// Keep jobs submitted before this hour of the trace
    #[arg(long, value_name = "H", allow_negative_numbers = true)]
    to_h: Option<f64>,
    /// Keep every N-th job of the window (where the count starts depends on --seed)
    #[arg(long, value_name = "N", conflicts_with = "fraction")]
    sample: Option<u32>,
    /// Keep each job with probability F (0 to 1), decided by a hash of the seed, file and line
    #[arg(long, value_name = "F")]
    fraction: Option<f64>,
    /// Seeds the sampling; becomes the scenario's seed
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    #[arg(long, value_name = "N", help = teams_help())]
    teams: Option<u32>,
    /// Philly: GPUs per node when turning a virtual cluster's nodes into its quota [default: 2]
    #[arg(long, value_name = "N")]
    gpus_per_node: Option<u32>,
    /// SWF: the column that becomes the share, at most --teams shares [default: queue when the log
    /// has queues, else group]
    #[arg(long, value_enum, value_name = "COLUMN")]
    share_by: Option<ShareColumn>,
    /// GPU models to instance types, in preference order, instead of the format's default mapping
    #[arg(long, value_name = "MODEL=TYPE,...")]
    catalog: Option<String>,
    /// The scenario's name [default: a description of the source]
    #[arg(long)]
    name: Option<String>,
    /// The cluster's capacity: N accelerators in all (SWF: processors), split over the instance
    /// types as the import would split its own, or TYPE=N instances of a type (repeat for more)
    /// [default: SWF the header's MaxProcs, else the peak in use; Alibaba the node list; Philly
    /// the VCs' quotas]
    #[arg(long, value_name = "TYPE=N|N")]
    capacity: Vec<String>,
    /// List bad rows (with file and line) and import the rest, and write a scenario that does not
    /// validate with its problems listed, instead of failing
    #[arg(long)]
    keep_going: bool,
    #[command(flatten)]
    pub output: Output,
}

fn teams_help() -> String {
    let (alibaba, swf) = (traces::alibaba::DEFAULT_TEAMS, traces::swf::DEFAULT_TEAMS);
    let default = if alibaba == swf {
        alibaba.to_string()
    } else {
        format!("{alibaba} for Alibaba, {swf} for SWF")
    };
    format!(
        "Alibaba: teams to synthesise; SWF: the most shares, the largest by GPU-hours keeping their own and the rest pooled into \"others\" [default: {default}]"
    )
}

/// `--share-by`'s choices, the SWF columns of [`ShareBy`].
#[derive(Clone, Copy, clap::ValueEnum)]
enum ShareColumn {
    /// Field 15, one share per queue
    Queue,
    /// Field 13, one share per group
    Group,
    /// Field 12, one share per user
    User,
    /// Field 14, one share per executable (application)
    Application,
}

pub fn import(format: TraceFormat, args: &Args) -> Result<Scenario, Failure> {
    let mut owned = Vec::new();
    for path in &args.paths {
        for file in expand(Path::new(path), format.extensions())? {
            owned.push((file.display().to_string(), read(&file)?));
        }
    }
    let files: Vec<TraceFile> = owned
        .iter()
        .map(|(name, text)| TraceFile { name, text })
        .collect();
    let options = options(format, args)?;
    let imported = match traces::import(format, &files, &options) {
        Ok(imported) => imported,
        Err(ImportError::Rejected(rejected)) => {
            super::best_effort(rejected, options.keep_going, |i| i.report.lines())?
        }
        Err(ImportError::BadRow(row)) => {
            return Err(Failure::Invalid(vec![Diagnostic {
                severity: Severity::Error,
                path: format!("{}:{}", row.file, row.line),
                message: row.message,
            }]))
        }
        // A value the import refused once read, as any command refuses one (docs/CLI.md).
        Err(option @ ImportError::Option { .. }) => return Err(Failure::Usage(option.to_string())),
        Err(other) => return Err(super::whole(other.to_string())),
    };
    for line in imported.report.lines() {
        eprintln!("{line}");
    }
    Ok(imported.scenario)
}

fn options(format: TraceFormat, args: &Args) -> Result<ImportOptions, Failure> {
    let sampling = match (args.sample, args.fraction) {
        (Some(0), _) => return Err(Failure::Usage("--sample needs N of at least 1".into())),
        (Some(n), _) => Sampling::OneIn(n),
        (None, Some(f)) if (0.0..=1.0).contains(&f) => Sampling::Fraction(f),
        (None, Some(f)) => {
            return Err(Failure::Usage(format!(
                "--fraction is between 0 and 1, got {f}"
            )))
        }
        (None, None) => Sampling::All,
    };
    let catalog = match &args.catalog {
        None => None,
        Some(spec) => Some(
            format
                .default_catalog()
                .with_mappings(spec)
                .map_err(|e| Failure::Usage(e.to_string()))?,
        ),
    };
    Ok(ImportOptions {
        from_h: args.from_h,
        to_h: args.to_h,
        sampling,
        seed: args.seed,
        teams: args.teams,
        catalog,
        keep_going: args.keep_going,
        name: args.name.clone(),
        gpus_per_node: args.gpus_per_node,
        capacity: capacity(&args.capacity)?,
        share_by: args.share_by.map(|c| match c {
            ShareColumn::Queue => ShareBy::Queue,
            ShareColumn::Group => ShareBy::Group,
            ShareColumn::User => ShareBy::User,
            ShareColumn::Application => ShareBy::Application,
        }),
    })
}

/// `--capacity`: `N` (given twice, the last counts, as for every flag), or `TYPE=N` as often as
/// there are types to set (a type given twice keeps its last count).
fn capacity(given: &[String]) -> Result<Option<CapacityGiven>, Failure> {
    let text = match given {
        [] => return Ok(None),
        [.., last] if !given.iter().any(|g| g.contains('=')) => last.clone(),
        _ => given.join(","),
    };
    CapacityGiven::parse(&text)
        .map(Some)
        .map_err(|e| Failure::Usage(e.to_string()))
}
