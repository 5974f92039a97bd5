//! Jobs, their preference lists, and the job mixes that generate them.
//!
//! A mix's `template` holds every job field except `name`, `share`, `submit_h` and `duration_h`
//! (docs/FORMAT.md). The shared fields are declared once, in `job_types!`, which produces both the
//! explicit job (`JobSpec`) and the template (`JobAttributes`), so the two can never drift apart.

use super::kueue::{Admitted, PodSet};
use super::serde_util::{is_default, list_without_spare_room, null_as_default};
use crate::result::Text;
use serde::{Deserialize, Serialize};
use std::ops::{Deref, DerefMut};

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
    /// The type this entry asks for: shared by every entry that names it
    /// (docs/PERFORMANCE.md, "A listed job's names shared").
    pub instance_type: Text,
    /// Set on every entry or on none (then the job's `instance_count` applies).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instance_count: Option<u32>,
    /// A training plan of the same type; its reserved instances are this entry's pool.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub training_plan: Option<Text>,
    /// A measured duration on this entry; otherwise derived by total speed (SEMANTICS §3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_h: Option<f64>,
}

macro_rules! job_types {
    (
        common { $( $(#[$common_meta:meta])* $common:ident : $common_ty:ty ),* $(,)? }
        extras { $( $(#[$extra_meta:meta])* $extra:ident : $extra_ty:ty ),* $(,)? }
    ) => {
        /// The job fields a mix's `template` may set: everything but name, share, submit and duration.
        #[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct JobAttributes {
            $( $(#[$common_meta])* pub $common: $common_ty, )*
            $( $(#[$extra_meta])* pub $extra: $extra_ty, )*
        }

        /// The fields of a job that most jobs leave at their defaults. A job holds them boxed,
        /// and only when one is set ([`JobSpec`]'s `extras`): a trace lists a million jobs, and
        /// these took 152 of a job's 232 bytes in wasm (docs/PERFORMANCE.md, "A listed job's
        /// defaults left out of its record"). They are read as the job's own fields, through
        /// `Deref`: `job.deadline_h`.
        #[derive(Debug, Clone, PartialEq, Default, Serialize)]
        pub struct JobExtras {
            $( $(#[$extra_meta])* pub $extra: $extra_ty, )*
        }

        /// An explicit job of the workload. Its fields are the document's, in the document's
        /// order; those most jobs leave at their defaults are in `extras`, read through
        /// `Deref` as if they were the job's own.
        #[derive(Debug, Clone, Default, Serialize, Deserialize)]
        #[serde(from = "JobRecord")]
        pub struct JobSpec {
            /// The job's name, unique in the scenario; results and actions refer to it.
            pub name: String,
            /// Required exactly when the scenario declares quota shares; shared by every job
            /// of the share (docs/PERFORMANCE.md, "A listed job's names shared").
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub share: Option<Text>,
            /// When it is submitted, in hours from the start.
            pub submit_h: f64,
            /// Uninterrupted compute time on the first preference.
            pub duration_h: f64,
            $( $(#[$common_meta])* pub $common: $common_ty, )*
            /// The fields most jobs leave at their defaults; none when all are. Read them
            /// through `Deref` (`job.startup_h`), and set them through `DerefMut`, which makes
            /// room for them at the first change.
            #[serde(flatten)]
            pub extras: Option<Box<JobExtras>>,
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

        /// A job as the document writes it, every field in its place: what a job is read as
        /// before its defaults are left out of its record.
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct JobRecord {
            name: String,
            #[serde(default)]
            share: Option<Text>,
            submit_h: f64,
            duration_h: f64,
            $( $(#[$common_meta])* $common: $common_ty, )*
            $( $(#[$extra_meta])* $extra: $extra_ty, )*
            #[serde(default)]
            observed: Option<Box<Observed>>,
            #[serde(default)]
            admitted: Option<Box<Admitted>>,
        }

        impl From<JobRecord> for JobSpec {
            fn from(record: JobRecord) -> Self {
                let extras = JobExtras { $( $extra: record.$extra, )* };
                JobSpec {
                    name: record.name,
                    share: record.share,
                    submit_h: record.submit_h,
                    duration_h: record.duration_h,
                    $( $common: record.$common, )*
                    extras: extras.boxed(),
                    observed: record.observed,
                    admitted: record.admitted,
                }
            }
        }

        /// Two jobs are equal when every field reads the same, whether their defaults are
        /// left out of the record or held in it.
        impl PartialEq for JobSpec {
            fn eq(&self, other: &Self) -> bool {
                self.name == other.name
                    && self.share == other.share
                    && self.submit_h == other.submit_h
                    && self.duration_h == other.duration_h
                    $( && self.$common == other.$common )*
                    && **self == **other
                    && self.observed == other.observed
                    && self.admitted == other.admitted
            }
        }

        impl JobExtras {
            /// The extras of a job that sets none of them.
            const NONE: JobExtras = JobExtras { $( $extra: <$extra_ty as ConstDefault>::DEFAULT, )* };

            /// These extras as a job holds them: none when every one is its default.
            pub fn boxed(self) -> Option<Box<JobExtras>> {
                (self != Self::NONE).then(|| Box::new(self))
            }
        }

        impl JobSpec {
            /// A job made from a mix's template.
            pub fn from_attributes(
                name: String,
                share: Option<Text>,
                submit_h: f64,
                duration_h: f64,
                attributes: &JobAttributes,
            ) -> Self {
                let extras = JobExtras { $( $extra: attributes.$extra.clone(), )* };
                JobSpec {
                    name,
                    share,
                    submit_h,
                    duration_h,
                    $( $common: attributes.$common.clone(), )*
                    extras: extras.boxed(),
                    observed: None,
                    admitted: None,
                }
            }

            /// The fields of this job that a template could carry.
            pub fn attributes(&self) -> JobAttributes {
                JobAttributes { $( $common: self.$common.clone(), )* $( $extra: self.$extra.clone(), )* }
            }
        }
    };
}

/// A type's default as a constant, for [`JobExtras::NONE`]: `Default::default` is not a
/// `const fn`.
trait ConstDefault {
    const DEFAULT: Self;
}

impl ConstDefault for f64 {
    const DEFAULT: f64 = 0.0;
}

impl ConstDefault for bool {
    const DEFAULT: bool = false;
}

impl<T> ConstDefault for Option<T> {
    const DEFAULT: Option<T> = None;
}

impl<T> ConstDefault for Vec<T> {
    const DEFAULT: Vec<T> = Vec::new();
}

/// The extras of a job that sets none of them, for reading through a job that holds none.
static NO_EXTRAS: JobExtras = JobExtras::NONE;

impl Deref for JobSpec {
    type Target = JobExtras;

    fn deref(&self) -> &JobExtras {
        self.extras.as_deref().unwrap_or(&NO_EXTRAS)
    }
}

impl DerefMut for JobSpec {
    fn deref_mut(&mut self) -> &mut JobExtras {
        self.extras.get_or_insert_with(Box::default)
    }
}

job_types! {
    common {
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
    }
    extras {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> JobSpec {
        serde_json::from_str(json).expect("a job")
    }

    #[test]
    fn a_job_that_sets_no_extra_holds_none_and_reads_their_defaults() {
        let job = read(r#"{"name":"a","submit_h":0,"duration_h":1,"spot":null}"#);
        assert!(job.extras.is_none());
        assert_eq!(
            (job.startup_h, job.spot, job.deadline_h),
            (0.0, false, None)
        );
        assert!(job.pod_sets.is_empty() && job.namespace.is_none());
    }

    #[test]
    fn a_job_that_sets_one_holds_them_and_writes_them_in_the_documents_order() {
        let text = r#"{"name":"a","share":"s","submit_h":0.0,"duration_h":1.0,"priority":3,"preferences":[{"instance_type":"t"}],"startup_h":0.5,"deadline_h":4.0,"spot":true,"namespace":"ns","observed":{"status":"succeeded"}}"#;
        let job = read(text);
        assert_eq!(job.extras.as_ref().map(|e| e.deadline_h), Some(Some(4.0)));
        assert_eq!((job.startup_h, job.spot), (0.5, true));
        assert_eq!(serde_json::to_string(&job).expect("written"), text);
    }

    #[test]
    fn a_change_makes_room_for_the_extras_and_equality_reads_through_them() {
        let plain = read(r#"{"name":"a","submit_h":0,"duration_h":1}"#);
        let mut changed = plain.clone();
        changed.deadline_h = Some(2.0);
        assert!(changed.extras.is_some());
        assert_ne!(changed, plain);
        changed.deadline_h = None;
        assert!(changed.extras.is_some(), "the room stays");
        assert_eq!(changed, plain, "the same fields read the same");
        assert_eq!(
            serde_json::to_string(&changed).expect("written"),
            serde_json::to_string(&plain).expect("written")
        );
    }

    #[test]
    fn an_unknown_field_is_refused_with_every_field_a_job_may_have() {
        let err = serde_json::from_str::<JobSpec>(
            r#"{"name":"a","submit_h":0,"duration_h":1,"colour":1}"#,
        )
        .expect_err("refused");
        let message = err.to_string();
        assert!(message.starts_with("unknown field `colour`, expected one of `name`, `share`, `submit_h`, `duration_h`, `kind`"), "{message}");
        assert!(
            message.contains("`priority_class`, `observed`, `admitted`"),
            "{message}"
        );
    }

    #[test]
    fn a_job_made_from_a_template_holds_extras_only_when_the_template_sets_one() {
        let plain = JobSpec::from_attributes("a".into(), None, 0.0, 1.0, &JobAttributes::default());
        assert!(plain.extras.is_none());
        let template = JobAttributes {
            max_wait_h: Some(3.0),
            ..JobAttributes::default()
        };
        let spot = JobSpec::from_attributes("b".into(), None, 0.0, 1.0, &template);
        assert_eq!(spot.max_wait_h, Some(3.0));
        assert_eq!(spot.attributes(), template);
    }
}
