//! The KPI cards' metrics: what each shows of a `ShareResult`, in which unit, and which way is
//! better, so a delta can be coloured.

use crate::results::format::{count, money, round_for_people};
use quotalab_engine::result::ShareResult;
pub use quotalab_engine::study::KpiUnit as Unit;

/// Which direction of change is good news for the share.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Better {
    Lower,
    Higher,
    /// Neither (borrowing and lending are trade-offs, not goals).
    Neither,
}

pub struct Metric {
    /// A short label: the card is narrow, and projected.
    pub label: &'static str,
    /// What the number means, in the label's tooltip.
    pub hint: &'static str,
    pub unit: Unit,
    pub better: Better,
    pub value: fn(&ShareResult) -> Option<f64>,
    /// Only meaningful between quota shares (borrowing, lending, reclaims).
    pub between_shares: bool,
}

pub const METRICS: [Metric; 12] = [
    Metric {
        label: "done",
        hint: "jobs of the share that succeeded, of all its jobs",
        unit: Unit::Jobs,
        better: Better::Higher,
        value: |s| Some(f64::from(s.succeeded)),
        between_shares: false,
    },
    Metric {
        label: "p50",
        hint: "p50 completion: half of the succeeded jobs ended within this time of their submission",
        unit: Unit::Hours,
        better: Better::Lower,
        value: |s| s.completion_p50_h,
        between_shares: false,
    },
    Metric {
        label: "p90",
        hint: "p90 completion: nine in ten succeeded jobs ended within this time of their submission",
        unit: Unit::Hours,
        better: Better::Lower,
        value: |s| s.completion_p90_h,
        between_shares: false,
    },
    Metric {
        label: "mean wait",
        hint: "mean time a job of the share spent pending",
        unit: Unit::Hours,
        better: Better::Lower,
        value: |s| Some(s.wait_mean_h),
        between_shares: false,
    },
    Metric {
        label: "fallback rate",
        hint: "of the share's started jobs, the fraction whose first attempt ran on an entry after their first choice",
        unit: Unit::Fraction,
        better: Better::Lower,
        value: |s| (s.started > 0).then_some(s.fallback_rate),
        between_shares: false,
    },
    Metric {
        label: "borrowed",
        hint: "instance-hours used over the share's own limits",
        unit: Unit::InstanceHours,
        better: Better::Neither,
        value: |s| Some(s.borrowed_instance_h),
        between_shares: true,
    },
    Metric {
        label: "lent",
        hint: "instance-hours other shares used of this share's idle capacity",
        unit: Unit::InstanceHours,
        better: Better::Neither,
        value: |s| Some(s.lent_instance_h),
        between_shares: true,
    },
    Metric {
        label: "preempted",
        hint: "preemptions and interruptions the share's jobs suffered (reclaim, in-share, limit lowered, plan end, spot)",
        unit: Unit::Count,
        better: Better::Lower,
        value: |s| Some(f64::from(suffered(s))),
        between_shares: false,
    },
    Metric {
        label: "reclaims made",
        hint: "jobs of other shares this share's jobs reclaimed capacity from",
        unit: Unit::Count,
        better: Better::Neither,
        value: |s| Some(f64::from(s.reclaims_made)),
        between_shares: true,
    },
    Metric {
        label: "lost work",
        hint: "accelerator-hours of work lost since the last checkpoint, over all preemptions",
        unit: Unit::AcceleratorHours,
        better: Better::Lower,
        value: |s| Some(s.lost_accelerator_h),
        between_shares: false,
    },
    Metric {
        label: "restart overhead",
        hint: "accelerator-hours spent starting jobs again after a preemption or interruption (the startup of every attempt after the first)",
        unit: Unit::AcceleratorHours,
        better: Better::Lower,
        value: |s| Some(s.restart_overhead_accelerator_h),
        between_shares: false,
    },
    Metric {
        label: "cost",
        hint: "on-demand and spot cost of the share's jobs, plus the upfront cost of the training plans it owns",
        unit: Unit::Currency,
        better: Better::Lower,
        value: |s| Some(s.cost),
        between_shares: false,
    },
];

/// All preemptions and interruptions the share's jobs suffered (the engine's counts, summed).
pub fn suffered(s: &ShareResult) -> u32 {
    let p = &s.preempted;
    p.reclaim + p.in_share + p.limit_lowered + p.plan_end + p.spot
}

/// A value for people, with its unit.
pub fn show(unit: Unit, value: f64, currency: &str) -> String {
    let suffix = match unit {
        Unit::Hours => " h",
        Unit::InstanceHours => " inst-h",
        Unit::AcceleratorHours => " GPU-h",
        Unit::Fraction => "%",
        Unit::Jobs | Unit::Count | Unit::Currency => "",
    };
    format!("{}{suffix}", number(unit, value, currency))
}

/// A value for people without its unit; money keeps its currency symbol.
fn number(unit: Unit, value: f64, currency: &str) -> String {
    match unit {
        Unit::Hours | Unit::InstanceHours | Unit::AcceleratorHours => round_for_people(value),
        Unit::Fraction => round_for_people(value * 100.0),
        Unit::Jobs | Unit::Count => count(value.round() as u64),
        Unit::Currency => money(value, currency),
    }
}

/// A change since the previous run, as a card shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    /// "▲ +1.2": the row names the metric and its value the unit, so the card, which is narrow,
    /// shows only the number.
    pub short: String,
    /// "▲ +1.2 h", with the unit, for the tooltip.
    pub full: String,
    /// Good news (`Some(true)`), bad news (`Some(false)`) or neither (`None`).
    pub good: Option<bool>,
}

/// How a change reads; `None` when nothing changed.
pub fn delta(
    metric: &Metric,
    before: Option<f64>,
    after: Option<f64>,
    currency: &str,
) -> Option<Change> {
    let (before, after) = (before?, after?);
    let change = after - before;
    if change.abs() < 1e-6 {
        return None;
    }
    let arrow = if change > 0.0 { "▲" } else { "▼" };
    let sign = if change > 0.0 { "+" } else { "−" };
    let good = match metric.better {
        Better::Lower => Some(change < 0.0),
        Better::Higher => Some(change > 0.0),
        Better::Neither => None,
    };
    Some(Change {
        short: format!(
            "{arrow} {sign}{}",
            number(metric.unit, change.abs(), currency)
        ),
        full: format!(
            "{arrow} {sign}{}",
            show(metric.unit, change.abs(), currency)
        ),
        good,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_longer_p90_is_bad_news() {
        let change = delta(&METRICS[2], Some(4.0), Some(5.2), "USD").unwrap();
        assert_eq!(
            (change.short.as_str(), change.full.as_str()),
            ("▲ +1.2", "▲ +1.2 h")
        );
        assert_eq!(change.good, Some(false));
    }

    #[test]
    fn a_cheaper_run_keeps_its_currency_in_the_short_form() {
        let cost = METRICS.iter().find(|m| m.unit == Unit::Currency).unwrap();
        let change = delta(cost, Some(54.88), Some(54.01), "USD").unwrap();
        assert_eq!(change.short, "▼ −$0.87");
        assert_eq!(change.good, Some(true));
    }

    #[test]
    fn no_change_no_delta() {
        assert_eq!(delta(&METRICS[9], Some(10.0), Some(10.0), "USD"), None);
    }
}
