//! Which share each ClusterQueue's jobs go to (docs/KUEUE-TRANSLATION.md, "Shares"). One
//! ClusterQueue in no cohort that never preempts is a scenario without shares (all jobs one
//! queue, nobody preempts: SEMANTICS §2); up to 20 queues are a share each; beyond AWS's 20,
//! the 19 largest by nominal quota keep their own share and the rest share one.

use super::super::notes::Notes;
use super::flavors::Flavors;
use super::shares::{terms, Terms};
use crate::scenario::kueue::{Kueue, WithinClusterQueue};
use crate::scenario::{CapacityLimit, QuotaShare, Strategy, UNLIMITED_BORROW};
use crate::validate::MAX_SHARES;
use std::collections::BTreeMap;

/// The name of the share the smallest queues are pooled into (made unique if a queue has it).
const POOLED: &str = "others";

/// The shares, and for each ClusterQueue the share its jobs go to: `Some(None)` when the
/// scenario has no shares, absent when the queue has no AWS form (no flavor of a known type).
pub(super) struct Layout {
    pub shares: Vec<QuotaShare>,
    pub share_of_queue: BTreeMap<String, Option<String>>,
}

pub(super) fn layout(kueue: &Kueue, flavors: &Flavors, notes: &mut Notes) -> Layout {
    if let [only] = kueue.cluster_queues.as_slice() {
        if only.cohort.is_none()
            && kueue.cohorts.is_empty()
            && only.preemption.within_cluster_queue == WithinClusterQueue::Never
        {
            notes.carried("kueue.cluster_queues[0]", format!("one ClusterQueue in no cohort that never preempts: a scenario without quota shares, \"{}\"'s quota its capacity", only.name));
            return Layout {
                shares: Vec::new(),
                share_of_queue: BTreeMap::from([(only.name.clone(), None)]),
            };
        }
    }
    let mut all: Vec<Terms> = Vec::new();
    for (i, q) in kueue.cluster_queues.iter().enumerate() {
        match terms(i, q, flavors, notes) {
            Some(t) => all.push(t),
            None => notes.dropped(format!("kueue.cluster_queues[{i}]"), format!("ClusterQueue {} has no flavor of a known instance type, so it has no AWS share; its jobs are dropped", q.name)),
        }
    }
    let mut share_of_queue: BTreeMap<String, Option<String>> = all
        .iter()
        .map(|t| (t.name.clone(), Some(t.name.clone())))
        .collect();
    if all.len() > MAX_SHARES {
        all = pool(all, &mut share_of_queue, notes);
    }
    Layout {
        shares: all.into_iter().map(share).collect(),
        share_of_queue,
    }
}

fn share(t: Terms) -> QuotaShare {
    QuotaShare {
        name: t.name,
        capacity_limits: t
            .limits
            .into_iter()
            .map(|(instance_type, max_capacity)| CapacityLimit {
                instance_type,
                max_capacity,
            })
            .collect(),
        strategy: t.strategy,
        // -1 is the default, no cap: left out as AWS scenarios write it.
        borrow_limit: t.borrow_limit.filter(|&b| b != UNLIMITED_BORROW),
        in_share_preemption: t.in_share_preemption,
    }
}

/// The largest `MAX_SHARES - 1` queues as they are (in their order), the rest as one share.
fn pool(
    all: Vec<Terms>,
    share_of_queue: &mut BTreeMap<String, Option<String>>,
    notes: &mut Notes,
) -> Vec<Terms> {
    let mut order: Vec<usize> = (0..all.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(all[i].size()));
    let kept: Vec<usize> = order[..MAX_SHARES - 1].to_vec();
    let mut name = POOLED.to_string();
    for k in 2.. {
        if !all.iter().any(|t| t.name == name) {
            break;
        }
        name = format!("{POOLED}-{k}");
    }
    let (keep, rest): (Vec<Terms>, Vec<Terms>) = all
        .into_iter()
        .enumerate()
        .map(|(i, t)| (kept.contains(&i), t))
        .fold((Vec::new(), Vec::new()), |(mut keep, mut rest), (k, t)| {
            if k {
                keep.push(t)
            } else {
                rest.push(t)
            }
            (keep, rest)
        });
    let pooled = merge(&name, rest.iter());
    let names: Vec<&str> = rest.iter().map(|t| t.name.as_str()).collect();
    notes.approximated("kueue.cluster_queues", format!("{} ClusterQueues, AWS allows {MAX_SHARES} shares: the {} largest by nominal quota keep their own, the other {} ({}) share \"{name}\" with their limits summed", keep.len() + rest.len(), MAX_SHARES - 1, rest.len(), names.join(", ")));
    for t in &rest {
        share_of_queue.insert(t.name.clone(), Some(name.clone()));
    }
    keep.into_iter().chain(std::iter::once(pooled)).collect()
}

/// One share for several queues: limits summed per type (the 5 largest), the most lenient
/// strategy and borrow limit, in-share preemption if any had it.
fn merge<'a>(name: &str, queues: impl Iterator<Item = &'a Terms>) -> Terms {
    let mut limits: Vec<(String, u32)> = Vec::new();
    let mut strategy = Strategy::Reserve;
    let mut borrow: Option<i64> = None;
    let mut in_share = false;
    for t in queues {
        for (ty, n) in &t.limits {
            match limits.iter_mut().find(|(x, _)| x == ty) {
                Some(l) => l.1 = l.1.saturating_add(*n),
                None => limits.push((ty.clone(), *n)),
            }
        }
        strategy = lenient(strategy, t.strategy);
        borrow = match (borrow, t.borrow_limit) {
            (Some(UNLIMITED_BORROW), _) | (_, Some(UNLIMITED_BORROW)) => Some(UNLIMITED_BORROW),
            (a, b) => a.max(b),
        };
        in_share |= t.in_share_preemption;
    }
    limits.sort_by_key(|l| std::cmp::Reverse(l.1));
    limits.truncate(5);
    Terms {
        name: name.to_string(),
        limits,
        strategy,
        borrow_limit: (strategy == Strategy::LendAndBorrow)
            .then(|| borrow.unwrap_or(UNLIMITED_BORROW)),
        in_share_preemption: in_share,
    }
}

fn lenient(a: Strategy, b: Strategy) -> Strategy {
    let rank = |s: Strategy| match s {
        Strategy::Reserve => 0,
        Strategy::Lend => 1,
        Strategy::LendAndBorrow => 2,
    };
    if rank(b) > rank(a) {
        b
    } else {
        a
    }
}
