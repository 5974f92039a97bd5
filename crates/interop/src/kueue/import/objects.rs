//! The file's objects read into their shapes by kind, each error naming the object's kind, name
//! and field path. Kinds the import does not read (Jobs, Pods, AdmissionChecks, ...) are skipped
//! and counted by the row reader (`skip`).

use super::super::carried::{ScenarioHeader, SCENARIO_CONFIGMAP, SCENARIO_KEY};
use super::super::documents::Document;
use super::super::error::KueueError;
use super::super::shapes::dropped::Dropped;
use super::super::shapes::queue::{ClusterQueueSpec, CohortSpec};
use super::super::shapes::workload::Workload;
use super::super::shapes::{
    ConfigMap, Configuration, FairSharingConfig, FlavorSpec, LocalQueueSpec, Namespace, Object,
    PriorityClass,
};
use super::skip::{KueueReader, KueueSkip};
use crate::rows::Outcome;
use serde::de::DeserializeOwned;

/// Every object the import reads, in file order.
#[derive(Default)]
pub(super) struct Parsed {
    pub flavors: Vec<Object<FlavorSpec>>,
    pub cohorts: Vec<Object<CohortSpec>>,
    pub queues: Vec<Object<ClusterQueueSpec>>,
    pub local_queues: Vec<Object<LocalQueueSpec>>,
    pub classes: Vec<PriorityClass>,
    pub namespaces: Vec<Namespace>,
    pub workloads: Vec<Workload>,
    pub fair_sharing: Option<FairSharingConfig>,
    pub header: Option<ScenarioHeader>,
    /// Unmodelled fields the objects set, for the import's notes.
    pub dropped: Dropped,
}

/// `doc` read as `T`; an error names the object and the field path.
fn typed<T: DeserializeOwned>(doc: &Document) -> Result<T, KueueError> {
    serde_path_to_error::deserialize(&doc.value).map_err(|e| {
        let path = e.path().to_string();
        let field = if path == "." { String::new() } else { path };
        KueueError::object(doc.kind(), &doc.name(), field, e.into_inner().to_string())
    })
}

fn group(doc: &Document) -> &str {
    let api = doc
        .value
        .get("apiVersion")
        .and_then(serde_json::Value::as_str)
        .unwrap_or("");
    api.split_once('/').map_or("", |(g, _)| g)
}

/// A namespaced object's name with its namespace (`ml/main`), as the import's notes name it.
fn qualified(doc: &Document) -> String {
    match doc
        .value
        .pointer("/metadata/namespace")
        .and_then(serde_json::Value::as_str)
    {
        Some(namespace) => format!("{namespace}/{}", doc.name()),
        None => doc.name(),
    }
}

/// Every object of `docs` in its place, each read as a record of `reader`.
pub(super) fn parse(docs: &[Document], reader: &mut KueueReader) -> Result<Parsed, KueueError> {
    let mut p = Parsed::default();
    let records = docs.iter().map(|doc| (doc.place.clone(), doc));
    reader
        .rows(records, |_, doc| object(doc, &mut p))
        .map_err(|bad| bad.error)?;
    Ok(p)
}

/// One object into `p`, or skipped for its kind.
fn object(doc: &Document, p: &mut Parsed) -> Result<Outcome<(), KueueSkip>, KueueError> {
    if group(doc) == "kueue.x-k8s.io" {
        p.dropped.look(doc.kind(), &qualified(doc), &doc.value);
    }
    match (group(doc), doc.kind()) {
        ("kueue.x-k8s.io", "ResourceFlavor") => p.flavors.push(flavor(doc)?),
        ("kueue.x-k8s.io", "Cohort") => p.cohorts.push(typed(doc)?),
        ("kueue.x-k8s.io", "ClusterQueue") => p.queues.push(typed(doc)?),
        ("kueue.x-k8s.io", "LocalQueue") => p.local_queues.push(typed(doc)?),
        ("kueue.x-k8s.io", "WorkloadPriorityClass") => p.classes.push(typed(doc)?),
        ("kueue.x-k8s.io", "Workload") => p.workloads.push(typed(doc)?),
        ("", "Namespace") => p.namespaces.push(typed(doc)?),
        ("config.kueue.x-k8s.io", "Configuration") => {
            let c: Configuration = typed(doc)?;
            p.fair_sharing = enabled(c.fair_sharing);
        }
        ("", "ConfigMap") => return config_map(doc, p),
        (_, kind) => return Ok(Outcome::Skip(KueueSkip::Kind(kind.to_string()))),
    }
    Ok(Outcome::Keep(()))
}

/// A ResourceFlavor may have no `spec` at all.
fn flavor(doc: &Document) -> Result<Object<FlavorSpec>, KueueError> {
    if doc.value.get("spec").is_some() {
        return typed(doc);
    }
    let mut value = doc.value.clone();
    if let Some(map) = value.as_object_mut() {
        map.insert("spec".into(), serde_json::json!({}));
    }
    typed(&Document {
        place: doc.place.clone(),
        value,
    })
}

/// v1beta1's `fairSharing.enable: false` is off; anything else present is on.
fn enabled(f: Option<FairSharingConfig>) -> Option<FairSharingConfig> {
    f.filter(|f| f.enable != Some(false))
        .map(|f| FairSharingConfig { enable: None, ..f })
}

/// The export's scenario fields, or Kueue's manager configuration kept in a ConfigMap.
fn config_map(doc: &Document, p: &mut Parsed) -> Result<Outcome<(), KueueSkip>, KueueError> {
    let map: ConfigMap = typed(doc)?;
    if map.metadata.name == SCENARIO_CONFIGMAP {
        if let Some(text) = map.data.get(SCENARIO_KEY) {
            let header = serde_json::from_str(text).map_err(|e| {
                KueueError::object(
                    "ConfigMap",
                    SCENARIO_CONFIGMAP,
                    format!("data.{SCENARIO_KEY}"),
                    e.to_string(),
                )
            })?;
            p.header = Some(header);
            return Ok(Outcome::Keep(()));
        }
    }
    for text in map.data.values() {
        if let Ok(c) = serde_yaml_ng::from_str::<Configuration>(text) {
            if c.kind == "Configuration" {
                p.fair_sharing = enabled(c.fair_sharing);
                return Ok(Outcome::Keep(()));
            }
        }
    }
    Ok(Outcome::Skip(KueueSkip::ConfigMap))
}
