//! What Kueue's objects have no field for and a Quota Lab export keeps beside them, so that
//! export then import gives the same scenario: the original name of an object whose name is not
//! a Kubernetes name (`quotalab.dev/name`), a flavor's own instance type
//! (`quotalab.dev/instance-type`), a job's fields that a Workload cannot hold (`quotalab.dev/job`,
//! JSON), and the scenario's own fields (its name, seed, horizon, instance types, spot pools, job
//! mixes, actions and time zero) in the ConfigMap `quotalab-scenario`. Hand-written YAML has
//! none of them and reads from Kueue's fields alone.

use quotalab_engine::scenario::serde_util::is_default;
use quotalab_engine::scenario::{
    Action, Currency, InstanceType, JobKind, JobMix, Observed, Preference, SpotPool,
};
use serde::{Deserialize, Serialize};

/// The original name of an object whose name had to change to be a Kubernetes name.
pub const NAME_ANNOTATION: &str = "quotalab.dev/name";
/// A ResourceFlavor's `instance_type` (docs/FORMAT.md, "Kueue").
pub const INSTANCE_TYPE_ANNOTATION: &str = "quotalab.dev/instance-type";
/// A Workload's job fields that Kueue has no place for, as JSON.
pub const JOB_ANNOTATION: &str = "quotalab.dev/job";
/// The ConfigMap holding the scenario's own fields, and its key.
pub const SCENARIO_CONFIGMAP: &str = "quotalab-scenario";
pub const SCENARIO_KEY: &str = "scenario.json";

/// A job's fields beyond its Workload's: when it arrives and how long it runs exactly, and the
/// fields Kueue has no counterpart for.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct JobExtra {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub submit_h: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration_h: Option<f64>,
    #[serde(skip_serializing_if = "is_default")]
    pub kind: JobKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instance_count: Option<u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub preferences: Vec<Preference>,
    #[serde(skip_serializing_if = "is_default")]
    pub startup_h: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checkpoint_interval_h: Option<f64>,
    #[serde(skip_serializing_if = "is_default")]
    pub checkpoint_cost_h: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accelerator_memory_gib: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deadline_h: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub observed: Option<Box<Observed>>,
}

/// The scenario's fields beyond its Kueue objects and jobs.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ScenarioHeader {
    pub name: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub description: String,
    #[serde(skip_serializing_if = "is_default")]
    pub seed: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub currency: Option<Currency>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub horizon_h: Option<f64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub instance_types: Vec<InstanceType>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub spot: Vec<SpotPool>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub job_mixes: Vec<JobMix>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<Action>,
    /// The instant the scenario's hour 0 is, ISO 8601.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_zero: Option<String>,
}
