//! The result of one run (docs/FORMAT.md, "Result"): per job, per share, per instance type, per
//! preference rank, totals, the event list and the utilisation series.
//!
//! Hours are exact to the second (the engine's unit). A few fields go beyond the documented
//! format because the app needs them and must not recompute engine logic: `mix`, `interruptions`,
//! `attempts[].cost`, `attempts[].skipped`, `last_reasons`, `totals.upfront_cost`, `pools` per
//! type, `usage`, `notes` and `restart_overhead_accelerator_h` per share and in the totals; per
//! share `started`, `fallback_rate`, `started_on`, `restarts`, `lost_by_cause`, `upfront_cost`
//! and `training_plans`, and per usage point `lent`, `unowned`, `pool_used` and `pool_capacity`
//! (docs/ARCHITECTURE.md, "What a share got and lost"); and `calibration`, only for imported
//! history (docs/ACCOUNT.md).
//!
//! Every fixed word of the format is an enum of [`vocab`]'s, so readers match on variants.

mod breakdown;
pub mod calibration;
pub mod columns;
pub mod drawn_usage;
pub mod kueue;
pub mod metrics;
pub mod numbers;
mod text;
pub mod view;
pub mod vocab;
mod waited;

pub use breakdown::{LostByCause, StartedOn};
pub use text::{sharing_names, Text};
pub use vocab::{EndReason, EventKind, Outcome, PoolKind, Reason, Status, StopKind};
pub use waited::Waited;

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The whole result document, version 1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimResult {
    /// The result format version (1); readers refuse versions they do not know.
    pub version: u32,
    /// The scenario's name, so a saved result says what it came from.
    pub scenario: String,
    /// The seed the run used: with the scenario, it reproduces these bytes exactly.
    pub seed: u64,
    /// The scenario's currency code; every `cost` is in it.
    pub currency: String,
    /// When the run ended: the last event, or the horizon.
    pub end_h: f64,
    /// Every job, generated ones too, in scenario order.
    pub jobs: Vec<JobResult>,
    /// Per quota share, in scenario order (empty without shares).
    pub shares: Vec<ShareResult>,
    /// Per instance type of the run, in the world's type order.
    pub instance_types: Vec<TypeResult>,
    /// How many attempts started on each preference rank, rank 0 first.
    pub preference_ranks: Vec<RankResult>,
    /// Sums over all jobs.
    pub totals: Totals,
    /// What happened, in time order; ties in the order they happened.
    pub events: Vec<Event>,
    /// Instances in use per type over time, for the utilisation charts.
    pub usage: Vec<UsageSeries>,
    /// Things the reader should know about the run itself (an event budget reached, say).
    pub notes: Vec<String>,
    /// Observed against simulated, when jobs carry an `observed` block; absent otherwise, so
    /// results of scenarios without history keep their bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calibration: Option<calibration::Calibration>,
    /// Kueue runs only: per ClusterQueue, quota use and evictions by reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kueue: Option<kueue::KueueSummary>,
}

impl SimResult {
    /// The result as compact JSON; identical bytes for the same scenario and seed everywhere.
    pub fn to_json(&self) -> String {
        crate::json_text::compact(self)
    }

    /// The same bytes as [`SimResult::to_json`], written to `out` as they are made: a
    /// million-job result is over a gigabyte of JSON, which need not sit in memory beside the
    /// result.
    pub fn write_json(&self, mut out: impl std::io::Write) -> std::io::Result<()> {
        crate::json_text::write(self, &mut |piece| out.write_all(piece))
    }

    /// The result as indented JSON, for people.
    pub fn to_json_pretty(&self) -> String {
        crate::json_text::pretty(self)
    }
}

/// One job's story: how it ended, its attempts, its waiting and what it cost.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JobResult {
    /// The job's name (a generated job is `<mix>-<k>`).
    pub name: Text,
    /// Its quota share, when the scenario has shares.
    pub share: Option<Text>,
    /// The job mix that generated it, if any.
    pub mix: Option<Text>,
    /// `succeeded`, `failed`, `timed_out`, `stopped`, `cancelled` or `unfinished` (SEMANTICS §6).
    pub status: Status,
    /// Why it ended so, when the status alone does not say (SEMANTICS §6), e.g.
    /// `insufficient_accelerator_memory` or `horizon`.
    pub reason: Option<EndReason>,
    /// Its priority at the end (actions may have changed it).
    pub priority: i32,
    /// When it was submitted, in hours.
    pub submit_h: f64,
    /// When its first attempt started; `None` if it never started.
    pub first_start_h: Option<f64>,
    /// When it ended; `None` while unfinished.
    pub end_h: Option<f64>,
    /// Total time pending, over every requeue.
    pub wait_h: f64,
    /// End minus submission, for a job that ended.
    pub completion_h: Option<f64>,
    /// The entry of its last attempt: the one that decided its outcome.
    pub selected: Option<Selected>,
    /// Every attempt in order; more than one after preemptions or interruptions.
    pub attempts: Vec<Attempt>,
    /// Preemptions suffered (reclaim, in-share, limit lowered: `StopKind::is_preemption`).
    pub preemptions: u32,
    /// Interruptions suffered (plan end, spot).
    pub interruptions: u32,
    /// Compute lost to preemptions and interruptions (work since the last checkpoint), in hours.
    pub lost_h: f64,
    /// The same loss on all the attempt's accelerators: hours times instances times accelerators.
    pub lost_accelerator_h: f64,
    /// Usage cost of all its attempts (plan instances are prepaid and cost nothing here).
    pub cost: f64,
    /// Whether it succeeded within its `deadline_h`; `None` without a deadline.
    pub deadline_met: Option<bool>,
    /// Hours pending per reason (SEMANTICS §6 reason names).
    pub waited: Waited,
    /// For an unfinished job: why it can never start, or the last reason it waited for.
    pub blocked_by: Option<Reason>,
    /// The reason on each entry at the job's last evaluation while pending (null: it fitted).
    pub last_reasons: Vec<Option<Reason>>,
    /// Kueue: the last reason it waited, as Kueue's scheduler words it ("couldn't assign
    /// flavors to pod set main: insufficient unused quota for nvidia.com/gpu in flavor a100,
    /// 4 more needed").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending_message: Option<String>,
}

/// The entry a job's last attempt ran on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Selected {
    /// 0-based index into the job's preference list.
    pub preference: usize,
    /// The entry's instance type.
    pub instance_type: Text,
    /// Instances the entry uses.
    pub instance_count: u32,
    /// `on_demand`, `spot` or `training_plan`.
    pub pool: PoolKind,
    /// The plan, for a `training_plan` pool.
    pub training_plan: Option<Text>,
}

/// One attempt: a start on one entry until it ended, was preempted or interrupted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    /// When it started (its startup included).
    pub start_h: f64,
    /// When it stopped.
    pub end_h: f64,
    /// 0-based index into the job's preference list.
    pub preference: usize,
    /// The entry's instance type.
    pub instance_type: Text,
    /// Instances it held.
    pub instance_count: u32,
    /// `on_demand`, `spot` or `training_plan`.
    pub pool: PoolKind,
    /// The plan, for a `training_plan` pool.
    pub training_plan: Option<Text>,
    /// How many of its instances were over the share's own limit when it started.
    pub borrowed: u32,
    /// `succeeded`, `failed`, `preempted`, `interrupted`, `cancelled`, `stopped` or `cut` (the
    /// horizon came first).
    pub outcome: Outcome,
    /// For `preempted`: `reclaim`, `in_share` or `limit_lowered`; for `interrupted`: `plan_end`
    /// or `spot`.
    pub preemption: Option<StopKind>,
    /// The job whose start caused the preemption (reclaim and in-share).
    pub preempted_by: Option<Text>,
    /// Compute since its last saved checkpoint, lost when it stopped early.
    pub lost_h: f64,
    /// What it cost: hours times instances times price times the pool's price factor.
    pub cost: f64,
    /// The entries before this one and why each was passed over when this attempt started.
    pub skipped: Vec<Skipped>,
    /// Kueue: the ResourceFlavor of its reported resource (`instance_type` is the flavor's
    /// instance type, or the flavor's name when it names none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flavor: Option<Text>,
    /// Kueue: the accelerators all its pods held, for lost work (AWS: instances times the
    /// type's accelerators).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accelerators: Option<u32>,
}

/// A preference entry passed over when an attempt started, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Skipped {
    /// 0-based index of the entry passed over.
    pub preference: usize,
    /// That entry's instance type, so a story can name what was passed over.
    #[serde(default)]
    pub instance_type: Text,
    /// Instances that entry asks for.
    #[serde(default)]
    pub instance_count: u32,
    /// Why it did not fit then (a SEMANTICS §6 reason name).
    pub reason: Reason,
}

/// Preemptions and interruptions a share's jobs suffered, by kind (SEMANTICS §5).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct PreemptionCounts {
    /// Taken back by a lending share whose capacity they borrowed.
    pub reclaim: u32,
    /// Preempted by a higher-priority job of their own share.
    pub in_share: u32,
    /// Preempted because a share update lowered the limits they ran under.
    pub limit_lowered: u32,
    /// Interrupted 30 minutes before their training plan block ended.
    pub plan_end: u32,
    /// Spot interruptions.
    pub spot: u32,
    /// Kueue: preempted within their own ClusterQueue.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub in_cluster_queue: u32,
    /// Kueue: their borrowed quota was reclaimed by a queue of the cohort.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub in_cohort_reclamation: u32,
    /// Kueue: preempted by a borrowing queue under `borrowWithinCohort`.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub in_cohort_reclaim_while_borrowing: u32,
    /// Kueue: preempted by fair sharing.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub in_cohort_fair_sharing: u32,
}

/// Kueue's counts are left out of AWS results, whose bytes stay as they were.
fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl PreemptionCounts {
    /// The count of one kind.
    pub fn of(&self, kind: StopKind) -> u32 {
        match kind {
            StopKind::Reclaim => self.reclaim,
            StopKind::InShare => self.in_share,
            StopKind::LimitLowered => self.limit_lowered,
            StopKind::PlanEnd => self.plan_end,
            StopKind::Spot => self.spot,
            StopKind::InClusterQueue => self.in_cluster_queue,
            StopKind::InCohortReclamation => self.in_cohort_reclamation,
            StopKind::InCohortReclaimWhileBorrowing => self.in_cohort_reclaim_while_borrowing,
            StopKind::InCohortFairSharing => self.in_cohort_fair_sharing,
        }
    }

    /// The preemptions among them: the kinds [`StopKind::is_preemption`] names, which count
    /// against retries (SEMANTICS §5).
    pub fn preemptions(&self) -> u32 {
        self.summed(|kind| kind.is_preemption())
    }

    /// The interruptions among them: every other kind (plan end, spot).
    pub fn interruptions(&self) -> u32 {
        self.summed(|kind| !kind.is_preemption())
    }

    /// The counts of the kinds `chosen` picks, summed.
    fn summed(&self, chosen: impl Fn(StopKind) -> bool) -> u32 {
        StopKind::ALL
            .into_iter()
            .filter(|&kind| chosen(kind))
            .map(|kind| self.of(kind))
            .sum()
    }

    fn of_mut(&mut self, kind: StopKind) -> &mut u32 {
        match kind {
            StopKind::Reclaim => &mut self.reclaim,
            StopKind::InShare => &mut self.in_share,
            StopKind::LimitLowered => &mut self.limit_lowered,
            StopKind::PlanEnd => &mut self.plan_end,
            StopKind::Spot => &mut self.spot,
            StopKind::InClusterQueue => &mut self.in_cluster_queue,
            StopKind::InCohortReclamation => &mut self.in_cohort_reclamation,
            StopKind::InCohortReclaimWhileBorrowing => &mut self.in_cohort_reclaim_while_borrowing,
            StopKind::InCohortFairSharing => &mut self.in_cohort_fair_sharing,
        }
    }
}

/// What one quota share got out of the run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShareResult {
    /// The share's name.
    pub name: Text,
    /// Its jobs.
    pub jobs: u32,
    /// Of its jobs, how many succeeded.
    pub succeeded: u32,
    /// How many failed (memory, retries, plan-only patience).
    pub failed: u32,
    /// How many ran out of `max_pending_h`.
    pub timed_out: u32,
    /// How many spot jobs ran out of `max_wait_h`.
    pub stopped: u32,
    /// How many were cancelled by an action.
    pub cancelled: u32,
    /// How many had not ended when the run did.
    pub unfinished: u32,
    /// Median completion time (end minus submission) of its succeeded jobs.
    pub completion_p50_h: Option<f64>,
    /// 90th percentile of the same.
    pub completion_p90_h: Option<f64>,
    /// Mean time pending over all its jobs.
    pub wait_mean_h: f64,
    /// Instance-hours its jobs held over its own limits.
    pub borrowed_instance_h: f64,
    /// Instance-hours of its idle own capacity that borrowers used (our attribution,
    /// docs/ARCHITECTURE.md).
    pub lent_instance_h: f64,
    /// What its jobs suffered, by kind.
    pub preempted: PreemptionCounts,
    /// Of those, the preemptions (`PreemptionCounts::preemptions`), as `totals.preemptions`
    /// counts them.
    #[serde(default)]
    pub preemptions: u32,
    /// And the interruptions (`PreemptionCounts::interruptions`).
    #[serde(default)]
    pub interruptions: u32,
    /// Reclaims its jobs made from borrowing shares (`StopKind::is_reclaim`: under Kueue's
    /// rules, the `InCohortReclamation` evictions they caused).
    pub reclaims_made: u32,
    /// Preemptions this share's jobs caused, by the share whose job was preempted.
    pub reclaimed_from: BTreeMap<Text, u32>,
    /// Work its jobs lost, in accelerator-hours.
    pub lost_accelerator_h: f64,
    /// Accelerator-hours its jobs spent starting up again after a preemption or interruption
    /// (our extension; docs/ARCHITECTURE.md, "Restart overhead").
    #[serde(default)]
    pub restart_overhead_accelerator_h: f64,
    /// Usage cost of its jobs' attempts, plus the upfront cost of the training plans it owns
    /// (`upfront_cost`).
    pub cost: f64,
    /// Instance-time used within its own limits over instance-time of its own limits.
    pub own_utilization: f64,
    /// Of its jobs, how many started at least once.
    #[serde(default)]
    pub started: u32,
    /// Of its started jobs, the fraction whose first attempt ran on an entry after their first
    /// (preference index above 0); 0 when none started.
    #[serde(default)]
    pub fallback_rate: f64,
    /// Attempts after each job's first, summed: how often its jobs started again.
    #[serde(default)]
    pub restarts: u32,
    /// `lost_accelerator_h` split by what stopped the attempt.
    #[serde(default)]
    pub lost_by_cause: LostByCause,
    /// Where its started jobs first ran: one row per entry index, type, count, pool and plan.
    #[serde(default)]
    pub started_on: Vec<StartedOn>,
    /// The upfront cost of the training plans whose `owner_share` it is (included in `cost`).
    #[serde(default)]
    pub upfront_cost: f64,
    /// The use of the training plans it owns, by every job that ran on them.
    #[serde(default)]
    pub training_plans: Vec<PlanUse>,
}

/// How much of a training plan's reserved capacity was used.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlanUse {
    /// The plan's name.
    pub name: Text,
    /// What it cost up front.
    pub upfront_cost: f64,
    /// Instance-hours of the attempts that ran on it, whichever share they belong to.
    pub instance_h: f64,
    /// Instance-hours its blocks reserved within the run (cut at the run's end).
    pub reserved_instance_h: f64,
    /// `instance_h` over `reserved_instance_h` (0 when nothing was reserved).
    pub utilization: f64,
}

/// How much one instance type was used and what it cost.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TypeResult {
    /// The type's name.
    pub name: Text,
    /// Instance-hours of all attempts on it.
    pub instance_h: f64,
    /// Their usage cost.
    pub cost: f64,
    /// How many attempts started on it.
    pub selections: u32,
    /// The same, per pool (`on_demand`, `spot`, `training_plan`).
    pub pools: Vec<PoolUse>,
}

/// Use of one pool of a type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PoolUse {
    /// `on_demand`, `spot` or `training_plan`.
    pub pool: PoolKind,
    /// The plan, for a `training_plan` pool.
    pub training_plan: Option<Text>,
    /// Instance-hours of the attempts on the pool.
    pub instance_h: f64,
    /// Their usage cost.
    pub cost: f64,
}

/// How often attempts started on one preference rank (fallback depth).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RankResult {
    /// 0-based rank; rank 4 counts 4 and deeper.
    pub rank: usize,
    /// Attempts started on it.
    pub selections: u32,
}

/// Sums over all jobs of the run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Totals {
    /// All jobs.
    pub jobs: u32,
    /// Jobs that succeeded.
    pub succeeded: u32,
    /// Jobs that failed.
    pub failed: u32,
    /// Jobs that ran out of `max_pending_h`.
    pub timed_out: u32,
    /// Spot jobs that ran out of `max_wait_h`.
    pub stopped: u32,
    /// Jobs cancelled by an action.
    pub cancelled: u32,
    /// Jobs not ended when the run did.
    pub unfinished: u32,
    /// Usage cost: on-demand and spot instance time (plan instances are prepaid).
    pub cost: f64,
    /// The training plans' upfront cost, shown apart.
    pub upfront_cost: f64,
    /// Work lost, in accelerator-hours.
    pub lost_accelerator_h: f64,
    /// The shares' restart overhead summed, and that of jobs without a share.
    #[serde(default)]
    pub restart_overhead_accelerator_h: f64,
    /// Preemptions over all jobs (`StopKind::is_preemption`: they count against retries).
    pub preemptions: u32,
    /// Interruptions over all jobs (plan end, spot: they do not).
    pub interruptions: u32,
    /// Share of started jobs whose first attempt was not on preference 0.
    pub fallback_rate: f64,
    /// Attempts after each job's first, over all jobs.
    #[serde(default)]
    pub restarts: u32,
    /// `lost_accelerator_h` split by what stopped the attempt.
    #[serde(default)]
    pub lost_by_cause: LostByCause,
}

/// One entry of the event list; fields not relevant to the kind are left out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// When, in hours.
    pub t_h: f64,
    /// What happened: `submitted`, `started`, `preempted`, `interrupted`, `requeued`, an ending
    /// status, `priority_changed`, `share_updated` or `capacity_changed`.
    pub kind: EventKind,
    /// The job it happened to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub job: Option<Text>,
    /// The job's share, or the share updated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub share: Option<Text>,
    /// `started`: the entry's 0-based index.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preference: Option<usize>,
    /// `started`: the entry's type; `capacity_changed`: the type whose capacity changed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instance_type: Option<Text>,
    /// `started`: instances taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instance_count: Option<u32>,
    /// `started`: `on_demand`, `spot` or `training_plan`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pool: Option<PoolKind>,
    /// `started`: instances over the share's own limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub borrowed: Option<u32>,
    /// `preempted`: the job whose start caused it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<Text>,
    /// `preempted` or `interrupted`: the kind (`reclaim`, `in_share`, `limit_lowered`,
    /// `plan_end`, `spot`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preemption: Option<StopKind>,
    /// `preempted` or `interrupted`: compute lost, in hours.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lost_h: Option<f64>,
    /// An ending's reason, as in the job's `reason`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<EndReason>,
    /// `priority_changed`: the new priority.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub priority: Option<i32>,
    /// `capacity_changed`: the new on-demand count.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
}

impl Event {
    /// An event of `kind` at `t_h` with none of the kind-specific fields.
    pub fn new(t_h: f64, kind: EventKind) -> Event {
        Event {
            t_h,
            kind,
            job: None,
            share: None,
            preference: None,
            instance_type: None,
            instance_count: None,
            pool: None,
            borrowed: None,
            by: None,
            preemption: None,
            lost_h: None,
            reason: None,
            priority: None,
            count: None,
        }
    }
}

/// Instances in use of one type over time, per share: a step function.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UsageSeries {
    /// The type (Kueue: the ResourceFlavor).
    pub instance_type: Text,
    /// Kueue: what the levels count, a resource of the flavor ("nvidia.com/gpu", "cpu" in
    /// cores, "memory" in GiB); AWS series count instances and leave it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// One point per instant at which its usage, capacity or limits changed.
    pub points: Vec<UsagePoint>,
    /// Only in what the page draws, when its series was thinned to the chart's resolution: how
    /// many points the run had (`drawn_usage`). A result document has every point and leaves
    /// this out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points_in_run: Option<u64>,
}

/// The state of one type from `t_h` until the next point.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UsagePoint {
    /// From when, in hours.
    pub t_h: f64,
    /// On-demand capacity at that time.
    pub capacity: u32,
    /// Instances held per share (scenario order); without shares, one entry for all jobs.
    pub used: Vec<u32>,
    /// Of those, instances over each share's own limit.
    pub borrowed: Vec<u32>,
    /// Each share's own limit at that time.
    pub limits: Vec<u32>,
    /// Of each share's own limit, the instances lent: what borrowers beyond the unowned
    /// capacity draw from the lending shares' idle limits, pro rata (our attribution,
    /// docs/ARCHITECTURE.md, "What a share got and lost"); empty when no share lends any.
    #[serde(default)]
    pub lent: Vec<f64>,
    /// On-demand capacity no share owns: the capacity less the sum of the limits, at least 0.
    #[serde(default)]
    pub unowned: u32,
    /// Instances in use per pool kind (`used` counts a share's instances on any pool).
    #[serde(default)]
    pub pool_used: PoolLevels,
    /// Instances each pool kind offers: the on-demand capacity, the open training plans'
    /// instances, the spot pool's.
    #[serde(default)]
    pub pool_capacity: PoolLevels,
}

/// One number per pool kind of a type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PoolLevels {
    /// The on-demand pool.
    pub on_demand: u32,
    /// The type's training plans together.
    pub training_plan: u32,
    /// The spot pool.
    pub spot: u32,
}

impl PoolLevels {
    /// The level of one kind.
    pub fn of(&self, kind: PoolKind) -> u32 {
        match kind {
            PoolKind::OnDemand => self.on_demand,
            PoolKind::TrainingPlan => self.training_plan,
            PoolKind::Spot => self.spot,
        }
    }

    /// Adds `n` to one kind.
    pub fn add(&mut self, kind: PoolKind, n: u32) {
        match kind {
            PoolKind::OnDemand => self.on_demand += n,
            PoolKind::TrainingPlan => self.training_plan += n,
            PoolKind::Spot => self.spot += n,
        }
    }
}
