//! The advice document: whether any agreement meets every target, up to five proposals on the
//! Pareto front with their evidence, and what binds when none does (docs/ADVISOR.md, "The
//! advice").

use super::binding::Binding;
use super::evaluate::{Evaluated, Goals, Runs};
use super::pareto::{front, thin};
use super::search::StartOutcome;
use super::AdvicePlan;
use crate::scenario::Scenario;
use crate::study::diff::{scenario_changes, FieldChange};
use crate::study::kpi::Kpi;
use crate::study::stats::Estimate;
use crate::study::StudyError;
use serde::{Deserialize, Serialize};

/// Whether a target is met.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Met {
    /// The whole 90% interval is inside the bound.
    Yes,
    /// The mean is inside the bound, the interval is not.
    Likely,
    /// The mean is outside (or there is no value).
    No,
}

/// One target's standing in one agreement.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TargetResult {
    /// The target (`nlp:completion_p90_h<=24`; a `*` target once per share).
    pub target: String,
    /// Mean and 90% interval over the K common seeds; `None` when no seed has a value.
    pub estimate: Option<Estimate>,
    /// Met or not.
    pub met: Met,
}

/// A team's measure without a target on it, in one agreement.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OtherResult {
    /// The share.
    pub share: String,
    /// The KPI.
    pub kpi: Kpi,
    /// Mean and 90% interval over the K common seeds; `None` when no seed has a value.
    pub estimate: Option<Estimate>,
}

/// An agreement and how it does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Assessment {
    /// Mean total cost (usage plus purchased capacity) with its interval.
    pub cost: Estimate,
    /// The smallest margin over the targets, relative to each bound, at the interval's least
    /// favourable end (0 or more: every target met with "yes").
    pub worst_margin: f64,
    /// Per target.
    pub targets: Vec<TargetResult>,
    /// What the agreement does to the teams without a target: each target's KPI for every
    /// other team with jobs, over the same seeds (docs/ADVISOR.md, "What it does to the other
    /// teams").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub others: Vec<OtherResult>,
}

impl Assessment {
    /// Whether the agreement meets every target with its whole interval inside the bound: what
    /// `feasible` asks of the current agreement or a proposal, and what the app marks as met.
    pub fn meets_every_target(&self) -> bool {
        self.worst_margin >= 0.0
    }
}

/// One proposed agreement.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Proposal {
    /// The full scenario, named "<current> (proposal N)".
    pub scenario: Scenario,
    /// The fields that differ from the current agreement, in Compare's words.
    pub changes: Vec<FieldChange>,
    /// How it does.
    #[serde(flatten)]
    pub assessment: Assessment,
}

/// Search effort, for the benchmark and the curious.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SearchStats {
    /// Starts of the local search.
    pub starts: u32,
    /// Simulations run, over every start.
    pub simulations: u64,
    /// Simulations run, counting the starts in order, until the first agreement that meets
    /// every target had run on all seeds; `None` when none did.
    pub first_meeting_after: Option<u64>,
    /// Candidates ruled out by bounds, unsimulated.
    pub pruned: u64,
    /// Steps the starts moved.
    pub steps: u32,
}

/// What `quotalab advise` writes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Advice {
    /// Always `"advice"`.
    pub kind: String,
    /// The search's title.
    pub name: String,
    /// The common seeds.
    pub seeds: Vec<u64>,
    /// The T of P(wait < T), hours.
    pub wait_threshold_h: f64,
    /// The unit of every cost.
    pub currency: String,
    /// The targets, expanded per share, and the total budget as `(total):cost<=MAX`.
    pub targets: Vec<String>,
    /// Whether the current agreement or a proposal meets every target with its interval inside
    /// the bound.
    pub feasible: bool,
    /// The current agreement, assessed the same way.
    pub current: Assessment,
    /// At most five, the Pareto front of cost against worst margin, by rising cost.
    pub proposals: Vec<Proposal>,
    /// When not feasible: the target that binds and the capacity that would release it.
    pub binding: Option<Binding>,
    /// Effort.
    pub search: SearchStats,
}

impl Advice {
    /// Indented JSON; the same bytes natively and in wasm.
    pub fn to_json_pretty(&self) -> String {
        crate::json_text::pretty(self)
    }
}

/// An agreement's runs against the goals.
fn assess(runs: &Runs, goals: &Goals) -> Assessment {
    let pessimistic = runs.margins(goals, true);
    let means = runs.margins(goals, false);
    let targets = goals
        .targets
        .iter()
        .enumerate()
        .map(|(g, t)| TargetResult {
            target: t.text(),
            estimate: runs.estimate(g),
            met: if pessimistic[g] >= 0.0 {
                Met::Yes
            } else if means[g] >= 0.0 && runs.estimate(g).is_some() {
                Met::Likely
            } else {
                Met::No
            },
        })
        .collect();
    let others = goals
        .watched
        .iter()
        .enumerate()
        .map(|(w, watch)| OtherResult {
            share: watch.share.clone(),
            kpi: watch.kpi,
            estimate: runs.estimate(goals.watched_index(w)),
        })
        .collect();
    Assessment {
        cost: runs.cost(),
        worst_margin: runs.worst_margin(goals, true),
        targets,
        others,
    }
}

/// The simulations of the starts before the first that met every target, plus its own until
/// then.
fn first_meeting_after(sorted: &[&StartOutcome]) -> Option<u64> {
    let mut before = 0;
    for o in sorted {
        if let Some(n) = o.first_meeting_after {
            return Some(before + n);
        }
        before += o.simulations;
    }
    None
}

/// Each of the `starts` starts exactly once, or an error naming the first missing or repeated.
fn check_starts(sorted: &[&StartOutcome], starts: usize) -> Result<(), StudyError> {
    if let Some(o) = sorted.iter().find(|o| o.start >= starts) {
        return Err(StudyError::Coverage(format!(
            "start {} is not part of this search of {starts} starts",
            o.start
        )));
    }
    if let Some(pair) = sorted.windows(2).find(|p| p[0].start == p[1].start) {
        return Err(StudyError::Coverage(format!(
            "start {} appears twice; was a shard merged twice?",
            pair[0].start
        )));
    }
    let missing: Vec<usize> = (0..starts)
        .filter(|i| !sorted.iter().any(|o| o.start == *i))
        .collect();
    if let Some(first) = missing.first() {
        return Err(StudyError::Coverage(format!(
            "{} of {starts} starts are missing (the first is start {first}); is a shard missing?",
            missing.len()
        )));
    }
    Ok(())
}

/// The advice from every start's outcome (in any order; each start exactly once).
pub fn summarize(plan: &AdvicePlan, outcomes: &[StartOutcome]) -> Result<Advice, StudyError> {
    let mut sorted: Vec<&StartOutcome> = outcomes.iter().collect();
    sorted.sort_by_key(|o| o.start);
    check_starts(&sorted, plan.starts() as usize)?;
    let goals = plan.goals();
    let current = sorted
        .first()
        .and_then(|o| o.baseline.as_ref())
        .ok_or_else(|| {
            StudyError::Coverage("start 0 has no run of the current agreement".into())
        })?;
    // The current agreement has its own column; as a proposal it would change nothing. It is
    // one of the candidates (a start begins there), so it is left out of the pool here.
    let mut pool: Vec<&Evaluated> = Vec::new();
    for e in sorted.iter().flat_map(|o| &o.front) {
        let known = pool
            .iter()
            .any(|p| p.candidate.scenario == e.candidate.scenario);
        if !known && !scenario_changes(&plan.scenario, &e.candidate.scenario).is_empty() {
            pool.push(e);
        }
    }
    let points: Vec<(f64, f64)> = pool
        .iter()
        .map(|e| (e.runs.cost().mean, e.runs.worst_margin(&goals, true)))
        .collect();
    let chosen = thin(&front(&points));
    let proposals: Vec<Proposal> = chosen
        .iter()
        .enumerate()
        .map(|(j, &i)| {
            let mut scenario = pool[i].candidate.scenario.clone();
            scenario.name = format!("{} (proposal {})", plan.scenario.name, j + 1);
            Proposal {
                changes: scenario_changes(&plan.scenario, &scenario),
                scenario,
                assessment: assess(&pool[i].runs, &goals),
            }
        })
        .collect();
    let current = assess(current, &goals);
    let feasible = std::iter::once(&current)
        .chain(proposals.iter().map(|p| &p.assessment))
        .any(Assessment::meets_every_target);
    let binding = if feasible {
        None
    } else {
        sorted
            .iter()
            .max_by(|a, b| {
                let (sa, sb) = (
                    a.best.runs.score(&goals, true),
                    b.best.runs.score(&goals, true),
                );
                sa.compare(&sb).then(b.start.cmp(&a.start))
            })
            .and_then(|o| o.binding.clone())
    };
    Ok(Advice {
        kind: "advice".into(),
        name: plan.name.clone(),
        seeds: plan.seed_list(),
        wait_threshold_h: plan.wait_threshold_h,
        currency: plan.scenario.currency.0.clone(),
        targets: goals.targets.iter().map(|t| t.text()).collect(),
        feasible,
        current,
        proposals,
        binding,
        search: SearchStats {
            starts: plan.starts(),
            simulations: sorted.iter().map(|o| o.simulations).sum(),
            first_meeting_after: first_meeting_after(&sorted),
            pruned: sorted.iter().map(|o| o.pruned).sum(),
            steps: sorted.iter().map(|o| o.steps).sum(),
        },
    })
}
