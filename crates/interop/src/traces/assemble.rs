//! The last step of every trace import: the capacity (the format's own or `--capacity`, with a
//! note when it is the observed peak or far above what the jobs held), the shares' limits, the
//! jobs on the scenario's clock with their `observed` blocks, the summary of the trace's own
//! waits beside the capacity, and the engine's validation of the result. The steps that used to
//! be copied into each format are here once (docs/TRACES.md, "Capacity").

use super::catalog::GpuCatalog;
use super::headroom;
use super::job::TraceJob;
use super::options::ImportOptions;
use super::quotas::{self, ShareQuota};
use super::report::{ImportError, ImportReport};
use super::waits::ObservedWaits;
use super::window::TraceReader;
use super::ImportedTrace;
use crate::agreement::capacities;
use crate::validated;
use quotalab_engine::format::MAX_SCENARIO_BYTES;
use quotalab_engine::result::numbers::{count, counted};
use quotalab_engine::result::sharing_names;
use quotalab_engine::scenario::{InstanceType, Scenario};

/// Where the format's capacity comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum Source {
    /// Stated by the trace or derived from what it states, in words ("the node list's GPUs").
    Stated(String),
    /// The most the trace shows in use at once, because it states nothing: in `unit`s (a
    /// singular noun for accelerators, such as "processor"), with the average in use over the
    /// trace and how it was counted.
    Peak {
        peak: u32,
        average: u32,
        unit: &'static str,
        how: &'static str,
    },
}

/// What a format has worked out, before it becomes a scenario.
pub struct Parts {
    pub name: String,
    pub description: String,
    pub seed: u64,
    pub instance_types: Vec<InstanceType>,
    /// On-demand instances per type, in the order they should appear.
    pub capacity: Vec<(String, u32)>,
    pub source: Source,
    /// The shares with the limits the format chose for its own capacity.
    pub shares: Vec<ShareQuota>,
    pub jobs: Vec<TraceJob>,
}

/// Builds the scenario and checks it: its size (a scenario the engine would refuse to read is
/// refused here, before anything is written) and the engine's validation; an error there means
/// the mapping (a user catalog naming an unknown type, too many shares, long names) produced
/// something that cannot run, which `--keep-going` may still write.
pub fn assemble(
    mut parts: Parts,
    reader: TraceReader,
    options: &ImportOptions,
    catalog: &GpuCatalog,
) -> Result<ImportedTrace, ImportError> {
    if parts.jobs.is_empty() {
        return Err(ImportError::Empty(
            "every row was outside the window, sampled out, skipped or bad; widen the window (--from-h/--to-h), sample more (--sample N with a smaller N, or a larger --fraction) or check the files".into(),
        ));
    }
    let capacity = quotas::chosen(&parts.capacity, options.capacity.as_ref(), catalog)?;
    let mut report = ImportReport::of(reader);
    report.jobs = parts.jobs.len();
    report.waits = ObservedWaits::of(&parts.jobs);
    report.capacity = capacity_words(&capacity, &parts.source, options.capacity.is_some());
    let note = match (&parts.source, options.capacity.is_some()) {
        (Source::Peak { .. }, false) => peak_note(&parts.source, report.waits.as_ref()),
        _ => headroom::held_at_once(&parts.jobs, catalog).and_then(|held| {
            let accelerators = capacity
                .iter()
                .map(|(t, n)| n * catalog.accelerators(t))
                .sum();
            headroom::note(accelerators, held, report.waits.as_ref())
        }),
    };
    report.capacity_warning = note;
    parts.jobs.sort_by(|a, b| {
        a.submit_s
            .cmp(&b.submit_s)
            .then_with(|| a.name.cmp(&b.name))
    });
    let origin_s = options.origin_s();
    let scenario = Scenario {
        version: 1,
        name: parts.name,
        description: parts.description,
        seed: parts.seed,
        currency: Default::default(),
        horizon_h: None,
        queueing: Default::default(),
        instance_types: parts.instance_types,
        quota_shares: quotas::shares(parts.shares, &parts.capacity, &capacity),
        capacity: capacities(capacity),
        spot: Vec::new(),
        training_plans: Vec::new(),
        // Each share and instance type is one allocation, however many jobs name it.
        jobs: sharing_names(|| {
            parts
                .jobs
                .into_iter()
                .map(|j| j.into_spec(origin_s))
                .collect()
        }),
        ..Scenario::default()
    };
    checked(scenario, report)
}

/// The size check and the engine's validation; warnings are counted in a note.
fn checked(scenario: Scenario, report: ImportReport) -> Result<ImportedTrace, ImportError> {
    let bytes = validated::written_size(&scenario);
    if validated::too_large(bytes) {
        return Err(ImportError::TooLarge {
            bytes,
            jobs: report.jobs,
            limit: MAX_SCENARIO_BYTES,
        });
    }
    let (mut imported, validation) =
        validated::check(ImportedTrace { scenario, report }, |i| &i.scenario)
            .map_err(ImportError::Rejected)?;
    if !validation.warnings.is_empty() {
        imported.report.note(format!(
            "the scenario has {} (for example jobs larger than any share may hold); run `quotalab validate` to list them",
            counted(validation.warnings.len() as u64, "validation warning")
        ));
    }
    Ok(imported)
}

/// "128 × ml.g5.xlarge (the most processors the log shows in use at once)".
fn capacity_words(capacity: &[(String, u32)], source: &Source, given: bool) -> String {
    let instances = capacity
        .iter()
        .map(|(t, n)| format!("{} \u{d7} {t}", count(u64::from(*n))))
        .collect::<Vec<_>>()
        .join(", ");
    let from = match (given, source) {
        (true, _) => "as given with --capacity".to_string(),
        (false, Source::Stated(words)) => words.clone(),
        (false, Source::Peak { unit, .. }) => {
            format!("the most {unit}s the trace shows in use at once")
        }
    };
    format!("{instances} ({from})")
}

/// What a capacity taken from the observed peak means for the simulation, and what to try
/// instead (docs/TRACES.md, "Capacity").
fn peak_note(source: &Source, waits: Option<&ObservedWaits>) -> Option<String> {
    let Source::Peak {
        peak,
        average,
        unit,
        how,
    } = source
    else {
        return None;
    };
    let real = match waits {
        Some(w) => format!("while on the real cluster {w}"),
        None => "while the trace records no waits to compare with".into(),
    };
    Some(format!(
        "capacity is the peak of {} in use at once ({how}). The real cluster was never busier than that, so in the simulation a job seldom waits for capacity, {real}. For contention, try a smaller capacity: --capacity {} is the average in use",
        counted(u64::from(*peak), unit),
        average.max(&1)
    ))
}
