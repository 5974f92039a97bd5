//! Aggregates over the jobs of a run: per share, per instance type and pool, per preference
//! rank, and totals (docs/FORMAT.md, "Result").

use super::breakdown::Tally;
use super::{
    Attempt, JobResult, PlanUse, PoolKind, PoolUse, PreemptionCounts, RankResult, ShareResult,
    SimResult, Status, StopKind, Text, Totals, TypeResult,
};
use crate::amount::{normalise_zero, total};
use crate::format::FORMAT_VERSION;
use crate::scenario::Scenario;
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;

/// What the simulation hands over for aggregation.
pub struct Inputs<'a> {
    /// The scenario run: its name, seed and currency go into the result.
    pub scenario: &'a Scenario,
    /// The shares' names, in scenario order.
    pub shares: &'a [Text],
    /// Per share, in the same order: its instance-time over and under its limits.
    pub share_times: &'a [ShareTime],
    /// The types' names, in the world's order.
    pub types: &'a [Text],
    /// Per type (same order), accelerators per instance, for lost work by cause.
    pub accelerators: &'a [u32],
    /// The training plans, in scenario order.
    pub plans: &'a [PlanInput],
    /// When the run ended, in hours.
    pub end_h: f64,
}

/// A share's instance-time against its own limits, integrated over the run.
#[derive(Debug, Clone, Copy, Default)]
pub struct ShareTime {
    /// Instance-hours held over its own limits.
    pub borrowed_instance_h: f64,
    /// Instance-hours of its idle own capacity that borrowers used.
    pub lent_instance_h: f64,
    /// Instance-time used within its own limits over instance-time of its own limits.
    pub own_utilization: f64,
}

/// A training plan as the aggregates need it.
pub struct PlanInput {
    /// Its name.
    pub name: Text,
    /// What it cost up front.
    pub upfront_cost: f64,
    /// The share that bought it (`owner_share`), by index.
    pub owner: Option<usize>,
    /// Instance-hours its blocks reserve within the run (blocks cut at the run's end).
    pub reserved_instance_h: f64,
}

/// The aggregates of a run, gathered job by job: each job's record is made only to be added and
/// let go (a run of millions of jobs, whose records would not fit in memory together;
/// docs/PERFORMANCE.md, "The CLI at one and five million jobs"). Jobs are added in scenario
/// order, each with its restart overhead in accelerator-hours (the startup of every attempt
/// after the first, clipped to the attempt's length; docs/ARCHITECTURE.md).
pub struct Aggregator<'i, 'a> {
    inputs: &'i Inputs<'a>,
    accelerators: FxHashMap<&'a str, u32>,
    share_index: FxHashMap<&'a str, usize>,
    plan_index: FxHashMap<&'a str, usize>,
    type_index: FxHashMap<&'a str, usize>,
    plan_used: Vec<f64>,
    shares: Vec<Sums>,
    /// Per share: reclaims its jobs made, and preemptions they caused by the victim's share.
    caused: Vec<(u32, BTreeMap<Text, u32>)>,
    share_overhead: Vec<f64>,
    /// Per type: instance-hours and cost per (pool, plan), and selections.
    pools: Vec<PoolSums>,
    selections: Vec<u32>,
    ranks: [u32; 5],
    all: Sums,
    overhead: f64,
    preemptions: u32,
    interruptions: u32,
}

impl<'i, 'a> Aggregator<'i, 'a> {
    /// Nothing added yet.
    pub fn new(inputs: &'i Inputs<'a>) -> Self {
        let index = |names: &'a [Text]| -> FxHashMap<&'a str, usize> {
            names
                .iter()
                .enumerate()
                .map(|(i, name)| (name.as_str(), i))
                .collect()
        };
        Aggregator {
            inputs,
            accelerators: inputs
                .types
                .iter()
                .map(Text::as_str)
                .zip(inputs.accelerators.iter().copied())
                .collect(),
            share_index: index(inputs.shares),
            plan_index: inputs
                .plans
                .iter()
                .enumerate()
                .map(|(p, plan)| (plan.name.as_str(), p))
                .collect(),
            type_index: index(inputs.types),
            plan_used: vec![0.0; inputs.plans.len()],
            shares: (0..inputs.shares.len()).map(|_| Sums::new(true)).collect(),
            caused: vec![(0, BTreeMap::new()); inputs.shares.len()],
            share_overhead: vec![0.0; inputs.shares.len()],
            pools: vec![Vec::new(); inputs.types.len()],
            selections: vec![0; inputs.types.len()],
            ranks: [0; 5],
            all: Sums::new(false),
            overhead: 0.0,
            preemptions: 0,
            interruptions: 0,
        }
    }

    /// Adds the next job, with its restart overhead (see [`Inputs::restart_overhead`]);
    /// `share_of` gives the share of the job a name names (a preemptor's).
    pub fn add(
        &mut self,
        job: &JobResult,
        restart_overhead: f64,
        share_of: impl Fn(&str) -> Option<Text>,
    ) {
        let accelerators = &self.accelerators;
        let per_instance = |t: &str| accelerators.get(t).copied().unwrap_or(0);
        let share = job
            .share
            .as_deref()
            .and_then(|n| self.share_index.get(n).copied());
        if let Some(s) = share {
            self.shares[s].add(job, per_instance);
            self.share_overhead[s] += restart_overhead;
        }
        self.all.add(job, per_instance);
        self.overhead += restart_overhead;
        self.preemptions += job.preemptions;
        self.interruptions += job.interruptions;
        for attempt in &job.attempts {
            self.add_attempt(job, attempt, &share_of);
        }
    }

    fn add_attempt(
        &mut self,
        job: &JobResult,
        attempt: &Attempt,
        share_of: &impl Fn(&str) -> Option<Text>,
    ) {
        let instance_h = (attempt.end_h - attempt.start_h) * f64::from(attempt.instance_count);
        if let Some(&p) = attempt
            .training_plan
            .as_deref()
            .and_then(|n| self.plan_index.get(n))
        {
            self.plan_used[p] += instance_h;
        }
        let preemptor = attempt
            .preempted_by
            .as_deref()
            .and_then(share_of)
            .and_then(|name| self.share_index.get(name.as_str()).copied());
        if let Some(preemptor) = preemptor {
            if attempt.preemption.is_some_and(StopKind::is_reclaim) {
                self.caused[preemptor].0 += 1;
            }
            *self.caused[preemptor]
                .1
                .entry(job.share.clone().unwrap_or_default())
                .or_default() += 1;
        }
        if let Some(&t) = self.type_index.get(attempt.instance_type.as_str()) {
            self.selections[t] += 1;
            let pools = &mut self.pools[t];
            let key = (attempt.pool, attempt.training_plan.as_ref());
            let at = match pools.iter().position(|(k, _)| (k.0, k.1.as_ref()) == key) {
                Some(at) => at,
                None => {
                    pools.push(((attempt.pool, attempt.training_plan.clone()), (0.0, 0.0)));
                    pools.len() - 1
                }
            };
            let use_ = &mut pools[at].1;
            use_.0 += instance_h;
            use_.1 += attempt.cost;
        }
        self.ranks[attempt.preference.min(4)] += 1;
    }

    /// The result document of the jobs added: everything but the jobs, events, usage and notes,
    /// which the caller fills in.
    pub fn finish(self) -> SimResult {
        let inputs = self.inputs;
        let plans = plan_uses(inputs.plans, self.plan_used);
        let mut caused = self.caused;
        let shares = self
            .shares
            .into_iter()
            .enumerate()
            .map(|(s, sums)| {
                let owned: Vec<PlanUse> = inputs
                    .plans
                    .iter()
                    .zip(&plans)
                    .filter(|(plan, _)| plan.owner == Some(s))
                    .map(|(_, used)| used.clone())
                    .collect();
                share_result(
                    &inputs.shares[s],
                    sums,
                    Caused(std::mem::take(&mut caused[s])),
                    inputs.share_times[s],
                    self.share_overhead[s],
                    owned,
                )
            })
            .collect();
        let Sums {
            jobs,
            statuses,
            tally,
            lost,
            cost,
            ..
        } = self.all;
        let [succeeded, failed, timed_out, stopped, cancelled, unfinished] = statuses;
        SimResult {
            version: FORMAT_VERSION as u32,
            scenario: inputs.scenario.name.clone(),
            seed: inputs.scenario.seed,
            currency: inputs.scenario.currency.0.clone(),
            end_h: inputs.end_h,
            shares,
            instance_types: type_results(inputs.types, self.pools, self.selections),
            preference_ranks: rank_results(self.ranks),
            totals: Totals {
                jobs,
                succeeded,
                failed,
                timed_out,
                stopped,
                cancelled,
                unfinished,
                cost: normalise_zero(cost),
                upfront_cost: total(inputs.plans.iter().map(|p| p.upfront_cost)),
                lost_accelerator_h: normalise_zero(lost),
                restart_overhead_accelerator_h: normalise_zero(self.overhead),
                preemptions: self.preemptions,
                interruptions: self.interruptions,
                fallback_rate: tally.fallback_rate(),
                restarts: tally.restarts,
                lost_by_cause: tally.lost,
            },
            jobs: Vec::new(),
            events: Vec::new(),
            usage: Vec::new(),
            notes: Vec::new(),
            calibration: None,
            kueue: None,
        }
    }
}

/// One type's instance-hours and cost per (pool, plan), in order of first use.
type PoolSums = Vec<((PoolKind, Option<Text>), (f64, f64))>;

/// Each plan's use by every job, in scenario order, from its instance-hours.
fn plan_uses(plans: &[PlanInput], used: Vec<f64>) -> Vec<PlanUse> {
    plans
        .iter()
        .zip(used)
        .map(|(plan, instance_h)| PlanUse {
            name: plan.name.clone(),
            upfront_cost: plan.upfront_cost,
            instance_h,
            reserved_instance_h: plan.reserved_instance_h,
            utilization: if plan.reserved_instance_h > 0.0 {
                instance_h / plan.reserved_instance_h
            } else {
                0.0
            },
        })
        .collect()
}

/// What a share's figures are made of, summed job by job in scenario order (sums folded from
/// +0, as `amount::total` folds them).
struct Sums {
    jobs: u32,
    /// Jobs per status, in [`Status::ALL`] order.
    statuses: [u32; 6],
    /// Completion hours of the succeeded jobs, when kept (a share's percentiles need them, the
    /// totals do not).
    completions: Option<Vec<f64>>,
    preempted: PreemptionCounts,
    tally: Tally,
    wait: f64,
    lost: f64,
    cost: f64,
}

impl Sums {
    fn new(completions: bool) -> Self {
        Sums {
            jobs: 0,
            statuses: [0; 6],
            completions: completions.then(Vec::new),
            preempted: PreemptionCounts::default(),
            tally: Tally::default(),
            wait: 0.0,
            lost: 0.0,
            cost: 0.0,
        }
    }

    fn add(&mut self, job: &JobResult, accelerators: impl Fn(&str) -> u32) {
        self.jobs += 1;
        self.statuses[job.status as usize] += 1;
        if let (Some(completions), Status::Succeeded, Some(h)) =
            (&mut self.completions, job.status, job.completion_h)
        {
            completions.push(h);
        }
        for kind in job.attempts.iter().filter_map(|a| a.preemption) {
            *self.preempted.of_mut(kind) += 1;
        }
        self.tally.add(job, accelerators);
        self.wait += job.wait_h;
        self.lost += job.lost_accelerator_h;
        self.cost += job.cost;
    }
}

/// What people call all of a run's jobs taken as one share: the app's card, chart series and
/// table row of a scenario without quota shares, and the CLI's calibration line.
pub const ALL_JOBS: &str = "all jobs";

/// Every job of `result` summed up as one share named `name`, for a scenario without quota
/// shares (its result has no `shares`): the same counts, completion percentiles, waiting, losses
/// and cost a share gets. Borrowing, lending, reclaims and own utilisation only exist between
/// shares and are 0.
pub fn all_jobs(result: &SimResult, name: &str) -> ShareResult {
    all_jobs_of(&result.jobs, &result.totals, name)
}

/// [`all_jobs`] of jobs given one by one (a run's records made on demand), with the run's
/// totals.
pub fn all_jobs_of<J: std::borrow::Borrow<JobResult>>(
    jobs: impl IntoIterator<Item = J>,
    totals: &Totals,
    name: &str,
) -> ShareResult {
    let mut sums = Sums::new(true);
    for job in jobs {
        sums.add(job.borrow(), |_| 0);
    }
    // The lost work by cause is the totals' (the result no longer knows the types' accelerators).
    let mut all = share_result(
        &Text::from(name),
        sums,
        Caused((0, BTreeMap::new())),
        ShareTime::default(),
        totals.restart_overhead_accelerator_h,
        Vec::new(),
    );
    all.lost_by_cause = totals.lost_by_cause.clone();
    all
}

/// Reclaims a share's jobs made, and the preemptions they caused by the victim's share.
struct Caused((u32, BTreeMap<Text, u32>));

/// Of the started `jobs`, the fraction whose first attempt ran on an entry after their first
/// (as `shares[].fallback_rate`); `None` when none started, where the rate does not exist.
pub fn fallback_rate<'a>(jobs: impl IntoIterator<Item = &'a JobResult>) -> Option<f64> {
    let tally = Tally::of(jobs, |_| 0);
    (tally.started > 0).then(|| tally.fallback_rate())
}

/// How long jobs waited, for the one line about all of them (`quotalab run --summary`):
/// `JobResult::wait_h` of every job, as a share's `wait_mean_h` counts it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Waits {
    /// Median, nearest rank.
    pub p50_h: f64,
    /// 90th percentile, nearest rank.
    pub p90_h: f64,
    /// Mean.
    pub mean_h: f64,
}

impl Waits {
    /// The waits of jobs given as their hours, in any order; `None` when there are none.
    pub fn of(mut waits: Vec<f64>) -> Option<Waits> {
        waits.sort_by(f64::total_cmp);
        Some(Waits {
            p50_h: percentile(&waits, 0.5)?,
            p90_h: percentile(&waits, 0.9)?,
            mean_h: total(waits.iter().copied()) / waits.len() as f64,
        })
    }
}

/// The waits of `jobs`; `None` when there are none.
pub fn waits<'a>(jobs: impl IntoIterator<Item = &'a JobResult>) -> Option<Waits> {
    Waits::of(jobs.into_iter().map(|j| j.wait_h).collect())
}

/// The nearest-rank percentile of sorted values.
pub fn percentile(sorted: &[f64], p: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (p * sorted.len() as f64).ceil() as usize;
    Some(sorted[rank.clamp(1, sorted.len()) - 1])
}

fn share_result(
    name: &Text,
    sums: Sums,
    Caused((reclaims_made, reclaimed_from)): Caused,
    time: ShareTime,
    restart_overhead_accelerator_h: f64,
    training_plans: Vec<PlanUse>,
) -> ShareResult {
    let Sums {
        jobs,
        statuses,
        completions,
        preempted,
        mut tally,
        wait,
        lost,
        cost,
    } = sums;
    let mut completions = completions.unwrap_or_default();
    completions.sort_by(f64::total_cmp);
    let [succeeded, failed, timed_out, stopped, cancelled, unfinished] = statuses;
    // Folded from +0: an empty f64 sum is -0, which JSON would show as "-0.0".
    let upfront_cost = training_plans
        .iter()
        .fold(0.0, |sum, p| sum + p.upfront_cost);
    let n = jobs.max(1) as f64;
    ShareResult {
        name: name.clone(),
        jobs,
        succeeded,
        failed,
        timed_out,
        stopped,
        cancelled,
        unfinished,
        completion_p50_h: percentile(&completions, 0.5),
        completion_p90_h: percentile(&completions, 0.9),
        wait_mean_h: normalise_zero(wait) / n,
        borrowed_instance_h: time.borrowed_instance_h,
        lent_instance_h: time.lent_instance_h,
        preemptions: preempted.preemptions(),
        interruptions: preempted.interruptions(),
        preempted,
        reclaims_made,
        reclaimed_from,
        lost_accelerator_h: normalise_zero(lost),
        restart_overhead_accelerator_h,
        cost: normalise_zero(cost) + upfront_cost,
        own_utilization: time.own_utilization,
        started: tally.started,
        fallback_rate: tally.fallback_rate(),
        restarts: tally.restarts,
        lost_by_cause: std::mem::take(&mut tally.lost),
        started_on: tally.started_on(),
        upfront_cost,
        training_plans,
    }
}

/// Per instance type (in the given order), its attempts' instance-hours and cost per pool.
/// Pools come in (pool, plan) order.
fn type_results(types: &[Text], pools: Vec<PoolSums>, selections: Vec<u32>) -> Vec<TypeResult> {
    types
        .iter()
        .zip(pools)
        .zip(selections)
        .map(|((name, mut pools), selections)| {
            // By the pool's name, the order results have always had.
            pools.sort_by(|a, b| (a.0 .0.as_str(), &a.0 .1).cmp(&(b.0 .0.as_str(), &b.0 .1)));
            let pools: Vec<PoolUse> = pools
                .into_iter()
                .map(|((pool, training_plan), (instance_h, cost))| PoolUse {
                    pool,
                    training_plan,
                    instance_h,
                    cost,
                })
                .collect();
            TypeResult {
                name: name.clone(),
                instance_h: total(pools.iter().map(|p| p.instance_h)),
                cost: total(pools.iter().map(|p| p.cost)),
                selections,
                pools,
            }
        })
        .collect()
}

fn rank_results(counts: [u32; 5]) -> Vec<RankResult> {
    let last = counts.iter().rposition(|&c| c > 0).map_or(0, |i| i + 1);
    counts[..last]
        .iter()
        .enumerate()
        .map(|(rank, &selections)| RankResult { rank, selections })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{simulate, Scenario};

    fn run(json: &str) -> SimResult {
        simulate(&Scenario::from_json(json).expect("a bundled scenario"))
    }

    #[test]
    fn all_jobs_of_a_scenario_without_shares_add_up_to_the_totals() {
        let result = run(include_str!(
            "../../../../scenarios/training-plan-fallback.json"
        ));
        assert!(result.shares.is_empty());
        let all = all_jobs(&result, "all jobs");
        assert_eq!(all.name, "all jobs");
        assert_eq!(
            (all.jobs, all.succeeded),
            (result.totals.jobs, result.totals.succeeded)
        );
        assert_eq!(all.cost, result.totals.cost);
        assert_eq!(all.lost_accelerator_h, result.totals.lost_accelerator_h);
        let mut completions: Vec<f64> = result
            .jobs
            .iter()
            .filter(|j| j.status == Status::Succeeded)
            .filter_map(|j| j.completion_h)
            .collect();
        completions.sort_by(f64::total_cmp);
        assert!(completions.len() > 2);
        assert_eq!(all.completion_p90_h, percentile(&completions, 0.9));
        assert_eq!((all.borrowed_instance_h, all.lent_instance_h), (0.0, 0.0));
    }

    #[test]
    fn all_jobs_of_a_scenario_with_shares_sum_its_shares() {
        let result = run(include_str!("../../../../scenarios/default.json"));
        let all = all_jobs(&result, "everyone");
        let shares = &result.shares;
        assert_eq!(all.jobs, shares.iter().map(|s| s.jobs).sum::<u32>());
        assert_eq!(
            all.succeeded,
            shares.iter().map(|s| s.succeeded).sum::<u32>()
        );
        assert_eq!(
            (all.preemptions, all.interruptions),
            (
                shares.iter().map(|s| s.preemptions).sum::<u32>(),
                shares.iter().map(|s| s.interruptions).sum::<u32>()
            )
        );
    }
}
