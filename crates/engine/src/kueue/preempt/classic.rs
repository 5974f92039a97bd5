//! Classic preemption, fair sharing off (docs/KUEUE.md, "Classic preemption"; Kueue's
//! `classicalPreemptions` and `classical/`): candidates in the preemptor's own queue by
//! `withinClusterQueue`, and in borrowing queues of its cohort tree by `reclaimWithinCohort`,
//! each classified by whether the preemptor has the hierarchical advantage; then one or two runs,
//! with and without borrowing, that take candidates in the published order until the preemptor
//! fits, and fill back what was not needed.

use super::{Policy, Search, Target};
use crate::kueue::snapshot::VictimKey;
use crate::kueue::tree;
use crate::kueue::world::{CqId, JobId, NodeId};
use crate::result::StopKind;

/// How a candidate may be preempted (Kueue's `preemptionVariant`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Variant {
    WithinCq,
    /// The preemptor's request fits the quota of the subtree the candidate borrows from.
    HierarchicalReclaim,
    /// Only if the preemptor will not borrow after admission.
    ReclaimWithoutBorrowing,
    /// Even while the preemptor borrows (`borrowWithinCohort`).
    ReclaimWhileBorrowing,
}

impl Variant {
    fn reason(self) -> StopKind {
        match self {
            Variant::WithinCq => StopKind::InClusterQueue,
            Variant::HierarchicalReclaim | Variant::ReclaimWithoutBorrowing => {
                StopKind::InCohortReclamation
            }
            Variant::ReclaimWhileBorrowing => StopKind::InCohortReclaimWhileBorrowing,
        }
    }
}

struct Candidate {
    key: VictimKey,
    /// The least common ancestor of its queue and the preemptor's.
    lca: Option<NodeId>,
    variant: Variant,
}

pub fn targets(search: &mut Search) -> Vec<Target> {
    let forbidden = search.borrow_within_forbidden();
    let borrowing_only = forbidden && !search.queue_under_nominal();
    let same = same_queue(search);
    let (hierarchy, priority) = cohort_candidates(search, !borrowing_only);
    let none_from_others = hierarchy.is_empty() && priority.is_empty();
    let none_hierarchical = hierarchy.is_empty();
    let mut all: Vec<Candidate> = Vec::with_capacity(same.len() + hierarchy.len() + priority.len());
    for mut list in [hierarchy, priority, same] {
        // Each group is one side (own queue or others), gathered queue by queue in victim
        // order, so the stable sort merges a few sorted runs.
        list.sort_by_key(|c| c.key);
        all.extend(list);
    }
    let runs: &[bool] = if none_from_others || borrowing_only {
        &[true]
    } else if forbidden && none_hierarchical {
        &[false, true]
    } else {
        &[true, false]
    };
    for &borrowing in runs {
        let mut taken: Vec<Target> = Vec::new();
        for c in &all {
            if !valid(search, c, borrowing) {
                continue;
            }
            search.snap.remove_workload(c.key.job);
            taken.push(Target {
                job: c.key.job,
                reason: c.variant.reason(),
            });
            if search.fits(borrowing) {
                let kept = search.fill_back(taken, borrowing);
                search.restore(&kept);
                return kept;
            }
        }
        search.restore(&taken);
    }
    Vec::new()
}

fn same_queue(search: &Search) -> Vec<Candidate> {
    let policy = search.policy_within();
    if policy == Policy::Never {
        return Vec::new();
    }
    search
        .snap
        .workloads(search.preemptor.cq)
        .filter(|k| search.is_candidate(policy, *k))
        .map(|key| Candidate {
            key,
            lca: None,
            variant: Variant::WithinCq,
        })
        .collect()
}

/// Candidates of other queues, walking up from the preemptor's parent (Kueue's
/// `collectCandidatesForHierarchicalReclaim`): hierarchy candidates and priority candidates.
///
/// Without `with_priority` the priority candidates are not gathered: when `borrowWithinCohort`
/// is off and the preemptor's queue is not under nominal, the only run is the one that allows
/// borrowing, in which every priority candidate (each `ReclaimWithoutBorrowing`) is invalid,
/// so gathering them would change nothing and costs the most (docs/PERFORMANCE.md, "Under
/// Kueue's rules").
fn cohort_candidates(search: &Search, with_priority: bool) -> (Vec<Candidate>, Vec<Candidate>) {
    let world = search.world();
    let cq_node = search.snap.node(search.preemptor.cq);
    let mut hierarchy = Vec::new();
    let mut priority = Vec::new();
    if world.nodes[cq_node].parent.is_none() || search.policy_reclaim() == Policy::Never {
        return (hierarchy, priority);
    }
    let (mut advantage, mut remaining) =
        tree::fits_in_quota(world, &search.snap.usage, cq_node, search.usage);
    let mut previous: Option<NodeId> = None;
    for root in tree::ancestors(world, cq_node) {
        if advantage {
            in_subtree(search, root, root, previous, advantage, &mut hierarchy);
        } else if with_priority {
            in_subtree(search, root, root, previous, advantage, &mut priority);
        }
        let (fits, rest) = tree::fits_in_quota(world, &search.snap.usage, root, &remaining);
        remaining = rest;
        advantage = advantage || fits;
        previous = Some(root);
    }
    (hierarchy, priority)
}

/// The over-quota queues and subtrees below `current`, skipping the subtree already searched.
fn in_subtree(
    search: &Search,
    current: NodeId,
    lca: NodeId,
    skip: Option<NodeId>,
    advantage: bool,
    out: &mut Vec<Candidate>,
) {
    let world = search.world();
    let node = &world.nodes[current];
    for &child in &node.child_cohorts {
        if Some(child) == skip || tree::within_nominal(world, &search.snap.usage, child, search.frs)
        {
            continue;
        }
        in_subtree(search, child, lca, skip, advantage, out);
    }
    for &child in &node.child_cqs {
        let cq = world.nodes[child].cq.expect("a queue node");
        if cq == search.preemptor.cq
            || tree::within_nominal(world, &search.snap.usage, child, search.frs)
        {
            continue;
        }
        from_queue(search, cq, lca, advantage, out);
    }
}

fn from_queue(search: &Search, cq: CqId, lca: NodeId, advantage: bool, out: &mut Vec<Candidate>) {
    let policy = search.policy_reclaim();
    out.extend(
        search
            .snap
            .workloads(cq)
            .filter(|k| search.is_candidate(policy, *k))
            .map(|key| Candidate {
                key,
                lca: Some(lca),
                variant: classify(search, key.job, advantage),
            }),
    );
}

/// Kueue's `classifyPreemptionVariant` for a workload of another queue.
fn classify(search: &Search, j: JobId, advantage: bool) -> Variant {
    if advantage {
        return Variant::HierarchicalReclaim;
    }
    if search.borrow_within_forbidden() {
        return Variant::ReclaimWithoutBorrowing;
    }
    let candidate = search
        .snap
        .admitted
        .get(j)
        .expect("candidates are admitted")
        .priority;
    let threshold = search.world().queues[search.preemptor.cq]
        .policies
        .threshold;
    let above = candidate >= search.preemptor.priority || threshold.is_some_and(|t| candidate > t);
    if above {
        Variant::ReclaimWithoutBorrowing
    } else {
        Variant::ReclaimWhileBorrowing
    }
}

/// Kueue's `candidateIsValid`, against the snapshot with the earlier removals applied: a
/// candidate of another queue stops being one once its queue, or a cohort between it and the
/// least common ancestor, is back within its quota.
fn valid(search: &Search, c: &Candidate, borrowing: bool) -> bool {
    let world = search.world();
    let holding = search
        .snap
        .admitted
        .get(c.key.job)
        .expect("candidates are admitted");
    if holding.cq == search.preemptor.cq {
        return true;
    }
    if borrowing && c.variant == Variant::ReclaimWithoutBorrowing {
        return false;
    }
    let node = world.queues[holding.cq].node;
    if tree::within_nominal(world, &search.snap.usage, node, search.frs) {
        return false;
    }
    for a in tree::ancestors(world, node) {
        if Some(a) == c.lca {
            break;
        }
        if tree::within_nominal(world, &search.snap.usage, a, search.frs) {
            return false;
        }
    }
    true
}
