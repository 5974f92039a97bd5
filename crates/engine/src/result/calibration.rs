//! Calibration: how far the simulated run is from what really happened, for a workload imported
//! from history whose jobs carry an `observed` block (docs/ACCOUNT.md, "Calibration"). It is the
//! number a user reads before trusting a new agreement tried on the same history.
//!
//! Both sides are measured the same way: wait is submission to first start (the observed
//! history knows no requeues), completion is end minus submission of the jobs observed to
//! succeed (on the simulated side, those of them that succeed in the run too), and a
//! fallback is a job whose last attempt ran on a type other than its first preference's. Each
//! share and all jobs together get both sides, so a trace's own history (docs/TRACES.md,
//! "The model's gap") and an account's (docs/ACCOUNT.md) are read the same way.

use super::metrics::percentile;
use super::{JobResult, Status, Text};
use crate::amount::total;
use crate::scenario::{JobSpec, Observed, ObservedStatus, Scenario};
use serde::{Deserialize, Serialize};

/// A simulated first start is "on time" within this many hours of the observed one, or within
/// [`START_TOLERANCE_FRACTION`] of the observed wait when that is more.
pub const START_TOLERANCE_H: f64 = 0.25;
/// See [`START_TOLERANCE_H`].
pub const START_TOLERANCE_FRACTION: f64 = 0.1;
/// How many of the most deviating jobs the result names.
pub const MOST_DEVIATING: usize = 10;

/// Observed against simulated, over the jobs that carry an `observed` block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Calibration {
    /// Jobs with an `observed` block.
    pub jobs_compared: u32,
    /// Of those, how many were observed to start: the base of `start_within_tolerance`.
    pub starts_compared: u32,
    /// The fraction of `starts_compared` whose simulated first start is within max(0.25 h, 10% of
    /// the observed wait) of the observed one; a job the simulation never started is outside.
    pub start_within_tolerance: Option<f64>,
    /// Of the jobs compared, how many name the instance type they ran on.
    pub types_compared: u32,
    /// The fraction of `types_compared` whose simulated last attempt ran on that type.
    pub same_instance_type: Option<f64>,
    /// What really happened to every job compared, over all shares.
    #[serde(default)]
    pub observed: Side,
    /// What the simulation made of the same jobs.
    #[serde(default)]
    pub simulated: Side,
    /// Per quota share in scenario order (one entry named `null` when the scenario has none).
    pub shares: Vec<ShareCalibration>,
    /// The jobs whose simulated first start is farthest from the observed one, farthest first;
    /// jobs started on one side only come first.
    pub most_deviating: Vec<JobDeviation>,
}

/// One share's jobs, observed and simulated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShareCalibration {
    /// The share; `None` for jobs without one.
    pub name: Option<Text>,
    /// Its jobs with an `observed` block.
    pub jobs: u32,
    /// What really happened to them.
    pub observed: Side,
    /// What the simulation made of them.
    pub simulated: Side,
}

/// The measures compared on each side. Percentiles are nearest rank; a measure is `None` when
/// no job counts for it. Fields added after the first results read as `None` in those.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Side {
    /// Median hours from submission to first start, over the jobs that started.
    pub wait_p50_h: Option<f64>,
    /// 90th percentile of the same waits.
    #[serde(default)]
    pub wait_p90_h: Option<f64>,
    /// Mean of the same waits.
    #[serde(default)]
    pub wait_mean_h: Option<f64>,
    /// Median of end minus submission, over the jobs observed to succeed (simulated side: those
    /// of them that succeed in the run too).
    #[serde(default)]
    pub completion_p50_h: Option<f64>,
    /// 90th percentile of the same completions.
    pub completion_p90_h: Option<f64>,
    /// Preemptions suffered, summed.
    pub preemptions: u32,
    /// The fraction of started jobs whose last attempt was not on their first preference's type.
    pub fallback_rate: Option<f64>,
}

/// One job's observed and simulated first start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JobDeviation {
    /// The job, to link to its story.
    pub job: Text,
    /// Its share.
    pub share: Option<Text>,
    /// Observed first start, in hours.
    pub observed_first_start_h: Option<f64>,
    /// Simulated first start, in hours.
    pub simulated_first_start_h: Option<f64>,
    /// Simulated minus observed; `None` when only one side started.
    pub deviation_h: Option<f64>,
    /// The type it ran on, observed.
    pub observed_instance_type: Option<String>,
    /// The type its last simulated attempt ran on.
    pub simulated_instance_type: Option<Text>,
}

/// One compared job: its spec (with the observed block) and what the calibration reads of its
/// simulated result.
struct Pair<'a> {
    spec: &'a JobSpec,
    observed: &'a Observed,
    simulated: Simulated,
}

/// What the calibration reads of a job's simulated result. Its record is made, read and let go
/// job by job: an imported history lists every job with an observed block, and their records
/// held at once, with a deviation made for each, were most of a run's memory (a trace of 600,000
/// jobs: 500 MB natively; docs/PERFORMANCE.md, "A calibration without every record at once").
struct Simulated {
    /// The job's name and share as the result gives them (under Kueue's rules the share is the
    /// job's ClusterQueue), for the most deviating jobs.
    name: Text,
    share: Option<Text>,
    first_start_h: Option<f64>,
    end_h: Option<f64>,
    status: Status,
    preemptions: u32,
    /// The type its last attempt ran on.
    instance_type: Option<Text>,
}

impl Simulated {
    fn of(result: JobResult) -> Self {
        Simulated {
            name: result.name,
            share: result.share,
            first_start_h: result.first_start_h,
            end_h: result.end_h,
            status: result.status,
            preemptions: result.preemptions,
            instance_type: result.selected.map(|s| s.instance_type),
        }
    }
}

/// The calibration of a run whose records are made on demand by `record` (scenario order):
/// only the scenario's explicit jobs, which come first, can carry an observed block, so only
/// theirs are made. `None` when no job carries one (then the result has no `calibration`
/// field and its bytes are what they were before calibration).
pub fn calibrate_observed(
    scenario: &Scenario,
    record: impl Fn(usize) -> JobResult,
) -> Option<Calibration> {
    let pairs: Vec<Pair> = (scenario.jobs.iter().enumerate())
        .filter_map(|(j, spec)| {
            Some(Pair {
                spec,
                observed: spec.observed.as_deref()?,
                simulated: Simulated::of(record(j)),
            })
        })
        .collect();
    if pairs.is_empty() {
        return None;
    }
    let started: Vec<&Pair> = pairs
        .iter()
        .filter(|p| p.observed.first_start_h.is_some())
        .collect();
    let on_time = started.iter().filter(|p| starts_on_time(p)).count();
    let typed: Vec<&Pair> = pairs
        .iter()
        .filter(|p| p.observed.instance_type.is_some())
        .collect();
    let same_type = typed
        .iter()
        .filter(|p| p.simulated.instance_type.as_deref() == p.observed.instance_type.as_deref())
        .count();
    let every: Vec<&Pair> = pairs.iter().collect();
    Some(Calibration {
        jobs_compared: pairs.len() as u32,
        starts_compared: started.len() as u32,
        start_within_tolerance: fraction(on_time, started.len()),
        types_compared: typed.len() as u32,
        same_instance_type: fraction(same_type, typed.len()),
        observed: observed_side(&every),
        simulated: simulated_side(&every),
        shares: share_calibrations(scenario, &pairs),
        most_deviating: most_deviating(&pairs),
    })
}

/// The rule of [`START_TOLERANCE_H`].
fn starts_on_time(pair: &Pair) -> bool {
    let (Some(observed), Some(simulated)) =
        (pair.observed.first_start_h, pair.simulated.first_start_h)
    else {
        return false;
    };
    let observed_wait = (observed - pair.spec.submit_h).max(0.0);
    let tolerance = START_TOLERANCE_H.max(START_TOLERANCE_FRACTION * observed_wait);
    (simulated - observed).abs() <= tolerance
}

fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| total(values.iter().copied()) / values.len() as f64)
}

fn fraction(part: usize, whole: usize) -> Option<f64> {
    (whole > 0).then(|| part as f64 / whole as f64)
}

fn share_calibrations(scenario: &Scenario, pairs: &[Pair]) -> Vec<ShareCalibration> {
    let names: Vec<Option<&str>> = if scenario.quota_shares.is_empty() {
        vec![None]
    } else {
        scenario
            .quota_shares
            .iter()
            .map(|s| Some(s.name.as_str()))
            .collect()
    };
    names
        .into_iter()
        .map(|name| {
            let members: Vec<&Pair> = pairs
                .iter()
                .filter(|p| p.spec.share.as_deref() == name)
                .collect();
            ShareCalibration {
                name: name.map(Text::from),
                jobs: members.len() as u32,
                observed: observed_side(&members),
                simulated: simulated_side(&members),
            }
        })
        .collect()
}

/// One side's measures from, per job: submission, first start, end when succeeded, preemptions
/// and the type the job ended on.
fn side<'a>(
    members: &[&'a Pair],
    measure: impl Fn(&'a Pair) -> (Option<f64>, Option<f64>, u32, Option<&'a str>),
) -> Side {
    let mut waits = Vec::new();
    let mut completions = Vec::new();
    let mut preemptions = 0;
    let mut fallbacks = 0;
    for pair in members {
        let (start, succeeded_end, preempted, instance_type) = measure(pair);
        preemptions += preempted;
        if let Some(start) = start {
            waits.push((start - pair.spec.submit_h).max(0.0));
            let first = pair
                .spec
                .preferences
                .first()
                .map(|p| p.instance_type.as_str());
            if instance_type.is_some() && instance_type != first {
                fallbacks += 1;
            }
        }
        if let Some(end) = succeeded_end {
            completions.push(end - pair.spec.submit_h);
        }
    }
    waits.sort_by(f64::total_cmp);
    completions.sort_by(f64::total_cmp);
    Side {
        wait_p50_h: percentile(&waits, 0.5),
        wait_p90_h: percentile(&waits, 0.9),
        wait_mean_h: mean(&waits),
        completion_p50_h: percentile(&completions, 0.5),
        completion_p90_h: percentile(&completions, 0.9),
        preemptions,
        fallback_rate: fraction(fallbacks, waits.len()),
    }
}

fn observed_side(members: &[&Pair]) -> Side {
    side(members, |p| {
        let o = p.observed;
        let succeeded_end = o.end_h.filter(|_| o.status == ObservedStatus::Succeeded);
        (
            o.first_start_h,
            succeeded_end,
            o.preemptions,
            o.instance_type.as_deref(),
        )
    })
}

/// The simulation's side. Its completions are those of the jobs that succeeded in the simulation
/// and were observed to succeed, so both sides' completions are of the same jobs: a job still
/// running when the history was taken (a trace's censored pods) has no observed completion, and
/// its simulated one would only say how long the trace was.
fn simulated_side(members: &[&Pair]) -> Side {
    side(members, |p| {
        let r = &p.simulated;
        let succeeded_end = r.end_h.filter(|_| {
            r.status == Status::Succeeded && p.observed.status == ObservedStatus::Succeeded
        });
        (
            r.first_start_h,
            succeeded_end,
            r.preemptions,
            r.instance_type.as_deref(),
        )
    })
}

/// The [`MOST_DEVIATING`] jobs farthest from their observed start, farthest first, then by
/// name; jobs that started on one side only are the farthest. A deviation is made only for
/// those, not for every job compared.
fn most_deviating(pairs: &[Pair]) -> Vec<JobDeviation> {
    let deviation = |p: &Pair| {
        let (observed, simulated) = (p.observed.first_start_h, p.simulated.first_start_h);
        let deviation_h = observed.zip(simulated).map(|(o, s)| s - o);
        let listed = deviation_h != Some(0.0) && !(observed.is_none() && simulated.is_none());
        listed.then(|| deviation_h.map_or(f64::INFINITY, f64::abs))
    };
    let mut farthest: Vec<(f64, &Pair)> = pairs
        .iter()
        .filter_map(|p| Some((deviation(p)?, p)))
        .collect();
    farthest.sort_by(|(a_size, a), (b_size, b)| {
        b_size
            .total_cmp(a_size)
            .then_with(|| a.simulated.name.cmp(&b.simulated.name))
    });
    farthest
        .into_iter()
        .take(MOST_DEVIATING)
        .map(|(_, p)| {
            let (observed, simulated) = (p.observed.first_start_h, p.simulated.first_start_h);
            JobDeviation {
                job: p.simulated.name.clone(),
                share: p.simulated.share.clone(),
                observed_first_start_h: observed,
                simulated_first_start_h: simulated,
                deviation_h: observed.zip(simulated).map(|(o, s)| s - o),
                observed_instance_type: p.observed.instance_type.clone(),
                simulated_instance_type: p.simulated.instance_type.clone(),
            }
        })
        .collect()
}
