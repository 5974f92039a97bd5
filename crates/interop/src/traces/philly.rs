//! Microsoft Philly, as prepared by Gavel: one `.trace` file per virtual cluster (VC), the VCs'
//! node counts, and Gavel's per-GPU-type throughputs (`philly_tables`; a slice in
//! `data/traces/philly-gavel-per-vc`).
//!
//! Mapping (docs/TRACES.md, "Philly"): one quota share per VC; its quota is its node count times
//! `gpus_per_node`, split evenly over the catalog's GPU types; a job's work (`total_steps`) becomes
//! a measured duration on every GPU type through the throughput table, so its preference list is
//! "V100, else K80" with a duration per entry; `scale_factor` GPUs become that many instances.
//! Gavel's lists keep arrivals but no start or end times, so the jobs carry no `observed` block.

use super::assemble::{assemble, Parts, Source};
use super::clock::{duration_seconds, whole_seconds};
use super::job::TraceJob;
use super::options::ImportOptions;
use super::philly_tables::{nodes, Throughputs};
use super::quotas::{split_evenly, ShareQuota};
use super::report::ImportError;
use super::table::{self, RowError};
use super::window::{window, Placed, TraceReader};
use super::{GpuCatalog, ImportedTrace, TraceFile};
use crate::rows::{lines, Outcome};
use std::collections::HashMap;

/// GPUs per node when the user does not say (the README calls node counts relative weights).
pub const DEFAULT_GPUS_PER_NODE: u32 = 2;

/// One Gavel `.trace` row, read.
struct Row {
    job_type: String,
    total_steps: f64,
    arrival_s: f64,
    scale: u32,
}

fn parse_row(text: &str) -> Result<Row, RowError> {
    let f: Vec<&str> = text.split('\t').collect();
    if f.len() != 7 {
        return Err(RowError::Fields {
            expected: "7 tab-separated fields (job_type, command, num_steps_arg, needs_data_dir, total_steps, arrival_time_s, scale_factor)",
            found: f.len(),
        });
    }
    let total_steps = table::real(f[4], "total_steps")?;
    let arrival_s = table::real(f[5], "arrival_time_s")?;
    let scale: u32 = table::number(f[6].trim().trim_end_matches(".0"), "scale_factor")?;
    let out_of_range = |column, allowed| Err(RowError::OutOfRange { column, allowed });
    if total_steps <= 0.0 {
        return out_of_range("total_steps", "more than 0");
    }
    if arrival_s < 0.0 {
        return out_of_range("arrival_time_s", "0 or more");
    }
    if scale == 0 {
        return out_of_range("scale_factor", "at least 1 GPU");
    }
    Ok(Row {
        job_type: f[0].trim().to_string(),
        total_steps,
        arrival_s,
        scale,
    })
}

/// The VC a `.trace` file holds: its file name without folders and extension.
fn vc_of(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    base.strip_suffix(".trace").unwrap_or(base).to_string()
}

fn is_throughputs(file: &TraceFile) -> bool {
    file.text.trim_start().starts_with("worker_type,job_type")
}

fn is_nodes(file: &TraceFile) -> bool {
    file.text.trim_start().starts_with("vc,node num")
}

/// The catalog's GPU types that the throughput table knows, in the catalog's order: (Gavel's GPU
/// name, instance type).
type Gpus = Vec<(String, String)>;

/// Imports Philly VC job lists. `files` holds the `.trace` files to use (each one VC) and the
/// throughput table; the node list is optional (VCs without a node count get one node).
pub fn import(files: &[TraceFile], options: &ImportOptions) -> Result<ImportedTrace, ImportError> {
    let catalog = options
        .catalog
        .clone()
        .unwrap_or_else(GpuCatalog::philly_default);
    let mut reader = TraceReader::new(options.keep_going);
    let throughputs = files.iter().find(|f| is_throughputs(f)).ok_or_else(|| {
        ImportError::Missing("the Philly import needs gavel_isolated_throughputs.csv (worker_type, job_type, scale_factor, isolated_throughput_steps_per_s) to turn steps into hours".into())
    })?;
    let throughputs = Throughputs::read(throughputs, &mut reader)?;
    let nodes = match files.iter().find(|f| is_nodes(f)) {
        Some(f) => nodes(f, &mut reader)?,
        None => HashMap::new(),
    };
    let traces: Vec<&TraceFile> = files
        .iter()
        .filter(|f| !is_throughputs(f) && !is_nodes(f))
        .collect();
    if traces.is_empty() {
        return Err(ImportError::Missing(
            "no .trace files given; pass one or more VC job lists such as 6214e9.trace".into(),
        ));
    }
    let gpus = gpus(&catalog, &throughputs)?;
    let jobs = read_jobs(&traces, &mut reader, options)?;
    let jobs = with_entries(jobs, &mut reader, &throughputs, &gpus, &catalog)?;
    let vcs: Vec<String> = traces.iter().map(|f| vc_of(f.name)).collect();
    let per_node = options
        .gpus_per_node
        .unwrap_or(DEFAULT_GPUS_PER_NODE)
        .max(1);
    let shares = quotas(&vcs, &jobs, &nodes, per_node, &gpus, &catalog, &mut reader);
    let mut capacity: Vec<(String, u32)> = gpus.iter().map(|(_, t)| (t.clone(), 0)).collect();
    for share in &shares {
        for ((_, total), (_, n)) in capacity.iter_mut().zip(&share.limits) {
            *total += n;
        }
    }
    notes(&mut reader, per_node, &gpus);
    let used: Vec<&str> = gpus.iter().map(|g| g.1.as_str()).collect();
    let parts = Parts {
        name: options.name.clone().unwrap_or_else(|| format!("Philly trace: {} virtual clusters", shares.len())),
        description: "Imported from Microsoft's Philly trace as prepared by Gavel (per-VC job lists; arrival times, GPU counts and VC membership from Philly, job types and throughputs from Gavel). One share per virtual cluster; quotas from the VCs' node counts.".into(),
        seed: options.seed,
        instance_types: catalog.definitions_for(used.iter().copied()),
        capacity,
        source: Source::Stated(format!("the VCs' quotas: node count \u{d7} {per_node} GPUs per node")),
        shares,
        jobs,
    };
    assemble(parts, reader, options, &catalog)
}

fn gpus(catalog: &GpuCatalog, throughputs: &Throughputs) -> Result<Gpus, ImportError> {
    let gpus: Gpus = catalog
        .mappings
        .iter()
        .filter(|m| throughputs.knows(&m.model))
        .map(|m| (m.model.to_ascii_lowercase(), m.instance_type.clone()))
        .collect();
    if gpus.is_empty() {
        return Err(
            catalog.refused("map one of the throughput table's GPU types (k80, p100, v100)")
        );
    }
    Ok(gpus)
}

/// Every VC file's rows in the window and the sample, each with its job type and work, as jobs
/// without entries yet.
fn read_jobs<'a>(
    traces: &[&TraceFile<'a>],
    reader: &mut TraceReader<'a>,
    options: &ImportOptions,
) -> Result<Placed<'a, (TraceJob, Row)>, ImportError> {
    let records = traces.iter().flat_map(|f| lines(f.name, f.text, None, 0));
    let rows = reader.rows(records, |place, text| {
        let row = parse_row(text)?;
        let vc = vc_of(place.file);
        let job = TraceJob {
            name: format!("{vc}-{}", place.line),
            share: vc,
            submit_s: whole_seconds(row.arrival_s),
            priority: 0,
            entries: Vec::new(),
            measured: true,
            observed: None,
        };
        Ok(Outcome::Keep((job, row)))
    })?;
    Ok(window(reader, rows, options))
}

/// Each job's preference list: a measured duration per GPU type the table knows for its job
/// type; a job with none is a bad row.
fn with_entries<'a>(
    jobs: Placed<'a, (TraceJob, Row)>,
    reader: &mut TraceReader<'a>,
    throughputs: &Throughputs,
    gpus: &Gpus,
    catalog: &GpuCatalog,
) -> Result<Vec<TraceJob>, ImportError> {
    let mut out = Vec::with_capacity(jobs.len());
    for (place, (mut job, row)) in jobs {
        job.entries = gpus
            .iter()
            .filter_map(|(gpu, instance_type)| {
                let steps_per_s = throughputs.steps_per_s(gpu, &row.job_type, row.scale)?;
                let count = row.scale.div_ceil(catalog.accelerators(instance_type));
                let seconds = duration_seconds(row.total_steps / steps_per_s);
                Some((instance_type.clone(), count, seconds))
            })
            .take(5)
            .collect();
        if job.entries.is_empty() {
            let error = RowError::NoThroughput {
                job_type: row.job_type,
            };
            reader.bad(place, error)?;
            continue;
        }
        out.push(job);
    }
    Ok(out)
}

/// One share per VC with jobs, in file order: node count x GPUs per node, split evenly over the
/// GPU types, in instances.
fn quotas(
    vcs: &[String],
    jobs: &[TraceJob],
    nodes: &HashMap<String, u32>,
    per_node: u32,
    gpus: &Gpus,
    catalog: &GpuCatalog,
    reader: &mut TraceReader,
) -> Vec<ShareQuota> {
    let mut seen = std::collections::HashSet::new();
    let mut shares = Vec::new();
    for vc in vcs.iter().filter(|vc| seen.insert(vc.as_str())) {
        if !jobs.iter().any(|j| &j.share == vc) {
            continue;
        }
        let vc_nodes = nodes.get(vc).copied().unwrap_or_else(|| {
            reader.note(format!(
                "VC {vc} has no node count in philly_vc_nodes.csv; it gets 1 node"
            ));
            1
        });
        let split = split_evenly(vc_nodes.max(1) * per_node, gpus.len());
        let limits = gpus
            .iter()
            .zip(split)
            .map(|((_, t), gpu_count)| {
                let instances = gpu_count.div_ceil(catalog.accelerators(t)).max(1);
                (t.clone(), instances)
            })
            .collect();
        shares.push(ShareQuota {
            name: vc.clone(),
            limits,
            in_share_preemption: false,
        });
    }
    shares
}

fn notes(reader: &mut TraceReader, per_node: u32, gpus: &Gpus) {
    let types: Vec<&str> = gpus.iter().map(|g| g.1.as_str()).collect();
    reader.note(format!(
        "quotas: VC node count x {per_node} GPUs per node, split evenly over {}",
        types.join(" and ")
    ));
    reader.note(format!("the trace names no GPU model per job: every job may run on each GPU type of Gavel's throughput table that the catalog maps ({}), in that order, with the duration the table gives", types.join(", ")));
    reader.note("Gavel's job lists keep arrival times but no start or end times, so the jobs carry no observed block and a run has no calibration");
}
