//! Where a share's jobs first ran (the distribution behind its fallback rate) and what its lost
//! work was lost to, in words: the engine's `started_on` and `lost_by_cause`
//! (docs/ARCHITECTURE.md, "What a share got and lost"), so the room can answer "how often did
//! vision fall back to g5?" and "what did reclaim cost NLP?" without adding numbers up. The lost
//! total in front of the causes is `observed`'s to write, like every other accelerator-hours.

use super::numbers;
use quotalab_engine::result::{LostByCause, PoolKind, StartedOn, StopKind};

/// `first choice, 4 x ml.p5.48xlarge on demand: 30 jobs; entry 2, 1 x ml.g5.12xlarge spot: 5
/// jobs`; `no job started` when the list is empty.
pub fn started_on(rows: &[StartedOn]) -> String {
    if rows.is_empty() {
        return "no job started".into();
    }
    let parts: Vec<String> = rows
        .iter()
        .map(|r| {
            let entry = if r.preference == 0 {
                "first choice".to_string()
            } else {
                format!("entry {}", r.preference + 1)
            };
            format!(
                "{entry}, {} x {} {}: {}",
                r.instance_count,
                r.instance_type,
                pool(r.pool, r.training_plan.as_deref()),
                numbers::count(r.jobs.into(), "job", "jobs")
            )
        })
        .collect();
    parts.join("; ")
}

fn pool(kind: PoolKind, plan: Option<&str>) -> String {
    match (kind, plan) {
        (PoolKind::OnDemand, _) => "on demand".into(),
        (PoolKind::Spot, _) => "spot".into(),
        (PoolKind::TrainingPlan, Some(plan)) => format!("on training plan {plan}"),
        (PoolKind::TrainingPlan, None) => "on a training plan".into(),
    }
}

/// `10.0 to reclaim, 2.5 to spot interruptions`, only the causes that lost anything; `None` when
/// nothing was lost.
pub fn lost_to(by: &LostByCause) -> Option<String> {
    let parts: Vec<String> = LostByCause::CAUSES
        .into_iter()
        .map(|cause| (by.of(cause), cause))
        .filter(|(h, _)| *h > 0.0)
        .map(|(h, cause)| format!("{h:.1} to {}", cause_words(cause)))
        .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// A cause of lost work in the report's words; a run under Kueue's rules loses work to its
/// eviction reasons, named as Kueue names them (`InCohortReclamation`), as the report's
/// preemption counts name them.
fn cause_words(cause: Option<StopKind>) -> &'static str {
    match cause {
        Some(StopKind::Reclaim) => "reclaim",
        Some(StopKind::InShare) => "in-share preemption",
        Some(StopKind::LimitLowered) => "limits lowered",
        Some(StopKind::PlanEnd) => "plan ends",
        Some(StopKind::Spot) => "spot interruptions",
        Some(kueue) => kueue.kueue_reason().unwrap_or_default(),
        None => "jobs ended while running",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(preference: usize, pool: PoolKind, jobs: u32) -> StartedOn {
        StartedOn {
            preference,
            instance_type: "ml.g5.12xlarge".into(),
            instance_count: 2,
            pool,
            training_plan: None,
            jobs,
        }
    }

    #[test]
    fn first_runs_are_named_by_entry_type_and_pool() {
        assert_eq!(
            started_on(&[row(0, PoolKind::OnDemand, 3), row(1, PoolKind::Spot, 1)]),
            "first choice, 2 x ml.g5.12xlarge on demand: 3 jobs; entry 2, 2 x ml.g5.12xlarge spot: 1 job"
        );
        assert_eq!(started_on(&[]), "no job started");
    }

    #[test]
    fn lost_work_lists_only_the_causes_that_lost_any() {
        let by = LostByCause {
            reclaim: 10.0,
            spot: 2.5,
            ..LostByCause::default()
        };
        assert_eq!(
            lost_to(&by).as_deref(),
            Some("10.0 to reclaim, 2.5 to spot interruptions")
        );
        assert_eq!(lost_to(&LostByCause::default()), None);
    }
}
