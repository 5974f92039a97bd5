//! Aggregates over the jobs of a run: per share, per instance type and pool, per preference
//! rank, and totals (docs/FORMAT.md, "Result").

use super::breakdown::Tally;
use super::{
    JobResult, PlanUse, PoolKind, PoolUse, PreemptionCounts, RankResult, ShareResult, SimResult,
    Status, StopKind, Text, Totals, TypeResult,
};
use crate::amount::total;
use crate::format::FORMAT_VERSION;
use crate::scenario::Scenario;
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;

/// What the simulation hands over for aggregation.
pub struct Inputs<'a> {
    /// The scenario run: its name, seed and currency go into the result.
    pub scenario: &'a Scenario,
    /// Every job's result, in scenario order.
    pub jobs: Vec<JobResult>,
    /// Per job (same order): its restart overhead in accelerator-hours, the startup of every
    /// attempt after the first, clipped to the attempt's length (docs/ARCHITECTURE.md).
    pub restart_overhead: Vec<f64>,
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

/// The result document from the jobs and the run's per-share areas; events, usage and notes
/// are filled in by the caller.
pub fn aggregate(inputs: Inputs) -> SimResult {
    let accelerators = accelerators_by_name(&inputs);
    let plans = plan_uses(inputs.plans, &inputs.jobs);
    let shares = share_results(&inputs, &accelerators, &plans);
    SimResult {
        version: FORMAT_VERSION as u32,
        scenario: inputs.scenario.name.clone(),
        seed: inputs.scenario.seed,
        currency: inputs.scenario.currency.0.clone(),
        end_h: inputs.end_h,
        shares,
        instance_types: type_results(inputs.types, &inputs.jobs),
        preference_ranks: rank_results(&inputs.jobs),
        totals: totals(
            &inputs.jobs,
            &inputs.restart_overhead,
            inputs.plans,
            &accelerators,
        ),
        jobs: inputs.jobs,
        events: Vec::new(),
        usage: Vec::new(),
        notes: Vec::new(),
        calibration: None,
        kueue: None,
    }
}

/// Accelerators per instance of each type of the run, by name.
fn accelerators_by_name<'a>(inputs: &Inputs<'a>) -> FxHashMap<&'a str, u32> {
    inputs
        .types
        .iter()
        .map(Text::as_str)
        .zip(inputs.accelerators.iter().copied())
        .collect()
}

/// Each plan's use by every job, in scenario order.
fn plan_uses(plans: &[PlanInput], jobs: &[JobResult]) -> Vec<PlanUse> {
    let index: FxHashMap<&str, usize> = plans
        .iter()
        .enumerate()
        .map(|(p, plan)| (plan.name.as_str(), p))
        .collect();
    let mut used = vec![0.0; plans.len()];
    for attempt in jobs.iter().flat_map(|j| &j.attempts) {
        if let Some(&p) = attempt.training_plan.as_deref().and_then(|n| index.get(n)) {
            used[p] += (attempt.end_h - attempt.start_h) * f64::from(attempt.instance_count);
        }
    }
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

/// Per share, its jobs and the preemptions they caused, gathered in one pass over the jobs.
fn share_results(
    inputs: &Inputs,
    accelerators: &FxHashMap<&str, u32>,
    plans: &[PlanUse],
) -> Vec<ShareResult> {
    let index: FxHashMap<&str, usize> = inputs
        .shares
        .iter()
        .enumerate()
        .map(|(s, name)| (name.as_str(), s))
        .collect();
    let share_of = |job: &JobResult| {
        job.share
            .as_deref()
            .and_then(|name| index.get(name).copied())
    };
    let by_name: FxHashMap<&str, &JobResult> =
        inputs.jobs.iter().map(|j| (j.name.as_str(), j)).collect();
    let mut members: Vec<Vec<&JobResult>> = vec![Vec::new(); inputs.shares.len()];
    // Per share: reclaims its jobs made, and preemptions they caused by the victim's share.
    let mut caused: Vec<(u32, BTreeMap<Text, u32>)> =
        vec![(0, BTreeMap::new()); inputs.shares.len()];
    let mut restart_overhead = vec![0.0; inputs.shares.len()];
    for (job, overhead) in inputs.jobs.iter().zip(&inputs.restart_overhead) {
        if let Some(s) = share_of(job) {
            members[s].push(job);
            restart_overhead[s] += overhead;
        }
        for attempt in &job.attempts {
            let preemptor = attempt
                .preempted_by
                .as_deref()
                .and_then(|name| by_name.get(name))
                .and_then(|p| share_of(p));
            let Some(preemptor) = preemptor else { continue };
            if attempt.preemption == Some(StopKind::Reclaim) {
                caused[preemptor].0 += 1;
            }
            *caused[preemptor]
                .1
                .entry(job.share.clone().unwrap_or_default())
                .or_default() += 1;
        }
    }
    inputs
        .shares
        .iter()
        .enumerate()
        .map(|(s, name)| {
            let owned: Vec<PlanUse> = inputs
                .plans
                .iter()
                .zip(plans)
                .filter(|(plan, _)| plan.owner == Some(s))
                .map(|(_, used)| used.clone())
                .collect();
            share_result(
                name,
                &members[s],
                Caused(std::mem::take(&mut caused[s])),
                inputs.share_times[s],
                restart_overhead[s],
                accelerators,
                owned,
            )
        })
        .collect()
}

/// What people call all of a run's jobs taken as one share: the app's card, chart series and
/// table row of a scenario without quota shares, and the CLI's calibration line.
pub const ALL_JOBS: &str = "all jobs";

/// Every job of `result` summed up as one share named `name`, for a scenario without quota
/// shares (its result has no `shares`): the same counts, completion percentiles, waiting, losses
/// and cost a share gets. Borrowing, lending, reclaims and own utilisation only exist between
/// shares and are 0.
pub fn all_jobs(result: &SimResult, name: &str) -> ShareResult {
    let jobs: Vec<&JobResult> = result.jobs.iter().collect();
    // The lost work by cause is the totals' (the result no longer knows the types' accelerators).
    let mut all = share_result(
        &Text::from(name),
        &jobs,
        Caused((0, BTreeMap::new())),
        ShareTime::default(),
        result.totals.restart_overhead_accelerator_h,
        &FxHashMap::default(),
        Vec::new(),
    );
    all.lost_by_cause = result.totals.lost_by_cause.clone();
    all
}

/// Reclaims a share's jobs made, and the preemptions they caused by the victim's share.
struct Caused((u32, BTreeMap<Text, u32>));

/// Of the started `jobs`, the fraction whose first attempt ran on an entry after their first
/// (as `shares[].fallback_rate`); 0 when none started.
pub fn fallback_rate<'a>(jobs: impl IntoIterator<Item = &'a JobResult>) -> f64 {
    Tally::of(jobs, |_| 0).fallback_rate()
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

/// The waits of `jobs`; `None` when there are none.
pub fn waits<'a>(jobs: impl IntoIterator<Item = &'a JobResult>) -> Option<Waits> {
    let mut waits: Vec<f64> = jobs.into_iter().map(|j| j.wait_h).collect();
    waits.sort_by(f64::total_cmp);
    Some(Waits {
        p50_h: percentile(&waits, 0.5)?,
        p90_h: percentile(&waits, 0.9)?,
        mean_h: total(waits.iter().copied()) / waits.len() as f64,
    })
}

/// The nearest-rank percentile of sorted values.
pub fn percentile(sorted: &[f64], p: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (p * sorted.len() as f64).ceil() as usize;
    Some(sorted[rank.clamp(1, sorted.len()) - 1])
}

/// Jobs per status, in [`Status::ALL`] order.
fn count_statuses<'a>(jobs: impl IntoIterator<Item = &'a JobResult>) -> [u32; 6] {
    let mut counts = [0; 6];
    for job in jobs {
        counts[job.status as usize] += 1;
    }
    counts
}

fn share_result(
    name: &Text,
    jobs: &[&JobResult],
    Caused((reclaims_made, reclaimed_from)): Caused,
    time: ShareTime,
    restart_overhead_accelerator_h: f64,
    accelerators: &FxHashMap<&str, u32>,
    training_plans: Vec<PlanUse>,
) -> ShareResult {
    let mut completions: Vec<f64> = jobs
        .iter()
        .filter(|j| j.status == Status::Succeeded)
        .filter_map(|j| j.completion_h)
        .collect();
    completions.sort_by(f64::total_cmp);
    let mut preempted = PreemptionCounts::default();
    for kind in jobs
        .iter()
        .flat_map(|j| &j.attempts)
        .filter_map(|a| a.preemption)
    {
        *preempted.of_mut(kind) += 1;
    }
    let mut tally = Tally::of(jobs.iter().copied(), |t| {
        accelerators.get(t).copied().unwrap_or(0)
    });
    let [succeeded, failed, timed_out, stopped, cancelled, unfinished] =
        count_statuses(jobs.iter().copied());
    // Folded from +0: an empty f64 sum is -0, which JSON would show as "-0.0".
    let upfront_cost = training_plans
        .iter()
        .fold(0.0, |sum, p| sum + p.upfront_cost);
    let n = jobs.len().max(1) as f64;
    ShareResult {
        name: name.clone(),
        jobs: jobs.len() as u32,
        succeeded,
        failed,
        timed_out,
        stopped,
        cancelled,
        unfinished,
        completion_p50_h: percentile(&completions, 0.5),
        completion_p90_h: percentile(&completions, 0.9),
        wait_mean_h: total(jobs.iter().map(|j| j.wait_h)) / n,
        borrowed_instance_h: time.borrowed_instance_h,
        lent_instance_h: time.lent_instance_h,
        preemptions: preempted.preemptions(),
        interruptions: preempted.interruptions(),
        preempted,
        reclaims_made,
        reclaimed_from,
        lost_accelerator_h: total(jobs.iter().map(|j| j.lost_accelerator_h)),
        restart_overhead_accelerator_h,
        cost: total(jobs.iter().map(|j| j.cost)) + upfront_cost,
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

/// Per instance type (in the given order), its attempts' instance-hours and cost per pool, in
/// one pass over the attempts. Pools come in (pool, plan) order.
fn type_results(types: &[Text], jobs: &[JobResult]) -> Vec<TypeResult> {
    let index: FxHashMap<&str, usize> = types
        .iter()
        .enumerate()
        .map(|(t, name)| (name.as_str(), t))
        .collect();
    type PoolKey<'a> = (PoolKind, Option<&'a Text>);
    let mut pools: Vec<Vec<(PoolKey, (f64, f64))>> = vec![Vec::new(); types.len()];
    let mut selections = vec![0; types.len()];
    for attempt in jobs.iter().flat_map(|j| &j.attempts) {
        let Some(&t) = index.get(attempt.instance_type.as_str()) else {
            continue;
        };
        selections[t] += 1;
        let key = (attempt.pool, attempt.training_plan.as_ref());
        let at = match pools[t].iter().position(|(k, _)| *k == key) {
            Some(at) => at,
            None => {
                pools[t].push((key, (0.0, 0.0)));
                pools[t].len() - 1
            }
        };
        let use_ = &mut pools[t][at].1;
        use_.0 += (attempt.end_h - attempt.start_h) * f64::from(attempt.instance_count);
        use_.1 += attempt.cost;
    }
    types
        .iter()
        .zip(pools)
        .zip(selections)
        .map(|((name, mut pools), selections)| {
            // By the pool's name, the order results have always had.
            pools.sort_by(|a, b| (a.0 .0.as_str(), a.0 .1).cmp(&(b.0 .0.as_str(), b.0 .1)));
            let pools: Vec<PoolUse> = pools
                .into_iter()
                .map(|((pool, plan), (instance_h, cost))| PoolUse {
                    pool,
                    training_plan: plan.cloned(),
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

fn rank_results(jobs: &[JobResult]) -> Vec<RankResult> {
    let mut counts = [0u32; 5];
    for attempt in jobs.iter().flat_map(|j| &j.attempts) {
        counts[attempt.preference.min(4)] += 1;
    }
    let last = counts.iter().rposition(|&c| c > 0).map_or(0, |i| i + 1);
    counts[..last]
        .iter()
        .enumerate()
        .map(|(rank, &selections)| RankResult { rank, selections })
        .collect()
}

fn totals(
    jobs: &[JobResult],
    restart_overhead: &[f64],
    plans: &[PlanInput],
    accelerators: &FxHashMap<&str, u32>,
) -> Totals {
    let tally = Tally::of(jobs, |t| accelerators.get(t).copied().unwrap_or(0));
    let [succeeded, failed, timed_out, stopped, cancelled, unfinished] = count_statuses(jobs);
    Totals {
        jobs: jobs.len() as u32,
        succeeded,
        failed,
        timed_out,
        stopped,
        cancelled,
        unfinished,
        cost: total(jobs.iter().map(|j| j.cost)),
        upfront_cost: total(plans.iter().map(|p| p.upfront_cost)),
        lost_accelerator_h: total(jobs.iter().map(|j| j.lost_accelerator_h)),
        restart_overhead_accelerator_h: total(restart_overhead.iter().copied()),
        preemptions: jobs.iter().map(|j| j.preemptions).sum(),
        interruptions: jobs.iter().map(|j| j.interruptions).sum(),
        fallback_rate: tally.fallback_rate(),
        restarts: tally.restarts,
        lost_by_cause: tally.lost,
    }
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
