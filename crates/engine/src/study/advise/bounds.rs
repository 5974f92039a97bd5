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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::advise::target::Target;

    /// Share `x`'s jobs need two instances; its limit is `limit` under `strategy`.
    fn candidate(limit: u32, strategy: &str, purchase_cost: f64) -> Candidate {
        let json = format!(
            r#"{{"version":1,"name":"b","capacity":[{{"instance_type":"ml.g5.xlarge","count":4}}],
            "quota_shares":[{{"name":"x","capacity_limits":[{{"instance_type":"ml.g5.xlarge","max_capacity":{limit}}}],"strategy":"{strategy}"}},
                            {{"name":"y","capacity_limits":[{{"instance_type":"ml.g5.xlarge","max_capacity":2}}],"strategy":"LEND"}}],
            "jobs":[{{"name":"j","share":"x","submit_h":0,"duration_h":1,"instance_count":2,"preferences":[{{"instance_type":"ml.g5.xlarge"}}]}}]}}"#
        );
        Candidate {
            scenario: Scenario::parse_json(&json).unwrap(),
            purchase_cost,
        }
    }

    fn goals(targets: &[&str], budget: Option<f64>) -> Goals {
        let parsed: Vec<Target> = targets.iter().map(|t| Target::parse(t).unwrap()).collect();
        Goals::new(&parsed, budget, &["x".into(), "y".into()], 24.0)
    }

    #[test]
    fn a_share_whose_jobs_never_fit_cannot_meet_a_completion_target() {
        let p90 = goals(&["x:completion_p90_h<=5"], None);
        assert!(prune(&candidate(1, "LEND", 0.0), &p90).is_some());
        assert!(prune(&candidate(2, "LEND", 0.0), &p90).is_none());
        // Borrowing without a cap may reach the pool's four instances.
        assert!(prune(&candidate(1, "LEND_AND_BORROW", 0.0), &p90).is_none());
        // A cost target does not need the jobs to run.
        assert!(prune(&candidate(1, "LEND", 0.0), &goals(&["x:cost<=5"], None)).is_none());
    }

    #[test]
    fn purchases_over_the_total_budget_are_ruled_out() {
        let budget = goals(&["y:cost<=100"], Some(50.0));
        assert!(prune(&candidate(2, "LEND", 60.0), &budget).is_some());
        assert!(prune(&candidate(2, "LEND", 40.0), &budget).is_none());
    }
}
