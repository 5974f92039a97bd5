//! Jobs, their preference lists, and the job mixes that generate them.
//!
//! A mix's `template` holds every job field except `name`, `share`, `submit_h` and `duration_h`
//! (docs/FORMAT.md). The shared fields are declared once, in `job_types!`, which produces both the
//! explicit job (`JobSpec`) and the template (`JobAttributes`), so the two can never drift apart.

use super::kueue::{Admitted, PodSet};
use super::serde_util::{is_default, list_without_spare_room, null_as_default};
use serde::{Deserialize, Serialize};

/// `training` (the default) or `processing`; only training jobs may use training plans (AWS).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JobKind {
    /// A training job (the default); may use training plans.
    #[default]
    Training,
    /// A processing job; may not use training plans (AWS).
    Processing,
}

/// One entry of an instance preference list (SageMaker `InstancePreferences`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Preference {
    /// The type this entry asks for.
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
        #[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct JobSpec {
            /// The job's name, unique in the scenario; results and actions refer to it.
            pub name: String,
            /// Required exactly when the scenario declares quota shares.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub share: Option<String>,
            /// When it is submitted, in hours from the start.
            pub submit_h: f64,
            /// Uninterrupted compute time on the first preference.
            pub duration_h: f64,
            $( $(#[$field_meta])* pub $field: $ty, )*
            /// What really happened to this job, when the workload is imported history; the
            /// engine never schedules by it, only compares against it (`result::calibration`).
            /// Boxed, as `admitted` is: a job without one then spends 4 bytes on it in wasm, not
            /// 64, and a trace lists a million jobs (docs/PERFORMANCE.md, "A listed job without
            /// history, 80 bytes smaller").
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub observed: Option<Box<Observed>>,
            /// Kueue only: the cluster had admitted it when its state was taken, so it holds
            /// these flavors from time 0 (docs/KUEUE.md, "The cluster's current state").
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub admitted: Option<Box<Admitted>>,
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
                JobSpec { name, share, submit_h, duration_h, $( $field: attributes.$field.clone(), )* observed: None, admitted: None }
            }

            /// The fields of this job that a template could carry.
            pub fn attributes(&self) -> JobAttributes {
                JobAttributes { $( $field: self.$field.clone(), )* }
            }
        }
    };
}

job_types! {
    /// `training` or `processing`; only training jobs may use training plans (AWS).
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "is_default")]
    kind: JobKind,
    /// Higher runs first within its share: 0 to 9999 under AWS rules (`schedulingPriority`),
    /// any 32-bit integer under Kueue's (a workload's `spec.priority`).
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "is_default")]
    priority: i32,
    /// Instances per attempt when the entries do not set their own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    instance_count: Option<u32>,
    /// The instance preference list, tried in order (1 to 5 entries, SEMANTICS §3). Under
    /// Kueue's rules it is the pods' node affinity on instance types and may be empty
    /// (docs/KUEUE.md, "Jobs").
    #[serde(default, deserialize_with = "list_without_spare_room", skip_serializing_if = "Vec::is_empty")]
    preferences: Vec<Preference>,
    /// Provisioning and download time at the start of every attempt: billed, no progress.
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "is_default")]
    startup_h: f64,
    /// Compute time between checkpoints; none: an interrupted attempt restarts from zero.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    checkpoint_interval_h: Option<f64>,
    /// The pause each checkpoint takes.
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "is_default")]
    checkpoint_cost_h: f64,
    /// AWS `MaxPendingTimeInSeconds`, in hours, over the whole list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    max_pending_h: Option<f64>,
    /// AWS `preemptionRetriesBeforeTermination`; unset means requeue every time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    preemption_retries: Option<u32>,
    /// Memory needed per accelerator; on an entry with less, the attempt fails after startup.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    accelerator_memory_gib: Option<f64>,
    /// Relative to submission; reported only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    deadline_h: Option<f64>,
    /// Runs on the spot pool (one entry, no plan), at the spot price, with interruptions.
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "is_default")]
    spot: bool,
    /// Spot only: bounds waiting plus running time since submission.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    max_wait_h: Option<f64>,
    /// Kueue only: the workload's pod sets; none: one pod set `main` of `instance_count` pods,
    /// each asking for its first preference's accelerators (docs/KUEUE.md, "Jobs").
    #[serde(default, deserialize_with = "list_without_spare_room", skip_serializing_if = "Vec::is_empty")]
    pod_sets: Vec<PodSet>,
    /// Kueue only: the LocalQueue it is submitted to (`spec.queueName`), in its `namespace`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    local_queue: Option<String>,
    /// Kueue only: the namespace it is created in; none: `default`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    namespace: Option<String>,
    /// Kueue only: its WorkloadPriorityClass, kept as written; `priority` holds its value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    priority_class: Option<String>,
}

/// A job's observed outcome in the system it was imported from (docs/ACCOUNT.md, "The
/// observed block"). Times are hours on the scenario's clock, like `submit_h`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Observed {
    /// When its first attempt started; none: it never started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_start_h: Option<f64>,
    /// When it ended; none: it had not ended when the history was taken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_h: Option<f64>,
    /// How it ended, in the result's status words.
    pub status: ObservedStatus,
    /// Why, in the source system's words (AWS `statusReason`, a Kueue condition's reason).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The instance type its last attempt ran on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instance_type: Option<String>,
    /// Preemptions it suffered (reclaim and in-share alike).
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    pub preemptions: u32,
}

/// An observed job's ending is written in the result's own `status` words (SEMANTICS §6), so
/// calibration compares like with like. AWS reports every unsuccessful ending as `FAILED`; the
/// importer reads which one it was from `statusReason` (docs/ACCOUNT.md).
pub type ObservedStatus = crate::result::Status;

/// A generated family of jobs named `<mix>-<k>`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JobMix {
    /// The mix's name; its jobs are `<name>-<k>`.
    pub name: String,
    /// The share its jobs belong to (required exactly when shares exist).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub share: Option<String>,
    /// How many jobs; may be omitted with `at_h` arrivals (then one per listed time).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    /// When its jobs arrive.
    pub arrivals: Arrivals,
    /// How long each runs on its first preference.
    pub duration_h: DurationSpec,
    /// Every other job field, shared by all its jobs.
    pub template: JobAttributes,
}

/// When a mix's jobs arrive.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Arrivals {
    /// Random arrivals at a mean rate.
    Poisson(PoissonArrivals),
    /// One arrival every `every_h`.
    Periodic(PeriodicArrivals),
    /// Arrivals at listed times.
    Listed(ListedArrivals),
}

/// Exponential gaps at `poisson_per_h` jobs per hour, from `start_h`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PoissonArrivals {
    /// Mean arrivals per hour.
    pub poisson_per_h: f64,
    /// When arrivals begin, in hours.
    #[serde(default, deserialize_with = "null_as_default")]
    pub start_h: f64,
}

/// One job every `every_h`, from `start_h`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PeriodicArrivals {
    /// Hours between arrivals.
    pub every_h: f64,
    /// When the first arrives, in hours.
    #[serde(default, deserialize_with = "null_as_default")]
    pub start_h: f64,
}

/// Jobs at exactly these times.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListedArrivals {
    /// The arrival times, in hours.
    pub at_h: Vec<f64>,
}

/// A mix's job duration: fixed, or drawn from a distribution.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DurationSpec {
    /// Every job lasts this many hours.
    Fixed(f64),
    /// Durations drawn from a distribution, per job, from the mix's stream.
    Distribution(DurationDistribution),
}

/// The duration distributions a mix may draw from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum DurationDistribution {
    /// Uniform between `min_h` and `max_h`.
    Uniform {
        /// The shortest duration, in hours.
        min_h: f64,
        /// The longest duration, in hours.
        max_h: f64,
    },
    /// Log-normal with the given median and 90th percentile (a long tail, like real training jobs).
    Lognormal {
        /// Half the jobs run shorter than this, in hours.
        median_h: f64,
        /// 90% of the jobs run shorter than this, in hours.
        p90_h: f64,
    },
}

/// The standard normal distribution's 90th percentile: a log-normal's p90 is its median times
/// `exp(sigma * Z90)`.
pub const Z90: f64 = 1.281_551_565_544_600_4;

/// The log-normal's sigma for a median and a 90th percentile (both positive), as the generator
/// draws it; `libm`, so wasm and native agree to the bit.
pub fn lognormal_sigma(median: f64, p90: f64) -> f64 {
    (libm::log(p90) - libm::log(median)) / Z90
}
