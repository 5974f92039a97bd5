//! Which ClusterQueue fair-sharing preemption takes its next victim from (Kueue's
//! `TargetClusterQueueOrdering`): from the root down, the child with the highest share among
//! those that still borrow and still have candidates; the preemptor's own queue and the cohorts
//! on its path stay in until they run out. Shares are compared at the almost-least-common
//! ancestors of preemptor and target (docs/KUEUE.md, "Fair sharing").

use crate::kueue::share::{self, Drs};
use crate::kueue::snapshot::Snapshot;
use crate::kueue::tree;
use crate::kueue::world::{CqId, JobId, NodeId};
use rustc_hash::FxHashSet;
use std::cmp::Ordering;
use std::collections::VecDeque;

pub struct TargetQueues {
    preemptor_cq: CqId,
    preemptor_ancestors: FxHashSet<NodeId>,
    /// Candidates per queue, in victim order.
    queued: Vec<VecDeque<JobId>>,
    pruned_cqs: FxHashSet<CqId>,
    pruned_cohorts: FxHashSet<NodeId>,
}

/// Compares two candidates in victim order, for ties between equal shares.
pub type VictimOrder<'f> = &'f dyn Fn(JobId, JobId) -> Ordering;

impl TargetQueues {
    pub fn new(snap: &Snapshot, preemptor_cq: CqId, candidates: &[JobId]) -> TargetQueues {
        let world = snap.world;
        let mut queued = vec![VecDeque::new(); world.queues.len()];
        for &j in candidates {
            let cq = snap.admitted.get(j).expect("candidates are admitted").cq;
            queued[cq].push_back(j);
        }
        TargetQueues {
            preemptor_cq,
            preemptor_ancestors: tree::ancestors(world, world.queues[preemptor_cq].node).collect(),
            queued,
            pruned_cqs: FxHashSet::default(),
            pruned_cohorts: FxHashSet::default(),
        }
    }

    pub fn has_workload(&self, cq: CqId) -> bool {
        !self.queued[cq].is_empty()
    }

    pub fn pop(&mut self, cq: CqId) -> Option<JobId> {
        self.queued[cq].pop_front()
    }

    pub fn drop_queue(&mut self, cq: CqId) {
        self.pruned_cqs.insert(cq);
    }

    /// The next target queue, or none when every one is pruned. A call may only prune nodes;
    /// it is repeated until it yields a queue or the root is pruned.
    pub fn next(&mut self, snap: &Snapshot, order: VictimOrder) -> Option<CqId> {
        let world = snap.world;
        let node = world.queues[self.preemptor_cq].node;
        let Some(_) = world.nodes[node].parent else {
            let cq = self.preemptor_cq;
            return (!self.pruned_cqs.contains(&cq) && self.has_workload(cq)).then_some(cq);
        };
        let root = world.root_of(node);
        while !self.pruned_cohorts.contains(&root) {
            if let Some(cq) = self.next_below(snap, root, order) {
                return Some(cq);
            }
        }
        None
    }

    fn next_below(&mut self, snap: &Snapshot, cohort: NodeId, order: VictimOrder) -> Option<CqId> {
        let world = snap.world;
        let mut best_cq: Option<(CqId, Drs)> = None;
        for &child in &world.nodes[cohort].child_cqs {
            let cq = world.nodes[child].cq.expect("a queue node");
            if self.pruned_cqs.contains(&cq) {
                continue;
            }
            let drs = share::of(world, &snap.usage, child, &[]);
            if (!drs.is_borrowing() && cq != self.preemptor_cq) || !self.has_workload(cq) {
                self.pruned_cqs.insert(cq);
                continue;
            }
            best_cq = match best_cq {
                None => Some((cq, drs)),
                Some((best, best_drs)) => match share::compare(&drs, &best_drs) {
                    Ordering::Greater => Some((cq, drs)),
                    Ordering::Equal if order(self.queued[cq][0], self.queued[best][0]).is_lt() => {
                        Some((cq, drs))
                    }
                    _ => Some((best, best_drs)),
                },
            };
        }
        let mut best_cohort: Option<(NodeId, Drs)> = None;
        for &child in &world.nodes[cohort].child_cohorts {
            if self.pruned_cohorts.contains(&child) {
                continue;
            }
            let drs = share::of(world, &snap.usage, child, &[]);
            if !drs.is_borrowing() && !self.preemptor_ancestors.contains(&child) {
                self.pruned_cohorts.insert(child);
            } else if best_cohort
                .as_ref()
                .is_none_or(|(_, b)| share::compare(&drs, b).is_ge())
            {
                best_cohort = Some((child, drs));
            }
        }
        match (best_cohort, best_cq) {
            (None, None) => {
                self.pruned_cohorts.insert(cohort);
                None
            }
            (Some((c, cd)), Some((_, qd))) if share::compare(&cd, &qd).is_ge() => {
                self.next_below(snap, c, order)
            }
            (Some((c, _)), None) => self.next_below(snap, c, order),
            (_, Some((cq, _))) => Some(cq),
        }
    }

    /// The shares of the preemptor's and the target's almost-least-common ancestors.
    pub fn shares(&self, snap: &Snapshot, target: CqId) -> (Drs, Drs) {
        let (p, t) = self.almost_lcas(snap, target);
        (
            share::of(snap.world, &snap.usage, p, &[]),
            share::of(snap.world, &snap.usage, t, &[]),
        )
    }

    /// The nodes just below the least common ancestor on the preemptor's and the target's side.
    pub fn almost_lcas(&self, snap: &Snapshot, target: CqId) -> (NodeId, NodeId) {
        let world = snap.world;
        let target_node = world.queues[target].node;
        let preemptor_node = world.queues[self.preemptor_cq].node;
        let lca = tree::ancestors(world, target_node)
            .find(|a| self.preemptor_ancestors.contains(a))
            .expect("target queues share the preemptor's tree");
        (
            almost(snap, preemptor_node, lca),
            almost(snap, target_node, lca),
        )
    }
}

/// The node on the path from `n` up whose parent is `lca`.
fn almost(snap: &Snapshot, n: NodeId, lca: NodeId) -> NodeId {
    let mut below = n;
    for a in tree::ancestors(snap.world, n) {
        if a == lca {
            return below;
        }
        below = a;
    }
    below
}
