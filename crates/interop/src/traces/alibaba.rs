//! Alibaba's 2023 GPU cluster trace ("openb", docs/TRACES.md, "Getting the full traces"): a pod
//! list and a node list of one heterogeneous cluster, with no team, user or queue column.
//!
//! Mapping (docs/TRACES.md, "Alibaba 2023"): each GPU pod (`alibaba_pod`) is a job submitted at
//! `creation_time`, running `deletion_time - scheduled_time`, observed starting at
//! `scheduled_time` and ending at `deletion_time` unless still running; `gpu_spec` (allowed models,
//! `|`-separated, empty for any) becomes the preference list through the catalog; `qos` becomes
//! the priority; teams are synthesised as a hash of the pod name modulo the team count. Capacity is
//! the node list's GPUs per model (`alibaba_nodes`), split evenly among the teams' shares.

pub use super::alibaba_pod::priority_of;

use super::alibaba_nodes;
use super::alibaba_pod::{self, Pod};
use super::assemble::{assemble, Parts, Source};
use super::clock::{duration_seconds, whole_seconds};
use super::job::{Seen, TraceJob};
use super::options::{fnv1a, ImportOptions};
use super::quotas::{split_evenly, ShareQuota};
use super::report::ImportError;
use super::skip::Skip;
use super::window::{window, Placed, TraceReader};
use super::{GpuCatalog, ImportedTrace, TraceFile};
use crate::rows::{lines, Outcome};
use quotalab_engine::result::numbers::count;
use quotalab_engine::scenario::ObservedStatus;
use std::collections::HashSet;

/// Teams when the user does not say.
pub const DEFAULT_TEAMS: u32 = 4;
/// A preference list has at most 5 entries (SEMANTICS §3).
const MAX_PREFERENCES: usize = 5;

fn is_nodes(file: &TraceFile) -> bool {
    file.text.trim_start().starts_with("sn,")
}

fn is_pods(file: &TraceFile) -> bool {
    file.text.trim_start().starts_with("name,")
}

/// Imports Alibaba 2023 pod lists (`openb_pod_list_*.csv`) with a node list
/// (`openb_node_list_gpu_node.csv` or `_all_node.csv`) for the capacity.
pub fn import(files: &[TraceFile], options: &ImportOptions) -> Result<ImportedTrace, ImportError> {
    let catalog = options
        .catalog
        .clone()
        .unwrap_or_else(GpuCatalog::alibaba_default);
    let node_files: Vec<&TraceFile> = files.iter().filter(|f| is_nodes(f)).collect();
    let pod_files: Vec<&TraceFile> = files.iter().filter(|f| is_pods(f)).collect();
    if let Some(other) = files.iter().find(|f| !is_nodes(f) && !is_pods(f)) {
        return Err(ImportError::NotThisFormat {
            file: other.name.to_string(),
            expected: "an Alibaba 2023 pod list (header name,cpu_milli,...) or node list (header sn,cpu_milli,...)".into(),
        });
    }
    if node_files.is_empty() || pod_files.is_empty() {
        return Err(ImportError::Missing("the Alibaba import needs a pod list (openb_pod_list_*.csv) and a node list (openb_node_list_gpu_node.csv) for the capacity".into()));
    }
    let teams = options.teams_or(DEFAULT_TEAMS)?;
    let mut reader = TraceReader::new(options.keep_going);
    let capacity = alibaba_nodes::capacity(&node_files, &catalog, &mut reader)?;
    let usable: HashSet<&str> = capacity.iter().map(|(t, _)| t.as_str()).collect();
    let pods = read_pods(&pod_files, &mut reader, options, teams)?;
    // After sampling, as before the row reader, so a sample keeps the same pods.
    let pods = reader.sift(pods, |_, (_, pod)| {
        preferences(pod, &catalog, &usable)
            .is_empty()
            .then_some(Skip::UnmappedSpec)
    });
    let fractional = pods.iter().filter(|(_, (_, pod))| pod.fractional).count();
    let any_model = pods
        .iter()
        .filter(|(_, (_, pod))| pod.spec.is_empty())
        .count();
    let jobs: Vec<TraceJob> = pods
        .into_iter()
        .map(|(_, (mut job, pod))| {
            job.entries = entries(&pod, &catalog, &usable, job.run_s());
            job
        })
        .collect();
    notes(&mut reader, (fractional, any_model), teams, &jobs, &catalog);
    let parts = Parts {
        name: options.name.clone().unwrap_or_else(|| format!("Alibaba GPU cluster 2023: {teams} synthetic teams")),
        description: "Imported from Alibaba's 2023 GPU cluster trace (openb, Weng et al., ATC'23). Teams are synthetic (hash of the pod name); priorities from QoS; capacity from the node list.".into(),
        seed: options.seed,
        instance_types: catalog.definitions_for(capacity.iter().map(|(t, _)| t.as_str())),
        shares: quotas(&capacity, teams),
        capacity,
        source: Source::Stated("the node list's GPUs".into()),
        jobs,
    };
    assemble(parts, reader, options, &catalog)
}

/// The pod lists' GPU pods that ran, in the window and the sample, each as a job without its
/// preference list yet.
fn read_pods<'a>(
    files: &[&TraceFile<'a>],
    reader: &mut TraceReader<'a>,
    options: &ImportOptions,
    teams: u32,
) -> Result<Placed<'a, (TraceJob, Pod)>, ImportError> {
    let mut seen = HashSet::new();
    let records = files.iter().flat_map(|f| lines(f.name, f.text, None, 1));
    let pods = reader.rows(records, |_, text| {
        let pod = alibaba_pod::parse(text)?;
        if !seen.insert(pod.name.clone()) {
            return Ok(Outcome::Skip(Skip::DuplicatePod));
        }
        if pod.num_gpu == 0 {
            return Ok(Outcome::Skip(Skip::CpuOnly));
        }
        match pod.run_s().filter(|s| *s > 0.0) {
            Some(run_s) => Ok(Outcome::Keep((job(&pod, run_s, teams), pod))),
            None => Ok(Outcome::Skip(Skip::NeverScheduled)),
        }
    })?;
    Ok(window(reader, pods, options))
}

/// The pod as a job of team `k`, with its observed start and end: deleted at the end of the run,
/// unless it was still running when the trace ended.
fn job(pod: &Pod, run_s: f64, teams: u32) -> TraceJob {
    let team = fnv1a(pod.name.as_bytes()) % u64::from(teams) + 1;
    let start_s = whole_seconds(pod.scheduled_s.unwrap_or(pod.creation_s));
    let run_s = duration_seconds(run_s);
    TraceJob {
        name: pod.name.clone(),
        share: format!("team-{team}"),
        submit_s: whole_seconds(pod.creation_s),
        priority: pod.priority,
        // The run on the first choice; the list itself is made after sampling (`entries`).
        entries: vec![(String::new(), pod.num_gpu, run_s)],
        measured: true,
        observed: Some(Seen {
            start_s,
            end_s: (pod.phase != ObservedStatus::Unfinished).then_some(start_s + run_s),
            status: pod.phase,
        }),
    }
}

/// The mapped types the pod accepts, in the spec's order (empty: the catalog's), only types with
/// capacity, at most 5.
fn preferences(pod: &Pod, catalog: &GpuCatalog, usable: &HashSet<&str>) -> Vec<String> {
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
    types.truncate(MAX_PREFERENCES);
    types
}

/// The pod's GPUs run at each type's per-accelerator speed; the first entry gets the trace's run
/// time and the others that time scaled by speed (measured durations).
fn entries(
    pod: &Pod,
    catalog: &GpuCatalog,
    usable: &HashSet<&str>,
    run_s: i64,
) -> Vec<(String, u32, i64)> {
    let types = preferences(pod, catalog, usable);
    let speed = |t: &str| catalog.definition(t).map(|d| d.speed).unwrap_or(1.0);
    let first_speed = types.first().map_or(1.0, |t| speed(t));
    types
        .iter()
        .map(|t| {
            let seconds = duration_seconds(run_s as f64 * first_speed / speed(t));
            (
                t.clone(),
                pod.num_gpu.div_ceil(catalog.accelerators(t)),
                seconds,
            )
        })
        .collect()
}

/// Equal shares: each type's capacity split evenly among the teams.
fn quotas(capacity: &[(String, u32)], teams: u32) -> Vec<ShareQuota> {
    (0..teams as usize)
        .map(|i| ShareQuota {
            name: format!("team-{}", i + 1),
            limits: capacity
                .iter()
                .map(|(t, n)| (t.clone(), split_evenly(*n, teams as usize)[i]))
                .collect(),
            in_share_preemption: true,
        })
        .collect()
}

/// Notes on what the trace does not say; `pods` counts those given a whole GPU for a fraction,
/// and those without a `gpu_spec`.
fn notes(
    reader: &mut TraceReader,
    (fractional, any_model): (usize, usize),
    teams: u32,
    jobs: &[TraceJob],
    catalog: &GpuCatalog,
) {
    if any_model > 0 {
        let order: Vec<String> = catalog
            .mappings
            .iter()
            .map(|m| format!("{}={}", m.model, m.instance_type))
            .collect();
        reader.note(format!("pods without a gpu_spec: {}; each accepts every mapped model with capacity, in the catalog's order ({}); --catalog changes it", count(any_model as u64), order.join(", ")));
    }
    if fractional > 0 {
        reader.note(format!("pods that asked for a fraction of one GPU: {}; SageMaker cannot share an instance, so each gets a whole one", count(fractional as u64)));
    }
    reader.note(format!(
        "teams synthesised: FNV-1a hash of the pod name modulo {teams}"
    ));
    let running = jobs
        .iter()
        .filter(|j| j.observed.as_ref().is_some_and(|o| o.end_s.is_none()))
        .count();
    reader.note(format!("pods still running at the trace's end: {}; their runs end there (censored), and they are observed as unfinished", count(running as u64)));
    reader.note("the trace does not say which GPU model a pod ran on, so the observed blocks name no instance type");
}
