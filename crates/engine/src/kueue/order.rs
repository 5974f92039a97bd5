//! The order a cycle processes its entries in (docs/KUEUE.md, "Order across ClusterQueues").
//! Classic: entries that need no borrowing first, then higher priority, then earlier creation
//! (Kueue's `makeClassicalIterator`; Kueue leaves exact ties unordered, the name decides here).
//! Under fair sharing: at each pop a tournament from the root of a tree down, where each cohort
//! prefers the child that would not borrow, then the lower share after admitting its entry, then
//! priority and creation (Kueue's `fairSharingIterator`).

use super::cycle::Entry;
use super::run::Run;
use super::share::{self, Drs};
use super::snapshot::Snapshot;
use super::tree;
use super::world::NodeId;
use rustc_hash::FxHashMap;
use std::cmp::Ordering;

pub enum Sequence {
    /// The classical order, fixed at the start of the cycle.
    Fixed(std::vec::IntoIter<usize>),
    /// The entries not yet popped, for the tournament.
    Fair(Vec<bool>),
}

impl Sequence {
    pub fn new(run: &Run, entries: &[Entry], fair_sharing: bool) -> Sequence {
        if fair_sharing {
            return Sequence::Fair(vec![true; entries.len()]);
        }
        let world = run.world;
        let mut order: Vec<usize> = (0..entries.len()).collect();
        order.sort_by(|&a, &b| {
            let (ea, eb) = (&entries[a], &entries[b]);
            ea.assignment
                .borrowing
                .cmp(&eb.assignment.borrowing)
                .then(eb.priority.cmp(&ea.priority))
                .then(world.jobs[ea.job].submit.cmp(&world.jobs[eb.job].submit))
                .then(world.name_rank[ea.job].cmp(&world.name_rank[eb.job]))
        });
        Sequence::Fixed(order.into_iter())
    }

    /// The next entry to process, against the snapshot as the earlier ones left it.
    pub fn next(&mut self, snap: &Snapshot, entries: &[Entry]) -> Option<usize> {
        match self {
            Sequence::Fixed(order) => order.next(),
            Sequence::Fair(remaining) => {
                let first = remaining.iter().position(|&r| r)?;
                let world = snap.world;
                let node = world.queues[entries[first].cq].node;
                let winner = if world.nodes[node].parent.is_none() {
                    first
                } else {
                    let root = world.root_of(node);
                    let shares = shares_with_entries(snap, entries, remaining, root);
                    tournament(snap, entries, remaining, &shares, root)
                        .expect("the tree holds the first remaining entry")
                };
                remaining[winner] = false;
                Some(winner)
            }
        }
    }
}

/// For each remaining entry of the tree, the share of every node on its path below each
/// ancestor, with the entry's usage admitted (Kueue's `computeDRS`).
fn shares_with_entries(
    snap: &Snapshot,
    entries: &[Entry],
    remaining: &[bool],
    root: NodeId,
) -> FxHashMap<(NodeId, usize), Drs> {
    let world = snap.world;
    let mut shares = FxHashMap::default();
    for (i, e) in entries.iter().enumerate() {
        let node = world.queues[e.cq].node;
        if !remaining[i] || world.root_of(node) != root {
            continue;
        }
        let mut usage = snap.usage.clone();
        tree::apply(world, &mut usage, node, &e.assignment.usage, true);
        let mut below = share::of(world, &usage, node, &[]);
        for ancestor in tree::ancestors(world, node) {
            let next = share::of(world, &usage, ancestor, &[]);
            shares.insert((ancestor, i), below);
            below = next;
        }
    }
    shares
}

fn tournament(
    snap: &Snapshot,
    entries: &[Entry],
    remaining: &[bool],
    shares: &FxHashMap<(NodeId, usize), Drs>,
    cohort: NodeId,
) -> Option<usize> {
    let world = snap.world;
    let node = &world.nodes[cohort];
    let mut candidates: Vec<usize> = node
        .child_cohorts
        .iter()
        .filter_map(|&c| tournament(snap, entries, remaining, shares, c))
        .collect();
    for &cq_node in &node.child_cqs {
        candidates.extend(
            (0..entries.len())
                .filter(|&i| remaining[i] && world.queues[entries[i].cq].node == cq_node),
        );
    }
    let mut best = *candidates.first()?;
    for &current in &candidates[1..] {
        if less(snap, entries, shares, cohort, current, best) {
            best = current;
        }
    }
    Some(best)
}

/// Kueue's `entryComparer.less` at one cohort.
fn less(
    snap: &Snapshot,
    entries: &[Entry],
    shares: &FxHashMap<(NodeId, usize), Drs>,
    cohort: NodeId,
    a: usize,
    b: usize,
) -> bool {
    let (da, db) = (&shares[&(cohort, a)], &shares[&(cohort, b)]);
    let borrows_a = da.is_borrowing_on(&entries[a].assignment.usage);
    let borrows_b = db.is_borrowing_on(&entries[b].assignment.usage);
    if borrows_a != borrows_b {
        return !borrows_a;
    }
    match share::compare(da, db) {
        Ordering::Less => return true,
        Ordering::Greater => return false,
        Ordering::Equal => {}
    }
    let (ea, eb) = (&entries[a], &entries[b]);
    if ea.priority != eb.priority {
        return ea.priority > eb.priority;
    }
    let world = snap.world;
    world.jobs[ea.job].submit < world.jobs[eb.job].submit
}
