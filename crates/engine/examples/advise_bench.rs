//! The advisor against a plain grid search and a random search at the same simulation budget
//! (docs/ADVISOR.md, "Benchmark").
//!
//! `cargo run --release -p quotalab-engine --example advise_bench [-- --write-large FILE]`
//!
//! For each scenario it runs the advisor (every start, one thread), then a grid search and a
//! random search over the same knobs, each allowed as many simulations as the advisor ran in
//! all. The baselines run every candidate on all K common seeds (no racing, no bounds) and stop
//! at the first agreement that meets every target with its 90% interval inside the bound, the
//! same test the advisor applies. It prints one Markdown table. `--write-large FILE` writes the
//! generated 20-share, 6-type scenario for timing `quotalab advise` on it.

use quotalab_engine::rng::{Purpose, Stream};
use quotalab_engine::scenario::Strategy;
use quotalab_engine::study::advise::evaluate::{purchase_cost, Candidate};
use quotalab_engine::study::advise::race::Evaluator;
use quotalab_engine::study::advise::{advise, AdvicePlan, AdviseSpec, Budget, Knob, Sequential};
use quotalab_engine::{synthetic, Scenario};
use std::collections::HashSet;
use std::time::Instant;

/// One benchmark case: a scenario, its targets and knobs.
struct Case {
    name: &'static str,
    scenario: Scenario,
    targets: &'static [&'static str],
    vary: &'static [Knob],
    budget: Option<f64>,
}

fn load(text: &str) -> Scenario {
    Scenario::from_json(text).expect("a bundled scenario")
}

/// The generated 20-share, 6-type scenario (crate::synthetic) with 100 jobs per share.
fn large() -> Scenario {
    let mut s = synthetic::scenario(2_000, 3);
    s.horizon_h = Some(72.0);
    s
}

fn cases() -> Vec<Case> {
    use Knob::*;
    vec![
        Case {
            name: "two teams, one type (test fixture)",
            scenario: load(include_str!("../../cli/tests/advise/two-teams.json")),
            targets: &["nlp:completion_p90_h<=8"],
            vary: &[Limits, Strategy, BorrowLimit, InSharePreemption],
            budget: None,
        },
        Case {
            name: "default scenario, buying allowed",
            scenario: load(include_str!("../../../scenarios/default.json")),
            targets: &[
                "background:completion_p90_h<=10",
                "*:wait_below_threshold>=0.9",
            ],
            vary: &[Limits, Strategy, BorrowLimit, InSharePreemption, Capacity],
            budget: Some(250.0),
        },
        Case {
            name: "three teams, two types",
            scenario: load(include_str!("advise-bench/three-teams-two-types.json")),
            targets: &[
                "nlp:completion_p90_h<=8",
                "rl:completion_p90_h<=6",
                "vision:completion_p90_h<=2.5",
                "nlp:fallback_rate<=0.5",
            ],
            vary: &[Limits, Strategy, BorrowLimit, InSharePreemption],
            budget: None,
        },
        Case {
            name: "20 shares, 6 types, 2,000 jobs",
            scenario: large(),
            targets: LARGE_TARGETS,
            vary: &[Limits, Strategy, BorrowLimit, InSharePreemption],
            budget: None,
        },
    ]
}

/// The large case's targets (also used for the command-line timing in docs/ADVISOR.md).
const LARGE_TARGETS: &[&str] = &[
    "team-09:completion_p90_h<=48",
    "team-17:completion_p90_h<=48",
    "*:wait_below_threshold>=0.3",
];

fn plan(case: &Case) -> AdvicePlan {
    let mut spec = AdviseSpec::new(case.targets.iter().map(|t| t.to_string()).collect());
    spec.vary = Some(case.vary.to_vec());
    spec.budgets = case
        .budget
        .map(|max| vec![Budget { share: None, max }])
        .unwrap_or_default();
    AdvicePlan::new(case.scenario.clone(), spec)
}

/// One dimension of the grid: a share's limit on one type, strategy, borrow limit or in-share
/// preemption.
enum Dim {
    Limit(usize, usize, Vec<u32>),
    Strategy(usize),
    Borrow(usize),
    Preemption(usize),
}

const STRATEGIES: [Strategy; 3] = [Strategy::Reserve, Strategy::Lend, Strategy::LendAndBorrow];
const BORROW: [i64; 6] = [-1, 0, 25, 50, 100, 200];

impl Dim {
    fn levels(&self) -> usize {
        match self {
            Dim::Limit(_, _, values) => values.len(),
            Dim::Strategy(_) => 3,
            Dim::Borrow(_) => BORROW.len(),
            Dim::Preemption(_) => 2,
        }
    }
}

/// The grid's dimensions: each limit from two below to two above today's, each strategy, each
/// borrow limit of the ladder, preemption off and on; only the knobs the case varies.
fn dims(base: &Scenario, vary: &[Knob]) -> Vec<Dim> {
    let mut dims = Vec::new();
    for (i, share) in base.quota_shares.iter().enumerate() {
        if vary.contains(&Knob::Limits) {
            for (j, l) in share.capacity_limits.iter().enumerate() {
                let values =
                    (l.max_capacity.saturating_sub(2).max(1)..=l.max_capacity + 2).collect();
                dims.push(Dim::Limit(i, j, values));
            }
        }
        if vary.contains(&Knob::Strategy) {
            dims.push(Dim::Strategy(i));
        }
        if vary.contains(&Knob::BorrowLimit) {
            dims.push(Dim::Borrow(i));
        }
        if vary.contains(&Knob::InSharePreemption) {
            dims.push(Dim::Preemption(i));
        }
    }
    dims
}

/// The scenario at grid point `point`, or `None` when the point is not a distinct valid
/// agreement: per type, the limits must add up to today's total (or, when capacity may be
/// bought, to at most the ceiling, buying what is over), and a borrow limit is only set on a
/// LEND_AND_BORROW share.
fn at(base: &Scenario, spec: &AdviseSpec, dims: &[Dim], point: &[usize]) -> Option<Candidate> {
    let mut s = base.clone();
    for (d, &level) in dims.iter().zip(point) {
        match d {
            Dim::Limit(i, j, values) => {
                s.quota_shares[*i].capacity_limits[*j].max_capacity = values[level]
            }
            Dim::Strategy(i) => s.quota_shares[*i].strategy = STRATEGIES[level],
            Dim::Borrow(i) => s.quota_shares[*i].borrow_limit = Some(BORROW[level]),
            Dim::Preemption(i) => s.quota_shares[*i].in_share_preemption = level == 1,
        }
    }
    for share in &mut s.quota_shares {
        if share.strategy != Strategy::LendAndBorrow {
            if share.borrow_limit.is_some_and(|b| b != BORROW[0]) {
                return None;
            }
            share.borrow_limit = None;
        }
    }
    let sums: Vec<(u32, u32)> = s
        .capacity
        .iter()
        .map(|c| {
            (
                s.owned_capacity(&c.instance_type),
                base.owned_capacity(&c.instance_type),
            )
        })
        .collect();
    for (c, (now, was)) in s.capacity.iter_mut().zip(sums) {
        let ceiling = spec.capacity_ceiling(&c.instance_type, c.count);
        if spec.varies(Knob::Capacity) {
            if now > was + (ceiling - c.count) {
                return None;
            }
            c.count += now.saturating_sub(was);
        } else if now != was {
            return None;
        }
    }
    s.validate().is_valid().then(|| Candidate {
        purchase_cost: purchase_cost(base, &s),
        scenario: s,
    })
}

/// What a baseline found: simulations until the first agreement meeting every target (if any
/// within the budget), the time until then, and the best worst margin it saw.
struct Found {
    first: Option<(u64, f64)>,
    simulations: u64,
    best_margin: f64,
}

/// Runs candidates from `next` on all K seeds until one meets every target or `budget`
/// simulations are spent.
fn baseline(plan: &AdvicePlan, budget: u64, mut next: impl FnMut() -> Option<Candidate>) -> Found {
    let goals = plan.goals();
    let mut evaluator = Evaluator::new(&Sequential, goals.clone(), plan.seed_list());
    let started = Instant::now();
    let mut best_margin = f64::NEG_INFINITY;
    let mut seen = HashSet::new();
    while evaluator.simulations + evaluator.k() as u64 <= budget {
        let Some(c) = next() else { break };
        if !seen.insert(serde_json::to_string(&c.scenario).unwrap()) {
            continue;
        }
        let runs = evaluator.full(&c);
        best_margin = best_margin.max(runs.worst_margin(&goals, true));
        if runs.score(&goals, true).meets {
            return Found {
                first: Some((evaluator.simulations, started.elapsed().as_secs_f64())),
                simulations: evaluator.simulations,
                best_margin,
            };
        }
    }
    Found {
        first: None,
        simulations: evaluator.simulations,
        best_margin,
    }
}

/// Grid points in lexicographic order (the last dimension fastest); invalid points cost
/// nothing. Gives up after 10 million points without a valid one.
fn grid(plan: &AdvicePlan, budget: u64) -> Found {
    let dims = dims(&plan.scenario, &plan.advise.knobs(plan.scenario.rules));
    let mut point = vec![0usize; dims.len()];
    let mut done = false;
    baseline(plan, budget, || {
        for _ in 0..10_000_000 {
            if done {
                return None;
            }
            let c = at(&plan.scenario, &plan.advise, &dims, &point);
            done = !advance(&mut point, &dims);
            if c.is_some() {
                return c;
            }
        }
        None
    })
}

fn advance(point: &mut [usize], dims: &[Dim]) -> bool {
    for k in (0..point.len()).rev() {
        point[k] += 1;
        if point[k] < dims[k].levels() {
            return true;
        }
        point[k] = 0;
    }
    false
}

/// Uniform random grid points from the engine's seeded stream.
fn random(plan: &AdvicePlan, budget: u64) -> Found {
    let dims = dims(&plan.scenario, &plan.advise.knobs(plan.scenario.rules));
    let mut stream = Stream::new(plan.search_seed(), Purpose::JobMix, "quotalab/advise-bench");
    baseline(plan, budget, || {
        for _ in 0..10_000_000 {
            let point: Vec<usize> = dims
                .iter()
                .map(|d| (stream.next_u64() % d.levels() as u64) as usize)
                .collect();
            if let Some(c) = at(&plan.scenario, &plan.advise, &dims, &point) {
                return Some(c);
            }
        }
        None
    })
}

fn cell(found: &Found) -> String {
    match found.first {
        Some((n, t)) => format!("{n} sims, {t:.2} s"),
        None if found.simulations == 0 => "no valid point to simulate".into(),
        None => format!(
            "not found in {} sims (best worst margin {:+.0}%)",
            found.simulations,
            100.0 * found.best_margin
        ),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, file] = args.as_slice() {
        if flag == "--write-large" {
            std::fs::write(file, large().to_json_pretty()).expect("write the scenario");
            eprintln!("wrote {file}; targets: {}", LARGE_TARGETS.join(" "));
            return;
        }
    }
    println!(
        "| scenario | advisor: first meeting / all sims, time | grid search | random search |"
    );
    println!("|---|---|---|---|");
    for case in cases() {
        let plan = plan(&case);
        let started = Instant::now();
        let advice = advise(&plan, &Sequential).expect("a complete search");
        let seconds = started.elapsed().as_secs_f64();
        let total = advice.search.simulations;
        let ours = match advice.search.first_meeting_after {
            Some(n) => format!("{n} / {total} sims, {seconds:.2} s"),
            None => format!(
                "none meets ({total} sims, {seconds:.2} s; binding: {})",
                advice.binding.map_or("?".into(), |b| b.target)
            ),
        };
        println!(
            "| {} | {ours} | {} | {} |",
            case.name,
            cell(&grid(&plan, total)),
            cell(&random(&plan, total))
        );
    }
}
