//! Preemption under fair sharing (docs/KUEUE.md, "Fair sharing"; Kueue's `fairPreemptions`):
//! the candidates are sorted in victim order, the preemptor's usage is added so shares count
//! it, and the first strategy takes victims queue by queue, from the queue with the highest
//! share, while its test passes; the second strategy, if configured, tries one remaining
//! candidate per queue. Own-queue candidates, and every candidate while the preemptor stays
//! within its nominal quota, are taken without a share test.

use super::targets::TargetQueues;
use super::{Policy, Search, Target};
use crate::kueue::share::{self, Drs};
use crate::kueue::snapshot::VictimKey;
use crate::kueue::tree;
use crate::kueue::world::JobId;
use crate::result::StopKind;
use crate::scenario::kueue::FairSharingStrategy;

pub fn targets(search: &mut Search, strategies: &[FairSharingStrategy]) -> Vec<Target> {
    let mut candidates = candidates(search);
    if candidates.is_empty() {
        return Vec::new();
    }
    candidates.sort_by(|&a, &b| search.order(a, b));
    let candidates: Vec<JobId> = candidates.into_iter().map(|k| k.job).collect();
    let cq = search.preemptor.cq;
    let usage = search.usage;
    search.snap.add_usage(cq, usage);
    let first = strategies
        .first()
        .copied()
        .unwrap_or(FairSharingStrategy::LessThanOrEqualToFinalShare);
    let (mut fits, mut taken, retry) = first_strategy(search, &candidates, first);
    if !fits && strategies.len() > 1 {
        (fits, taken) = second_strategy(search, &retry, taken);
    }
    search.snap.remove_usage(cq, usage);
    if !fits {
        search.restore(&taken);
        return Vec::new();
    }
    let kept = search.fill_back(taken, true);
    search.restore(&kept);
    kept
}

/// Kueue's `findCandidates`: own-queue workloads by `withinClusterQueue`; workloads of queues
/// of the whole tree that borrow on an FR needing preemption, by `reclaimWithinCohort`.
fn candidates(search: &Search) -> Vec<VictimKey> {
    let world = search.world();
    let mut out = Vec::new();
    let within = search.policy_within();
    if within != Policy::Never {
        out.extend(
            search
                .snap
                .workloads(search.preemptor.cq)
                .filter(|k| search.is_candidate(within, *k)),
        );
    }
    let node = search.snap.node(search.preemptor.cq);
    let reclaim = search.policy_reclaim();
    if world.nodes[node].parent.is_none() || reclaim == Policy::Never {
        return out;
    }
    let root = world.root_of(node);
    for (cq, queue) in world.queues.iter().enumerate() {
        if cq == search.preemptor.cq || world.root_of(queue.node) != root {
            continue;
        }
        let borrowing = search
            .frs
            .iter()
            .any(|&fr| tree::borrowing_with(world, &search.snap.usage, queue.node, fr, 0));
        if borrowing {
            out.extend(
                search
                    .snap
                    .workloads(cq)
                    .filter(|k| search.is_candidate(reclaim, *k)),
            );
        }
    }
    out
}

/// Whether the preemptor fits once its own usage, added for the shares, is taken out again.
fn fits_now(search: &mut Search) -> bool {
    let cq = search.preemptor.cq;
    let usage = search.usage;
    search.snap.remove_usage(cq, usage);
    let fits = search.fits(true);
    search.snap.add_usage(cq, usage);
    fits
}

fn strategy_passes(strategy: FairSharingStrategy, preemptor: &Drs, old: &Drs, new: &Drs) -> bool {
    match strategy {
        FairSharingStrategy::LessThanOrEqualToFinalShare => share::compare(preemptor, new).is_le(),
        FairSharingStrategy::LessThanInitialShare => share::compare(preemptor, old).is_lt(),
    }
}

fn first_strategy(
    search: &mut Search,
    candidates: &[JobId],
    strategy: FairSharingStrategy,
) -> (bool, Vec<Target>, Vec<JobId>) {
    let mut order = TargetQueues::new(search.snap, search.preemptor.cq, candidates);
    let within_nominal = search.queue_within_nominal();
    let mut taken = Vec::new();
    let mut retry = Vec::new();
    loop {
        let next = {
            let s: &Search = search;
            order.next(s.snap, &|a, b| s.order_jobs(a, b))
        };
        let Some(target_cq) = next else { break };
        if target_cq == search.preemptor.cq || within_nominal {
            let job = order.pop(target_cq).expect("a target queue has candidates");
            search.snap.remove_workload(job);
            let reason = if target_cq == search.preemptor.cq {
                StopKind::InClusterQueue
            } else {
                StopKind::InCohortReclamation
            };
            taken.push(Target { job, reason });
            if fits_now(search) {
                return (true, taken, Vec::new());
            }
            continue;
        }
        let (preemptor_share, target_old) = order.shares(search.snap, target_cq);
        if preemptor_share.is_infinite() && !target_old.is_infinite() {
            while let Some(job) = order.pop(target_cq) {
                retry.push(job);
            }
            continue;
        }
        while let Some(job) = order.pop(target_cq) {
            let target_new = share_after_removal(search, &order, target_cq, job);
            if strategy_passes(strategy, &preemptor_share, &target_old, &target_new) {
                search.snap.remove_workload(job);
                taken.push(Target {
                    job,
                    reason: StopKind::InCohortFairSharing,
                });
                if fits_now(search) {
                    return (true, taken, Vec::new());
                }
                break;
            }
            retry.push(job);
        }
    }
    (false, taken, retry)
}

/// The target's almost-LCA share with the candidate's usage taken out.
fn share_after_removal(
    search: &mut Search,
    order: &TargetQueues,
    target_cq: usize,
    job: JobId,
) -> Drs {
    search.snap.remove_workload(job);
    let (_, target) = order.almost_lcas(search.snap, target_cq);
    let drs = share::of(search.world(), &search.snap.usage, target, &[]);
    search.snap.restore_workload(job);
    drs
}

/// The second strategy, S2-b (`LessThanInitialShare`, docs/KUEUE.md "Fair sharing"): for each
/// target queue in share order, the first remaining candidate, once.
fn second_strategy(
    search: &mut Search,
    retry: &[JobId],
    mut taken: Vec<Target>,
) -> (bool, Vec<Target>) {
    let mut order = TargetQueues::new(search.snap, search.preemptor.cq, retry);
    loop {
        let next = {
            let s: &Search = search;
            order.next(s.snap, &|a, b| s.order_jobs(a, b))
        };
        let Some(target_cq) = next else { break };
        let (preemptor_share, target_old) = order.shares(search.snap, target_cq);
        let job = order.pop(target_cq).expect("a target queue has candidates");
        if share::compare(&preemptor_share, &target_old).is_lt() {
            search.snap.remove_workload(job);
            taken.push(Target {
                job,
                reason: StopKind::InCohortFairSharing,
            });
            if fits_now(search) {
                return (true, taken);
            }
        }
        order.drop_queue(target_cq);
    }
    (false, taken)
}
