//! Sweeps: one scenario run at several values of one parameter, K seeds per value, summarised
//! per share as p50/p90 completion, lost work and cost with seed intervals.
//!
//! For a sweep of a mix's checkpoint interval the summary adds the Young/Daly estimate of the
//! best interval, `sqrt(2 x checkpoint cost x mean time between interruptions)`. The mean time
//! between interruptions is measured from the runs, not assumed: the hours the mix's jobs' attempts
//! ran divided by the preemptions and interruptions they suffered, pooled over every point and
//! seed. Pooling over points is deliberate: the checkpoint interval does not change how often a
//! job is interrupted per hour of running (spot interruptions are a rate; reclaims depend on the
//! other shares), and pooling gives the steadiest figure.

use super::format::check_version;
use super::kpi::Kpi;
use super::params::{apply_parameter, sweep_parameters};
use super::sample::ShareSample;
use super::seeds::seed_list;
use super::stats::Estimate;
use super::unit::{check_complete, units, StudyError, Unit, UnitSample};
use super::{Study, Sweep, DEFAULT_SEEDS, STUDY_VERSION};
use crate::diagnostic::{Diagnostic, LoadError, Report};
use crate::format::{head_of_document, read_typed};
use crate::scenario::Scenario;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// A sweep of one scenario: what `quotalab sweep` runs and what its shards carry.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SweepPlan {
    /// Always `"sweep"`.
    pub kind: String,
    /// Format version, 1.
    pub version: u32,
    /// K, runs per point.
    pub seeds: u32,
    /// The parameter and its values.
    pub sweep: Sweep,
    /// The scenario swept.
    pub scenario: Scenario,
}

/// The sweep's summary: per point and share, the charted KPIs with seed intervals.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SweepSummary {
    /// The parameter's JSON path.
    pub param: String,
    /// The parameter in plain words (its path if it is not in the sensible list).
    pub label: String,
    /// The seeds every point ran with.
    pub seeds: Vec<u64>,
    /// One per value, in the sweep's order.
    pub points: Vec<SweepPoint>,
    /// Only for a checkpoint-interval sweep of a job mix.
    pub young_daly: Option<YoungDaly>,
}

/// One value of the parameter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SweepPoint {
    /// The parameter's value.
    pub value: f64,
    /// Per share, in scenario order.
    pub shares: Vec<SweepShare>,
}

/// One share at one point; an estimate is `None` when no seed has the value ("n/a").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SweepShare {
    /// The share's name.
    pub share: String,
    /// Median completion of succeeded jobs, hours.
    pub completion_p50_h: Option<Estimate>,
    /// 90th percentile completion of succeeded jobs, hours.
    pub completion_p90_h: Option<Estimate>,
    /// Accelerator-hours lost.
    pub lost_accelerator_h: Option<Estimate>,
    /// Usage cost.
    pub cost: Option<Estimate>,
}

/// The Young/Daly checkpoint interval, for comparison with the swept intervals.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct YoungDaly {
    /// The job mix whose checkpoint interval is swept.
    pub mix: String,
    /// Its jobs' checkpoint cost, hours.
    pub checkpoint_cost_h: f64,
    /// Measured attempt hours per preemption or interruption; `None` when there were none.
    pub mean_time_between_interruptions_h: Option<f64>,
    /// `sqrt(2 x checkpoint cost x MTBI)`; `None` when it cannot be computed (see `note`).
    pub optimum_interval_h: Option<f64>,
    /// Why there is no optimum, when there is none.
    pub note: Option<String>,
}

impl SweepPlan {
    /// A plan of `seeds` runs per value of `sweep` over `scenario`.
    pub fn new(scenario: Scenario, sweep: Sweep, seeds: u32) -> SweepPlan {
        SweepPlan {
            kind: "sweep".into(),
            version: STUDY_VERSION,
            seeds,
            sweep,
            scenario,
        }
    }

    /// A study's sweep, run on its first variant with the study's seeds.
    pub fn from_study(study: &Study) -> Option<SweepPlan> {
        Some(SweepPlan::new(
            study.variants.first()?.clone(),
            study.sweep.clone()?,
            study.seeds,
        ))
    }

    /// Parses a sweep plan (`"kind": "sweep"`) as written into samples files. Its scenario is
    /// read from its own slice of the text, as a study's variants are (`super::format`).
    pub fn parse_json(text: &str) -> Result<SweepPlan, LoadError> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Raw<'a> {
            kind: String,
            version: u32,
            #[serde(default)]
            seeds: Option<u32>,
            sweep: Sweep,
            #[serde(borrow)]
            scenario: &'a RawValue,
        }
        let head = head_of_document(
            text,
            "a sweep plan is a JSON object ({ \"kind\": \"sweep\", \"version\": 1, ... })",
        )?;
        check_version(head.version.as_ref())?;
        let raw: Raw = read_typed(text)?;
        if raw.kind != "sweep" {
            return Err(LoadError::Shape {
                path: "kind".into(),
                message: "a sweep plan has \"kind\": \"sweep\"".into(),
            });
        }
        let scenario = Scenario::parse_json(raw.scenario.get())?;
        let mut plan = SweepPlan::new(scenario, raw.sweep, raw.seeds.unwrap_or(DEFAULT_SEEDS));
        plan.version = raw.version;
        Ok(plan)
    }

    /// The scenario's findings, then the sweep's (seeds, number and values, the parameter).
    pub fn validate(&self) -> Report {
        let mut report = self.scenario.validate();
        if !(1..=super::MAX_SEEDS).contains(&self.seeds) {
            report.errors.push(Diagnostic {
                severity: crate::Severity::Error,
                path: "seeds".into(),
                message: format!(
                    "must be 1 to {} runs per point, got {}",
                    super::MAX_SEEDS,
                    self.seeds
                ),
            });
        }
        report
            .errors
            .extend(super::validate::sweep_findings(&self.sweep, &self.scenario));
        report
    }

    /// The seeds every point runs with (from the scenario's seed).
    pub fn seed_list(&self) -> Vec<u64> {
        seed_list(self.scenario.seed, self.seeds)
    }

    /// The scenario at each value, in order.
    pub fn point_scenarios(&self) -> Result<Vec<Scenario>, StudyError> {
        self.sweep
            .values
            .iter()
            .map(|&v| {
                apply_parameter(&self.scenario, &self.sweep.param, v).map_err(StudyError::Parameter)
            })
            .collect()
    }
}

/// Every unit of a sweep: each point at each seed.
pub fn sweep_units(plan: &SweepPlan) -> Vec<Unit> {
    units(plan.sweep.values.len(), plan.seeds)
}

/// Summarises a sweep from one sample per unit of [`sweep_units`], in any order.
pub fn sweep_summary(plan: &SweepPlan, samples: &[UnitSample]) -> Result<SweepSummary, StudyError> {
    let grid = check_complete(&sweep_units(plan), samples, plan.sweep.values.len())?;
    let param = plan.sweep.param.clone();
    let label = sweep_parameters(&plan.scenario)
        .into_iter()
        .find(|p| p.path == param)
        .map_or(param.clone(), |p| p.label);
    let points = plan
        .sweep
        .values
        .iter()
        .zip(&grid)
        .map(|(&value, runs)| SweepPoint {
            value,
            shares: point_shares(runs),
        })
        .collect();
    Ok(SweepSummary {
        young_daly: young_daly(plan, &grid),
        param,
        label,
        seeds: plan.seed_list(),
        points,
    })
}

fn point_shares(runs: &[&UnitSample]) -> Vec<SweepShare> {
    let Some(first) = runs.first() else {
        return Vec::new();
    };
    first
        .sample
        .shares
        .iter()
        .map(|share| {
            let of = |kpi: Kpi| {
                let values: Vec<f64> = runs
                    .iter()
                    .filter_map(|r| r.sample.shares.iter().find(|s| s.share == share.share))
                    .filter_map(|s: &ShareSample| kpi.of_sample(s, f64::INFINITY))
                    .collect();
                Estimate::of(&values)
            };
            SweepShare {
                share: share.share.clone(),
                completion_p50_h: of(Kpi::CompletionP50H),
                completion_p90_h: of(Kpi::CompletionP90H),
                lost_accelerator_h: of(Kpi::LostAcceleratorH),
                cost: of(Kpi::Cost),
            }
        })
        .collect()
}

/// The Young/Daly estimate when the parameter is `job_mixes[i].template.checkpoint_interval_h`.
fn young_daly(plan: &SweepPlan, grid: &[Vec<&UnitSample>]) -> Option<YoungDaly> {
    let index: usize = plan
        .sweep
        .param
        .strip_prefix("job_mixes[")?
        .strip_suffix("].template.checkpoint_interval_h")?
        .parse()
        .ok()?;
    let mix = plan.scenario.job_mixes.get(index)?;
    let (hours, interruptions) = grid
        .iter()
        .flatten()
        .flat_map(|r| r.sample.mixes.iter().filter(|m| m.mix == mix.name))
        .fold((0.0, 0u64), |(h, n), m| {
            (h + m.attempt_h, n + u64::from(m.interruptions))
        });
    let cost = mix.template.checkpoint_cost_h;
    let mtbi = (interruptions > 0).then(|| hours / interruptions as f64);
    let (optimum, note) = match mtbi {
        None => (None, Some(format!("no job of mix '{}' was preempted or interrupted in any run, so there is no interruption rate to balance checkpoints against", mix.name))),
        Some(_) if cost <= 0.0 => (None, Some(format!("mix '{}' has no checkpoint cost (checkpoint_cost_h), so Young/Daly would checkpoint continuously", mix.name))),
        Some(m) => (Some(libm::sqrt(2.0 * cost * m)), None),
    };
    Some(YoungDaly {
        mix: mix.name.clone(),
        checkpoint_cost_h: cost,
        mean_time_between_interruptions_h: mtbi,
        optimum_interval_h: optimum,
        note,
    })
}
