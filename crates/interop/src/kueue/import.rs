//! Kueue YAML back to a scenario. Reads any multi-document YAML with ClusterQueues (v1beta1
//! `spec.cohort` or v1beta2 `spec.cohortName`), Cohorts and ResourceFlavors; other kinds
//! (LocalQueue, WorkloadPriorityClass, ...) are skipped with a note.
//!
//! The inverse of the export (SEMANTICS §2): a queue that lends nothing (`lendingLimit: 0`) is
//! `RESERVE`, one that borrows nothing (`borrowingLimit: 0`) is `LEND`, any other
//! `LEND_AND_BORROW` with the borrow limit as a percentage of the nominal quota; reclaim needs no
//! field in AWS, and `withinClusterQueue` other than `Never` is in-share preemption. Annotations
//! from a Quota Lab export take precedence where they agree with the fields.

use super::*;
use crate::agreement::{Agreement, ShareTerms};
use quotalab_engine::scenario::{Queueing, Scenario, Strategy};
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// One flavor of a ClusterQueue: its instance type and quotas in instances.
struct FlavorLimit {
    instance_type: String,
    nominal: u32,
    borrowing: Option<u32>,
    lending: Option<u32>,
}

/// Reads Kueue YAML (one or more documents).
pub fn import(yaml: &str) -> Result<Imported, ImportError> {
    import_objects(&documents(yaml)?)
}

/// Reads Kubernetes objects already parsed (the account import opens `List`s first).
pub(crate) fn import_objects(documents: &[Value]) -> Result<Imported, ImportError> {
    let mut notes = Vec::new();
    let kind_of = |d: &Value| {
        d.get("kind")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };

    // Flavors first: a ClusterQueue names them, and they say which instance type they are.
    let mut flavor_types: BTreeMap<String, String> = BTreeMap::new();
    let mut flavor_capacity: BTreeMap<String, u32> = BTreeMap::new();
    for (index, doc) in documents
        .iter()
        .enumerate()
        .filter(|(_, d)| kind_of(d) == "ResourceFlavor")
    {
        let name = text(doc, &["metadata", "name"])
            .ok_or_else(|| invalid(index, "a ResourceFlavor needs metadata.name"))?;
        let instance_type = flavor_instance_type(doc, &name);
        if let Some(n) = text(doc, &["metadata", "annotations", CAPACITY_ANNOTATION])
            .and_then(|v| v.parse().ok())
        {
            flavor_capacity.insert(instance_type.clone(), n);
        }
        flavor_types.insert(name, instance_type);
    }
    let type_of = |flavor: &str| {
        flavor_types
            .get(flavor)
            .cloned()
            .unwrap_or_else(|| flavor.to_string())
    };

    let mut shares = Vec::new();
    let mut quota: BTreeMap<String, u32> = BTreeMap::new();
    let mut strict = Vec::new();
    let mut scenario_name: Option<String> = None;
    for (index, doc) in documents.iter().enumerate() {
        match kind_of(doc).as_str() {
            "ClusterQueue" => {
                let name = text(doc, &["metadata", "name"])
                    .ok_or_else(|| invalid(index, "a ClusterQueue needs metadata.name"))?;
                let flavors = flavor_limits(doc, &type_of, &mut notes)
                    .map_err(|m| invalid(index, &format!("ClusterQueue {name}: {m}")))?;
                for f in &flavors {
                    *quota.entry(f.instance_type.clone()).or_default() += f.nominal;
                }
                strict.push(
                    text(doc, &["spec", "queueingStrategy"]).as_deref() == Some("StrictFIFO"),
                );
                let in_cohort = text(doc, &["spec", "cohortName"])
                    .or_else(|| text(doc, &["spec", "cohort"]))
                    .is_some();
                shares.push(
                    share_terms(doc, &name, flavors, in_cohort, &mut notes)
                        .map_err(|m| invalid(index, &format!("ClusterQueue {name}: {m}")))?,
                );
            }
            "Cohort" => {
                if let Some(n) = text(doc, &["metadata", "annotations", NAME_ANNOTATION]) {
                    scenario_name = Some(n);
                }
                let flavors = flavor_limits(doc, &type_of, &mut notes)
                    .map_err(|m| invalid(index, &format!("Cohort: {m}")))?;
                for f in flavors {
                    *quota.entry(f.instance_type).or_default() += f.nominal;
                }
            }
            "ResourceFlavor" => {}
            other => notes.push(format!(
                "document {}: kind {} is not part of the agreement and is skipped",
                index + 1,
                if other.is_empty() { "(none)" } else { other }
            )),
        }
    }
    if shares.is_empty() {
        return Err(ImportError::Missing(
            "no ClusterQueue found; the agreement needs at least one".into(),
        ));
    }
    // Capacity: the flavors' annotation where present, else nominal quotas of queues and cohort.
    let mut capacity = quota;
    for (t, n) in flavor_capacity {
        capacity.insert(t, n);
    }
    capacity.retain(|_, n| *n > 0);
    let agreement = Agreement { shares, capacity };
    let mut scenario: Scenario = agreement.into_scenario(
        scenario_name.unwrap_or_else(|| "Imported from Kueue".into()),
        "Quota shares read back from Kueue ClusterQueues.".into(),
        &mut notes,
    );
    if !strict.is_empty() && strict.iter().all(|s| *s) {
        scenario.queueing = Queueing::StrictFifo;
    }
    Imported { scenario, notes }.checked()
}

/// A ResourceFlavor's instance type: Quota Lab's annotation, else the node label (with `ml.`
/// added, since Kubernetes names EC2 types), else the flavor's name.
pub(crate) fn flavor_instance_type(doc: &Value, name: &str) -> String {
    text(doc, &["metadata", "annotations", INSTANCE_TYPE_ANNOTATION])
        .or_else(|| {
            text(doc, &["spec", "nodeLabels", INSTANCE_TYPE_LABEL]).map(|t| {
                if t.starts_with("ml.") {
                    t
                } else {
                    format!("ml.{t}")
                }
            })
        })
        .unwrap_or_else(|| name.to_string())
}

fn invalid(index: usize, message: &str) -> ImportError {
    ImportError::Invalid {
        file: format!("YAML document {}", index + 1),
        message: message.to_string(),
    }
}

/// Every non-empty document, as JSON values.
fn documents(yaml: &str) -> Result<Vec<Value>, ImportError> {
    nesting::check(yaml).map_err(|message| ImportError::Invalid {
        file: "Kueue YAML".into(),
        message,
    })?;
    let mut out = Vec::new();
    for (index, document) in serde_yaml_ng::Deserializer::from_str(yaml).enumerate() {
        let value = serde_yaml_ng::Value::deserialize(document)
            .map_err(|e| invalid(index, &format!("not YAML: {e}")))?;
        if value.is_null() {
            continue;
        }
        out.push(
            serde_json::to_value(&value)
                .map_err(|e| invalid(index, &format!("not a Kubernetes object: {e}")))?,
        );
    }
    Ok(out)
}

fn text(value: &Value, path: &[&str]) -> Option<String> {
    let mut v = value;
    for key in path {
        v = v.get(key)?;
    }
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// A Kubernetes quantity as a whole count: a number, or a string of digits (with an optional
/// `k`, `M` or `G` decimal suffix).
fn quantity(value: &Value) -> Result<u64, String> {
    match value {
        Value::Number(n) => n
            .as_u64()
            .ok_or_else(|| format!("quantity {n} is not a whole number of 0 or more")),
        Value::String(s) => {
            let (digits, factor) = match s.trim().char_indices().last() {
                Some((i, 'k')) => (&s[..i], 1_000),
                Some((i, 'M')) => (&s[..i], 1_000_000),
                Some((i, 'G')) => (&s[..i], 1_000_000_000),
                _ => (s.trim(), 1),
            };
            digits
                .trim()
                .parse::<u64>()
                .map(|n| n * factor)
                .map_err(|_| format!("quantity \"{s}\" is not a whole count"))
        }
        other => Err(format!("quantity {other} is not a number")),
    }
}

/// The instance limits of every flavor in `spec.resourceGroups`, counted in pods, else in
/// accelerators divided by the type's accelerators per instance.
fn flavor_limits(
    doc: &Value,
    type_of: &dyn Fn(&str) -> String,
    notes: &mut Vec<String>,
) -> Result<Vec<FlavorLimit>, String> {
    let mut out = Vec::new();
    let groups = doc
        .pointer("/spec/resourceGroups")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for group in &groups {
        for flavor in group
            .get("flavors")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let name = flavor
                .get("name")
                .and_then(Value::as_str)
                .ok_or("a flavor needs a name")?;
            let instance_type = type_of(name);
            let resources = flavor
                .get("resources")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            let find = |r: &str| {
                resources
                    .iter()
                    .find(|x| x.get("name").and_then(Value::as_str) == Some(r))
            };
            let (resource, unit) = match find(PODS) {
                Some(r) => (r.clone(), 1u64),
                None => {
                    // Hand-written YAML has no instance definitions: the built-in catalog's.
                    let accelerators = quotalab_engine::scenario::catalog::builtin()
                        .into_iter()
                        .find(|t| t.name == instance_type)
                        .map(|t| u64::from(t.accelerators.max(1)))
                        .unwrap_or(1);
                    let r = ["nvidia.com/gpu", "aws.amazon.com/neuron", "amd.com/gpu"]
                        .iter()
                        .find_map(|r| find(r))
                        .ok_or_else(|| format!("flavor {name}: no pods or accelerator (nvidia.com/gpu, aws.amazon.com/neuron) quota"))?;
                    notes.push(format!("flavor {name}: quota in accelerators, divided by {accelerators} per {instance_type} instance"));
                    (r.clone(), accelerators)
                }
            };
            let read = |key: &str| -> Result<Option<u32>, String> {
                resource
                    .get(key)
                    .map(|v| quantity(v).map(|n| u32::try_from(n / unit).unwrap_or(u32::MAX)))
                    .transpose()
            };
            out.push(FlavorLimit {
                instance_type,
                nominal: read("nominalQuota")?
                    .ok_or_else(|| format!("flavor {name}: nominalQuota is required"))?,
                borrowing: read("borrowingLimit")?,
                lending: read("lendingLimit")?,
            });
        }
    }
    Ok(out)
}

fn share_terms(
    doc: &Value,
    name: &str,
    flavors: Vec<FlavorLimit>,
    in_cohort: bool,
    notes: &mut Vec<String>,
) -> Result<ShareTerms, String> {
    if flavors.is_empty() {
        return Err("no flavor with a quota in spec.resourceGroups".into());
    }
    let display = text(doc, &["metadata", "annotations", NAME_ANNOTATION])
        .unwrap_or_else(|| name.to_string());
    let lends_nothing = flavors.iter().all(|f| f.lending == Some(0));
    let borrows_nothing = flavors.iter().all(|f| f.borrowing == Some(0));
    let inferred = if !in_cohort || lends_nothing {
        Strategy::Reserve
    } else if borrows_nothing {
        Strategy::Lend
    } else {
        Strategy::LendAndBorrow
    };
    if !in_cohort {
        notes.push(format!(
            "ClusterQueue {name} is in no cohort: it can neither lend nor borrow, so it is RESERVE"
        ));
    }
    let annotated = text(doc, &["metadata", "annotations", STRATEGY_ANNOTATION]).and_then(|s| {
        match s.as_str() {
            "RESERVE" => Some(Strategy::Reserve),
            "LEND" => Some(Strategy::Lend),
            "LEND_AND_BORROW" => Some(Strategy::LendAndBorrow),
            _ => None,
        }
    });
    let strategy = annotated.unwrap_or(inferred);
    if flavors
        .iter()
        .any(|f| f.lending.is_some_and(|l| l > 0 && l < f.nominal))
    {
        notes.push(format!("ClusterQueue {name}: a partial lendingLimit has no AWS equivalent; the share lends all its idle capacity"));
    }
    let borrow_limit =
        (strategy == Strategy::LendAndBorrow).then(|| borrow_percent(doc, name, &flavors, notes));
    let within =
        text(doc, &["spec", "preemption", "withinClusterQueue"]).unwrap_or_else(|| "Never".into());
    Ok(ShareTerms {
        name: display,
        limits: flavors
            .iter()
            .map(|f| (f.instance_type.clone(), f.nominal))
            .collect(),
        strategy,
        borrow_limit,
        in_share_preemption: within != "Never",
    })
}

/// The borrow limit in percent: the annotation when it reproduces every flavor's absolute
/// `borrowingLimit`, -1 when no flavor sets one, else the first flavor's ratio (rounded).
fn borrow_percent(
    doc: &Value,
    name: &str,
    flavors: &[FlavorLimit],
    notes: &mut Vec<String>,
) -> i64 {
    let fits = |percent: i64| {
        flavors.iter().all(|f| match (percent, f.borrowing) {
            (p, None) => p < 0,
            (p, Some(b)) => p >= 0 && u64::from(f.nominal) * p as u64 / 100 == u64::from(b),
        })
    };
    if let Some(p) = text(doc, &["metadata", "annotations", BORROW_LIMIT_ANNOTATION])
        .and_then(|v| v.parse::<i64>().ok())
    {
        if fits(p) {
            return p;
        }
        notes.push(format!("ClusterQueue {name}: the borrow-limit annotation ({p}%) disagrees with borrowingLimit; the fields win"));
    }
    let Some(first) = flavors.iter().find(|f| f.borrowing.is_some()) else {
        return -1;
    };
    let percent = if first.nominal == 0 {
        0
    } else {
        (f64::from(first.borrowing.unwrap_or(0)) * 100.0 / f64::from(first.nominal)).round() as i64
    };
    if !fits(percent) || flavors.iter().any(|f| f.borrowing.is_none()) {
        notes.push(format!("ClusterQueue {name}: borrowingLimit is not the same percentage of every flavor's quota; AWS takes one percentage, {percent}% (from the first flavor)"));
    }
    percent
}
