//! The evaluator: runs candidates on the common seeds, remembers every run, and races a set of
//! candidates by successive halving (docs/ADVISOR.md, "Racing over common seeds").
//!
//! Every candidate runs seed i of the same list, so seed i gives every candidate the same
//! arrivals, durations and interruptions (docs/STUDY.md, "Common random numbers"): two
//! candidates differ because of their agreements, and a few seeds already rank them. Successive
//! halving runs all candidates of a round on a few seeds, keeps the better half, doubles the
//! seeds, and so on until the survivors have run every seed; a poor candidate costs a few runs,
//! not K.

use super::evaluate::{Candidate, Goals, Runs, Score};
use crate::scenario::Scenario;
use crate::study::sample::Runner;
use std::collections::HashMap;

/// The seeds a first round of halving runs, before the better half goes on.
const FIRST_ROUND_SEEDS: usize = 2;

/// Runs candidates on the common seeds and remembers what ran.
pub struct Evaluator<'r> {
    runner: &'r dyn Runner,
    goals: Goals,
    seeds: Vec<u64>,
    runs: HashMap<String, Runs>,
    /// Simulations run so far.
    pub simulations: u64,
}

impl<'r> Evaluator<'r> {
    /// An evaluator of `goals` over `seeds` (K of them), running with `runner`.
    pub fn new(runner: &'r dyn Runner, goals: Goals, seeds: Vec<u64>) -> Evaluator<'r> {
        Evaluator {
            runner,
            goals,
            seeds,
            runs: HashMap::new(),
            simulations: 0,
        }
    }

    /// The goals candidates are measured against.
    pub fn goals(&self) -> &Goals {
        &self.goals
    }

    /// K, the number of common seeds.
    pub fn k(&self) -> usize {
        self.seeds.len()
    }

    /// Each candidate's runs on at least its first `n` seeds (running what is missing, as one
    /// batch).
    pub fn extend(&mut self, candidates: &[&Candidate], n: usize) -> Vec<Runs> {
        let n = n.min(self.seeds.len());
        let keys: Vec<String> = candidates.iter().map(|c| key(&c.scenario)).collect();
        let mut batch = Vec::new();
        // Per run of the batch: its candidate, and how many seeds the run stands for.
        let mut owners = Vec::new();
        for (i, c) in candidates.iter().enumerate() {
            let have = self.runs.get(&keys[i]).map_or(0, Runs::seeds);
            if keys[..i].contains(&keys[i]) {
                continue;
            }
            // A candidate that draws nothing at random gives one run at every seed
            // (docs/STUDY.md, "A scenario that draws nothing at random"): its first run stands
            // for all K.
            if !c.scenario.draws_at_random() {
                if have == 0 {
                    batch.push((&c.scenario, self.seeds[0]));
                    owners.push((i, self.seeds.len()));
                }
                continue;
            }
            for &seed in &self.seeds[have.min(n)..n] {
                batch.push((&c.scenario, seed));
                owners.push((i, 1));
            }
        }
        let samples = self.runner.run(&batch);
        self.simulations += samples.len() as u64;
        for (sample, &(i, seeds)) in samples.iter().zip(&owners) {
            let runs = self.runs.entry(keys[i].clone()).or_insert(Runs {
                values: Vec::new(),
                costs: Vec::new(),
            });
            let purchase = candidates[i].purchase_cost;
            let values = self.goals.values(sample, purchase);
            let cost = sample.shares.iter().map(|s| s.cost).sum::<f64>() + purchase;
            runs.values.extend(std::iter::repeat_n(values, seeds));
            runs.costs.extend(std::iter::repeat_n(cost, seeds));
        }
        keys.iter()
            .map(|k| {
                let all = &self.runs[k];
                Runs {
                    values: all.values[..n].to_vec(),
                    costs: all.costs[..n].to_vec(),
                }
            })
            .collect()
    }

    /// The candidate's runs on every seed.
    pub fn full(&mut self, candidate: &Candidate) -> Runs {
        let k = self.k();
        self.extend(&[candidate], k).remove(0)
    }

    /// Successive halving over `candidates`: the survivors of the last round, which ran all K
    /// seeds, best first by the pessimistic score, with their runs; empty without candidates.
    /// Ties keep the earlier candidate, so the outcome depends only on the order given.
    ///
    /// Early rounds rank by the means. While no agreement meeting every target is known
    /// (`cost_matters` false) they rank by the worst margin alone: on two seeds a cheap
    /// candidate that seems to meet everything by luck must not push out a dearer one that
    /// meets it for real. Once one is known, meeting and then cost rank, as in the final round.
    pub fn race(&mut self, candidates: &[Candidate], cost_matters: bool) -> Vec<(usize, Runs)> {
        let k = self.k();
        let mut alive: Vec<usize> = (0..candidates.len()).collect();
        let mut n = FIRST_ROUND_SEEDS.min(k);
        while !alive.is_empty() {
            if alive.len() == 1 {
                n = k;
            }
            let refs: Vec<&Candidate> = alive.iter().map(|&i| &candidates[i]).collect();
            let runs = self.extend(&refs, n);
            let full = n >= k;
            let mut ranked: Vec<(usize, Runs, Score)> = alive
                .iter()
                .zip(runs)
                .map(|(&i, r)| {
                    let score = if full || cost_matters {
                        r.score(&self.goals, full)
                    } else {
                        Score {
                            meets: false,
                            key: r.worst_margin(&self.goals, false),
                        }
                    };
                    (i, r, score)
                })
                .collect();
            ranked.sort_by(|a, b| b.2.compare(&a.2).then(a.0.cmp(&b.0)));
            if full {
                return ranked.into_iter().map(|(i, r, _)| (i, r)).collect();
            }
            ranked.truncate(ranked.len().div_ceil(2));
            alive = ranked.into_iter().map(|(i, _, _)| i).collect();
            n = (n * 2).min(k);
        }
        Vec::new()
    }
}

/// A candidate's identity: its compact JSON.
fn key(scenario: &Scenario) -> String {
    crate::json_text::compact(scenario)
}
