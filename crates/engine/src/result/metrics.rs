//! Aggregates over the jobs of a run: per share, per instance type and pool, per preference
//! rank, and totals (SCENARIO.md, "Result").

use super::{
    JobResult, PoolUse, PreemptionCounts, RankResult, ShareResult, SimResult, Text, Totals,
    TypeResult,
};
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
    /// Per share: borrowed instance-hours, lent instance-hours, own utilisation.
    pub share_areas: &'a [(f64, f64, f64)],
    /// The types' names, in the world's order.
    pub types: &'a [Text],
    /// Training plans: name and upfront cost.
    pub plans: &'a [(Text, f64)],
    /// When the run ended, in hours.
    pub end_h: f64,
}

/// The result document from the jobs and the run's per-share areas; events, usage and notes
/// are filled in by the caller.
pub fn aggregate(inputs: Inputs) -> SimResult {
    let shares = share_results(&inputs);
    SimResult {
        version: FORMAT_VERSION as u32,
        scenario: inputs.scenario.name.clone(),
        seed: inputs.scenario.seed,
        currency: inputs.scenario.currency.0.clone(),
        end_h: inputs.end_h,
        shares,
        instance_types: type_results(inputs.types, &inputs.jobs),
        preference_ranks: rank_results(&inputs.jobs),
        totals: totals(&inputs.jobs, &inputs.restart_overhead, inputs.plans),
        jobs: inputs.jobs,
        events: Vec::new(),
        usage: Vec::new(),
        notes: Vec::new(),
        calibration: None,
    }
}

/// Per share, its jobs and the preemptions they caused, gathered in one pass over the jobs.
fn share_results(inputs: &Inputs) -> Vec<ShareResult> {
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
            if attempt.preemption.as_deref() == Some("reclaim") {
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
            share_result(
                name,
                &members[s],
                std::mem::take(&mut caused[s]),
                inputs.share_areas[s],
                restart_overhead[s],
            )
        })
        .collect()
}

/// Every job of `result` summed up as one share named `name`, for a scenario without quota
/// shares (its result has no `shares`): the same counts, completion percentiles, waiting, losses
/// and cost a share gets. Borrowing, lending, reclaims and own utilisation only exist between
/// shares and are 0.
pub fn all_jobs(result: &SimResult, name: &str) -> ShareResult {
    let jobs: Vec<&JobResult> = result.jobs.iter().collect();
    share_result(
        &Text::from(name),
        &jobs,
        (0, BTreeMap::new()),
        (0.0, 0.0, 0.0),
        result.totals.restart_overhead_accelerator_h,
    )
}

/// The nearest-rank percentile of sorted values.
pub fn percentile(sorted: &[f64], p: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (p * sorted.len() as f64).ceil() as usize;
    Some(sorted[rank.clamp(1, sorted.len()) - 1])
}

fn count_status(jobs: &[&JobResult], status: &str) -> u32 {
    jobs.iter().filter(|j| j.status == status).count() as u32
}

fn share_result(
    name: &Text,
    jobs: &[&JobResult],
    (reclaims_made, reclaimed_from): (u32, BTreeMap<Text, u32>),
    (borrowed, lent, own_utilization): (f64, f64, f64),
    restart_overhead_accelerator_h: f64,
) -> ShareResult {
    let mut completions: Vec<f64> = jobs
        .iter()
        .filter(|j| j.status == "succeeded")
        .filter_map(|j| j.completion_h)
        .collect();
    completions.sort_by(f64::total_cmp);
    let mut preempted = PreemptionCounts::default();
    for attempt in jobs.iter().flat_map(|j| &j.attempts) {
        match attempt.preemption.as_deref() {
            Some("reclaim") => preempted.reclaim += 1,
            Some("in_share") => preempted.in_share += 1,
            Some("limit_lowered") => preempted.limit_lowered += 1,
            Some("plan_end") => preempted.plan_end += 1,
            Some("spot") => preempted.spot += 1,
            _ => {}
        }
    }
    let n = jobs.len().max(1) as f64;
    ShareResult {
        name: name.clone(),
        jobs: jobs.len() as u32,
        succeeded: count_status(jobs, "succeeded"),
        failed: count_status(jobs, "failed"),
        timed_out: count_status(jobs, "timed_out"),
        stopped: count_status(jobs, "stopped"),
        cancelled: count_status(jobs, "cancelled"),
        unfinished: count_status(jobs, "unfinished"),
        completion_p50_h: percentile(&completions, 0.5),
        completion_p90_h: percentile(&completions, 0.9),
        wait_mean_h: jobs.iter().map(|j| j.wait_h).sum::<f64>() / n,
        borrowed_instance_h: borrowed,
        lent_instance_h: lent,
        preempted,
        reclaims_made,
        reclaimed_from,
        lost_accelerator_h: jobs.iter().map(|j| j.lost_accelerator_h).sum(),
        restart_overhead_accelerator_h,
        cost: jobs.iter().map(|j| j.cost).sum(),
        own_utilization,
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
    type PoolKey<'a> = (&'a Text, Option<&'a Text>);
    let mut pools: Vec<Vec<(PoolKey, (f64, f64))>> = vec![Vec::new(); types.len()];
    let mut selections = vec![0; types.len()];
    for attempt in jobs.iter().flat_map(|j| &j.attempts) {
        let Some(&t) = index.get(attempt.instance_type.as_str()) else {
            continue;
        };
        selections[t] += 1;
        let key = (&attempt.pool, attempt.training_plan.as_ref());
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
            pools.sort_by(|a, b| a.0.cmp(&b.0));
            let pools: Vec<PoolUse> = pools
                .into_iter()
                .map(|((pool, plan), (instance_h, cost))| PoolUse {
                    pool: pool.clone(),
                    training_plan: plan.cloned(),
                    instance_h,
                    cost,
                })
                .collect();
            TypeResult {
                name: name.clone(),
                instance_h: pools.iter().map(|p| p.instance_h).sum(),
                cost: pools.iter().map(|p| p.cost).sum(),
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

fn totals(jobs: &[JobResult], restart_overhead: &[f64], plans: &[(Text, f64)]) -> Totals {
    let all: Vec<&JobResult> = jobs.iter().collect();
    let started: Vec<&JobResult> = jobs.iter().filter(|j| !j.attempts.is_empty()).collect();
    let fallbacks = started
        .iter()
        .filter(|j| j.attempts[0].preference != 0)
        .count();
    Totals {
        jobs: jobs.len() as u32,
        succeeded: count_status(&all, "succeeded"),
        failed: count_status(&all, "failed"),
        timed_out: count_status(&all, "timed_out"),
        stopped: count_status(&all, "stopped"),
        cancelled: count_status(&all, "cancelled"),
        unfinished: count_status(&all, "unfinished"),
        cost: jobs.iter().map(|j| j.cost).sum(),
        upfront_cost: plans.iter().map(|p| p.1).sum(),
        lost_accelerator_h: jobs.iter().map(|j| j.lost_accelerator_h).sum(),
        restart_overhead_accelerator_h: restart_overhead.iter().sum(),
        preemptions: jobs.iter().map(|j| j.preemptions).sum(),
        interruptions: jobs.iter().map(|j| j.interruptions).sum(),
        fallback_rate: if started.is_empty() {
            0.0
        } else {
            fallbacks as f64 / started.len() as f64
        },
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
            .filter(|j| j.status == "succeeded")
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
        let suffered = |p: &PreemptionCounts| p.reclaim + p.in_share + p.spot + p.plan_end;
        assert_eq!(
            suffered(&all.preempted),
            shares.iter().map(|s| suffered(&s.preempted)).sum::<u32>()
        );
    }
}
