//! Microsoft Philly, as prepared by Gavel: one `.trace` file per virtual cluster (VC), the VCs'
//! node counts, and Gavel's per-GPU-type throughputs (a slice in `data/traces/philly-gavel-per-vc`).
//!
//! Mapping (docs/TRACES.md, "Philly"): one quota share per VC; its quota is its node count times
//! `gpus_per_node`, split evenly over the catalog's GPU types; a job's work (`total_steps`) becomes
//! a measured duration on every GPU type through the throughput table, so its preference list is
//! "V100, else K80" with a duration per entry; `scale_factor` GPUs become that many instances.

use super::options::ImportOptions;
use super::report::{ImportError, ImportReport};
use super::table::{self, csv_fields};
use super::{
    assemble, job, open_share, preference_list, split_evenly, GpuCatalog, Imported, Parts,
    TraceFile,
};
use std::collections::{BTreeMap, HashMap};

/// The throughput table's scale factors; larger jobs are extrapolated linearly from the largest.
const TABLE_SCALES: [u32; 4] = [1, 2, 4, 8];

/// Gavel's isolated throughputs: (GPU type, job type, scale factor) to steps per second.
#[derive(Debug, Default)]
struct Throughputs(HashMap<(String, String, u32), f64>);

impl Throughputs {
    fn parse(
        file: &TraceFile,
        options: &ImportOptions,
        report: &mut ImportReport,
    ) -> Result<Self, ImportError> {
        let mut table = HashMap::new();
        for (line, text) in table::lines(file.text, None).skip(1) {
            let f = csv_fields(text);
            let row = (|| -> Result<_, String> {
                if f.len() != 4 {
                    return Err(format!("expected 4 columns (worker_type, job_type, scale_factor, isolated_throughput_steps_per_s), found {}", f.len()));
                }
                let scale: u32 = table::number(&f[2], "scale_factor")?;
                let steps = table::real(&f[3], "isolated_throughput_steps_per_s")?;
                if steps < 0.0 {
                    return Err("column isolated_throughput_steps_per_s: must be 0 or more".into());
                }
                Ok((
                    (
                        f[0].trim().to_ascii_lowercase(),
                        f[1].trim().to_string(),
                        scale,
                    ),
                    steps,
                ))
            })();
            match row {
                // Gavel writes 0.0 where a job type cannot run at that scale on that GPU.
                Ok((key, steps)) if steps > 0.0 => {
                    table.insert(key, steps);
                }
                Ok(_) => {}
                Err(message) => report.bad_row(options.keep_going, file.name, line, message)?,
            }
        }
        Ok(Throughputs(table))
    }

    /// Steps per second of `job_type` on `gpu` with `scale` GPUs: the table's value at the largest
    /// listed scale not above `scale`, times `scale / that scale` (linear, ours). Job types with
    /// only a scale-1 entry scale linearly from it.
    fn steps_per_s(&self, gpu: &str, job_type: &str, scale: u32) -> Option<f64> {
        TABLE_SCALES
            .iter()
            .rev()
            .filter(|&&s| s <= scale)
            .find_map(|&s| {
                self.0
                    .get(&(gpu.to_string(), job_type.to_string(), s))
                    .map(|t| t * f64::from(scale) / f64::from(s))
            })
    }
}

/// Node counts per VC from `philly_vc_nodes.csv`.
fn parse_nodes(
    file: &TraceFile,
    options: &ImportOptions,
    report: &mut ImportReport,
) -> Result<HashMap<String, u32>, ImportError> {
    let mut nodes = HashMap::new();
    for (line, text) in table::lines(file.text, None).skip(1) {
        let f = csv_fields(text);
        let parsed = if f.len() == 2 {
            table::number::<u32>(&f[1], "node num")
        } else {
            Err(format!(
                "expected 2 columns (vc, node num), found {}",
                f.len()
            ))
        };
        match parsed {
            Ok(n) => {
                nodes.insert(f[0].trim().to_string(), n);
            }
            Err(message) => report.bad_row(options.keep_going, file.name, line, message)?,
        }
    }
    Ok(nodes)
}

/// One Gavel `.trace` row, read.
struct Row {
    job_type: String,
    total_steps: f64,
    arrival_s: f64,
    scale: u32,
}

fn parse_row(text: &str) -> Result<Row, String> {
    let f: Vec<&str> = text.split('\t').collect();
    if f.len() != 7 {
        return Err(format!("expected 7 tab-separated fields (job_type, command, num_steps_arg, needs_data_dir, total_steps, arrival_time_s, scale_factor), found {}", f.len()));
    }
    let total_steps = table::real(f[4], "total_steps")?;
    let arrival_s = table::real(f[5], "arrival_time_s")?;
    let scale: u32 = table::number(f[6].trim().trim_end_matches(".0"), "scale_factor")?;
    if total_steps <= 0.0 {
        return Err("column total_steps: must be more than 0".into());
    }
    if arrival_s < 0.0 {
        return Err("column arrival_time_s: must be 0 or more".into());
    }
    if scale == 0 {
        return Err("column scale_factor: must be at least 1 GPU".into());
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

/// Imports Philly VC job lists. `files` holds the `.trace` files to use (each one VC) and the
/// throughput table; the node list is optional (VCs without a node count get one node).
pub fn import(files: &[TraceFile], options: &ImportOptions) -> Result<Imported, ImportError> {
    let mut report = ImportReport::default();
    let catalog = options
        .catalog
        .clone()
        .unwrap_or_else(GpuCatalog::philly_default);
    let throughputs_file = files.iter().find(|f| is_throughputs(f)).ok_or_else(|| {
        ImportError::Input("the Philly import needs gavel_isolated_throughputs.csv (worker_type, job_type, scale_factor, isolated_throughput_steps_per_s) to turn steps into hours".into())
    })?;
    let throughputs = Throughputs::parse(throughputs_file, options, &mut report)?;
    let nodes = match files.iter().find(|f| is_nodes(f)) {
        Some(f) => parse_nodes(f, options, &mut report)?,
        None => HashMap::new(),
    };
    let traces: Vec<&TraceFile> = files
        .iter()
        .filter(|f| !is_throughputs(f) && !is_nodes(f))
        .collect();
    if traces.is_empty() {
        return Err(ImportError::Input(
            "no .trace files given; pass one or more VC job lists such as 6214e9.trace".into(),
        ));
    }
    // GPU types of the catalog that the throughput table knows, in the catalog's order.
    let gpus: Vec<(String, String)> = catalog
        .mappings
        .iter()
        .filter(|m| {
            throughputs
                .0
                .keys()
                .any(|(g, _, _)| g.eq_ignore_ascii_case(&m.model))
        })
        .map(|m| (m.model.to_ascii_lowercase(), m.instance_type.clone()))
        .collect();
    if gpus.is_empty() {
        return Err(ImportError::Input(
            "the catalog maps none of the throughput table's GPU types (k80, p100, v100)".into(),
        ));
    }

    let mut sampler = options.sampler();
    let mut vc_jobs: BTreeMap<String, Vec<quotalab_engine::scenario::JobSpec>> = BTreeMap::new();
    let mut vc_order: Vec<String> = Vec::new();
    for file in traces {
        let vc = vc_of(file.name);
        if !vc_order.contains(&vc) {
            vc_order.push(vc.clone());
        }
        for (line, text) in table::lines(file.text, None) {
            report.rows += 1;
            let row = match parse_row(text) {
                Ok(row) => row,
                Err(message) => {
                    report.bad_row(options.keep_going, file.name, line, message)?;
                    continue;
                }
            };
            let submit_h = row.arrival_s / 3600.0;
            if !options.in_window(submit_h) {
                report.skip("submitted outside the time window");
                continue;
            }
            if !sampler.keep(file.name, line) {
                report.skip("sampled out");
                continue;
            }
            let mut entries = Vec::new();
            for (gpu, instance_type) in &gpus {
                if let Some(steps_per_s) = throughputs.steps_per_s(gpu, &row.job_type, row.scale) {
                    let count = row.scale.div_ceil(catalog.accelerators(instance_type));
                    entries.push((
                        instance_type.clone(),
                        count,
                        table::duration_hours(row.total_steps / steps_per_s),
                    ));
                }
            }
            if entries.is_empty() {
                report.bad_row(
                    options.keep_going,
                    file.name,
                    line,
                    format!(
                        "job type \"{}\" has no throughput for any mapped GPU type",
                        row.job_type
                    ),
                )?;
                continue;
            }
            entries.truncate(5);
            let mut spec = job(
                format!("{vc}-{line}"),
                vc.clone(),
                table::hours(options.shift(submit_h) * 3600.0),
                entries[0].2,
                0,
            );
            let (count, preferences) = preference_list(&entries, true);
            spec.instance_count = count;
            spec.preferences = preferences;
            vc_jobs.entry(vc.clone()).or_default().push(spec);
        }
    }

    let per_node = options.gpus_per_node.unwrap_or(2).max(1);
    let mut shares = Vec::new();
    let mut capacity: Vec<(String, u32)> = gpus.iter().map(|(_, t)| (t.clone(), 0)).collect();
    let mut jobs = Vec::new();
    for vc in &vc_order {
        let Some(mut list) = vc_jobs.remove(vc) else {
            continue;
        };
        let vc_nodes = nodes.get(vc).copied().unwrap_or_else(|| {
            report.note(format!(
                "VC {vc} has no node count in philly_vc_nodes.csv; it gets 1 node"
            ));
            1
        });
        let split = split_evenly(vc_nodes.max(1) * per_node, gpus.len());
        let limits: Vec<(String, u32)> = gpus
            .iter()
            .zip(split)
            .map(|((_, t), gpu_count)| {
                (
                    t.clone(),
                    gpu_count.div_ceil(catalog.accelerators(t)).max(1),
                )
            })
            .collect();
        for ((_, total), (_, n)) in capacity.iter_mut().zip(&limits) {
            *total += n;
        }
        shares.push(open_share(vc.clone(), limits, false));
        jobs.append(&mut list);
    }
    if shares.len() > quotalab_engine::validate::MAX_SHARES {
        return Err(ImportError::Input(format!(
            "{} VCs have jobs; AWS allows at most 20 quota shares, so import fewer .trace files",
            shares.len()
        )));
    }
    // Scenario order: by submission, then name, so the file reads like the trace.
    jobs.sort_by(|a, b| {
        a.submit_h
            .total_cmp(&b.submit_h)
            .then_with(|| a.name.cmp(&b.name))
    });
    report.note(format!(
        "quotas: VC node count x {per_node} GPUs per node, split evenly over {}",
        gpus.iter()
            .map(|g| g.1.as_str())
            .collect::<Vec<_>>()
            .join(" and ")
    ));
    let used: Vec<&str> = gpus.iter().map(|g| g.1.as_str()).collect();
    let parts = Parts {
        name: options.name.clone().unwrap_or_else(|| format!("Philly trace: {} virtual clusters", shares.len())),
        description: "Imported from Microsoft's Philly trace as prepared by Gavel (per-VC job lists; arrival times, GPU counts and VC membership from Philly, job types and throughputs from Gavel). One share per virtual cluster; quotas from the VCs' node counts.".into(),
        seed: options.seed,
        instance_types: catalog.definitions_for(used.iter().copied()),
        capacity,
        shares,
        jobs,
    };
    assemble(parts, report)
}
