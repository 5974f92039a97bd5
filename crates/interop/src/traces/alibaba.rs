//! Alibaba's 2023 GPU cluster trace ("openb", docs/TRACES.md, "Getting the full traces"): a pod
//! list and a node list of one heterogeneous cluster, with no team, user or queue column.
//!
//! Mapping (docs/TRACES.md, "Alibaba 2023"): each GPU pod is a job submitted at `creation_time`,
//! running `deletion_time - scheduled_time`; `gpu_spec` (allowed models, `|`-separated, empty for
//! any) becomes the preference list through the catalog; `qos` becomes the priority; teams are
//! synthesised as a hash of the pod name modulo the team count. Capacity is the node list's GPUs
//! per model, in instances of the mapped type, split evenly among the teams' shares.

use super::options::{fnv1a, ImportOptions};
use super::report::{ImportError, ImportReport};
use super::table::{self, csv_fields};
use super::{
    assemble, job, open_share, preference_list, split_evenly, GpuCatalog, Imported, Parts,
    TraceFile,
};
use std::collections::{BTreeMap, HashSet};

/// Teams when the user does not say.
pub const DEFAULT_TEAMS: u32 = 4;

/// Kubernetes QoS classes and Alibaba's latency-sensitive class, highest first (ours): guaranteed
/// pods were promised their resources, LS serves users, burstable and best-effort can wait.
pub fn priority_of(qos: &str) -> Option<u32> {
    match qos.trim() {
        "Guaranteed" => Some(400),
        "LS" => Some(300),
        "Burstable" => Some(200),
        "BE" => Some(100),
        _ => None,
    }
}

fn is_nodes(file: &TraceFile) -> bool {
    file.text.trim_start().starts_with("sn,")
}

fn is_pods(file: &TraceFile) -> bool {
    file.text.trim_start().starts_with("name,")
}

/// GPUs per model from the node lists; a node listed twice (in both node files) counts once.
fn node_gpus(
    files: &[&TraceFile],
    options: &ImportOptions,
    report: &mut ImportReport,
) -> Result<BTreeMap<String, u32>, ImportError> {
    let mut seen = HashSet::new();
    let mut gpus: BTreeMap<String, u32> = BTreeMap::new();
    for file in files {
        for (line, text) in table::lines(file.text, None).skip(1) {
            let f = csv_fields(text);
            if f.len() != 5 {
                report.bad_row(
                    options.keep_going,
                    file.name,
                    line,
                    format!(
                        "expected 5 columns (sn, cpu_milli, memory_mib, gpu, model), found {}",
                        f.len()
                    ),
                )?;
                continue;
            }
            let count = match table::number::<u32>(&f[3], "gpu") {
                Ok(n) => n,
                Err(message) => {
                    report.bad_row(options.keep_going, file.name, line, message)?;
                    continue;
                }
            };
            if count == 0 || f[4].trim().is_empty() || !seen.insert(f[0].trim().to_string()) {
                continue;
            }
            *gpus.entry(f[4].trim().to_string()).or_default() += count;
        }
    }
    Ok(gpus)
}

/// One pod row, read.
struct Pod {
    name: String,
    num_gpu: u32,
    fractional: bool,
    spec: Vec<String>,
    priority: u32,
    creation_s: f64,
    /// `None` for pods that were never scheduled (Pending).
    run_s: Option<f64>,
}

fn parse_pod(text: &str) -> Result<Pod, String> {
    let f = csv_fields(text);
    if f.len() != 11 {
        return Err(format!("expected 11 columns (name, cpu_milli, memory_mib, num_gpu, gpu_milli, gpu_spec, qos, pod_phase, creation_time, deletion_time, scheduled_time), found {}", f.len()));
    }
    let num_gpu: u32 = table::number(&f[3], "num_gpu")?;
    let gpu_milli: u32 = if f[4].trim().is_empty() {
        0
    } else {
        table::number(&f[4], "gpu_milli")?
    };
    let priority = priority_of(&f[6]).ok_or_else(|| {
        format!(
            "column qos: expected LS, BE, Burstable or Guaranteed, found \"{}\"",
            f[6].trim()
        )
    })?;
    let creation_s = table::real(&f[8], "creation_time")?;
    let deletion_s = table::real(&f[9], "deletion_time")?;
    let run_s = if f[10].trim().is_empty() {
        None
    } else {
        Some(deletion_s - table::real(&f[10], "scheduled_time")?)
    };
    if creation_s < 0.0 {
        return Err("column creation_time: must be 0 or more".into());
    }
    Ok(Pod {
        name: f[0].trim().to_string(),
        num_gpu,
        fractional: num_gpu == 1 && gpu_milli > 0 && gpu_milli < 1000,
        spec: f[5]
            .split('|')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect(),
        priority,
        creation_s,
        run_s,
    })
}

/// Imports Alibaba 2023 pod lists (`openb_pod_list_*.csv`) with a node list
/// (`openb_node_list_gpu_node.csv` or `_all_node.csv`) for the capacity.
pub fn import(files: &[TraceFile], options: &ImportOptions) -> Result<Imported, ImportError> {
    let mut report = ImportReport::default();
    let catalog = options
        .catalog
        .clone()
        .unwrap_or_else(GpuCatalog::alibaba_default);
    let node_files: Vec<&TraceFile> = files.iter().filter(|f| is_nodes(f)).collect();
    let pod_files: Vec<&TraceFile> = files.iter().filter(|f| is_pods(f)).collect();
    if let Some(other) = files.iter().find(|f| !is_nodes(f) && !is_pods(f)) {
        return Err(ImportError::Input(format!("{}: not an Alibaba 2023 pod list (header name,cpu_milli,...) or node list (header sn,cpu_milli,...)", other.name)));
    }
    if node_files.is_empty() || pod_files.is_empty() {
        return Err(ImportError::Input("the Alibaba import needs a pod list (openb_pod_list_*.csv) and a node list (openb_node_list_gpu_node.csv) for the capacity".into()));
    }
    let teams = options.teams.unwrap_or(DEFAULT_TEAMS);
    if teams == 0 || teams as usize > quotalab_engine::validate::MAX_SHARES {
        return Err(ImportError::Input(format!(
            "the team count must be 1 to 20 (AWS allows at most 20 quota shares); found {teams}"
        )));
    }

    // Capacity: instances of each mapped type, in catalog order; unmapped models are left out.
    let gpus = node_gpus(&node_files, options, &mut report)?;
    let mut capacity: Vec<(String, u32)> = Vec::new();
    for m in &catalog.mappings {
        let Some((_, &count)) = gpus
            .iter()
            .find(|(model, _)| model.eq_ignore_ascii_case(&m.model))
        else {
            continue;
        };
        let instances = count / catalog.accelerators(&m.instance_type);
        match capacity.iter_mut().find(|(t, _)| *t == m.instance_type) {
            Some((_, n)) => *n += instances,
            None if instances > 0 => capacity.push((m.instance_type.clone(), instances)),
            None => {}
        }
    }
    for (model, count) in &gpus {
        if catalog.instance_type(model).is_none() {
            report.note(format!("{count} {model} GPUs in the node list have no instance type in the catalog and are left out"));
        }
    }
    if capacity.is_empty() {
        return Err(ImportError::Input("no GPU model of the node list is mapped to an instance type; map one with the catalog (e.g. T4=ml.g4dn.xlarge)".into()));
    }
    if capacity.len() > 5 {
        report.note("a share holds at most 5 capacity limits; the catalog's first 5 types with capacity are used");
        capacity.truncate(5);
    }
    let usable: HashSet<&str> = capacity.iter().map(|(t, _)| t.as_str()).collect();

    let share_names: Vec<String> = (1..=teams).map(|k| format!("team-{k}")).collect();
    let mut sampler = options.sampler();
    let mut seen_pods = HashSet::new();
    let mut fractional = 0usize;
    let mut jobs = Vec::new();
    for file in &pod_files {
        for (line, text) in table::lines(file.text, None).skip(1) {
            report.rows += 1;
            let pod = match parse_pod(text) {
                Ok(pod) => pod,
                Err(message) => {
                    report.bad_row(options.keep_going, file.name, line, message)?;
                    continue;
                }
            };
            if !seen_pods.insert(pod.name.clone()) {
                report.skip("the same pod is already imported from another pod list");
                continue;
            }
            if pod.num_gpu == 0 {
                report.skip("CPU-only pod (num_gpu 0)");
                continue;
            }
            let Some(run_s) = pod.run_s.filter(|s| *s > 0.0) else {
                report.skip(
                    "never scheduled or no run time (no scheduled_time, or deletion not after it)",
                );
                continue;
            };
            let submit_h = pod.creation_s / 3600.0;
            if !options.in_window(submit_h) {
                report.skip("submitted outside the time window");
                continue;
            }
            if !sampler.keep(file.name, line) {
                report.skip("sampled out");
                continue;
            }
            let models: Vec<&str> = if pod.spec.is_empty() {
                catalog.mappings.iter().map(|m| m.model.as_str()).collect()
            } else {
                pod.spec.iter().map(String::as_str).collect()
            };
            let mut types: Vec<String> = Vec::new();
            for model in models {
                if let Some(t) = catalog.instance_type(model).filter(|t| usable.contains(t)) {
                    if !types.iter().any(|x| x == t) {
                        types.push(t.to_string());
                    }
                }
            }
            types.truncate(5);
            if types.is_empty() {
                report.skip(
                    "its gpu_spec names only GPU models without an instance type or capacity",
                );
                continue;
            }
            fractional += usize::from(pod.fractional);
            // The pod's GPUs run at each type's per-accelerator speed; the first entry gets the
            // trace's run time and the others that time scaled by speed (measured durations).
            let speed = |t: &str| catalog.definition(t).map(|d| d.speed).unwrap_or(1.0);
            let first_speed = speed(&types[0]);
            let run_h = table::duration_hours(run_s);
            let entries: Vec<(String, u32, f64)> = types
                .iter()
                .map(|t| {
                    (
                        t.clone(),
                        pod.num_gpu.div_ceil(catalog.accelerators(t)),
                        table::duration_hours(run_s * first_speed / speed(t)),
                    )
                })
                .collect();
            let team = &share_names[(fnv1a(pod.name.as_bytes()) % u64::from(teams)) as usize];
            let mut spec = job(
                pod.name.clone(),
                team.clone(),
                table::hours(options.shift(submit_h) * 3600.0),
                run_h,
                pod.priority,
            );
            let (count, preferences) = preference_list(&entries, true);
            spec.instance_count = count;
            spec.preferences = preferences;
            jobs.push(spec);
        }
    }
    if fractional > 0 {
        report.note(format!("{fractional} pods asked for a fraction of one GPU; SageMaker cannot share an instance, so each gets a whole one"));
    }
    report.note(format!(
        "teams synthesised: FNV-1a hash of the pod name modulo {teams}"
    ));
    report.note("durations of still-running pods end at the trace's end (censored)");

    let shares = share_names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let limits = capacity
                .iter()
                .map(|(t, n)| (t.clone(), split_evenly(*n, teams as usize)[i]))
                .collect();
            open_share(name.clone(), limits, true)
        })
        .collect();
    jobs.sort_by(|a, b| {
        a.submit_h
            .total_cmp(&b.submit_h)
            .then_with(|| a.name.cmp(&b.name))
    });
    let parts = Parts {
        name: options.name.clone().unwrap_or_else(|| format!("Alibaba GPU cluster 2023: {teams} synthetic teams")),
        description: "Imported from Alibaba's 2023 GPU cluster trace (openb, Weng et al., ATC'23). Teams are synthetic (hash of the pod name); priorities from QoS; capacity from the node list.".into(),
        seed: options.seed,
        instance_types: catalog.definitions_for(capacity.iter().map(|(t, _)| t.as_str())),
        capacity,
        shares,
        jobs,
    };
    assemble(parts, report)
}
