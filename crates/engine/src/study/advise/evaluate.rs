//! A candidate agreement's standing against the targets: per goal and seed the KPI value, the
//! estimates over the seeds run so far, the margins and the score the search ranks by.
//!
//! A goal is an expanded target (one share each) or the total budget (the whole run's usage
//! cost plus the purchased capacity). Margins are relative to the bound
//! ([`Target::margin`]); the *worst margin* of a candidate is the smallest over its goals. The
//! search ranks by the pessimistic end of each goal's 90% interval, so a candidate that ranks as
//! meeting every goal meets them with the interval inside the bound ("met: yes").

use super::target::{Bound, Target};
use crate::scenario::Scenario;
use crate::study::kpi::Kpi;
use crate::study::sample::Sample;
use crate::study::stats::Estimate;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// The share name of the total budget's goal.
pub const TOTAL: &str = "(total)";

/// The margin of a goal with no value in any seed (no job of the share succeeded, say): far
/// outside any bound, so such a candidate ranks below every one that has a value.
const MISSING_MARGIN: f64 = -100.0;

/// What a candidate is measured against: the expanded targets and the total budget, and what
/// is measured beside them.
#[derive(Debug, Clone, PartialEq)]
pub struct Goals {
    /// One target per share (a `*` target expanded), then the per-share budgets as cost targets,
    /// then the total budget as `(total):cost<=MAX`.
    pub targets: Vec<Target>,
    /// The targets' measures for the teams without a target on them (docs/ADVISOR.md, "What it
    /// does to the other teams"): measured in every run, never ranked by.
    pub watched: Vec<Watch>,
    /// The T of P(wait < T), hours.
    pub wait_threshold_h: f64,
}

/// One share's KPI measured beside the targets.
#[derive(Debug, Clone, PartialEq)]
pub struct Watch {
    /// The share.
    pub share: String,
    /// The KPI, as `quotalab compare` names it.
    pub kpi: Kpi,
}

/// Each KPI a per-share target names, for every share of `shares` without a target on it, by
/// KPI in the targets' order and then by share.
fn watched(targets: &[Target], shares: &[String]) -> Vec<Watch> {
    let mut kpis: Vec<Kpi> = Vec::new();
    for t in targets.iter().filter(|t| t.share != TOTAL) {
        if !kpis.contains(&t.kpi) {
            kpis.push(t.kpi);
        }
    }
    kpis.iter()
        .flat_map(|&kpi| {
            shares
                .iter()
                .filter(move |s| !targets.iter().any(|t| t.kpi == kpi && &t.share == *s))
                .map(move |s| Watch {
                    share: s.clone(),
                    kpi,
                })
        })
        .collect()
}

impl Goals {
    /// `targets` expanded over `shares`, with the total budget if any.
    pub fn new(
        targets: &[Target],
        total_budget: Option<f64>,
        shares: &[String],
        wait_threshold_h: f64,
    ) -> Goals {
        let mut expanded: Vec<Target> = targets.iter().flat_map(|t| t.expand(shares)).collect();
        if let Some(max) = total_budget {
            expanded.push(Target {
                share: TOTAL.into(),
                kpi: Kpi::Cost,
                bound: Bound::AtMost,
                value: max,
            });
        }
        Goals {
            watched: watched(&expanded, shares),
            targets: expanded,
            wait_threshold_h,
        }
    }

    /// Per goal and then per watched measure, its value in one run whose purchased capacity
    /// cost `purchase`.
    pub fn values(&self, sample: &Sample, purchase: f64) -> Vec<Option<f64>> {
        let share_kpi = |share: &str, kpi: Kpi| {
            let share = sample.shares.iter().find(|s| s.share == share)?;
            kpi.of_sample(share, self.wait_threshold_h)
        };
        let goals = self.targets.iter().map(|t| {
            if t.share == TOTAL {
                Some(total_cost(sample) + purchase)
            } else {
                share_kpi(&t.share, t.kpi)
            }
        });
        let watched = self.watched.iter().map(|w| share_kpi(&w.share, w.kpi));
        goals.chain(watched).collect()
    }

    /// Where watched measure `w`'s values are in a run's values.
    pub fn watched_index(&self, w: usize) -> usize {
        self.targets.len() + w
    }
}

/// The run's usage cost, every share's and that of jobs without a share.
fn total_cost(sample: &Sample) -> f64 {
    sample.shares.iter().map(|s| s.cost).sum()
}

/// A candidate's runs so far, seed by seed in the order of the common seed list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Runs {
    /// Per seed run, per goal and then per watched measure ([`Goals::values`]), the value
    /// (`None` when it does not exist in that run).
    pub values: Vec<Vec<Option<f64>>>,
    /// Per seed run, the total cost: usage plus purchased capacity.
    pub costs: Vec<f64>,
}

impl Runs {
    /// How many seeds have run.
    pub fn seeds(&self) -> usize {
        self.costs.len()
    }

    /// Goal `g`'s (or a watched measure's) estimate over the seeds run.
    pub fn estimate(&self, g: usize) -> Option<Estimate> {
        let present: Vec<f64> = self
            .values
            .iter()
            .filter_map(|v| v.get(g).copied().flatten())
            .collect();
        Estimate::of(&present)
    }

    /// The mean total cost.
    pub fn cost(&self) -> Estimate {
        Estimate::of(&self.costs).unwrap_or(Estimate {
            n: 0,
            mean: 0.0,
            lo: 0.0,
            hi: 0.0,
        })
    }

    /// Per goal, the margin of the mean (`pessimistic` false) or of the interval's least
    /// favourable end.
    pub fn margins(&self, goals: &Goals, pessimistic: bool) -> Vec<f64> {
        goals
            .targets
            .iter()
            .enumerate()
            .map(|(g, t)| match self.estimate(g) {
                None => MISSING_MARGIN,
                Some(e) if pessimistic => t.margin(t.pessimistic(e.lo, e.hi)),
                Some(e) => t.margin(e.mean),
            })
            .collect()
    }

    /// The smallest margin over the goals (infinite without goals).
    pub fn worst_margin(&self, goals: &Goals, pessimistic: bool) -> f64 {
        self.margins(goals, pessimistic)
            .into_iter()
            .fold(f64::INFINITY, f64::min)
    }

    /// The search's score: first whether every goal is met, then, among those that meet them
    /// all, the lower cost, and among the others the larger worst margin.
    pub fn score(&self, goals: &Goals, pessimistic: bool) -> Score {
        let worst = self.worst_margin(goals, pessimistic);
        if worst >= 0.0 {
            Score {
                meets: true,
                key: -self.cost().mean,
            }
        } else {
            Score {
                meets: false,
                key: worst,
            }
        }
    }
}

/// A candidate's rank; greater is better.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Score {
    /// Every goal met.
    pub meets: bool,
    /// Minus the cost when `meets`, else the worst margin.
    pub key: f64,
}

impl Score {
    /// Total order: meeting beats not meeting, then the key.
    pub fn compare(&self, other: &Score) -> Ordering {
        self.meets
            .cmp(&other.meets)
            .then(self.key.total_cmp(&other.key))
    }
}

/// An agreement the search considers, with what it costs to buy its extra capacity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Candidate {
    /// The full scenario.
    pub scenario: Scenario,
    /// The purchased on-demand instances' cost over the pricing hours.
    pub purchase_cost: f64,
}

/// A candidate with its runs on all K seeds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Evaluated {
    /// The agreement.
    pub candidate: Candidate,
    /// Its runs.
    pub runs: Runs,
}

/// The hours a purchased instance is paid for: the scenario's horizon, or a week without one.
pub fn pricing_hours(scenario: &Scenario) -> f64 {
    scenario.horizon_h.unwrap_or(168.0)
}

/// What `candidate`'s capacity beyond `current`'s costs: added on-demand instances times the
/// type's price times [`pricing_hours`].
pub fn purchase_cost(current: &Scenario, candidate: &Scenario) -> f64 {
    candidate
        .capacity
        .iter()
        .map(|c| {
            let before = current
                .capacity
                .iter()
                .find(|b| b.instance_type == c.instance_type)
                .map_or(0, |b| b.count);
            let added = f64::from(c.count.saturating_sub(before));
            let price = candidate
                .instance_type(&c.instance_type)
                .map_or(0.0, |t| t.price_per_h);
            added * price * pricing_hours(current)
        })
        .sum()
}
