//! One start of the local search (docs/ADVISOR.md, "Local search").
//!
//! From a starting agreement, every step races the neighbours ([`neighbours`]) that no bound
//! rules out ([`prune`]) and moves to the winner when it scores better than where the search
//! stands; it stops at a local optimum or when its share of the simulation budget is spent. The
//! score puts meeting every target first, then cost (docs/ADVISOR.md, "The score"). Start 0 is
//! the current agreement; the others begin a few random steps away, drawn from the engine's
//! seeded stream, so the search is the same for the same seed.

use super::binding::{binding, Binding};
use super::bounds::prune;
use super::candidates::{neighbours, random_walk};
use super::evaluate::{Candidate, Evaluated, Runs, TOTAL};
use super::pareto::front;
use super::race::Evaluator;
use super::teams::teams;
use super::AdvicePlan;
use crate::rng::{Purpose, Stream};
use crate::study::sample::Runner;
use serde::{Deserialize, Serialize};

/// The most neighbours one step races.
pub const NEIGHBOURS_PER_STEP: usize = 24;

/// What one start found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StartOutcome {
    /// Which start (its unit number).
    pub start: usize,
    /// The non-dominated candidates it ran on all seeds, by rising cost.
    pub front: Vec<Evaluated>,
    /// Its best candidate by the score.
    pub best: Evaluated,
    /// Start 0 only: the current agreement's runs.
    pub baseline: Option<Runs>,
    /// When its best meets no target set: what binds.
    pub binding: Option<Binding>,
    /// Simulations it ran.
    pub simulations: u64,
    /// Simulations it had run when it first ran an agreement that meets every target.
    pub first_meeting_after: Option<u64>,
    /// Candidates the bounds ruled out unsimulated.
    pub pruned: u64,
    /// Steps it moved.
    pub steps: u32,
}

/// Runs start `start` of `plan`'s search with `runner`.
pub fn run_start(plan: &AdvicePlan, start: usize, runner: &dyn Runner) -> StartOutcome {
    let goals = plan.goals();
    let mut evaluator = Evaluator::new(runner, goals.clone(), plan.seed_list());
    let mut stream = Stream::new(
        plan.search_seed(),
        Purpose::JobMix,
        &format!("quotalab/advise/start-{start}"),
    );
    let base = &plan.scenario;
    let budget = plan.simulations_per_start();
    let mut current = if start == 0 {
        Candidate {
            scenario: base.clone(),
            purchase_cost: 0.0,
        }
    } else {
        random_walk(base, &plan.advise, &mut stream, teams(base).len().max(3))
    };
    let mut runs = evaluator.full(&current);
    let baseline = (start == 0).then(|| runs.clone());
    let mut seen: Vec<Evaluated> = vec![Evaluated {
        candidate: current.clone(),
        runs: runs.clone(),
    }];
    let (mut pruned, mut steps) = (0, 0);
    let meets = |e: &Evaluated| e.runs.score(&goals, true).meets;
    let mut first_meeting_after = meets(&seen[0]).then_some(evaluator.simulations);
    while evaluator.simulations < budget {
        let margins = runs.margins(&goals, true);
        let focus = margins
            .iter()
            .enumerate()
            .min_by(|a, b| a.1.total_cmp(b.1))
            .map(|(g, _)| goals.targets[g].share.as_str())
            .filter(|s| *s != TOTAL);
        let options: Vec<Candidate> = neighbours(
            base,
            &current.scenario,
            &plan.advise,
            focus,
            &mut stream,
            NEIGHBOURS_PER_STEP,
        )
        .into_iter()
        .filter(|c| {
            let out = prune(c, &goals).is_some();
            pruned += u64::from(out);
            !out
        })
        .collect();
        let ranked = evaluator.race(&options, runs.score(&goals, true).meets);
        let Some((winner, winner_runs)) = ranked.first().cloned() else {
            break;
        };
        seen.extend(ranked.iter().map(|(i, r)| Evaluated {
            candidate: options[*i].clone(),
            runs: r.clone(),
        }));
        if first_meeting_after.is_none() && seen.iter().any(meets) {
            first_meeting_after = Some(evaluator.simulations);
        }
        if winner_runs
            .score(&goals, true)
            .compare(&runs.score(&goals, true))
            .is_gt()
        {
            current = options[winner].clone();
            runs = winner_runs;
            steps += 1;
        } else {
            break;
        }
    }
    let best = Evaluated {
        candidate: current,
        runs,
    };
    let binding = (!best.runs.score(&goals, true).meets)
        .then(|| binding(plan, &best, &mut evaluator))
        .flatten();
    let points: Vec<(f64, f64)> = seen
        .iter()
        .map(|e| (e.runs.cost().mean, e.runs.worst_margin(&goals, true)))
        .collect();
    let mut kept: Vec<Evaluated> = Vec::new();
    for i in front(&points) {
        if !kept.iter().any(|k| k.candidate == seen[i].candidate) {
            kept.push(seen[i].clone());
        }
    }
    StartOutcome {
        start,
        front: kept,
        best,
        baseline,
        binding,
        simulations: evaluator.simulations,
        first_meeting_after,
        pruned,
        steps,
    }
}
