//! The scenario: what a user edits, shares and runs (docs/FORMAT.md, "Scenario").
//!
//! These are plain serde structs that mirror the JSON field for field, so the same names appear in
//! JSON, Rust, the UI and the docs. Times stay in hours here; the simulation converts them to whole
//! seconds once (`crate::time`). Unknown fields are rejected (`deny_unknown_fields`), and `null`
//! on an optional field means "use the default".

pub mod catalog;
pub mod job;
pub(crate) mod job_list;
pub mod kueue;
pub mod serde_util;

pub use job::{
    Arrivals, DurationDistribution, DurationSpec, JobAttributes, JobExtras, JobKind, JobMix,
    JobSpec, ListedArrivals, Observed, ObservedStatus, PeriodicArrivals, PoissonArrivals,
    Preference,
};
pub use job_list::{JobList, ListIdentity};

use serde::{Deserialize, Serialize};
use serde_util::{is_default, null_as_default};

/// A whole scenario document, version 1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// The format version; older versions are migrated on load (`crate::format`).
    pub version: u32,
    /// A title for people; results repeat it.
    pub name: String,
    /// Free text about what the scenario models.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    pub description: String,
    /// Seeds every random stream (spot interruptions, generated mixes): same seed, same result.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    pub seed: u64,
    /// Currency of every price and cost.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    pub currency: Currency,
    /// When the run stops even if jobs remain (they end `unfinished`); none: run until all end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub horizon_h: Option<f64>,
    /// Which rules the run follows: AWS Batch's (docs/SEMANTICS.md, the default) or Kueue's
    /// (docs/KUEUE.md). A scenario whose agreement is written for the other rules is run through
    /// the engine's translation (`crate::translate`), and its result says so.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    pub rules: Rules,
    /// How a share's queue may be overtaken (SEMANTICS §4).
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    pub queueing: Queueing,
    /// Types added to or overriding the built-in catalog.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub instance_types: Vec<InstanceType>,
    /// On-demand instances per type over time.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub capacity: Vec<Capacity>,
    /// Spot pools (SEMANTICS §1).
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub spot: Vec<SpotPool>,
    /// Training plans: reserved, prepaid capacity in blocks.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub training_plans: Vec<TrainingPlan>,
    /// The quota shares that split the capacity (0 to 20).
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub quota_shares: Vec<QuotaShare>,
    /// The agreement as Kueue objects, for a scenario under Kueue's rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kueue: Option<Box<kueue::Kueue>>,
    /// Explicitly listed jobs, shared by copies of the scenario until one changes them.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "JobList::is_empty"
    )]
    pub jobs: JobList,
    /// Generated families of jobs.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub job_mixes: Vec<JobMix>,
    /// Scripted changes during the run.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub actions: Vec<Action>,
}

/// An empty scenario of the current format version, for building one field by field.
impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            version: crate::format::FORMAT_VERSION as u32,
            name: String::new(),
            description: String::new(),
            seed: 0,
            currency: Currency::default(),
            horizon_h: None,
            rules: Rules::default(),
            queueing: Queueing::default(),
            instance_types: Vec::new(),
            capacity: Vec::new(),
            spot: Vec::new(),
            training_plans: Vec::new(),
            quota_shares: Vec::new(),
            kueue: None,
            jobs: JobList::default(),
            job_mixes: Vec::new(),
            actions: Vec::new(),
        }
    }
}

impl Scenario {
    /// The instance type called `name`: the scenario's own definition, else the built-in one.
    pub fn instance_type(&self, name: &str) -> Option<InstanceType> {
        catalog::resolve(&self.instance_types, name)
    }

    /// Every type the scenario may name: the built-in catalog with its own `instance_types`
    /// added or overriding by name.
    pub fn catalog(&self) -> Vec<InstanceType> {
        catalog::with_own(&self.instance_types)
    }

    /// Instances of `instance_type` the shares' limits own, summed (SEMANTICS §2).
    pub fn owned_capacity(&self, instance_type: &str) -> u32 {
        self.quota_shares
            .iter()
            .flat_map(|s| &s.capacity_limits)
            .filter(|l| l.instance_type == instance_type)
            .map(|l| l.max_capacity)
            .sum()
    }

    /// On-demand instances of `instance_type` beyond what the shares own, given `count`
    /// instances: what any share may borrow and nobody reclaims (SEMANTICS §2).
    pub fn unowned_capacity(&self, instance_type: &str, count: u32) -> u32 {
        count.saturating_sub(self.owned_capacity(instance_type))
    }

    /// Whether a run of the scenario draws anything from its seed: job mixes' arrivals and
    /// durations, or interruptions in a spot pool whose rate is above zero. The engine has no
    /// other random stream (SEMANTICS §3, "Randomness"), so a scenario that draws nothing gives
    /// the same result at every seed, but for the seed it reports (docs/STUDY.md, "A scenario
    /// that draws nothing at random").
    pub fn draws_at_random(&self) -> bool {
        !self.job_mixes.is_empty() || self.spot.iter().any(|p| p.interruptions_per_h > 0.0)
    }
}

/// The scenario's currency code (`USD` when absent).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Currency(pub String);

impl Default for Currency {
    fn default() -> Self {
        Currency("USD".to_string())
    }
}

/// The rule set a scenario runs under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rules {
    /// AWS Batch quota management with SageMaker (docs/SEMANTICS.md).
    #[default]
    Aws,
    /// Kueue's ClusterQueues and cohorts (docs/KUEUE.md).
    Kueue,
}

impl Rules {
    /// Both rule sets, AWS first.
    pub const ALL: [Rules; 2] = [Rules::Aws, Rules::Kueue];

    /// The word the scenario's JSON uses.
    pub fn as_str(self) -> &'static str {
        match self {
            Rules::Aws => "aws",
            Rules::Kueue => "kueue",
        }
    }

    /// The rules' name for people.
    pub fn title(self) -> &'static str {
        match self {
            Rules::Aws => "AWS Batch",
            Rules::Kueue => "Kueue",
        }
    }
}

/// SEMANTICS §4: how a share's queue may be overtaken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Queueing {
    /// Later jobs may go past a job that cannot start.
    #[default]
    BestEffortFifo,
    /// A job may start or preempt only when nobody ahead of it in its share's queue is pending.
    StrictFifo,
}

/// An instance type: adds to or overrides the built-in catalog by name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InstanceType {
    /// The SageMaker name, e.g. `ml.g5.xlarge`.
    pub name: String,
    /// The accelerator model, e.g. `A10G`.
    pub accelerator: String,
    /// Accelerators per instance; accelerator-hours multiply by it.
    pub accelerators: u32,
    /// Memory per accelerator; a job needing more fails after startup (SEMANTICS §3).
    pub accelerator_memory_gib: f64,
    /// On-demand price per instance-hour.
    pub price_per_h: f64,
    /// Relative speed per accelerator, used to derive durations across entries (SEMANTICS §3).
    pub speed: f64,
    /// Overrides the family rule of SEMANTICS §1 (`ml.p*`, `ml.g*`, `ml.trn*`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accelerated: Option<bool>,
}

impl InstanceType {
    /// SEMANTICS §1: accelerated by family unless the scenario says otherwise.
    pub fn is_accelerated(&self) -> bool {
        self.accelerated
            .unwrap_or_else(|| catalog::family_is_accelerated(&self.name))
    }
}

/// On-demand capacity of one type: a step function of time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Capacity {
    /// The type.
    pub instance_type: String,
    /// Instances from the start.
    pub count: u32,
    /// Later levels, sorted by time.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub changes: Vec<CapacityChange>,
}

/// From `at_h` on, the on-demand pool holds `count` instances.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CapacityChange {
    /// From when, in hours.
    pub at_h: f64,
    /// The new number of on-demand instances.
    pub count: u32,
}

/// A spot pool of one type (SEMANTICS §1, modelled on Managed Spot Training).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpotPool {
    /// The type.
    pub instance_type: String,
    /// Spot instances available.
    pub count: u32,
    /// Spot price as a fraction of on-demand.
    pub price_factor: f64,
    /// Interruptions per instance-hour while running.
    pub interruptions_per_h: f64,
}

/// A training plan: reserved instances of one type during blocks `[start_h, end_h)`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainingPlan {
    /// The plan's name; preference entries refer to it.
    pub name: String,
    /// The type it reserves.
    pub instance_type: String,
    /// Instances reserved during each block.
    pub count: u32,
    /// The reserved windows (1 to 5).
    pub blocks: Vec<PlanBlock>,
    /// Paid up front, reported apart as `totals.upfront_cost`.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    pub upfront_cost: f64,
    /// The quota share that bought it: its `upfront_cost` counts in that share's cost and the
    /// share's results show the plan's use. It changes no scheduling decision (any job whose
    /// entry names the plan may use it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner_share: Option<String>,
}

/// One reserved window of a training plan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanBlock {
    /// Start of the window, in hours.
    pub start_h: f64,
    /// End of the window; instances go back 30 minutes before it (AWS).
    pub end_h: f64,
}

/// AWS Batch `resourceSharingConfiguration.strategy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Strategy {
    /// Idle capacity is never lent; the share never borrows.
    #[serde(rename = "RESERVE")]
    Reserve,
    /// Idle capacity may be borrowed by others; the share never borrows.
    #[serde(rename = "LEND")]
    Lend,
    /// Lends like `LEND`, and may borrow up to its borrow limit.
    #[serde(rename = "LEND_AND_BORROW")]
    LendAndBorrow,
}

impl Strategy {
    /// The AWS spelling, as used in JSON and the UI.
    pub fn as_str(self) -> &'static str {
        match self {
            Strategy::Reserve => "RESERVE",
            Strategy::Lend => "LEND",
            Strategy::LendAndBorrow => "LEND_AND_BORROW",
        }
    }

    /// Whether the share's idle capacity counts as lendable (SEMANTICS §2).
    pub fn lends(self) -> bool {
        matches!(self, Strategy::Lend | Strategy::LendAndBorrow)
    }
}

/// The borrow limit default: -1, no cap (AWS `borrowLimit`).
pub const UNLIMITED_BORROW: i64 = -1;

/// A borrow limit as people read it: "20%", or "no cap" for -1. What changed between variants
/// and the report's scripted changes say it so.
pub fn borrow_limit_words(limit: i64) -> String {
    if limit == UNLIMITED_BORROW {
        "no cap".to_string()
    } else {
        format!("{limit}%")
    }
}

/// In-share preemption as people read it.
pub fn preemption_words(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

fn default_borrow_limit() -> Option<i64> {
    None
}

/// A quota share: a team's limits per instance type and how it shares them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuotaShare {
    /// The share's name; jobs name their share.
    pub name: String,
    /// Its own limit per instance type (1 to 5 types).
    pub capacity_limits: Vec<CapacityLimit>,
    /// Whether it lends its idle capacity and whether it borrows.
    pub strategy: Strategy,
    /// Percent of the share's own limit it may borrow on top; -1 (the default) means no cap.
    /// Only valid with `LEND_AND_BORROW`.
    #[serde(
        default = "default_borrow_limit",
        skip_serializing_if = "Option::is_none"
    )]
    pub borrow_limit: Option<i64>,
    /// Whether its higher-priority jobs may preempt its lower-priority ones (SEMANTICS §5).
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    pub in_share_preemption: bool,
}

impl QuotaShare {
    /// The effective borrow limit (-1 when unset).
    pub fn effective_borrow_limit(&self) -> i64 {
        self.borrow_limit.unwrap_or(UNLIMITED_BORROW)
    }
}

/// AWS `CapacityLimit`: at most `max_capacity` instances of one type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CapacityLimit {
    /// The type.
    pub instance_type: String,
    /// The share's own limit on it, in instances.
    pub max_capacity: u32,
}

/// A scripted action at `at_h`. Exactly one of the action fields is set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Action {
    /// When, in hours.
    pub at_h: f64,
    /// Change a job's priority.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_priority: Option<SetPriority>,
    /// Change a share's terms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub update_share: Option<UpdateShare>,
    /// Cancel a job.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cancel: Option<Cancel>,
}

/// What an action does, once validated.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ActionKind<'a> {
    /// Change a job's priority.
    SetPriority(&'a SetPriority),
    /// Change a share's terms.
    UpdateShare(&'a UpdateShare),
    /// Cancel a job.
    Cancel(&'a Cancel),
}

impl Action {
    /// The one action this entry holds, or `None` when it holds none or several (a validation error).
    pub fn kind(&self) -> Option<ActionKind<'_>> {
        match (&self.set_priority, &self.update_share, &self.cancel) {
            (Some(p), None, None) => Some(ActionKind::SetPriority(p)),
            (None, Some(u), None) => Some(ActionKind::UpdateShare(u)),
            (None, None, Some(c)) => Some(ActionKind::Cancel(c)),
            _ => None,
        }
    }
}

/// Changes a job's scheduling priority (SEMANTICS §5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetPriority {
    /// The job's name.
    pub job: String,
    /// Its new priority (0 to 9999 under AWS rules, any 32-bit integer under Kueue's).
    pub priority: i32,
}

/// Updates a share; fields left out keep their value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UpdateShare {
    /// The share's name.
    pub share: String,
    /// New own limits, replacing all the old ones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capacity_limits: Option<Vec<CapacityLimit>>,
    /// A new strategy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strategy: Option<Strategy>,
    /// A new borrow limit (percent, -1 for no cap).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub borrow_limit: Option<i64>,
    /// Turns in-share preemption on or off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_share_preemption: Option<bool>,
}

/// Cancels a job: it ends `cancelled`, and a running attempt stops at once.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cancel {
    /// The job's name.
    pub job: String,
}
