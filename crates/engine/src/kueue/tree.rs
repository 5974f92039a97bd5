//! Quota arithmetic in the cohort tree (docs/KUEUE.md, "Quota: available, potential and
//! borrowing"), as Kueue's resource tree computes it (`pkg/cache/scheduler/resource_node.go`):
//! a ClusterQueue's nominal quota, what it keeps to itself under a lending limit (its local
//! quota), what its subtree lends up, and how usage above a node's local quota travels to its
//! parent. Amounts saturate rather than overflow, as Kueue's do.

use super::world::{Fr, Node, NodeId, World};

/// Usage per node and FR: a ClusterQueue's is its admitted workloads'; a cohort's is what its
/// children use beyond their local quota.
#[derive(PartialEq)]
pub struct Usage {
    amounts: Vec<i64>,
    frs: usize,
}

impl Clone for Usage {
    fn clone(&self) -> Usage {
        Usage {
            amounts: self.amounts.clone(),
            frs: self.frs,
        }
    }

    /// Reuses this one's list: the usage log copies the usage at every instant.
    fn clone_from(&mut self, source: &Usage) {
        self.amounts.clone_from(&source.amounts);
        self.frs = source.frs;
    }
}

impl Usage {
    pub fn new(world: &World) -> Usage {
        Usage {
            amounts: vec![0; world.nodes.len() * world.frs()],
            frs: world.frs(),
        }
    }

    pub fn of(&self, n: NodeId, fr: Fr) -> i64 {
        self.amounts[n * self.frs + fr]
    }

    /// Per FR, whether any node's usage of it differs from `other`'s (one pass over both).
    pub fn changed_frs(&self, other: &Usage) -> Vec<bool> {
        let mut changed = vec![false; self.frs];
        for (a, b) in self
            .amounts
            .chunks(self.frs)
            .zip(other.amounts.chunks(other.frs))
        {
            for ((c, x), y) in changed.iter_mut().zip(a).zip(b) {
                *c |= x != y;
            }
        }
        changed
    }

    fn set(&mut self, n: NodeId, fr: Fr, value: i64) {
        self.amounts[n * self.frs + fr] = value;
    }
}

/// What a node never lends: its subtree quota above its lending limit; 0 without one.
pub fn local_quota(node: &Node, fr: Fr) -> i64 {
    node.lending_limit[fr].map_or(0, |ll| (node.subtree_quota[fr].saturating_sub(ll)).max(0))
}

/// Guaranteed quota this node has left that its parent never sees.
pub fn local_available(world: &World, u: &Usage, n: NodeId, fr: Fr) -> i64 {
    (local_quota(&world.nodes[n], fr) - u.of(n, fr)).max(0)
}

/// What this node can still take: what it keeps locally plus what its parent has, capped by
/// its borrowing limit. Negative when the tree is over-admitted.
pub fn available(world: &World, u: &Usage, n: NodeId, fr: Fr) -> i64 {
    let node = &world.nodes[n];
    let Some(parent) = node.parent else {
        return node.subtree_quota[fr].saturating_sub(u.of(n, fr));
    };
    let mut from_parent = available(world, u, parent, fr);
    if let Some(bl) = node.borrowing_limit[fr] {
        let lq = local_quota(node, fr);
        let stored_in_parent = node.subtree_quota[fr].saturating_sub(lq);
        let used_in_parent = (u.of(n, fr) - lq).max(0);
        from_parent = from_parent.min(
            stored_in_parent
                .saturating_sub(used_in_parent)
                .saturating_add(bl),
        );
    }
    local_available(world, u, n, fr).saturating_add(from_parent)
}

/// A ClusterQueue's available amount, never below 0 (Kueue's `Available`).
pub fn cq_available(world: &World, u: &Usage, n: NodeId, fr: Fr) -> i64 {
    available(world, u, n, fr).max(0)
}

/// The most a node could ever get with nothing else running (Kueue's `potentialAvailable`);
/// it depends on quotas only, so the world computes it once per ClusterQueue.
pub fn potential_available(nodes: &[Node], n: NodeId, fr: Fr) -> i64 {
    let node = &nodes[n];
    let Some(parent) = node.parent else {
        return node.subtree_quota[fr];
    };
    let mut avail = local_quota(node, fr).saturating_add(potential_available(nodes, parent, fr));
    if let Some(bl) = node.borrowing_limit[fr] {
        avail = avail.min(node.subtree_quota[fr].saturating_add(bl));
    }
    avail
}

/// Adds usage at a node; the part beyond its local free quota goes up to its parent.
pub fn add(world: &World, u: &mut Usage, n: NodeId, fr: Fr, value: i64) {
    let local = local_available(world, u, n, fr);
    u.set(n, fr, u.of(n, fr).saturating_add(value));
    if let Some(parent) = world.nodes[n].parent {
        if value > local {
            add(world, u, parent, fr, value - local);
        }
    }
}

/// Removes usage at a node, and the part of it that was stored in its parent.
pub fn remove(world: &World, u: &mut Usage, n: NodeId, fr: Fr, value: i64) {
    let stored_in_parent = u.of(n, fr) - local_quota(&world.nodes[n], fr);
    u.set(n, fr, u.of(n, fr).saturating_sub(value));
    if stored_in_parent <= 0 {
        return;
    }
    if let Some(parent) = world.nodes[n].parent {
        remove(world, u, parent, fr, value.min(stored_in_parent));
    }
}

/// Adds (or, with `sign` -1, removes) a workload's usage at its ClusterQueue.
pub fn apply(world: &World, u: &mut Usage, n: NodeId, usage: &[(Fr, i64)], adding: bool) {
    for &(fr, v) in usage {
        if adding {
            add(world, u, n, fr, v);
        } else {
            remove(world, u, n, fr, v);
        }
    }
}

/// Whether the node would be above its quota with `extra` more (Kueue's `BorrowingWith`).
pub fn borrowing_with(world: &World, u: &Usage, n: NodeId, fr: Fr, extra: i64) -> bool {
    world.nodes[n].subtree_quota[fr] < u.of(n, fr).saturating_add(extra)
}

/// Whether the node is within its quota on every FR of `frs` (Kueue's
/// `IsWithinNominalInResources`).
pub fn within_nominal(world: &World, u: &Usage, n: NodeId, frs: &[Fr]) -> bool {
    frs.iter()
        .all(|&fr| u.of(n, fr) <= world.nodes[n].subtree_quota[fr])
}

/// Whether the requests fit the node's quota, and what remains beyond its local free quota for
/// its parent to hold (Kueue's `QuantitiesFitInQuota`).
pub fn fits_in_quota(
    world: &World,
    u: &Usage,
    n: NodeId,
    requests: &[(Fr, i64)],
) -> (bool, Vec<(Fr, i64)>) {
    let mut fits = true;
    let remaining = requests
        .iter()
        .map(|&(fr, v)| {
            if world.nodes[n].subtree_quota[fr] < u.of(n, fr).saturating_add(v) {
                fits = false;
            }
            (fr, (v - local_available(world, u, n, fr)).max(0))
        })
        .collect();
    (fits, remaining)
}

/// The height of the lowest subtree holding the ClusterQueue that still fits `value` more of an
/// FR, 0 when its own nominal quota does, and whether that subtree is below the root (Kueue's
/// `FindHeightOfLowestSubtreeThatFits`: the borrowing level).
pub fn lowest_fitting_subtree(
    world: &World,
    u: &Usage,
    cq_node: NodeId,
    fr: Fr,
    value: i64,
) -> (usize, bool) {
    let has_parent = world.nodes[cq_node].parent.is_some();
    if !borrowing_with(world, u, cq_node, fr, value) || !has_parent {
        return (0, has_parent);
    }
    let mut remaining = value - local_available(world, u, cq_node, fr);
    let mut node = world.nodes[cq_node].parent;
    while let Some(n) = node {
        if !borrowing_with(world, u, n, fr, remaining) {
            return (world.nodes[n].height, world.nodes[n].parent.is_some());
        }
        remaining -= local_available(world, u, n, fr);
        node = world.nodes[n].parent;
    }
    (world.nodes[world.root_of(cq_node)].height, false)
}

/// The node's ancestors, parent first.
pub fn ancestors(world: &World, n: NodeId) -> impl Iterator<Item = NodeId> + '_ {
    std::iter::successors(world.nodes[n].parent, move |&a| world.nodes[a].parent)
}
