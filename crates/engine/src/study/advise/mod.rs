//! The advisor: from targets per team, the agreements that meet them, with evidence
//! (docs/ADVISOR.md).
//!
//! The question in the room is the inverse of a simulation: which agreement meets NLP's p90
//! target and stays in budget? The search turns the knobs the user allows ([`knobs`]) starting
//! from the current agreement, rules out candidates by bounds that need no simulation
//! ([`bounds`]), races the rest over common seeds by successive halving ([`race`]) inside a
//! local search with a few seeded restarts ([`search`]), keeps the Pareto front of cost against
//! the worst target's margin ([`pareto`]), and when nothing meets every target says which one
//! binds and how much more capacity would release it ([`binding`]). The result is the advice
//! document ([`advice`]).
//!
//! The work is a list of starts (one unit each), so a search shards like a sweep: a shard runs
//! some starts and writes their outcomes ([`parts`]); the summary of all outcomes, in start
//! order, is the same bytes however they were run. Everything here is single-threaded and
//! wasm-clean; the CLI passes a [`Runner`] that runs a batch on all cores.

pub mod advice;
pub mod binding;
pub mod bounds;
pub mod candidates;
pub mod evaluate;
pub mod knobs;
pub mod kueue_steps;
pub mod pareto;
pub mod parts;
pub mod race;
pub mod search;
pub mod target;
pub mod teams;
pub mod words;

pub use super::sample::{Runner, Sequential};
pub use advice::{Advice, Met, OtherResult, Proposal, TargetResult};
pub use knobs::{AdviseSpec, CapacityMax, Knob};
pub use parts::{merge_parts, AdviceParts};
pub use search::StartOutcome;
pub use target::{Budget, Target, TargetError};

use super::{seed_list, Study, DEFAULT_WAIT_THRESHOLD_H};
use super::{ShardSpec, StudyError, Unit};
use crate::diagnostic::Report;
use crate::scenario::Scenario;
use evaluate::Goals;
use serde::{Deserialize, Serialize};

/// K for a search from a plain scenario: every candidate that survives the racing runs this
/// many seeds (a study's `seeds` is used for a study).
pub const DEFAULT_ADVISE_SEEDS: u32 = 10;

/// Independent starts of the local search when the document does not say.
pub const DEFAULT_STARTS: u32 = 4;

/// A search: the current agreement, the targets and knobs, the seeds. What `quotalab advise`
/// runs and what its shards carry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdvicePlan {
    /// Always `"advice_plan"`.
    pub kind: String,
    /// Format version, 1.
    pub version: u32,
    /// The title (the study's or the scenario's name).
    pub name: String,
    /// K, the common seeds every candidate runs.
    pub seeds: u32,
    /// The T of P(wait < T), hours.
    pub wait_threshold_h: f64,
    /// The current agreement.
    pub scenario: Scenario,
    /// Targets, budgets and knobs.
    pub advise: AdviseSpec,
}

impl AdvicePlan {
    /// A plan for `scenario` with `advise`, the default seeds and threshold.
    pub fn new(scenario: Scenario, advise: AdviseSpec) -> AdvicePlan {
        AdvicePlan {
            kind: "advice_plan".into(),
            version: 1,
            name: scenario.name.clone(),
            seeds: DEFAULT_ADVISE_SEEDS,
            wait_threshold_h: DEFAULT_WAIT_THRESHOLD_H,
            scenario,
            advise,
        }
    }

    /// The plan of a study with an `advise` field: its first variant is the current agreement,
    /// its seeds and threshold are the search's. `None` without an `advise` field.
    pub fn from_study(study: &Study) -> Option<AdvicePlan> {
        let advise = study.advise.as_deref()?.clone();
        let scenario = study.variants.first()?.clone();
        Some(AdvicePlan {
            name: study.name.clone(),
            seeds: study.seeds,
            wait_threshold_h: study.wait_threshold_h,
            ..AdvicePlan::new(scenario, advise)
        })
    }

    /// Reads a plan written by `serde_json` (a worker's request), through the scenario's one
    /// reader (`format::read_typed`), so the plan's scenario costs the page no second copy of it.
    pub fn parse_json(text: &str) -> Result<AdvicePlan, crate::LoadError> {
        crate::format::read_typed(text)
    }

    /// The scenario's findings, then the advise field's (paths `advise.targets[0]` ...).
    pub fn validate(&self) -> Report {
        let mut report = self.scenario.validate();
        for d in super::validate::advise_findings(&self.advise, &self.scenario) {
            report.errors.push(d);
        }
        if !(1..=super::MAX_SEEDS).contains(&self.seeds) {
            report.error("seeds", format!("must be 1 to {} seeds", super::MAX_SEEDS));
        }
        report
    }

    /// The search's seed: the advise field's, or the scenario's.
    pub fn search_seed(&self) -> u64 {
        self.advise.seed.unwrap_or(self.scenario.seed)
    }

    /// The common seeds (docs/STUDY.md, "Common random numbers and seeds").
    pub fn seed_list(&self) -> Vec<u64> {
        seed_list(self.search_seed(), self.seeds)
    }

    /// The goals: expanded targets, and the total budget. A `*` target applies to every team
    /// that has jobs ([`teams::teams_with_jobs`]).
    pub fn goals(&self) -> Goals {
        let targets = self.advise.parsed_targets().unwrap_or_default();
        Goals::new(
            &targets,
            self.advise.total_budget(),
            &teams::teams_with_jobs(&self.scenario),
            self.wait_threshold_h,
        )
    }

    /// How many starts the search runs.
    pub fn starts(&self) -> u32 {
        self.advise.starts.unwrap_or(DEFAULT_STARTS).max(1)
    }

    /// Each start's share of the simulation budget.
    pub fn simulations_per_start(&self) -> u64 {
        let total = self
            .advise
            .max_simulations
            .unwrap_or(knobs::DEFAULT_MAX_SIMULATIONS);
        u64::from(total / self.starts()).max(1)
    }

    /// One unit per start.
    pub fn units(&self) -> Vec<Unit> {
        (0..self.starts() as usize)
            .map(|i| Unit {
                index: i,
                variant_or_point: i,
                seed_index: 0,
            })
            .collect()
    }

    /// The units of shard `spec` (every unit without one).
    pub fn shard_units(&self, spec: Option<ShardSpec>) -> Result<Vec<Unit>, StudyError> {
        let all = self.units();
        match spec {
            Some(s) => super::shard::shard(&all, s.index, s.count),
            None => Ok(all),
        }
    }

    /// Runs the starts of `units`, one after another, each with `runner`.
    pub fn run(&self, units: &[Unit], runner: &dyn Runner) -> Vec<StartOutcome> {
        units
            .iter()
            .map(|u| search::run_start(self, u.index, runner))
            .collect()
    }

    /// The advice from the outcomes of every start, given in any order.
    pub fn summarize(&self, outcomes: &[StartOutcome]) -> Result<Advice, StudyError> {
        advice::summarize(self, outcomes)
    }

    /// The digest of the plan's compact JSON, as sweeps have: equal digests, same search.
    pub fn digest(&self) -> String {
        super::shard::digest_of(self)
    }
}

/// Searches `plan` in this thread: every start, then the advice.
pub fn advise(plan: &AdvicePlan, runner: &dyn Runner) -> Result<Advice, StudyError> {
    let outcomes = plan.run(&plan.units(), runner);
    plan.summarize(&outcomes)
}

#[cfg(test)]
mod tests {
    use super::*;

    const STUDY: &str = r#"{"kind":"study","version":1,"name":"s","seeds":4,
      "variants":[{"version":1,"name":"a","capacity":[{"instance_type":"ml.g5.xlarge","count":2}],
        "quota_shares":[{"name":"x","capacity_limits":[{"instance_type":"ml.g5.xlarge","max_capacity":1}],"strategy":"LEND"},
                        {"name":"y","capacity_limits":[{"instance_type":"ml.g5.xlarge","max_capacity":1}],"strategy":"LEND_AND_BORROW"}],
        "jobs":[{"name":"j","share":"x","submit_h":0,"duration_h":1,"instance_count":1,"preferences":[{"instance_type":"ml.g5.xlarge"}]}]}],
      "advise":{"targets":["x:completion_p90_h<=2","*:wait_below_threshold>=0.9"],"budgets":[{"max":500}],
        "vary":["limits","capacity"],"capacity_max":[{"instance_type":"ml.g5.xlarge","count":4}],"seed":3}}"#;

    #[test]
    fn a_study_carries_its_advise_field_and_round_trips() {
        let study = Study::parse_json(STUDY).unwrap();
        assert!(study.validate().is_valid(), "{:?}", study.validate().errors);
        let again = Study::parse_json(&study.to_json_pretty()).unwrap();
        assert_eq!(again.to_json_pretty(), study.to_json_pretty());
        let plan = AdvicePlan::from_study(&study).unwrap();
        assert_eq!((plan.seeds, plan.search_seed()), (4, 3));
        let goals: Vec<String> = plan.goals().targets.iter().map(Target::text).collect();
        assert_eq!(
            goals,
            [
                "x:completion_p90_h<=2",
                "x:wait_below_threshold>=0.9",
                "(total):cost<=500"
            ]
        );
    }

    #[test]
    fn an_unknown_field_in_advise_is_refused_with_its_path() {
        let text = STUDY.replace("\"seed\":3", "\"sed\":3");
        let error = Study::parse_json(&text).unwrap_err().to_string();
        assert!(error.contains("advise") && error.contains("sed"), "{error}");
    }

    #[test]
    fn a_search_is_the_same_for_the_same_seed_and_sees_the_bound() {
        let study = Study::parse_json(STUDY).unwrap();
        let plan = AdvicePlan::from_study(&study).unwrap();
        let a = advise(&plan, &Sequential).unwrap();
        assert_eq!(
            a.to_json_pretty(),
            advise(&plan, &Sequential).unwrap().to_json_pretty()
        );
        assert!(a.feasible);
        assert_eq!(a.seeds, seed_list(3, 4));
    }

    /// Remembers every run it is asked for.
    #[derive(Default)]
    struct Counting(std::cell::RefCell<Vec<(String, u64)>>);

    impl Runner for Counting {
        fn run(&self, batch: &[(&crate::Scenario, u64)]) -> Vec<crate::study::Sample> {
            let mut asked = self.0.borrow_mut();
            asked.extend(
                batch
                    .iter()
                    .map(|(s, seed)| (crate::json_text::compact(s), *seed)),
            );
            Sequential.run(batch)
        }
    }

    #[test]
    fn an_agreement_that_draws_nothing_at_random_runs_once_for_every_seed() {
        let plan = AdvicePlan::from_study(&Study::parse_json(STUDY).unwrap()).unwrap();
        assert!(!plan.scenario.draws_at_random());
        let runner = Counting::default();
        let advice = advise(&plan, &runner).unwrap();
        let asked = runner.0.into_inner();
        assert!(!asked.is_empty());
        assert!(
            asked.iter().all(|(_, seed)| *seed == advice.seeds[0]),
            "every agreement ran at the first seed only"
        );
        assert_eq!(advice.search.simulations, asked.len() as u64);
        assert!(advice.feasible);
    }
}
