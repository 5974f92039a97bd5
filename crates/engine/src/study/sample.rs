//! One run of one scenario at one seed, reduced to what the study statistics need.
//!
//! A `Sample` crosses a Web Worker boundary and is written by CLI shards, so it keeps per share
//! the scalar KPIs and the per-job completion and wait hours (for CDFs and P(wait < T)), and per
//! job mix the running time and interruptions (for Young/Daly), not the whole result.
//!
//! A scenario without quota shares reports its jobs as one share named [`NO_SHARE`], under either
//! rule set: under Kueue's, its translation runs them in one ClusterQueue ([`SINGLE_QUEUE`]),
//! which is the same team, so that a comparison of the rule sets lines it up
//! ([`team_of`]).

use crate::result::metrics::{fallback_rate, percentile};
use crate::result::{JobResult, SimResult, Status};
use crate::scenario::Scenario;
use crate::simulate_without_events;
use crate::translate::SINGLE_QUEUE;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The share name used for jobs that belong to no quota share.
pub const NO_SHARE: &str = "(no share)";

/// What one run leaves for the statistics.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    /// The seed the run used.
    pub seed: u64,
    /// Per share, in the scenario's order (then [`NO_SHARE`] if any job has no share).
    pub shares: Vec<ShareSample>,
    /// Per job mix, in the scenario's order.
    pub mixes: Vec<MixSample>,
}

/// One share's outcome in one run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShareSample {
    /// The share's name.
    pub share: String,
    /// Jobs in the share.
    pub jobs: u32,
    /// Jobs that succeeded.
    pub succeeded: u32,
    /// Nearest-rank median completion of succeeded jobs; `None` when none succeeded.
    pub completion_p50_h: Option<f64>,
    /// Nearest-rank 90th percentile completion of succeeded jobs; `None` when none succeeded.
    pub completion_p90_h: Option<f64>,
    /// Mean hours pending per job (0 without jobs).
    pub wait_mean_h: f64,
    /// Instance-hours beyond the share's own limits.
    pub borrowed_instance_h: f64,
    /// Instance-hours of the share's idle limit others used.
    pub lent_instance_h: f64,
    /// Preemptions its jobs suffered (as `shares[].preemptions` counts them).
    pub preemptions: u32,
    /// Interruptions its jobs suffered (as `shares[].interruptions` counts them).
    pub interruptions: u32,
    /// Reclaims its jobs made.
    pub reclaims_made: u32,
    /// Accelerator-hours lost.
    pub lost_accelerator_h: f64,
    /// Cost: usage, plus the upfront cost of the training plans the share owns.
    pub cost: f64,
    /// Of its started jobs, the fraction whose first attempt ran on an entry after their first;
    /// `None` when none started (docs/SEMANTICS.md, "Fallback rate").
    #[serde(default)]
    pub fallback_rate: Option<f64>,
    /// Completion hours of each succeeded job, in job order. Shared, not copied, by a sample
    /// that stands in for another seed's (`stand_in`): a trace's are millions of hours.
    pub completions_h: Arc<[f64]>,
    /// Hours pending of each job, in job order; shared as `completions_h` is.
    pub waits_h: Arc<[f64]>,
}

/// A job mix's running time and interruptions in one run (for the Young/Daly estimate).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MixSample {
    /// The mix's name.
    pub mix: String,
    /// Hours its jobs' attempts ran, summed over attempts (wall clock, not instance-hours).
    pub attempt_h: f64,
    /// Preemptions plus interruptions its jobs suffered.
    pub interruptions: u32,
}

/// Runs a validated `scenario` with `seed` in place of its own and keeps the sample. A sample
/// reads the jobs and summaries, never the event list, so the run leaves it out
/// (`crate::Events`).
pub fn run_sample(scenario: &Scenario, seed: u64) -> Sample {
    let mut seeded = scenario.clone();
    seeded.seed = seed;
    sample_of(&seeded, &simulate_without_events(&seeded))
}

/// Runs simulations: the CLI a batch on all cores, the engine and the app's workers one by one.
/// Studies ([`super::Definition::run_on`]) and the advisor's evaluator hand their runs to one.
pub trait Runner {
    /// One sample per `(scenario, seed)`, in the order given.
    fn run(&self, batch: &[(&Scenario, u64)]) -> Vec<Sample>;
}

/// Runs a batch one run after another.
pub struct Sequential;

impl Runner for Sequential {
    fn run(&self, batch: &[(&Scenario, u64)]) -> Vec<Sample> {
        batch.iter().map(|(s, seed)| run_sample(s, *seed)).collect()
    }
}

/// The team a result's share stands for in `scenario` as written: the one ClusterQueue that a
/// scenario without shares runs in under Kueue's rules is its jobs without a share, as under
/// AWS's ([`NO_SHARE`]); every other share is itself.
pub fn team_of<'a>(scenario: &Scenario, share: &'a str) -> &'a str {
    let unshared = scenario.quota_shares.is_empty() && scenario.kueue.is_none();
    if unshared && share == SINGLE_QUEUE {
        NO_SHARE
    } else {
        share
    }
}

/// Reduces a result of `scenario` to its sample.
pub fn sample_of(scenario: &Scenario, result: &SimResult) -> Sample {
    let mut shares: Vec<ShareSample> = result
        .shares
        .iter()
        .map(|share| {
            let jobs: Vec<&JobResult> = result
                .jobs
                .iter()
                .filter(|j| j.share.as_deref() == Some(share.name.as_str()))
                .collect();
            let mut sample = share_sample(team_of(scenario, &share.name), &jobs);
            sample.borrowed_instance_h = share.borrowed_instance_h;
            sample.lent_instance_h = share.lent_instance_h;
            sample.reclaims_made = share.reclaims_made;
            sample.cost = share.cost;
            sample
        })
        .collect();
    let unshared: Vec<&JobResult> = result.jobs.iter().filter(|j| j.share.is_none()).collect();
    if !unshared.is_empty() {
        shares.push(share_sample(NO_SHARE, &unshared));
    }
    let mixes = scenario
        .job_mixes
        .iter()
        .map(|mix| {
            let jobs = result
                .jobs
                .iter()
                .filter(|j| j.mix.as_deref() == Some(mix.name.as_str()));
            let (attempt_h, interruptions) = jobs.fold((0.0, 0), |(h, n), j| {
                let ran: f64 = j.attempts.iter().map(|a| a.end_h - a.start_h).sum();
                (h + ran, n + j.preemptions + j.interruptions)
            });
            MixSample {
                mix: mix.name.clone(),
                attempt_h,
                interruptions,
            }
        })
        .collect();
    Sample {
        seed: scenario.seed,
        shares,
        mixes,
    }
}

/// The job-derived part of a share's sample; borrowing, lending and reclaims come from the
/// share's result (they need the simulation's areas).
fn share_sample(name: &str, jobs: &[&JobResult]) -> ShareSample {
    let completions_h: Vec<f64> = jobs
        .iter()
        .filter(|j| j.status == Status::Succeeded)
        .filter_map(|j| j.completion_h)
        .collect();
    let mut sorted = completions_h.clone();
    sorted.sort_by(f64::total_cmp);
    let waits_h: Vec<f64> = jobs.iter().map(|j| j.wait_h).collect();
    ShareSample {
        share: name.to_string(),
        jobs: jobs.len() as u32,
        succeeded: completions_h.len() as u32,
        completion_p50_h: percentile(&sorted, 0.5),
        completion_p90_h: percentile(&sorted, 0.9),
        wait_mean_h: waits_h.iter().sum::<f64>() / waits_h.len().max(1) as f64,
        borrowed_instance_h: 0.0,
        lent_instance_h: 0.0,
        preemptions: jobs.iter().map(|j| j.preemptions).sum(),
        interruptions: jobs.iter().map(|j| j.interruptions).sum(),
        reclaims_made: 0,
        lost_accelerator_h: jobs.iter().map(|j| j.lost_accelerator_h).sum(),
        cost: jobs.iter().map(|j| j.cost).sum(),
        fallback_rate: fallback_rate(jobs.iter().copied()),
        completions_h: completions_h.into(),
        waits_h: waits_h.into(),
    }
}
