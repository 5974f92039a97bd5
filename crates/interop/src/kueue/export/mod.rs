//! A scenario as Kueue YAML (`kueue.x-k8s.io/v1beta2`, one document per object). A scenario
//! under an AWS agreement goes through `quotalab_engine::translate::to_kueue` first, and the
//! file opens with what the translation approximated or dropped. The scenario's fields that no
//! Kueue object holds are kept in the ConfigMap `quotalab-scenario` and `quotalab.dev/`
//! annotations (`carried`), so `import` gives back the same scenario.

mod names;
mod objects;
mod workloads;

use super::carried::ScenarioHeader;
use crate::account::timestamp::to_iso8601;
use quotalab_engine::scenario::kueue::{LocalQueue, DEFAULT_NAMESPACE};
use quotalab_engine::scenario::Scenario;
use quotalab_engine::translate::to_kueue;
use serde::{Deserialize, Serialize};

/// The instant hour 0 is written as: creation times are this plus each job's submission.
const TIME_ZERO_MS: i64 = 1_767_225_600_000; // 2026-01-01T00:00:00Z

/// The YAML, and what the translation could not carry (also in the file's opening comment).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KueueExport {
    pub yaml: String,
    pub warnings: Vec<String>,
}

/// `hours` after `zero_ms`, as Kubernetes writes a time (whole seconds without a fraction).
fn time(zero_ms: i64, hours: f64) -> String {
    let ms = zero_ms + (hours * 3_600_000.0).round() as i64;
    let text = to_iso8601(ms);
    match text.strip_suffix(".000Z") {
        Some(whole) => format!("{whole}Z"),
        None => text,
    }
}

/// The scenario's Kueue objects and jobs as YAML.
pub fn export(scenario: &Scenario) -> KueueExport {
    let (kueue_form, warnings) = match scenario.kueue {
        Some(_) => (scenario.clone(), Vec::new()),
        None => {
            let t = to_kueue(scenario);
            let lost = t.not_carried();
            (t.scenario, lost)
        }
    };
    let header = header_comment(scenario, &warnings);
    let docs = documents(kueue_form);
    KueueExport {
        yaml: format!("{header}---\n{}", docs.join("---\n")),
        warnings,
    }
}

fn header_comment(s: &Scenario, lost: &[String]) -> String {
    let mut out = format!(
        "# Quota Lab scenario \"{}\" as Kueue objects ({}), one document per object.\n\
         # The ConfigMap {} and the quotalab.dev/ annotations keep what Kueue has no field for,\n\
         # so that `quotalab import kueue` reads back the same scenario.\n",
        s.name.replace('\n', " "),
        super::API_VERSION,
        super::SCENARIO_CONFIGMAP
    );
    if s.kueue.is_none() {
        out.push_str("#\n# Translated from AWS quota shares (docs/KUEUE-TRANSLATION.md). What Kueue states\n# differently or not at all:\n");
        for line in lost {
            out.push_str(&format!("# - {}\n", line.replace('\n', " ")));
        }
        if lost.is_empty() {
            out.push_str("# - nothing: every part of the agreement is carried\n");
        }
    }
    out
}

/// Every document, in the order Kubernetes can apply them.
fn documents(mut s: Scenario) -> Vec<String> {
    local_queues_for_jobs(&mut s);
    let kueue = s.kueue.clone().unwrap_or_default();
    let originals = (
        kueue.clone(),
        s.jobs.iter().map(|j| j.name.clone()).collect::<Vec<_>>(),
    );
    let renames = names::renames(&kueue, &s.jobs);
    let mut renamed = kueue;
    renames.apply(&mut renamed, s.jobs.to_mut(), &mut s.job_mixes);
    let mut docs = vec![yaml(&objects::scenario_map(&header(&s)))];
    docs.extend(objects::all(&renamed, &originals.0));
    let workload_names = names::workloads(&s.jobs);
    for ((job, name), original) in s.jobs.iter().zip(&workload_names).zip(&originals.1) {
        docs.push(yaml(&workloads::workload(
            job,
            name,
            original,
            TIME_ZERO_MS,
        )));
    }
    docs
}

/// A Workload is submitted to a LocalQueue: a job naming only its ClusterQueue gets the
/// LocalQueue of its namespace that leads there, made (named after the queue) when none does.
fn local_queues_for_jobs(s: &mut Scenario) {
    let Some(kueue) = s.kueue.as_mut() else {
        return;
    };
    for job in s
        .jobs
        .to_mut()
        .iter_mut()
        .filter(|j| j.local_queue.is_none())
    {
        let Some(queue) = job.share.as_deref().map(String::from) else {
            continue;
        };
        let ns = job
            .namespace
            .clone()
            .unwrap_or_else(|| DEFAULT_NAMESPACE.into());
        let found = kueue
            .local_queues
            .iter()
            .find(|l| l.namespace == ns && l.cluster_queue == queue);
        let name = match found {
            Some(l) => l.name.clone(),
            None => {
                let mut name = queue.clone();
                for k in 2.. {
                    if !kueue
                        .local_queues
                        .iter()
                        .any(|l| l.namespace == ns && l.name == name)
                    {
                        break;
                    }
                    name = format!("{queue}-{k}");
                }
                kueue.local_queues.push(LocalQueue {
                    name: name.clone(),
                    namespace: ns,
                    cluster_queue: queue,
                });
                name
            }
        };
        job.local_queue = Some(name);
    }
}

fn header(s: &Scenario) -> ScenarioHeader {
    ScenarioHeader {
        name: s.name.clone(),
        description: s.description.clone(),
        seed: s.seed,
        currency: (s.currency != Default::default()).then(|| s.currency.clone()),
        horizon_h: s.horizon_h,
        instance_types: s.instance_types.clone(),
        spot: s.spot.clone(),
        job_mixes: s.job_mixes.clone(),
        actions: s.actions.clone(),
        time_zero: Some(time(TIME_ZERO_MS, 0.0)),
    }
}

fn yaml<T: Serialize>(value: &T) -> String {
    serde_yaml_ng::to_string(value).expect("Kueue objects always serialise")
}
