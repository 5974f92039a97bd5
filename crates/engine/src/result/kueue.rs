//! What a run under Kueue's rules adds to the result: per ClusterQueue, the resource-hours of
//! its nominal quota it used, borrowed and lent, and the evictions it suffered and caused by
//! Kueue's reason (docs/KUEUE.md, "Results"). Absent from AWS results.

use super::{StopKind, Text};
use serde::{Deserialize, Serialize};

/// The per-queue table of a Kueue run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KueueSummary {
    /// One row per ClusterQueue, in scenario order.
    pub queues: Vec<QueueSummary>,
}

/// One ClusterQueue's quota use and evictions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QueueSummary {
    /// The ClusterQueue.
    pub name: Text,
    /// Its cohort, if any.
    pub cohort: Option<Text>,
    /// Per resource it covers, summed over its flavors.
    pub resources: Vec<ResourceHours>,
    /// Evictions its workloads suffered, by Kueue's reason (spot interruptions included).
    pub evicted: Vec<ReasonCount>,
    /// Evictions its workloads caused in any queue, by reason.
    pub caused: Vec<ReasonCount>,
}

/// A resource's hours in one queue, in `unit`s (cores for `cpu`, GiB for memory).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResourceHours {
    /// The resource, as Kubernetes names it.
    pub resource: String,
    /// What one unit is.
    pub unit: String,
    /// Its nominal quota over the run.
    pub nominal_h: f64,
    /// What its workloads held.
    pub used_h: f64,
    /// What they held above its nominal quota.
    pub borrowed_h: f64,
    /// Of its idle nominal quota, what other queues borrowed (our attribution).
    pub lent_h: f64,
}

/// A count of one eviction reason.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReasonCount {
    /// The reason.
    pub reason: StopKind,
    /// How many attempts it ended.
    pub count: u32,
}
