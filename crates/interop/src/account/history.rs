//! The workload as it happened, read from AWS or Kueue alike: one record per job, in source
//! clock time (epoch milliseconds). `mapping` turns these into scenario jobs.

use quotalab_engine::scenario::ObservedStatus;

/// One entry of a job's preference list, as submitted.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub instance_type: String,
    pub instance_count: Option<u32>,
    /// A training plan's name, when the entry named one that was described.
    pub training_plan: Option<String>,
}

/// A period in which a job held instances, for the observed peak of concurrent instances.
#[derive(Debug, Clone, PartialEq)]
pub struct Held {
    pub start_ms: i64,
    /// `None`: still holding when the history was taken.
    pub end_ms: Option<i64>,
    pub instance_type: String,
    pub instances: u32,
}

/// One job's submission and what became of it.
#[derive(Debug, Clone)]
pub struct JobHistory {
    /// The document it was read from, for the unmapped list.
    pub label: String,
    pub name: String,
    /// The scenario share's name, when known.
    pub share: Option<String>,
    pub submit_ms: i64,
    pub priority: i64,
    /// The job-level instance count, when the entries do not set their own.
    pub instance_count: Option<u32>,
    pub preferences: Vec<Entry>,
    pub max_pending_s: Option<f64>,
    pub preemption_retries: Option<u32>,
    /// Provisioning before training, per attempt.
    pub startup_s: f64,
    /// Compute time on `ran_type`: observed run time less startup. For a job that did not
    /// succeed it is a lower bound, and `limit_s` (its maximum run time) may stand in.
    pub work_s: Option<f64>,
    pub limit_s: Option<f64>,
    pub first_start_ms: Option<i64>,
    pub end_ms: Option<i64>,
    pub status: ObservedStatus,
    pub reason: Option<String>,
    pub ran_type: Option<String>,
    pub preemptions: u32,
    pub held: Vec<Held>,
}
