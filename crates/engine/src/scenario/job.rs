//! Jobs, their preference lists, and the job mixes that generate them.
//!
//! A mix's `template` holds every job field except `name`, `share`, `submit_h` and `duration_h`
//! (SCENARIO.md). The shared fields are declared once, in `job_types!`, which produces both the
//! explicit job (`JobSpec`) and the template (`JobAttributes`), so the two can never drift apart.

use super::serde_util::{is_default, null_as_default};
use serde::{Deserialize, Serialize};

/// `training` (the default) or `processing`; only training jobs may use training plans (AWS).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JobKind {
    #[default]
    Training,
    Processing,
}

/// One entry of an instance preference list (SageMaker `InstancePreferences`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Preference {
    pub instance_type: String,
    /// Set on every entry or on none (then the job's `instance_count` applies).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instance_count: Option<u32>,
    /// A training plan of the same type; its reserved instances are this entry's pool.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub training_plan: Option<String>,
    /// A measured duration on this entry; otherwise derived by total speed (SEMANTICS §3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_h: Option<f64>,
}

macro_rules! job_types {
    ( $( $(#[$field_meta:meta])* $field:ident : $ty:ty ),* $(,)? ) => {
        /// The job fields a mix's `template` may set: everything but name, share, submit and duration.
        #[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct JobAttributes {
            $( $(#[$field_meta])* pub $field: $ty, )*
        }

        /// An explicit job of the workload.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct JobSpec {
            pub name: String,
            /// Required exactly when the scenario declares quota shares.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub share: Option<String>,
            pub submit_h: f64,
            /// Uninterrupted compute time on the first preference.
            pub duration_h: f64,
            $( $(#[$field_meta])* pub $field: $ty, )*
        }

        impl JobSpec {
            /// A job made from a mix's template.
            pub fn from_attributes(
                name: String,
                share: Option<String>,
                submit_h: f64,
                duration_h: f64,
                attributes: &JobAttributes,
            ) -> Self {
                JobSpec { name, share, submit_h, duration_h, $( $field: attributes.$field.clone(), )* }
            }

            /// The fields of this job that a template could carry.
            pub fn attributes(&self) -> JobAttributes {
                JobAttributes { $( $field: self.$field.clone(), )* }
            }
        }
    };
}

job_types! {
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "is_default")]
    kind: JobKind,
    /// 0 to 9999; higher runs first within its share (AWS `schedulingPriority`).
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "is_default")]
    priority: u32,
    /// Instances per attempt when the entries do not set their own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    instance_count: Option<u32>,
    preferences: Vec<Preference>,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "is_default")]
    startup_h: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    checkpoint_interval_h: Option<f64>,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "is_default")]
    checkpoint_cost_h: f64,
    /// AWS `MaxPendingTimeInSeconds`, in hours, over the whole list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    max_pending_h: Option<f64>,
    /// AWS `preemptionRetriesBeforeTermination`; unset means requeue every time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    preemption_retries: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    accelerator_memory_gib: Option<f64>,
    /// Relative to submission; reported only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    deadline_h: Option<f64>,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "is_default")]
    spot: bool,
    /// Spot only: bounds waiting plus running time since submission.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    max_wait_h: Option<f64>,
}

/// A generated family of jobs named `<mix>-<k>`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JobMix {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub share: Option<String>,
    /// How many jobs; may be omitted with `at_h` arrivals (then one per listed time).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    pub arrivals: Arrivals,
    pub duration_h: DurationSpec,
    pub template: JobAttributes,
}

/// When a mix's jobs arrive.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Arrivals {
    Poisson(PoissonArrivals),
    Periodic(PeriodicArrivals),
    Listed(ListedArrivals),
}

/// Exponential gaps at `poisson_per_h` jobs per hour, from `start_h`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PoissonArrivals {
    pub poisson_per_h: f64,
    #[serde(default, deserialize_with = "null_as_default")]
    pub start_h: f64,
}

/// One job every `every_h`, from `start_h`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PeriodicArrivals {
    pub every_h: f64,
    #[serde(default, deserialize_with = "null_as_default")]
    pub start_h: f64,
}

/// Jobs at exactly these times.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListedArrivals {
    pub at_h: Vec<f64>,
}

/// A mix's job duration: fixed, or drawn from a distribution.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DurationSpec {
    Fixed(f64),
    Distribution(DurationDistribution),
}

/// The duration distributions a mix may draw from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum DurationDistribution {
    Uniform { min_h: f64, max_h: f64 },
    Lognormal { median_h: f64, p90_h: f64 },
}
