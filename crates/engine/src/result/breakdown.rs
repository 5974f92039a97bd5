//! What a share's jobs got and lost, broken down: the entry each started job first ran on (the
//! fallback rate and its distribution), the work lost by cause, and the restarts. Tallied in one
//! pass over the share's jobs, for shares, for "all jobs" and for the totals alike.

use super::{JobResult, PoolKind, StopKind, Text};
use serde::{Deserialize, Serialize};

/// How many of a share's started jobs first ran on one configuration of their preference list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StartedOn {
    /// 0-based index of the entry in the job's preference list.
    pub preference: usize,
    /// The entry's instance type.
    pub instance_type: Text,
    /// Instances the entry uses.
    pub instance_count: u32,
    /// The pool it ran on.
    pub pool: PoolKind,
    /// The plan, for a `training_plan` pool.
    pub training_plan: Option<Text>,
    /// Jobs whose first attempt ran there.
    pub jobs: u32,
}

/// Work lost, in accelerator-hours, by what stopped the attempt (SEMANTICS §3, "Lost work").
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct LostByCause {
    /// Taken back by the lending share.
    pub reclaim: f64,
    /// Preempted by a higher-priority job of the same share.
    pub in_share: f64,
    /// The share's limits were lowered below what it held.
    pub limit_lowered: f64,
    /// The training plan's block was ending.
    pub plan_end: f64,
    /// Spot interruptions.
    pub spot: f64,
    /// Cancelled, or stopped by `max_wait_h`, while running: not an interruption, but the work
    /// since the checkpoint is gone all the same, so the causes add up to the job's loss.
    pub ended_while_running: f64,
    /// Kueue: preempted within the ClusterQueue.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub in_cluster_queue: f64,
    /// Kueue: borrowed quota reclaimed by the cohort.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub in_cohort_reclamation: f64,
    /// Kueue: preempted by a borrowing queue under `borrowWithinCohort`.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub in_cohort_reclaim_while_borrowing: f64,
    /// Kueue: preempted by fair sharing.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub in_cohort_fair_sharing: f64,
}

/// Kueue's causes are left out of AWS results, whose bytes stay as they were.
fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

impl LostByCause {
    /// Every cause, in the order results list them: the kinds of [`StopKind::ALL`], then a job
    /// ended while running (`None`). The report and the reclaim chart list the causes from it.
    pub const CAUSES: [Option<StopKind>; 10] = [
        Some(StopKind::Reclaim),
        Some(StopKind::InShare),
        Some(StopKind::LimitLowered),
        Some(StopKind::PlanEnd),
        Some(StopKind::Spot),
        Some(StopKind::InClusterQueue),
        Some(StopKind::InCohortReclamation),
        Some(StopKind::InCohortReclaimWhileBorrowing),
        Some(StopKind::InCohortFairSharing),
        None,
    ];

    /// The work lost to `cause` (`None`: jobs ended while running), in accelerator-hours.
    pub fn of(&self, cause: Option<StopKind>) -> f64 {
        *self.clone().cause_mut(cause)
    }

    fn add(&mut self, kind: Option<StopKind>, accelerator_h: f64) {
        *self.cause_mut(kind) += accelerator_h;
    }

    fn cause_mut(&mut self, kind: Option<StopKind>) -> &mut f64 {
        match kind {
            Some(StopKind::Reclaim) => &mut self.reclaim,
            Some(StopKind::InShare) => &mut self.in_share,
            Some(StopKind::LimitLowered) => &mut self.limit_lowered,
            Some(StopKind::PlanEnd) => &mut self.plan_end,
            Some(StopKind::Spot) => &mut self.spot,
            Some(StopKind::InClusterQueue) => &mut self.in_cluster_queue,
            Some(StopKind::InCohortReclamation) => &mut self.in_cohort_reclamation,
            Some(StopKind::InCohortReclaimWhileBorrowing) => {
                &mut self.in_cohort_reclaim_while_borrowing
            }
            Some(StopKind::InCohortFairSharing) => &mut self.in_cohort_fair_sharing,
            None => &mut self.ended_while_running,
        }
    }
}

/// A share's breakdown, gathered job by job.
#[derive(Debug, Default)]
pub struct Tally {
    /// Jobs with at least one attempt.
    pub started: u32,
    /// Of those, jobs whose first attempt ran on an entry after their first.
    pub fell_back: u32,
    /// Attempts after each job's first.
    pub restarts: u32,
    /// Lost accelerator-hours by cause.
    pub lost: LostByCause,
    /// First attempts per configuration, unsorted.
    pub started_on: Vec<StartedOn>,
}

impl Tally {
    /// Adds one job; `accelerators` gives an instance type's accelerators per instance.
    pub fn add(&mut self, job: &JobResult, accelerators: impl Fn(&str) -> u32) {
        let Some(first) = job.attempts.first() else {
            return;
        };
        self.started += 1;
        self.fell_back += u32::from(first.preference > 0);
        self.restarts += job.attempts.len() as u32 - 1;
        for attempt in job.attempts.iter().filter(|a| a.lost_h > 0.0) {
            let per_h = match attempt.accelerators {
                Some(held) => f64::from(held),
                None => {
                    f64::from(attempt.instance_count)
                        * f64::from(accelerators(&attempt.instance_type))
                }
            };
            self.lost.add(attempt.preemption, attempt.lost_h * per_h);
        }
        let same = |s: &&mut StartedOn| {
            s.preference == first.preference
                && s.instance_type == first.instance_type
                && s.instance_count == first.instance_count
                && s.pool == first.pool
                && s.training_plan == first.training_plan
        };
        match self.started_on.iter_mut().find(same) {
            Some(row) => row.jobs += 1,
            None => self.started_on.push(StartedOn {
                preference: first.preference,
                instance_type: first.instance_type.clone(),
                instance_count: first.instance_count,
                pool: first.pool,
                training_plan: first.training_plan.clone(),
                jobs: 1,
            }),
        }
    }

    /// The tally of `jobs`.
    pub fn of<'a>(
        jobs: impl IntoIterator<Item = &'a JobResult>,
        accelerators: impl Fn(&str) -> u32,
    ) -> Tally {
        let mut tally = Tally::default();
        for job in jobs {
            tally.add(job, &accelerators);
        }
        tally
    }

    /// Started jobs that fell back ÷ started jobs; 0 when none started.
    pub fn fallback_rate(&self) -> f64 {
        if self.started == 0 {
            0.0
        } else {
            f64::from(self.fell_back) / f64::from(self.started)
        }
    }

    /// The configurations in entry order, then by type, count, pool and plan.
    pub fn started_on(&mut self) -> Vec<StartedOn> {
        let mut rows = std::mem::take(&mut self.started_on);
        rows.sort_by(|a, b| {
            (
                a.preference,
                &a.instance_type,
                a.instance_count,
                a.pool.as_str(),
            )
                .cmp(&(
                    b.preference,
                    &b.instance_type,
                    b.instance_count,
                    b.pool.as_str(),
                ))
                .then_with(|| a.training_plan.cmp(&b.training_plan))
        });
        rows
    }
}

#[cfg(test)]
mod tests {
    use crate::result::{LostByCause, PoolKind, SimResult, StartedOn, Text};
    use crate::{simulate, Scenario};

    /// Worked by hand (fixtures/fallback-reclaim-owned-plan.json): two g5.12xlarge (4 GPUs
    /// each), one owned by A (LEND), one by B (LEND_AND_BORROW). B1 takes both at 0 h, borrowing
    /// A's. B2 arrives at 0.5 h: its first entry's pool is full, so it runs on its second entry,
    /// g5.xlarge, 0.5 to 1.5 h. A1 arrives at 2 h and reclaims: B1 loses 2 h on 2 instances of 4
    /// GPUs, 16 accelerator-hours, and starts again at 3 h when A1 ends. A2 runs 0 to 4 h on A's
    /// plan, whose block reserves 1 instance for 10 h.
    fn run() -> SimResult {
        let scenario =
            Scenario::from_json(include_str!("fixtures/fallback-reclaim-owned-plan.json"))
                .expect("a valid fixture");
        simulate(&scenario)
    }

    fn row(preference: usize, instance_type: &str, instance_count: u32, jobs: u32) -> StartedOn {
        StartedOn {
            preference,
            instance_type: Text::from(instance_type),
            instance_count,
            pool: PoolKind::OnDemand,
            training_plan: None,
            jobs,
        }
    }

    #[test]
    fn a_share_whose_second_job_falls_back_has_a_fallback_rate_of_one_half() {
        let result = run();
        let b = &result.shares[1];
        assert_eq!((b.started, b.fallback_rate), (2, 0.5));
        assert_eq!(
            b.started_on,
            [row(0, "ml.g5.12xlarge", 2, 1), row(1, "ml.g5.xlarge", 1, 1)]
        );
        assert_eq!(result.shares[0].fallback_rate, 0.0);
        // One of the four started jobs fell back.
        assert_eq!(result.totals.fallback_rate, 0.25);
    }

    #[test]
    fn work_lost_to_a_reclaim_is_counted_under_reclaim_with_one_restart() {
        let result = run();
        let b = &result.shares[1];
        let expected = LostByCause {
            reclaim: 16.0,
            ..LostByCause::default()
        };
        assert_eq!(b.lost_by_cause, expected);
        assert_eq!(b.lost_accelerator_h, 16.0);
        assert_eq!(b.restarts, 1);
        assert_eq!(result.shares[0].restarts, 0);
        assert_eq!(result.totals.lost_by_cause, expected);
        assert_eq!(result.totals.restarts, 1);
    }

    #[test]
    fn an_owned_plan_counts_in_its_share_and_shows_its_use() {
        let result = run();
        let (a, b) = (&result.shares[0], &result.shares[1]);
        // A1's hour on a g5.12xlarge at 7.09 per hour, and the plan's 1,000 upfront.
        assert_eq!(a.upfront_cost, 1000.0);
        assert!((a.cost - 1007.09).abs() < 1e-9, "{}", a.cost);
        let plan = &a.training_plans[0];
        assert_eq!(plan.name, "a-p4d");
        assert_eq!((plan.instance_h, plan.reserved_instance_h), (4.0, 10.0));
        assert_eq!(plan.utilization, 0.4);
        assert!(b.training_plans.is_empty());
        assert!(b.upfront_cost == 0.0 && b.upfront_cost.is_sign_positive());
        assert_eq!(result.totals.upfront_cost, 1000.0);
    }
}
