//! Bounds that rule a candidate out without simulating it (docs/ADVISOR.md, "Pruning").
//!
//! Two facts need no run: a candidate whose purchased capacity alone costs more than the total
//! budget cannot meet it, and a share none of whose job entries fits in what the share may ever
//! hold (its limit, or its borrowing ceiling, and what the pool ever offers) never starts a job,
//! so no target on its completions, waits or jobs done can be met.

use super::evaluate::{Candidate, Goals, TOTAL};
use super::target::Bound;
use crate::scenario::{Preference, Scenario};
use crate::study::kpi::Kpi;
use crate::validate::feasibility::{pool_ceiling, share_ceiling};

/// Why `candidate` cannot meet `goals`, if a bound shows it; `None` when it must be simulated.
pub fn prune(candidate: &Candidate, goals: &Goals) -> Option<String> {
    for t in &goals.targets {
        if t.share == TOTAL {
            if candidate.purchase_cost > t.value {
                return Some(format!(
                    "the purchased capacity alone costs {:.0}, over the total budget of {}",
                    candidate.purchase_cost, t.value
                ));
            }
        } else if needs_jobs_to_run(t.kpi, t.bound, t.value)
            && !any_entry_fits(&candidate.scenario, &t.share)
        {
            return Some(format!(
                "no job entry of share '{}' fits in what the share may ever hold, so {} cannot be met",
                t.share,
                t.text()
            ));
        }
    }
    None
}

/// Whether a target can only be met when some of the share's jobs run.
fn needs_jobs_to_run(kpi: Kpi, bound: Bound, value: f64) -> bool {
    match kpi {
        Kpi::CompletionP50H | Kpi::CompletionP90H => true,
        Kpi::JobsDone | Kpi::WaitBelowThreshold => bound == Bound::AtLeast && value > 0.0,
        _ => false,
    }
}

/// Whether some entry of some job of `share` fits in the share's ceiling and its pool.
fn any_entry_fits(scenario: &Scenario, share: &str) -> bool {
    let Some(quota) = scenario.quota_shares.iter().find(|s| s.name == share) else {
        return true;
    };
    let fits = |entry: &Preference, count: Option<u32>, spot: bool| {
        let need = u64::from(entry.instance_count.or(count).unwrap_or(1));
        let pool = pool_ceiling(
            scenario,
            &entry.instance_type,
            entry.training_plan.as_deref(),
            spot,
        );
        match share_ceiling(quota, &entry.instance_type) {
            None => false,
            Some(ceiling) => need <= ceiling.unwrap_or(u64::MAX).min(pool),
        }
    };
    let mixes = scenario
        .job_mixes
        .iter()
        .filter(|m| m.share.as_deref() == Some(share))
        .map(|m| {
            (
                &m.template.preferences,
                m.template.instance_count,
                m.template.spot,
            )
        });
    let jobs = scenario
        .jobs
        .iter()
        .filter(|j| j.share.as_deref() == Some(share))
        .map(|j| (&j.preferences, j.instance_count, j.spot));
    let mut any_job = false;
    for (entries, count, spot) in mixes.chain(jobs) {
        any_job = true;
        if entries.iter().any(|e| fits(e, count, spot)) {
            return true;
        }
    }
    !any_job
}
