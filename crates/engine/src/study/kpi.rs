//! The KPIs a comparison reports per share, with their labels, units and which way is better.

use serde::{Deserialize, Serialize};

/// Which way a KPI should move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Less is better (waits, completion times, lost work, cost, preemptions suffered).
    LowerIsBetter,
    /// More is better (jobs done, P(wait < T)).
    HigherIsBetter,
    /// Neither: borrowing and lending are how an agreement works, not a score.
    Neutral,
}

/// One per-share KPI of a comparison; the JSON name is the snake_case of the variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kpi {
    /// Jobs that succeeded.
    JobsDone,
    /// Median completion time (submit to end) of succeeded jobs, hours.
    CompletionP50H,
    /// 90th percentile completion time of succeeded jobs, hours.
    CompletionP90H,
    /// Mean time pending per job, hours.
    WaitMeanH,
    /// Fraction of the share's jobs that waited less than the study's threshold T.
    WaitBelowThreshold,
    /// Instance-hours used beyond the share's own limits.
    BorrowedInstanceH,
    /// The share's idle limit used by others, instance-hours.
    LentInstanceH,
    /// Preemptions and interruptions the share's jobs suffered (all kinds).
    PreemptionsSuffered,
    /// Reclaims the share's jobs made.
    ReclaimsMade,
    /// Accelerator-hours of work lost to preemptions and interruptions.
    LostAcceleratorH,
    /// Usage cost in the scenario's currency, plus the upfront cost of owned training plans.
    Cost,
    /// Fraction of the share's started jobs whose first attempt ran on an entry after their
    /// first.
    FallbackRate,
}

/// The unit a KPI is counted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// Hours.
    #[serde(rename = "h")]
    Hours,
    /// Instance-hours.
    #[serde(rename = "instance-h")]
    InstanceHours,
    /// Accelerator-hours.
    #[serde(rename = "accelerator-h")]
    AcceleratorHours,
    /// Jobs.
    Jobs,
    /// A count of events.
    Count,
    /// A fraction from 0 to 1.
    Fraction,
    /// The comparison's currency.
    Currency,
}

impl Unit {
    /// The unit as tables write it after a number: `h`, `instance-h`, `accelerator-h`, `jobs`.
    pub fn as_str(self) -> &'static str {
        match self {
            Unit::Hours => "h",
            Unit::InstanceHours => "instance-h",
            Unit::AcceleratorHours => "accelerator-h",
            Unit::Jobs => "jobs",
            Unit::Count => "count",
            Unit::Fraction => "fraction",
            Unit::Currency => "currency",
        }
    }
}

impl Kpi {
    /// Every KPI, in the order tables and JSON list them.
    pub const ALL: [Kpi; 12] = [
        Kpi::JobsDone,
        Kpi::CompletionP50H,
        Kpi::CompletionP90H,
        Kpi::WaitMeanH,
        Kpi::WaitBelowThreshold,
        Kpi::BorrowedInstanceH,
        Kpi::LentInstanceH,
        Kpi::PreemptionsSuffered,
        Kpi::ReclaimsMade,
        Kpi::LostAcceleratorH,
        Kpi::Cost,
        Kpi::FallbackRate,
    ];

    /// The JSON (and command-line) name, `completion_p90_h`.
    pub fn name(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }

    /// The KPI called `name` (its JSON name), if any.
    pub fn from_name(name: &str) -> Option<Kpi> {
        Kpi::ALL.into_iter().find(|k| k.name() == name)
    }

    /// A label for people (`P(wait < T)` has the threshold filled in by the caller).
    pub fn label(self) -> &'static str {
        match self {
            Kpi::JobsDone => "Jobs done",
            Kpi::CompletionP50H => "Completion p50",
            Kpi::CompletionP90H => "Completion p90",
            Kpi::WaitMeanH => "Mean wait",
            Kpi::WaitBelowThreshold => "P(wait < T)",
            Kpi::BorrowedInstanceH => "Borrowed",
            Kpi::LentInstanceH => "Lent",
            Kpi::PreemptionsSuffered => "Preemptions suffered",
            Kpi::ReclaimsMade => "Reclaims made",
            Kpi::LostAcceleratorH => "Lost work",
            Kpi::Cost => "Cost",
            Kpi::FallbackRate => "Fallback rate",
        }
    }

    /// The unit (`Currency`: the comparison's `currency`).
    pub fn unit(self) -> Unit {
        match self {
            Kpi::JobsDone => Unit::Jobs,
            Kpi::CompletionP50H | Kpi::CompletionP90H | Kpi::WaitMeanH => Unit::Hours,
            Kpi::WaitBelowThreshold | Kpi::FallbackRate => Unit::Fraction,
            Kpi::BorrowedInstanceH | Kpi::LentInstanceH => Unit::InstanceHours,
            Kpi::PreemptionsSuffered | Kpi::ReclaimsMade => Unit::Count,
            Kpi::LostAcceleratorH => Unit::AcceleratorHours,
            Kpi::Cost => Unit::Currency,
        }
    }

    /// Which way is better.
    pub fn direction(self) -> Direction {
        match self {
            Kpi::JobsDone | Kpi::WaitBelowThreshold => Direction::HigherIsBetter,
            Kpi::BorrowedInstanceH | Kpi::LentInstanceH | Kpi::ReclaimsMade => Direction::Neutral,
            _ => Direction::LowerIsBetter,
        }
    }
}
