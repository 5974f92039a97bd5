//! The dominant resource share of fair sharing (docs/KUEUE.md, "Fair sharing"), as Kueue's
//! `dominantResourceShare` computes it: for each resource, what a node uses above its quota,
//! summed over flavors, per thousand of what its parent could lend; the largest of these (ties
//! to the resource whose name sorts first), divided by the node's weight. A node that does not
//! borrow has share 0; one with weight 0 that borrows has an infinite share.

use super::tree::Usage;
use super::world::{Fr, NodeId, World};
use std::cmp::Ordering;

/// A node's share.
#[derive(Debug, Clone, PartialEq)]
pub struct Drs {
    weight: f64,
    ratio: f64,
    dominant: Option<usize>,
    borrowing: bool,
    /// The FRs it borrows on.
    borrowed: Vec<Fr>,
}

impl Drs {
    pub fn is_borrowing(&self) -> bool {
        self.borrowing
    }

    /// Whether it borrows on any FR the request uses.
    pub fn is_borrowing_on(&self, request: &[(Fr, i64)]) -> bool {
        self.borrowed
            .iter()
            .any(|fr| request.iter().any(|&(r, v)| r == *fr && v > 0))
    }

    fn zero_weight_borrows(&self) -> bool {
        self.weight == 0.0 && self.ratio != 0.0
    }

    fn weighted(&self) -> f64 {
        if self.ratio == 0.0 {
            0.0
        } else if self.weight == 0.0 {
            f64::INFINITY
        } else {
            self.ratio / self.weight
        }
    }

    /// Whether its weighted share is infinite.
    pub fn is_infinite(&self) -> bool {
        self.weighted().is_infinite()
    }
}

/// Kueue's `CompareDRS`: lower is preferred for admission, higher for preemption.
pub fn compare(a: &Drs, b: &Drs) -> Ordering {
    match (a.zero_weight_borrows(), b.zero_weight_borrows()) {
        (true, true) => a.ratio.total_cmp(&b.ratio),
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        (false, false) => a.weighted().total_cmp(&b.weighted()),
    }
}

/// The node's share with `extra` usage added at it (the entry's request in the admission
/// tournament; nothing elsewhere).
pub fn of(world: &World, usage: &Usage, n: NodeId, extra: &[(Fr, i64)]) -> Drs {
    let node = &world.nodes[n];
    let mut drs = Drs {
        weight: node.weight,
        ratio: 0.0,
        dominant: None,
        borrowing: false,
        borrowed: Vec::new(),
    };
    if node.parent.is_none() {
        return drs;
    }
    let width = world.resources.len();
    let mut borrowed_per_resource = vec![0i64; width];
    for fr in 0..world.frs() {
        let added: i64 = extra.iter().filter(|e| e.0 == fr).map(|e| e.1).sum();
        let over = added
            .saturating_add(usage.of(n, fr))
            .saturating_sub(node.subtree_quota[fr]);
        if over > 0 {
            borrowed_per_resource[fr % width] =
                borrowed_per_resource[fr % width].saturating_add(over);
            drs.borrowed.push(fr);
        }
    }
    if drs.borrowed.is_empty() {
        return drs;
    }
    drs.borrowing = true;
    let lendable = &world.lendable[n];
    for (r, &b) in borrowed_per_resource.iter().enumerate() {
        if b <= 0 || lendable[r] <= 0 {
            continue;
        }
        let ratio = b as f64 * 1000.0 / lendable[r] as f64;
        let better_name = drs
            .dominant
            .is_some_and(|d| world.resources[r] < world.resources[d]);
        if ratio > drs.ratio || (ratio == drs.ratio && better_name) {
            drs.ratio = ratio;
            drs.dominant = Some(r);
        }
    }
    drs
}
