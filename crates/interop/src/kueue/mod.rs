//! Kueue, in and out (docs/AWS_EXPORT.md, "Kueue"). [`import`] reads Kueue YAML (any objects of
//! Kueue's agreement and Workloads, v1beta1 or v1beta2, multi-document or a `kind: List`) into a
//! scenario under Kueue's rules that keeps every field; [`export`] writes a Kueue scenario's
//! objects back as v1beta2 YAML, and an AWS scenario's through the engine's translation
//! (`quotalab_engine::translate::to_kueue`), opening with what the translation could not carry.
//! Import then export then import gives the same scenario.

mod carried;
mod documents;
mod error;
mod export;
mod import;
pub mod nesting;
mod rename;
mod shapes;

pub use crate::agreement::{ImportError, Imported};
pub use carried::{INSTANCE_TYPE_ANNOTATION, JOB_ANNOTATION, NAME_ANNOTATION, SCENARIO_CONFIGMAP};
pub use error::KueueError;
pub use export::{export, KueueExport};
pub use import::{import, import_for_rules, import_with, ImportOptions, DEFAULT_RUNTIME_H};

/// The agreement's objects of a cluster dump (each with its place for messages) as a
/// Kueue-form scenario, unchecked: the account import reads them, then translates.
pub(crate) fn agreement_objects(
    values: Vec<(String, serde_json::Value)>,
) -> Result<Imported, ImportError> {
    let docs: Vec<documents::Document> = values
        .into_iter()
        .map(|(place, value)| documents::Document { place, value })
        .collect();
    import::objects(&docs, &ImportOptions::default())
}

/// The instance type a ResourceFlavor object names: the catalog's type its annotation or
/// `node.kubernetes.io/instance-type` label names (`p4d.24xlarge` is `ml.p4d.24xlarge`), else
/// that name as written, else the flavor's name (docs/FORMAT.md, "A ResourceFlavor's instance
/// type and spot").
pub(crate) fn flavor_type(value: &serde_json::Value) -> String {
    use quotalab_engine::scenario::kueue::ResourceFlavor;
    let text = |path: &str| {
        value
            .pointer(path)
            .and_then(serde_json::Value::as_str)
            .map(str::to_string)
    };
    let name = text("/metadata/name").unwrap_or_default();
    let labels = value
        .pointer("/spec/nodeLabels")
        .and_then(|v| serde_json::from_value(v.clone()).ok())
        .unwrap_or_default();
    let flavor = ResourceFlavor {
        name: name.clone(),
        node_labels: labels,
        node_taints: Vec::new(),
        tolerations: Vec::new(),
        instance_type: text(&format!(
            "/metadata/annotations/{}",
            INSTANCE_TYPE_ANNOTATION.replace('/', "~1")
        )),
    };
    flavor
        .resolved_instance_type(&[])
        .map(|t| t.name)
        .or_else(|| flavor.written_instance_type().map(str::to_string))
        .unwrap_or(name)
}

/// The API group and version written.
pub const API_VERSION: &str = "kueue.x-k8s.io/v1beta2";
