//! The Standard Workload Format of the Parallel Workloads Archive and of logs converted to it:
//! one job per line, 18 whitespace-separated fields (`swf_row`), `;` header comments
//! (`swf_header`), for example `data/traces/swf-synthetic/synthetic.swf`.
//!
//! Mapping (docs/TRACES.md, "SWF"): submit time (field 2) and run time (field 4) give the job, and
//! with the wait (field 3) its observed start and end; its processors (field 5, else field 8)
//! become accelerators of the catalog's `processor` type; the queue (field 15), group (13), user
//! (12) or application (14) becomes the share, at most `--teams` of them, the rest pooled. Capacity
//! is the header's `MaxProcs`, else the peak of processors the log shows in use at once
//! (`swf_capacity`), unless the user gives it; it is split among the shares in proportion to their
//! processor-seconds.

use super::assemble::{assemble, Parts, Source};
use super::clock::{duration_seconds, whole_seconds};
use super::job::{Seen, TraceJob};
use super::options::{ImportOptions, ShareBy};
use super::pool::{pool, Pooled, POOL};
use super::quotas::{split_by_weight, ShareQuota};
use super::report::ImportError;
use super::skip::Skip;
use super::swf_capacity as capacity;
use super::swf_header::Header;
use super::swf_row::{self, Row};
use super::table::RowError;
use super::window::{window, TraceReader};
use super::{GpuCatalog, ImportedTrace, TraceFile};
use crate::rows::{lines, Line, Outcome};
use quotalab_engine::result::numbers::{count, counted, percent};
use quotalab_engine::validate::MAX_SHARES;
use std::collections::{BTreeMap, HashSet};

/// Shares at most, when the user does not say: as many as AWS allows.
pub const DEFAULT_TEAMS: u32 = MAX_SHARES as u32;

/// The instance type standing for a processor, and its accelerators.
struct Processor {
    instance_type: String,
    accelerators: u32,
}

/// Imports one or more SWF logs (their jobs together, as one workload).
pub fn import(files: &[TraceFile], options: &ImportOptions) -> Result<ImportedTrace, ImportError> {
    let catalog = options
        .catalog
        .clone()
        .unwrap_or_else(GpuCatalog::swf_default);
    let processor = processor(&catalog)?;
    if files.is_empty() {
        return Err(ImportError::Missing("no SWF file given".into()));
    }
    let teams = options.teams_or(DEFAULT_TEAMS)?;
    let mut reader = TraceReader::new(options.keep_going);
    let rows = reader.rows(
        files
            .iter()
            .flat_map(|f| lines(f.name, f.text, Some(';'), 0)),
        |_, text| read(text),
    )?;
    let share_by = options.share_by.unwrap_or_else(|| default_column(&rows));
    // Every job that ran, window and sampling aside: the machine's size is the whole log's.
    let spans: Vec<capacity::Span> = rows.iter().map(|(_, r)| span(r)).collect();
    let jobs = rows
        .into_iter()
        .map(|(place, row)| {
            (
                place,
                (job(&row, share_by, &processor), unknown_status(&row)),
            )
        })
        .collect();
    let kept = window(&mut reader, jobs, options);
    // Counted over the jobs imported, as the note speaks of them, not over the whole log.
    let unknown_status = kept.iter().filter(|(_, (_, unknown))| *unknown).count();
    let mut jobs: Vec<TraceJob> = kept.into_iter().map(|(_, (job, _))| job).collect();
    let weights = work(&jobs, &processor);
    let pooled = pool(&weights, teams as usize);
    for job in &mut jobs {
        job.share = pooled.share_of[&job.share].clone();
    }
    unique_names(&mut jobs);
    reader.note(share_note(&pooled, share_by));
    reader.note(format!("the log names no GPU model: each processor is one accelerator of {} (the catalog's processor entry); --catalog processor=TYPE chooses another type", processor.instance_type));
    if unknown_status > 0 {
        reader.note(format!("jobs without a status (field 11 is -1): {}; each is taken as completed, since the log shows it running for its run time", count(unknown_status as u64)));
    }
    let headers: Vec<Header> = files.iter().map(|f| Header::of(f.text)).collect();
    let (capacity, source) = machine(&headers, &spans, &jobs, &processor);
    let parts = Parts {
        name: options.name.clone().unwrap_or_else(|| name(files)),
        description: description(files, &headers),
        seed: options.seed,
        instance_types: catalog.definitions_for([processor.instance_type.as_str()]),
        capacity: vec![(processor.instance_type.clone(), capacity)],
        source,
        shares: quotas(&jobs, &processor, capacity),
        jobs,
    };
    assemble(parts, reader, options, &catalog)
}

fn processor(catalog: &GpuCatalog) -> Result<Processor, ImportError> {
    let instance_type = catalog
        .mappings
        .first()
        .map(|m| m.instance_type.clone())
        .ok_or_else(|| {
            catalog.refused("map \"processor\" to an instance type, e.g. processor=ml.g5.xlarge")
        })?;
    Ok(Processor {
        accelerators: catalog.accelerators(&instance_type),
        instance_type,
    })
}

/// A line, or why it is left out: a job without run time or processors did no work.
fn read(text: &str) -> Result<Outcome<Row, Skip>, RowError> {
    let row = swf_row::parse(text)?;
    Ok(if row.run_s <= 0.0 {
        Outcome::Skip(Skip::NoRunTime)
    } else if row.procs <= 0 {
        Outcome::Skip(Skip::NoProcessors)
    } else {
        Outcome::Keep(row)
    })
}

/// The queue when the log has queues, else the group.
fn default_column(rows: &[(Line, Row)]) -> ShareBy {
    let queues: HashSet<i64> = rows.iter().map(|r| r.1.queue).filter(|&q| q >= 0).collect();
    if queues.len() > 1 {
        ShareBy::Queue
    } else {
        ShareBy::Group
    }
}

/// A job the log shows starting but gives no status (field 11 is -1), taken as completed.
fn unknown_status(row: &Row) -> bool {
    row.status < 0 && row.wait_s >= 0.0
}

fn processors(row: &Row) -> u32 {
    u32::try_from(row.procs).unwrap_or(u32::MAX)
}

fn span(row: &Row) -> capacity::Span {
    capacity::Span {
        start_s: row.submit_s + row.wait_s.max(0.0),
        run_s: row.run_s,
        processors: processors(row),
    }
}

/// The job of a line, its share the value of the column (pooled later), its name the job number
/// with the ids the log records, so a user finds their jobs in any share.
fn job(row: &Row, share_by: ShareBy, processor: &Processor) -> TraceJob {
    let value = match share_by {
        ShareBy::Queue => row.queue,
        ShareBy::Group => row.group,
        ShareBy::User => row.user,
        ShareBy::Application => row.application,
    };
    let submit_s = whole_seconds(row.submit_s);
    let run_s = duration_seconds(row.run_s);
    let ids = row.ids();
    let instances = processors(row).div_ceil(processor.accelerators);
    TraceJob {
        name: if ids.is_empty() {
            format!("job-{}", row.number)
        } else {
            format!("job-{} ({ids})", row.number)
        },
        share: format!("{}-{value}", share_by.word()),
        submit_s,
        priority: 0,
        entries: vec![(processor.instance_type.clone(), instances, run_s)],
        measured: false,
        observed: (row.wait_s >= 0.0).then(|| {
            let start_s = submit_s + whole_seconds(row.wait_s);
            Seen {
                start_s,
                end_s: Some(start_s + run_s),
                status: row.ended(),
            }
        }),
    }
}

/// Accelerator-seconds per share: the weight of pooling and of the capacity's split.
fn work(jobs: &[TraceJob], processor: &Processor) -> BTreeMap<String, f64> {
    let mut work: BTreeMap<String, f64> = BTreeMap::new();
    for job in jobs {
        let instances = job.entries.first().map_or(1, |e| e.1);
        let accelerators = f64::from(instances) * f64::from(processor.accelerators);
        *work.entry(job.share.clone()).or_default() += job.run_s() as f64 * accelerators;
    }
    work
}

/// Several logs number their jobs from 1: a repeated name is made unique by its position.
fn unique_names(jobs: &mut [TraceJob]) {
    let mut names = HashSet::new();
    if !jobs.iter().all(|j| names.insert(j.name.clone())) {
        for (i, j) in jobs.iter_mut().enumerate() {
            j.name = format!("{} #{}", j.name, i + 1);
        }
    }
}

/// How many shares there are, which column made them, and how to change that.
fn share_note(pooled: &Pooled, share_by: ShareBy) -> String {
    let shares: HashSet<&String> = pooled.share_of.values().collect();
    let how = format!("--share-by queue|group|user|application chooses the column, --teams N (1 to {MAX_SHARES}) how many shares");
    if pooled.pooled == 0 {
        return format!(
            "{} from the {}, one per value; {how}",
            counted(shares.len() as u64, "share"),
            share_by.column()
        );
    }
    format!(
        "{} from the {}: {} values, more than the {} shares allowed, so the {} largest by GPU-hours keep their own share and the other {} ({} of the GPU-hours) share one named \"{POOL}\"; each job's name keeps its own ids; {how}",
        counted(shares.len() as u64, "share"),
        share_by.column(),
        count(pooled.share_of.len() as u64),
        shares.len(),
        shares.len() - 1,
        count(pooled.pooled as u64),
        percent(pooled.pooled_weight)
    )
}

/// The machine's instances, and where the number comes from: the headers' `MaxProcs` when every
/// log states one, else the peak in use; never fewer than the largest job needs.
fn machine(
    headers: &[Header],
    spans: &[capacity::Span],
    jobs: &[TraceJob],
    processor: &Processor,
) -> (u32, Source) {
    let largest = jobs.iter().map(|j| j.entries[0].1).max().unwrap_or(1);
    let stated: Option<u32> = headers.iter().map(|h| h.max_procs).sum();
    let (processors, source) = match stated {
        Some(n) => (n, Source::Stated("the header's MaxProcs".into())),
        None => {
            let peak = capacity::observed_peak(spans);
            let source = Source::Peak {
                peak,
                average: capacity::average_in_use(spans),
                unit: "processor",
                how: "the header states no MaxProcs; each job counts from submit + wait for its run time",
            };
            (peak, source)
        }
    };
    let instances = processors
        .div_ceil(processor.accelerators)
        .max(largest)
        .max(1);
    (instances, source)
}

/// The shares' limits: the capacity split by each share's processor-seconds.
fn quotas(jobs: &[TraceJob], processor: &Processor, capacity: u32) -> Vec<ShareQuota> {
    let mut work = work(jobs, processor);
    // The pool last, after the shares named by their value.
    let pool = work.remove(POOL);
    let mut names: Vec<String> = work.keys().cloned().collect();
    let mut weights: Vec<f64> = work.into_values().collect();
    if let Some(w) = pool {
        names.push(POOL.to_string());
        weights.push(w);
    }
    names
        .into_iter()
        .zip(split_by_weight(capacity, &weights))
        .map(|(name, n)| ShareQuota {
            name,
            limits: vec![(processor.instance_type.clone(), n)],
            in_share_preemption: false,
        })
        .collect()
}

fn name(files: &[TraceFile]) -> String {
    let names: Vec<&str> = files
        .iter()
        .map(|f| f.name.rsplit(['/', '\\']).next().unwrap_or(f.name))
        .collect();
    format!("SWF log: {}", names.join(", "))
}

/// Where the logs come from, in their headers' own words.
fn description(files: &[TraceFile], headers: &[Header]) -> String {
    let sources: Vec<String> = match headers {
        [one] => vec![one.describe()],
        _ => files
            .iter()
            .zip(headers)
            .map(|(f, h)| format!("{}: {}", f.name, h.describe()))
            .collect(),
    };
    format!(
        "Imported from a Standard Workload Format log ({}). Processors are read as accelerators.",
        sources.join("; ")
    )
}
