//! The result of one run (SCENARIO.md, "Result"): per job, per share, per instance type, per
//! preference rank, totals, the event list and the utilisation series.
//!
//! Hours are exact to the second (the engine's unit). A few fields go beyond the documented
//! format because the app needs them and must not recompute engine logic: `mix`, `interruptions`,
//! `attempts[].cost`, `attempts[].skipped`, `last_reasons`, `totals.upfront_cost`, `pools` per
//! type, `usage`, `notes` and `restart_overhead_accelerator_h` per share and in the totals.

pub mod metrics;

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The whole result document, version 1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimResult {
    pub version: u32,
    pub scenario: String,
    pub seed: u64,
    pub currency: String,
    pub end_h: f64,
    pub jobs: Vec<JobResult>,
    pub shares: Vec<ShareResult>,
    pub instance_types: Vec<TypeResult>,
    pub preference_ranks: Vec<RankResult>,
    pub totals: Totals,
    pub events: Vec<Event>,
    pub usage: Vec<UsageSeries>,
    /// Things the reader should know about the run itself (an event budget reached, say).
    pub notes: Vec<String>,
}

impl SimResult {
    /// The result as compact JSON; identical bytes for the same scenario and seed everywhere.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a result always serialises")
    }

    /// The result as indented JSON, for people.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("a result always serialises")
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JobResult {
    pub name: String,
    pub share: Option<String>,
    /// The job mix that generated it, if any.
    pub mix: Option<String>,
    pub status: String,
    pub reason: Option<String>,
    pub priority: u32,
    pub submit_h: f64,
    pub first_start_h: Option<f64>,
    pub end_h: Option<f64>,
    pub wait_h: f64,
    pub completion_h: Option<f64>,
    pub selected: Option<Selected>,
    pub attempts: Vec<Attempt>,
    /// Reclaim, in-share and limit-lowered preemptions suffered.
    pub preemptions: u32,
    /// Plan-end and spot interruptions suffered.
    pub interruptions: u32,
    pub lost_h: f64,
    pub lost_accelerator_h: f64,
    pub cost: f64,
    pub deadline_met: Option<bool>,
    pub waited: BTreeMap<String, f64>,
    pub blocked_by: Option<String>,
    /// The reason on each entry at the job's last evaluation while pending (null: it fitted).
    pub last_reasons: Vec<Option<String>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Selected {
    pub preference: usize,
    pub instance_type: String,
    pub instance_count: u32,
    pub pool: String,
    pub training_plan: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    pub start_h: f64,
    pub end_h: f64,
    pub preference: usize,
    pub instance_type: String,
    pub instance_count: u32,
    pub pool: String,
    pub training_plan: Option<String>,
    pub borrowed: u32,
    /// `succeeded`, `failed`, `preempted`, `interrupted`, `cancelled`, `stopped` or `cut` (the
    /// horizon came first).
    pub outcome: String,
    /// For `preempted`: `reclaim`, `in_share` or `limit_lowered`; for `interrupted`: `plan_end`
    /// or `spot`.
    pub preemption: Option<String>,
    pub preempted_by: Option<String>,
    pub lost_h: f64,
    pub cost: f64,
    /// The entries before this one and why each was passed over when this attempt started.
    pub skipped: Vec<Skipped>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Skipped {
    pub preference: usize,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct PreemptionCounts {
    pub reclaim: u32,
    pub in_share: u32,
    pub limit_lowered: u32,
    pub plan_end: u32,
    pub spot: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShareResult {
    pub name: String,
    pub jobs: u32,
    pub succeeded: u32,
    pub failed: u32,
    pub timed_out: u32,
    pub stopped: u32,
    pub cancelled: u32,
    pub unfinished: u32,
    pub completion_p50_h: Option<f64>,
    pub completion_p90_h: Option<f64>,
    pub wait_mean_h: f64,
    pub borrowed_instance_h: f64,
    pub lent_instance_h: f64,
    pub preempted: PreemptionCounts,
    pub reclaims_made: u32,
    /// Preemptions this share's jobs caused, by the share whose job was preempted.
    pub reclaimed_from: BTreeMap<String, u32>,
    pub lost_accelerator_h: f64,
    /// Accelerator-hours its jobs spent starting up again after a preemption or interruption
    /// (our extension; docs/ARCHITECTURE.md, "Restart overhead").
    #[serde(default)]
    pub restart_overhead_accelerator_h: f64,
    pub cost: f64,
    /// Instance-time used within its own limits over instance-time of its own limits.
    pub own_utilization: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TypeResult {
    pub name: String,
    pub instance_h: f64,
    pub cost: f64,
    pub selections: u32,
    /// The same, per pool (`on_demand`, `spot`, `training_plan`).
    pub pools: Vec<PoolUse>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PoolUse {
    pub pool: String,
    pub training_plan: Option<String>,
    pub instance_h: f64,
    pub cost: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RankResult {
    pub rank: usize,
    pub selections: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Totals {
    pub jobs: u32,
    pub succeeded: u32,
    pub failed: u32,
    pub timed_out: u32,
    pub stopped: u32,
    pub cancelled: u32,
    pub unfinished: u32,
    /// Usage cost: on-demand and spot instance time (plan instances are prepaid).
    pub cost: f64,
    /// The training plans' upfront cost, shown apart.
    pub upfront_cost: f64,
    pub lost_accelerator_h: f64,
    /// The shares' restart overhead summed, and that of jobs without a share.
    #[serde(default)]
    pub restart_overhead_accelerator_h: f64,
    pub preemptions: u32,
    pub interruptions: u32,
    pub fallback_rate: f64,
}

/// One entry of the event list; fields not relevant to the kind are left out.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Event {
    pub t_h: f64,
    pub kind: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub job: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub share: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preference: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instance_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instance_count: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pool: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub borrowed: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preemption: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lost_h: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub priority: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
}

/// Instances in use of one type over time, per share: a step function.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UsageSeries {
    pub instance_type: String,
    pub points: Vec<UsagePoint>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UsagePoint {
    pub t_h: f64,
    /// On-demand capacity at that time.
    pub capacity: u32,
    /// Instances held per share (scenario order); without shares, one entry for all jobs.
    pub used: Vec<u32>,
    /// Of those, instances over each share's own limit.
    pub borrowed: Vec<u32>,
    /// Each share's own limit at that time.
    pub limits: Vec<u32>,
}
