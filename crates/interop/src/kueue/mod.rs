//! Kueue, out and back: ResourceFlavors per instance type, one Cohort, a ClusterQueue per share.
//!
//! [`export`] writes one multi-document YAML file opening with a comment that lists every
//! semantic difference the mapping cannot carry; [`import`] reads that file, or hand-written
//! ClusterQueue, Cohort and ResourceFlavor YAML (v1beta1 or v1beta2), back into a scenario.
//! Annotations under `quotalab.dev/` keep what Kueue's fields cannot state exactly (original
//! names, the borrow limit as a percentage, the on-demand capacity).

mod export;
pub(crate) mod import;
pub mod nesting;
mod resources;

pub use crate::agreement::{ImportError, Imported};
pub use export::{export, KueueExport};
pub use import::import;

/// The API group and version written.
pub const API_VERSION: &str = "kueue.x-k8s.io/v1beta2";
/// The one cohort every ClusterQueue joins.
pub const COHORT: &str = "quotalab";
/// Annotation keys.
pub const NAME_ANNOTATION: &str = "quotalab.dev/name";
pub const STRATEGY_ANNOTATION: &str = "quotalab.dev/strategy";
pub const BORROW_LIMIT_ANNOTATION: &str = "quotalab.dev/borrow-limit";
pub const INSTANCE_TYPE_ANNOTATION: &str = "quotalab.dev/instance-type";
pub const CAPACITY_ANNOTATION: &str = "quotalab.dev/on-demand-instances";
/// The node label that selects an instance type's nodes.
pub const INSTANCE_TYPE_LABEL: &str = "node.kubernetes.io/instance-type";
/// Instances are counted as pods: one training pod per instance.
pub const PODS: &str = "pods";
