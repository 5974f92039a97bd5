//! Kueue YAML to a Kueue-form scenario (`rules: kueue`) that keeps every field of the objects
//! (docs/FORMAT.md, "Kueue"; docs/AWS_EXPORT.md, "Kueue"): ResourceFlavors, Cohorts,
//! ClusterQueues, LocalQueues, WorkloadPriorityClasses, Namespaces, the manager Configuration's
//! fair sharing, and Workloads as jobs. `kueue.x-k8s.io/v1beta1` and `v1beta2` (and the first
//! Cohort API, `v1alpha1`) read alike; `kind: List` is opened.

mod agreement;
mod objects;
mod skip;
mod workloads;

use super::carried::{ScenarioHeader, NAME_ANNOTATION};
use super::documents::{self, Document};
use super::error::KueueError;
use super::rename::Renames;
use super::shapes::Metadata;
use crate::account::timestamp::iso8601;
use crate::agreement::{ImportError, Imported};
use objects::Parsed;
use quotalab_engine::result::sharing_names;
use quotalab_engine::scenario::kueue::DEFAULT_NAMESPACE;
use quotalab_engine::scenario::{Rules, Scenario};
use workloads::{Jobs, RunTimeCounts};

/// The run time of a Workload that states none (`--default-runtime`), in hours.
pub const DEFAULT_RUNTIME_H: f64 = 1.0;

/// What the user may say beside the YAML.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportOptions {
    /// `--from-state`: read the cluster as it is, Workloads shown admitted holding their flavors
    /// from hour 0, finished ones skipped. Without it every Workload is replayed from its creation.
    pub from_state: bool,
    /// `--default-runtime H`: how long a Workload runs when nothing says.
    pub default_runtime_h: f64,
}

impl Default for ImportOptions {
    fn default() -> Self {
        ImportOptions {
            from_state: false,
            default_runtime_h: DEFAULT_RUNTIME_H,
        }
    }
}

/// Reads Kueue YAML with the default options.
pub fn import(yaml: &str) -> Result<Imported, ImportError> {
    import_with(yaml, &ImportOptions::default())
}

/// Reads Kueue YAML into a Kueue-form scenario, checked with the engine's validation.
pub fn import_with(yaml: &str, options: &ImportOptions) -> Result<Imported, ImportError> {
    import_for_rules(yaml, options, Rules::Kueue)
}

/// Reads Kueue YAML into a scenario under `rules`: the Kueue form as it is, or for AWS its
/// translation (`quotalab_engine::translate::to_aws`), whose notes (what AWS cannot state)
/// follow the import's; checked with the engine's validation.
pub fn import_for_rules(
    yaml: &str,
    options: &ImportOptions,
    rules: Rules,
) -> Result<Imported, ImportError> {
    let docs = documents::read(yaml)?;
    let (scenario, mut notes) = read(&docs, options)?;
    let scenario = match rules {
        Rules::Kueue => scenario,
        Rules::Aws => {
            let t = quotalab_engine::translate::to_aws(&scenario);
            notes.extend(t.notes.iter().map(ToString::to_string));
            t.scenario
        }
    };
    imported((scenario, notes)).checked()
}

/// The objects already split into documents (the account import has opened its files).
pub(crate) fn objects(docs: &[Document], options: &ImportOptions) -> Result<Imported, ImportError> {
    Ok(imported(read(docs, options)?))
}

fn imported((scenario, notes): (Scenario, Vec<String>)) -> Imported {
    Imported { scenario, notes }
}

fn read(docs: &[Document], options: &ImportOptions) -> Result<(Scenario, Vec<String>), KueueError> {
    let mut reader = skip::reader();
    let mut p = objects::parse(docs, &mut reader)?;
    if p.queues.is_empty() {
        return Err(KueueError::NoClusterQueue);
    }
    let mut notes = Vec::new();
    let mut kueue = agreement::kueue(&p, &mut notes)?;
    let header = p.header.take().unwrap_or_default();
    let zero_ms = header
        .time_zero
        .as_deref()
        .and_then(iso8601)
        .unwrap_or_else(|| workloads::time_zero(&p.workloads));
    // Each ClusterQueue's name is one allocation, however many Workloads are in it.
    let (jobs, mixes, run_time_notes) = sharing_names(|| {
        let mut workloads = Jobs {
            kueue: &kueue,
            options,
            zero_ms,
            run_times: RunTimeCounts::default(),
        };
        let mut jobs = workloads.jobs(&p.workloads, &mut reader)?;
        let run_time_notes = workloads.run_times.notes(options);
        let mut mixes = header.job_mixes.clone();
        renames(&p).apply(&mut kueue, &mut jobs, &mut mixes);
        Ok::<_, KueueError>((jobs, mixes, run_time_notes))
    })?;
    notes.extend(run_time_notes);
    notes.extend(p.dropped.notes());
    notes.extend(skip::notes(&reader));
    Ok((scenario(header, kueue, jobs, mixes), notes))
}

/// The scenario's name for an object: the one a Quota Lab export kept, else its own.
fn display(m: &Metadata) -> String {
    m.annotations
        .get(NAME_ANNOTATION)
        .cloned()
        .unwrap_or_else(|| m.name.clone())
}

fn renames(p: &Parsed) -> Renames {
    let pairs = |items: Vec<&Metadata>| {
        items
            .into_iter()
            .map(|m| (m.name.clone(), display(m)))
            .collect()
    };
    Renames {
        flavors: pairs(p.flavors.iter().map(|o| &o.metadata).collect()),
        cohorts: pairs(p.cohorts.iter().map(|o| &o.metadata).collect()),
        queues: pairs(p.queues.iter().map(|o| &o.metadata).collect()),
        local_queues: p
            .local_queues
            .iter()
            .map(|o| {
                (
                    (
                        o.metadata
                            .namespace
                            .clone()
                            .unwrap_or_else(|| DEFAULT_NAMESPACE.into()),
                        o.metadata.name.clone(),
                    ),
                    display(&o.metadata),
                )
            })
            .collect(),
        namespaces: pairs(p.namespaces.iter().map(|n| &n.metadata).collect()),
        classes: pairs(p.classes.iter().map(|c| &c.metadata).collect()),
    }
}

fn scenario(
    h: ScenarioHeader,
    kueue: quotalab_engine::scenario::kueue::Kueue,
    jobs: Vec<quotalab_engine::scenario::JobSpec>,
    job_mixes: Vec<quotalab_engine::scenario::JobMix>,
) -> Scenario {
    Scenario {
        version: 1,
        name: if h.name.is_empty() {
            "Imported from Kueue".into()
        } else {
            h.name
        },
        description: h.description,
        seed: h.seed,
        currency: h.currency.unwrap_or_default(),
        horizon_h: h.horizon_h,
        rules: Rules::Kueue,
        queueing: Default::default(),
        instance_types: h.instance_types,
        capacity: Vec::new(),
        spot: h.spot,
        training_plans: Vec::new(),
        quota_shares: Vec::new(),
        kueue: Some(Box::new(kueue)),
        jobs: jobs.into(),
        job_mixes,
        actions: h.actions,
    }
}
