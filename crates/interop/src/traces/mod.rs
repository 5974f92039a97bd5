//! Trace import: public GPU-cluster traces in, a runnable [`Scenario`] out.
//!
//! Each format has its own file (`philly`, `alibaba`, `swf`) that reads rows and decides the
//! mapping; `options` holds what the user chooses, `catalog` maps GPU models to instance types,
//! `report` collects bad rows and notes, and [`assemble`] turns the pieces into a scenario and
//! checks it with the engine's own validation. The mappings, and why, are in `docs/TRACES.md`.
//!
//! Functions take file contents, not paths, so the app can pass uploaded files.

pub mod alibaba;
pub mod catalog;
pub mod options;
pub mod philly;
pub mod report;
pub mod swf;
mod swf_capacity;
mod table;

pub use catalog::{GpuCatalog, GpuMapping};
pub use options::{ImportOptions, Sampling, ShareBy};
pub use report::{BadRow, ImportError, ImportReport};

use crate::validated;
use quotalab_engine::format::MAX_SCENARIO_BYTES;
use quotalab_engine::scenario::{Capacity, InstanceType, JobSpec, QuotaShare, Scenario};
use serde::{Deserialize, Serialize};

/// One input file: a display name (used in bad-row messages and to recognise the file) and its
/// text.
#[derive(Debug, Clone, Copy)]
pub struct TraceFile<'a> {
    pub name: &'a str,
    pub text: &'a str,
}

/// A successful import: the scenario and what happened on the way.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    pub scenario: Scenario,
    pub report: ImportReport,
}

/// The trace formats, for callers that choose one at run time (the CLI, the app's upload).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TraceFormat {
    Philly,
    Alibaba,
    Swf,
}

impl TraceFormat {
    /// `philly`, `alibaba` or `swf`.
    pub fn from_name(name: &str) -> Option<TraceFormat> {
        match name {
            "philly" => Some(TraceFormat::Philly),
            "alibaba" => Some(TraceFormat::Alibaba),
            "swf" => Some(TraceFormat::Swf),
            _ => None,
        }
    }

    /// The file extensions a directory of this format holds.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            TraceFormat::Philly => &["trace", "csv"],
            TraceFormat::Alibaba => &["csv"],
            TraceFormat::Swf => &["swf"],
        }
    }

    /// The format's default GPU catalog, to extend with `--catalog` mappings.
    pub fn default_catalog(self) -> GpuCatalog {
        match self {
            TraceFormat::Philly => GpuCatalog::philly_default(),
            TraceFormat::Alibaba => GpuCatalog::alibaba_default(),
            TraceFormat::Swf => GpuCatalog::swf_default(),
        }
    }
}

/// Imports files of one format.
pub fn import(
    format: TraceFormat,
    files: &[TraceFile],
    options: &ImportOptions,
) -> Result<Imported, ImportError> {
    match format {
        TraceFormat::Philly => philly::import(files, options),
        TraceFormat::Alibaba => alibaba::import(files, options),
        TraceFormat::Swf => swf::import(files, options),
    }
}

/// The parts an importer has worked out, before they become a scenario.
pub(crate) struct Parts {
    pub name: String,
    pub description: String,
    pub seed: u64,
    pub instance_types: Vec<InstanceType>,
    /// On-demand instances per type, in the order they should appear.
    pub capacity: Vec<(String, u32)>,
    pub shares: Vec<QuotaShare>,
    pub jobs: Vec<JobSpec>,
}

/// Builds the scenario and checks it: its size (a scenario the engine would refuse to read is
/// refused here, before anything is written) and the engine's validation; an error there means
/// the mapping (a user catalog naming an unknown type, too many shares, long names) produced
/// something that cannot run.
pub(crate) fn assemble(parts: Parts, mut report: ImportReport) -> Result<Imported, ImportError> {
    if parts.jobs.is_empty() {
        return Err(ImportError::Empty(
            "every row was outside the window, sampled out, skipped or bad; widen the window or check the files".into(),
        ));
    }
    report.jobs = parts.jobs.len();
    let scenario = Scenario {
        version: 1,
        name: parts.name,
        description: parts.description,
        seed: parts.seed,
        currency: Default::default(),
        horizon_h: None,
        rules: Default::default(),
        queueing: Default::default(),
        instance_types: parts.instance_types,
        capacity: parts
            .capacity
            .into_iter()
            .map(|(instance_type, count)| Capacity {
                instance_type,
                count,
                changes: Vec::new(),
            })
            .collect(),
        spot: Vec::new(),
        training_plans: Vec::new(),
        quota_shares: parts.shares,
        kueue: None,
        jobs: parts.jobs,
        job_mixes: Vec::new(),
        actions: Vec::new(),
    };
    let bytes = validated::written_size(&scenario);
    if validated::too_large(bytes) {
        return Err(ImportError::TooLarge {
            bytes,
            jobs: report.jobs,
            limit: MAX_SCENARIO_BYTES,
        });
    }
    let (mut imported, validation) =
        validated::check(Imported { scenario, report }, |i| &i.scenario)
            .map_err(ImportError::Rejected)?;
    if !validation.warnings.is_empty() {
        imported.report.note(format!(
            "the scenario has {} validation warnings (for example jobs larger than any share may hold); run `quotalab validate` to list them",
            validation.warnings.len()
        ));
    }
    Ok(imported)
}

/// Splits `total` instances among `parts` shares as evenly as whole numbers allow, each at least 1.
pub(crate) fn split_evenly(total: u32, parts: usize) -> Vec<u32> {
    let parts_u = parts.max(1) as u32;
    (0..parts_u)
        .map(|i| (total / parts_u + u32::from(i < total % parts_u)).max(1))
        .collect()
}

/// Splits `total` instances in proportion to `weights`, each at least 1, by largest remainder.
pub(crate) fn split_by_weight(total: u32, weights: &[f64]) -> Vec<u32> {
    let sum: f64 = weights.iter().sum();
    if sum <= 0.0 {
        return split_evenly(total, weights.len());
    }
    let exact: Vec<f64> = weights.iter().map(|w| f64::from(total) * w / sum).collect();
    let mut out: Vec<u32> = exact.iter().map(|x| x.floor() as u32).collect();
    let mut left = total.saturating_sub(out.iter().sum());
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by(|&a, &b| {
        (exact[b] - exact[b].floor())
            .total_cmp(&(exact[a] - exact[a].floor()))
            .then(a.cmp(&b))
    });
    for &i in order.iter().cycle().take(weights.len() * 2) {
        if left == 0 {
            break;
        }
        out[i] += 1;
        left -= 1;
    }
    out.into_iter().map(|n| n.max(1)).collect()
}

/// A job's preference list from `(instance type, instances, hours on it)` in order: the job-level
/// count when every entry needs the same number of instances, per-entry counts otherwise
/// (docs/FORMAT.md's rule); the first entry's hours become the job's `duration_h`, later entries
/// keep theirs only when `measured` (otherwise the engine derives them by speed).
pub(crate) fn preference_list(
    entries: &[(String, u32, f64)],
    measured: bool,
) -> (Option<u32>, Vec<quotalab_engine::scenario::Preference>) {
    let uniform = entries.windows(2).all(|w| w[0].1 == w[1].1);
    let list = entries
        .iter()
        .enumerate()
        .map(
            |(i, (instance_type, count, hours))| quotalab_engine::scenario::Preference {
                instance_type: instance_type.clone(),
                instance_count: (!uniform).then_some(*count),
                training_plan: None,
                duration_h: (measured && i > 0).then_some(*hours),
            },
        )
        .collect();
    (
        uniform.then(|| entries.first().map(|e| e.1).unwrap_or(1)),
        list,
    )
}

/// A job with the defaults of docs/FORMAT.md and the given essentials.
pub(crate) fn job(
    name: String,
    share: String,
    submit_h: f64,
    duration_h: f64,
    priority: u32,
) -> JobSpec {
    JobSpec {
        name,
        share: Some(share),
        submit_h,
        duration_h,
        kind: Default::default(),
        priority: priority as i32,
        instance_count: None,
        preferences: Vec::new(),
        startup_h: 0.0,
        checkpoint_interval_h: None,
        checkpoint_cost_h: 0.0,
        max_pending_h: None,
        preemption_retries: None,
        accelerator_memory_gib: None,
        deadline_h: None,
        spot: false,
        max_wait_h: None,
        ..JobSpec::default()
    }
}

/// A quota share that lends and borrows without a cap: the traces carry no sharing terms, so
/// imports start from the most permissive agreement and leave tightening it to the user.
pub(crate) fn open_share(
    name: String,
    limits: Vec<(String, u32)>,
    in_share_preemption: bool,
) -> QuotaShare {
    QuotaShare {
        name,
        capacity_limits: limits
            .into_iter()
            .map(
                |(instance_type, max_capacity)| quotalab_engine::scenario::CapacityLimit {
                    instance_type,
                    max_capacity,
                },
            )
            .collect(),
        strategy: quotalab_engine::scenario::Strategy::LendAndBorrow,
        borrow_limit: None,
        in_share_preemption,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_keep_the_total_and_give_everyone_one() {
        assert_eq!(split_evenly(7, 3), [3, 2, 2]);
        assert_eq!(split_evenly(1, 3), [1, 1, 1]);
        assert_eq!(split_by_weight(10, &[1.0, 1.0, 2.0]), [3, 2, 5]);
        assert_eq!(split_by_weight(10, &[0.0, 1.0]), [1, 10]);
    }
}
