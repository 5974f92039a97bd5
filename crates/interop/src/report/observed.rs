//! What the simulation showed, per share: the engine's [`ShareResult`] rounded for people. No
//! number is computed here that the engine does not already report (docs/ARCHITECTURE.md: the
//! engine computes every number the UI shows).

use super::breakdown;
use super::fact::Fact;
use super::numbers;
use quotalab_engine::result::{LostByCause, PreemptionCounts, ShareResult, StopKind};
use quotalab_engine::SimResult;

/// Lost work and the like: `1.2 accelerator-h`.
pub fn accelerator_hours(h: f64) -> String {
    format!("{h:.1} accelerator-h")
}

/// The facts for one share, in the order of the agreement's promises.
pub fn of_share(s: &ShareResult, own_name: &str, currency: &str) -> Vec<Fact> {
    vec![
        Fact {
            label: "Jobs".into(),
            value: s.jobs.to_string(),
        },
        Fact {
            label: "Outcomes".into(),
            value: outcomes(s),
        },
        Fact {
            label: "Completion p50 / p90 (succeeded jobs)".into(),
            value: format!(
                "{} / {}",
                numbers::maybe_hours(s.completion_p50_h),
                numbers::maybe_hours(s.completion_p90_h)
            ),
        },
        Fact {
            label: "Mean wait".into(),
            value: numbers::hours(s.wait_mean_h),
        },
        Fact {
            label: "Fallback rate".into(),
            value: format!(
                "{} of {} started jobs first ran on a later entry",
                numbers::percent(s.fallback_rate),
                s.started
            ),
        },
        Fact {
            label: "First attempts ran on".into(),
            value: breakdown::started_on(&s.started_on),
        },
        Fact {
            label: "Preemptions".into(),
            value: suffered(s.preemptions, &s.preempted, |k| k.is_preemption()),
        },
        Fact {
            label: "Interruptions".into(),
            value: suffered(s.interruptions, &s.preempted, |k| !k.is_preemption()),
        },
        Fact {
            label: "Preemptions caused".into(),
            value: caused(s, own_name),
        },
        Fact {
            label: "Lost work, by cause".into(),
            value: lost(s.lost_accelerator_h, &s.lost_by_cause),
        },
        Fact {
            label: "Restarts".into(),
            value: format!(
                "{}, {} starting up again",
                numbers::count(s.restarts.into(), "restart", "restarts"),
                accelerator_hours(s.restart_overhead_accelerator_h)
            ),
        },
        Fact {
            label: "Borrowed / lent".into(),
            value: format!(
                "{:.1} / {:.1} instance-h",
                s.borrowed_instance_h, s.lent_instance_h
            ),
        },
        Fact {
            label: "Own utilisation".into(),
            value: numbers::percent(s.own_utilization),
        },
        Fact {
            label: "Cost".into(),
            value: numbers::money(s.cost, currency),
        },
    ]
}

/// The facts of a run without quota shares, from the totals.
pub fn of_totals(result: &SimResult) -> Vec<Fact> {
    let t = &result.totals;
    vec![
        Fact {
            label: "Jobs".into(),
            value: t.jobs.to_string(),
        },
        Fact {
            label: "Outcomes".into(),
            value: format!(
                "{} succeeded, {} failed, {} timed out, {} stopped, {} cancelled, {} unfinished",
                t.succeeded, t.failed, t.timed_out, t.stopped, t.cancelled, t.unfinished
            ),
        },
        Fact {
            label: "Preemptions".into(),
            value: t.preemptions.to_string(),
        },
        Fact {
            label: "Interruptions".into(),
            value: t.interruptions.to_string(),
        },
        Fact {
            label: "Lost work".into(),
            value: accelerator_hours(t.lost_accelerator_h),
        },
        Fact {
            label: "Cost".into(),
            value: numbers::money(t.cost, &result.currency),
        },
    ]
}

/// `12.5 accelerator-h: 10.0 to reclaim, 2.5 to spot interruptions` (the causes in words:
/// [`breakdown::lost_to`]); `0.0 accelerator-h` when nothing was lost.
fn lost(total: f64, by: &LostByCause) -> String {
    match breakdown::lost_to(by) {
        Some(causes) => format!("{}: {causes}", accelerator_hours(total)),
        None => accelerator_hours(total),
    }
}

/// `6 succeeded, 1 failed, 0 timed out, 1 unfinished`, plus stopped and cancelled when any.
fn outcomes(s: &ShareResult) -> String {
    let mut parts = vec![
        format!("{} succeeded", s.succeeded),
        format!("{} failed", s.failed),
        format!("{} timed out", s.timed_out),
        format!("{} unfinished", s.unfinished),
    ];
    if s.stopped > 0 {
        parts.push(format!("{} stopped", s.stopped));
    }
    if s.cancelled > 0 {
        parts.push(format!("{} cancelled", s.cancelled));
    }
    parts.join(", ")
}

/// `3: 2 reclaim, 1 in-share`: the engine's count (`total`) and the kinds of it that happened
/// (SEMANTICS §5), those the engine counts in it being the ones `counted` picks; `none` for 0.
fn suffered(total: u32, p: &PreemptionCounts, counted: fn(StopKind) -> bool) -> String {
    let parts: Vec<String> = StopKind::ALL
        .into_iter()
        .filter(|&kind| counted(kind) && p.of(kind) > 0)
        .map(|kind| format!("{} {}", p.of(kind), kind_words(kind)))
        .collect();
    if total == 0 {
        "none".into()
    } else {
        format!("{total}: {}", parts.join(", "))
    }
}

/// A kind in the report's words: SEMANTICS §5's for AWS's kinds, Kueue's own reason for its
/// evictions (docs/KUEUE.md).
fn kind_words(kind: StopKind) -> &'static str {
    match kind {
        StopKind::Reclaim => "reclaim",
        StopKind::InShare => "in-share",
        StopKind::LimitLowered => "limit lowered",
        StopKind::PlanEnd => "plan end",
        StopKind::Spot => "spot",
        StopKind::InClusterQueue
        | StopKind::InCohortReclamation
        | StopKind::InCohortReclaimWhileBorrowing
        | StopKind::InCohortFairSharing => kind.kueue_reason().unwrap_or(kind.as_str()),
    }
}

/// Total preempts of the share's jobs (its preemptions caused, by share preempted).
pub fn caused_total(s: &ShareResult) -> u32 {
    s.reclaimed_from.values().sum()
}

/// `2 reclaims made; jobs preempted: medium 2, own share 1`.
fn caused(s: &ShareResult, own_name: &str) -> String {
    let mut line = numbers::count(s.reclaims_made.into(), "reclaim made", "reclaims made");
    if !s.reclaimed_from.is_empty() {
        let victims: Vec<String> = s
            .reclaimed_from
            .iter()
            .map(|(share, n)| {
                let whose = if share == own_name {
                    "own share"
                } else {
                    share.as_str()
                };
                format!("{whose} {n}")
            })
            .collect();
        line += &format!("; jobs preempted, by share: {}", victims.join(", "));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lost_work_is_the_total_then_its_causes() {
        let by = LostByCause {
            reclaim: 10.0,
            spot: 2.5,
            ..LostByCause::default()
        };
        assert_eq!(
            lost(12.5, &by),
            "12.5 accelerator-h: 10.0 to reclaim, 2.5 to spot interruptions"
        );
        assert_eq!(lost(0.0, &LostByCause::default()), "0.0 accelerator-h");
    }
}
