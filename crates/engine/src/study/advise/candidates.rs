//! Candidate generation: the agreements one step away from a given one, along the knobs the
//! search may turn (docs/ADVISOR.md, "Local search").
//!
//! One step is one small change. Under AWS's rules: one limit instance of a type (or a quarter
//! of the giver's limit) moved from one share to another (the type's total stays fixed), one
//! instance bought for a share or sold back, a share's strategy, borrow limit or in-share
//! preemption changed, or two neighbouring entries of a job mix's preference list swapped. Under
//! Kueue's, a ClusterQueue's quota or preemption policy ([`kueue_steps`]). Every neighbour is
//! validated as a scenario; one the format refuses is not a candidate.

use super::evaluate::{purchase_cost, Candidate};
use super::knobs::{AdviseSpec, Knob};
use super::kueue_steps;
use crate::rng::Stream;
use crate::scenario::{Capacity, CapacityLimit, Rules, Scenario, Strategy};

/// The borrow limits (percent of the share's own limits; -1 for no cap) a step may set; under
/// Kueue the same ladder of a ClusterQueue's nominal quota.
pub(super) const BORROW_LADDER: [i64; 6] = [-1, 0, 25, 50, 100, 200];

/// The most capacity limits a share may have (AWS).
const MAX_LIMITS: usize = 5;

/// The steps found so far, each marked by whether it touches the focused team.
pub struct Steps<'a> {
    focus: Option<&'a str>,
    found: Vec<(bool, Scenario)>,
}

impl Steps<'_> {
    /// Adds `scenario`, a step that changes the teams `touches`.
    pub fn add(&mut self, touches: &[&str], scenario: Scenario) {
        let focused = self.focus.is_some_and(|f| touches.contains(&f));
        self.found.push((focused, scenario));
    }
}

/// The scenarios one step from `current` (the agreement today is `base`), as candidates: the
/// steps of the knobs of `current`'s rules (AWS's here, Kueue's in [`kueue_steps`]).
/// Steps that involve `focus` (the team furthest from its target) come first; after them the
/// others in a deterministic shuffle from `stream`, all cut to `cap`.
pub fn neighbours(
    base: &Scenario,
    current: &Scenario,
    spec: &AdviseSpec,
    focus: Option<&str>,
    stream: &mut Stream,
    cap: usize,
) -> Vec<Candidate> {
    let mut steps = Steps {
        focus,
        found: Vec::new(),
    };
    match current.rules {
        Rules::Aws => aws_steps(base, current, spec, &mut steps),
        Rules::Kueue => kueue_steps::steps(current, spec, &mut steps),
    }
    let (mut first, mut rest): (Vec<_>, Vec<_>) = steps.found.into_iter().partition(|(f, _)| *f);
    shuffle(&mut first, stream);
    shuffle(&mut rest, stream);
    first
        .into_iter()
        .chain(rest)
        .map(|(_, s)| s)
        .filter(|s| s.validate().is_valid())
        .take(cap)
        .map(|scenario| Candidate {
            purchase_cost: purchase_cost(base, &scenario),
            scenario,
        })
        .collect()
}

/// The steps of the AWS knobs: limits, capacity, strategy, borrow limit, in-share preemption
/// and preferences.
fn aws_steps(base: &Scenario, current: &Scenario, spec: &AdviseSpec, steps: &mut Steps) {
    let names: Vec<String> = current
        .quota_shares
        .iter()
        .map(|s| s.name.clone())
        .collect();
    if spec.varies(Knob::Limits) {
        for t in types(current) {
            for (a, from) in names.iter().enumerate() {
                for (b, to) in names.iter().enumerate() {
                    if a != b {
                        for amount in amounts(current, a, &t) {
                            if let Some(s) = transfer(current, &t, a, b, amount) {
                                steps.add(&[from, to], s);
                            }
                        }
                    }
                }
            }
        }
    }
    if spec.varies(Knob::Capacity) {
        for t in types(current) {
            let now = on_demand(current, &t);
            let ceiling = spec.capacity_ceiling(&t, on_demand(base, &t));
            for (i, name) in names.iter().enumerate() {
                if now < ceiling {
                    if let Some(s) = with_extra(current, &t, i, 1) {
                        steps.add(&[name], s);
                    }
                }
                if now > on_demand(base, &t) {
                    if let Some(s) = sell(current, &t, i) {
                        steps.add(&[name], s);
                    }
                }
            }
        }
    }
    for (i, name) in names.iter().enumerate() {
        let share = &current.quota_shares[i];
        if spec.varies(Knob::Strategy) {
            for strategy in [Strategy::Reserve, Strategy::Lend, Strategy::LendAndBorrow] {
                if strategy != share.strategy {
                    let mut s = current.clone();
                    s.quota_shares[i].strategy = strategy;
                    if strategy != Strategy::LendAndBorrow {
                        s.quota_shares[i].borrow_limit = None;
                    }
                    steps.add(&[name], s);
                }
            }
        }
        if spec.varies(Knob::BorrowLimit) && share.strategy == Strategy::LendAndBorrow {
            for limit in BORROW_LADDER {
                if limit != share.effective_borrow_limit() {
                    let mut s = current.clone();
                    s.quota_shares[i].borrow_limit = Some(limit);
                    steps.add(&[name], s);
                }
            }
        }
        if spec.varies(Knob::InSharePreemption) {
            let mut s = current.clone();
            s.quota_shares[i].in_share_preemption = !share.in_share_preemption;
            steps.add(&[name], s);
        }
    }
    if spec.varies(Knob::Preferences) {
        for (m, mix) in current.job_mixes.iter().enumerate() {
            for k in 1..mix.template.preferences.len() {
                let mut s = current.clone();
                s.job_mixes[m].template.preferences.swap(k - 1, k);
                steps.add(&[mix.share.as_deref().unwrap_or_default()], s);
            }
        }
    }
}

/// `count` random steps from `base`: the start of a restart of the local search.
pub fn random_walk(
    base: &Scenario,
    spec: &AdviseSpec,
    stream: &mut Stream,
    count: usize,
) -> Candidate {
    let mut current = Candidate {
        scenario: base.clone(),
        purchase_cost: 0.0,
    };
    for _ in 0..count {
        // The neighbours come in a shuffled order, so the first valid one is a uniform choice.
        match neighbours(base, &current.scenario, spec, None, stream, 1).pop() {
            Some(next) => current = next,
            None => break,
        }
    }
    current
}

/// Fisher-Yates with the search's own stream.
fn shuffle<T>(items: &mut [T], stream: &mut Stream) {
    for i in (1..items.len()).rev() {
        let j = (stream.next_u64() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

/// The instance types any share has a limit on, in first-seen order.
fn types(scenario: &Scenario) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    for l in scenario
        .quota_shares
        .iter()
        .flat_map(|s| &s.capacity_limits)
    {
        if !seen.contains(&l.instance_type) {
            seen.push(l.instance_type.clone());
        }
    }
    seen
}

/// The on-demand count of `instance_type` (0 without an entry).
pub fn on_demand(scenario: &Scenario, instance_type: &str) -> u32 {
    scenario
        .capacity
        .iter()
        .find(|c| c.instance_type == instance_type)
        .map_or(0, |c| c.count)
}

/// The types share `i`'s jobs name in their preference lists, in first-seen order.
pub fn share_types(scenario: &Scenario, i: usize) -> Vec<String> {
    let name = &scenario.quota_shares[i].name;
    let mixes = scenario
        .job_mixes
        .iter()
        .filter(|m| m.share.as_ref() == Some(name))
        .flat_map(|m| &m.template.preferences);
    let jobs = scenario
        .jobs
        .iter()
        .filter(|j| j.share.as_deref() == Some(name.as_str()))
        .flat_map(|j| &j.preferences);
    let mut types: Vec<String> = Vec::new();
    for p in mixes.chain(jobs) {
        if !types.iter().any(|t| p.instance_type == *t) {
            types.push(p.instance_type.to_string());
        }
    }
    types
}

/// Share `i`'s limit on `instance_type` changed by `delta`; a limit that would drop below 1 is
/// refused, and a missing one is added (for a type its jobs want) when `delta` is positive.
fn change_limit(scenario: &mut Scenario, i: usize, instance_type: &str, delta: i64) -> Option<()> {
    let wants = share_types(scenario, i).iter().any(|t| t == instance_type);
    let limits = &mut scenario.quota_shares[i].capacity_limits;
    let room = limits.len() < MAX_LIMITS;
    match limits.iter_mut().find(|l| l.instance_type == instance_type) {
        Some(l) => {
            let next = i64::from(l.max_capacity) + delta;
            l.max_capacity = u32::try_from(next).ok().filter(|&n| n >= 1)?;
        }
        None if delta > 0 && wants && room => {
            limits.push(CapacityLimit {
                instance_type: instance_type.to_string(),
                max_capacity: u32::try_from(delta).ok()?,
            });
        }
        None => return None,
    }
    Some(())
}

/// How many limit instances of `instance_type` a step moves out of share `from`: one, and a
/// quarter of its limit when that is more, so a share with a limit of 40 need not take 10 steps
/// to give 10 away.
fn amounts(current: &Scenario, from: usize, instance_type: &str) -> Vec<i64> {
    let limit = current.quota_shares[from]
        .capacity_limits
        .iter()
        .find(|l| l.instance_type == instance_type)
        .map_or(0, |l| i64::from(l.max_capacity));
    if limit / 4 > 1 {
        vec![1, limit / 4]
    } else {
        vec![1]
    }
}

/// `amount` limit instances of `instance_type` moved from share `from` to share `to`.
fn transfer(
    current: &Scenario,
    instance_type: &str,
    from: usize,
    to: usize,
    amount: i64,
) -> Option<Scenario> {
    let mut s = current.clone();
    change_limit(&mut s, from, instance_type, -amount)?;
    change_limit(&mut s, to, instance_type, amount)?;
    Some(s)
}

/// One bought instance of `instance_type` sold back, taken from share `i`'s limit.
fn sell(current: &Scenario, instance_type: &str, i: usize) -> Option<Scenario> {
    let mut s = current.clone();
    change_limit(&mut s, i, instance_type, -1)?;
    let c = s
        .capacity
        .iter_mut()
        .find(|c| c.instance_type == instance_type)?;
    c.count = c.count.checked_sub(1)?;
    Some(s)
}

/// `scenario` with `extra` more on-demand instances of `instance_type`, all given to share `i`'s
/// limit (the binding analysis's question: how much more would meet the target?).
pub fn with_extra(
    scenario: &Scenario,
    instance_type: &str,
    i: usize,
    extra: u32,
) -> Option<Scenario> {
    let mut s = scenario.clone();
    change_limit(&mut s, i, instance_type, i64::from(extra))?;
    match s
        .capacity
        .iter_mut()
        .find(|c| c.instance_type == instance_type)
    {
        Some(c) => c.count += extra,
        None => s.capacity.push(Capacity {
            instance_type: instance_type.to_string(),
            count: extra,
            changes: Vec::new(),
        }),
    }
    Some(s)
}
