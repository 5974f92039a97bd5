//! What binds when no agreement within the knobs meets every target: the target furthest from
//! its bound in the best agreement found, and how many more on-demand instances of each type,
//! given to that share, would meet it (docs/ADVISOR.md, "Binding targets").
//!
//! The extra count is searched, not guessed: doubling (1, 2, 4, ...) until the target is met on
//! all K common seeds with its interval inside the bound, then bisection between the last miss
//! and the first hit. Meeting a target is not always monotone in capacity, so the count found
//! is the smallest the bisection saw meet it, not a proof that no smaller one does.

use super::candidates::{on_demand, share_types, with_extra};
use super::evaluate::{purchase_cost, Candidate, Evaluated, TOTAL};
use super::race::Evaluator;
use super::words::target_words;
use super::AdvicePlan;
use crate::scenario::Rules;
use crate::study::kpi::Kpi;
use crate::study::numbers;
use crate::study::stats::Estimate;
use serde::{Deserialize, Serialize};

/// The most extra instances of a type the analysis tries: 64, or 8 times the type's current
/// count when that is more.
const MAX_EXTRA: u32 = 64;

/// The binding target and what would release it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Binding {
    /// The target, as written (`nlp:completion_p90_h<=24`; `(total):cost<=...` for the budget).
    pub target: String,
    /// Its estimate in the best agreement found.
    pub estimate: Option<Estimate>,
    /// Per instance type the share can use, the fewest extra instances found to meet the target
    /// (none when even the most tried does not).
    pub extra_capacity: Vec<ExtraCapacity>,
    /// The finding in plain words.
    pub words: String,
}

/// Extra on-demand capacity that meets the binding target.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExtraCapacity {
    /// The type.
    pub instance_type: String,
    /// Instances beyond the best agreement's.
    pub count: u32,
    /// Their cost over the pricing hours, in the scenario's currency.
    pub cost: f64,
    /// The target's estimate with them.
    pub estimate: Option<Estimate>,
}

/// The binding target of `best` (which does not meet every target), with its extra capacity.
pub fn binding(plan: &AdvicePlan, best: &Evaluated, evaluator: &mut Evaluator) -> Option<Binding> {
    let goals = evaluator.goals().clone();
    let margins = best.runs.margins(&goals, true);
    let (g, _) = margins
        .iter()
        .enumerate()
        .min_by(|a, b| a.1.total_cmp(b.1))?;
    let target = goals.targets[g].clone();
    let estimate = best.runs.estimate(g);
    let currency = &plan.scenario.currency.0;
    if target.share == TOTAL {
        return Some(Binding {
            target: target.text(),
            estimate,
            extra_capacity: Vec::new(),
            words: format!(
                "the total budget of {}: the best agreement found costs {} on average; more capacity only costs more",
                numbers::value(Kpi::Cost, target.value, currency),
                numbers::value(Kpi::Cost, best.runs.cost().mean, currency)
            ),
        });
    }
    let scenario = &best.candidate.scenario;
    let said = target_words(&target, plan.wait_threshold_h, currency);
    if scenario.rules == Rules::Kueue {
        // Under Kueue a team's capacity is its quota, which the search already moves within the
        // cohort; what more quota from outside would do is not searched.
        return Some(Binding {
            target: target.text(),
            estimate,
            extra_capacity: Vec::new(),
            words: format!(
                "{said} cannot be met with what the search may change. The search moves quota only within the cohort; this target may need more quota in the cohort itself"
            ),
        });
    }
    let share = scenario
        .quota_shares
        .iter()
        .position(|s| s.name == target.share)?;
    let meets = |evaluator: &mut Evaluator, extra: u32, t: &str| {
        let s = with_extra(scenario, t, share, extra)?;
        let candidate = Candidate {
            purchase_cost: purchase_cost(&plan.scenario, &s),
            scenario: s,
        };
        let runs = evaluator.full(&candidate);
        let e = runs.estimate(g);
        let ok = runs.margins(&goals, true)[g] >= 0.0;
        Some((
            ok,
            e,
            candidate.purchase_cost - best.candidate.purchase_cost,
        ))
    };
    let mut extra_capacity = Vec::new();
    for t in share_types(scenario, share) {
        let most = MAX_EXTRA.max(8 * on_demand(scenario, &t));
        let (mut miss, mut hit) = (0, None);
        let mut n = 1;
        while n <= most {
            match meets(evaluator, n, &t) {
                Some((true, e, cost)) => {
                    hit = Some((n, e, cost));
                    break;
                }
                Some((false, ..)) => miss = n,
                None => break,
            }
            n *= 2;
        }
        let Some(mut found) = hit else { continue };
        while found.0 - miss > 1 {
            let mid = miss + (found.0 - miss) / 2;
            match meets(evaluator, mid, &t) {
                Some((true, e, cost)) => found = (mid, e, cost),
                _ => miss = mid,
            }
        }
        extra_capacity.push(ExtraCapacity {
            instance_type: t,
            count: found.0,
            cost: found.2,
            estimate: found.1,
        });
    }
    extra_capacity.sort_by(|a, b| a.cost.total_cmp(&b.cost));
    let words = match extra_capacity.first() {
        Some(x) => format!(
            "{said} cannot be met with what the search may change; {} more {} for {} would meet it (the cheapest of {} option{})",
            x.count,
            x.instance_type,
            target.share,
            extra_capacity.len(),
            if extra_capacity.len() == 1 { "" } else { "s" }
        ),
        None => format!(
            "{said} cannot be met with what the search may change, nor with up to {MAX_EXTRA} more instances of any type its jobs use"
        ),
    };
    Some(Binding {
        target: target.text(),
        estimate,
        extra_capacity,
        words,
    })
}
