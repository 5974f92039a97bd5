//! Flavor assignment (docs/KUEUE.md, "Flavors"; Kueue's `flavorassigner`): for each pod set
//! and each resource group its requests touch, the group's flavors are tried in the queue's
//! order, from where the last scan stopped; each gets a mode (no fit, preemption without
//! candidates, preemption, reclaim, fit) and a borrowing level; the scan stops at the first
//! flavor the fungibility policy accepts, else takes the best one seen.

use super::eligible::Match;
use super::preempt::{self, Preemptor, Search, Target};
use super::snapshot::Snapshot;
use super::tree;
use super::world::{FlavorId, Fr, JobId, ResourceId};
use crate::result::Reason;
use crate::scenario::kueue::{FungibilityPreference, WhenCanBorrow, WhenCanPreempt};

/// How an assignment can be admitted, worst first (Kueue's `FlavorAssignmentMode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mode {
    NoFit,
    Preempt,
    /// It fits only once another entry's preemptions of this cycle complete.
    DeferredFit,
    Fit,
}

/// The finer mode the scan ranks flavors by, worst first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Possibility {
    NoFit,
    NoCandidates,
    Preempt,
    Reclaim,
    Fit,
}

impl Possibility {
    fn mode(self) -> Mode {
        match self {
            Possibility::NoFit => Mode::NoFit,
            Possibility::Fit => Mode::Fit,
            _ => Mode::Preempt,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Granular {
    possibility: Possibility,
    level: usize,
}

impl Granular {
    const BEST: Granular = Granular {
        possibility: Possibility::Fit,
        level: 0,
    };
}

/// Why a flavor did not simply fit, in Kueue's words once rendered (`words`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Why {
    UntoleratedTaint {
        flavor: FlavorId,
        taint: u8,
    },
    Affinity {
        flavor: FlavorId,
    },
    Unavailable {
        resource: ResourceId,
    },
    ExceedsMax {
        flavor: FlavorId,
        resource: ResourceId,
        previous: i64,
        request: i64,
        max: i64,
    },
    Insufficient {
        flavor: FlavorId,
        resource: ResourceId,
        more: i64,
    },
}

/// One resource's flavor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pick {
    pub resource: ResourceId,
    pub flavor: FlavorId,
    pub mode: Mode,
    pub borrow: usize,
    /// Where the scan stopped, for the next scan to resume after it (-1: start over).
    pub tried: i32,
}

/// A pod set's flavors and why any did not fit.
#[derive(Debug, Clone, Default)]
pub struct PodSetPick {
    pub picks: Vec<Pick>,
    /// Empty when every flavor fits.
    pub whys: Vec<Why>,
    pub failed: bool,
}

#[derive(Debug, Clone)]
pub struct Assignment {
    pub pod_sets: Vec<PodSetPick>,
    /// The highest borrowing level of its flavors (0: within nominal quota).
    pub borrowing: usize,
    /// Its usage per FR.
    pub usage: Vec<(Fr, i64)>,
    /// A mode set after the fact (the deferred fit).
    pub forced: Option<Mode>,
    /// Why it does not fit at all, by Kueue's severity.
    pub no_fit: Option<Reason>,
    /// The preemption searches the scan ran, with what they found.
    pub searched: Vec<Searched>,
}

/// One preemption search of the flavor scan: the workloads that would make room for `value` of
/// one FR. The search the preemptor needs afterwards is the same one when its assignment
/// needs exactly that FR and amount, against the same snapshot, so it is not run twice
/// (docs/PERFORMANCE.md, "Under Kueue's rules").
#[derive(Debug, Clone)]
pub struct Searched {
    pub fr: Fr,
    pub value: i64,
    pub targets: Vec<Target>,
}

impl Assignment {
    /// The worst mode of its flavors (Kueue's `RepresentativeMode`).
    pub fn mode(&self) -> Mode {
        if let Some(m) = self.forced {
            return m;
        }
        if self.pod_sets.is_empty() {
            return Mode::NoFit;
        }
        self.pod_sets
            .iter()
            .map(|ps| {
                if ps.failed {
                    Mode::NoFit
                } else if ps.whys.is_empty() {
                    Mode::Fit
                } else {
                    ps.picks.iter().map(|p| p.mode).min().unwrap_or(Mode::NoFit)
                }
            })
            .min()
            .unwrap_or(Mode::NoFit)
    }

    /// The FRs whose flavor needs preemption.
    pub fn frs_needing_preemption(&self, world: &super::world::World) -> Vec<Fr> {
        let mut frs: Vec<Fr> = self
            .pod_sets
            .iter()
            .flat_map(|ps| &ps.picks)
            .filter(|p| p.mode == Mode::Preempt)
            .map(|p| world.fr(p.flavor, p.resource))
            .collect();
        frs.sort_unstable();
        frs.dedup();
        frs
    }

    /// The targets of the scan's search that is the preemptor's own: when preemption is needed
    /// on one FR, and the assignment uses that FR alone, in the amount the scan searched for.
    pub fn searched_for(&self, frs: &[Fr]) -> Option<&[Target]> {
        let ([fr], [(used, value)]) = (frs, self.usage.as_slice()) else {
            return None;
        };
        if used != fr {
            return None;
        }
        self.searched
            .iter()
            .find(|s| s.fr == *fr && s.value == *value)
            .map(|s| s.targets.as_slice())
    }

    /// Whether the scan stopped before the last flavor somewhere (Kueue's `PendingFlavors`).
    pub fn pending_flavors(&self) -> bool {
        self.pod_sets
            .iter()
            .flat_map(|ps| &ps.picks)
            .any(|p| p.tried != -1)
    }

    /// The flavor each pod set took per resource.
    pub fn flavors(&self) -> Vec<Vec<(ResourceId, FlavorId)>> {
        self.pod_sets
            .iter()
            .map(|ps| ps.picks.iter().map(|p| (p.resource, p.flavor)).collect())
            .collect()
    }
}

/// Where the last scan of each pod set and resource stopped.
pub type ScanProgress = Vec<Vec<(ResourceId, i32)>>;

/// What the assigner needs besides the snapshot.
pub struct Request<'p> {
    pub job: JobId,
    pub priority: i32,
    pub progress: Option<&'p ScanProgress>,
    /// Flavors pinned by an earlier nomination in the cycle (the recompute after overlapping
    /// targets keeps them).
    pub pinned: Option<&'p [Vec<(ResourceId, FlavorId)>]>,
    pub fair_sharing: bool,
}

/// Assigns flavors to every pod set of the job (Kueue's `assignFlavors`).
pub fn assign(snap: &mut Snapshot, request: &Request) -> Assignment {
    let world = snap.world;
    let job = &world.jobs[request.job];
    let mut a = Assignment {
        pod_sets: Vec::with_capacity(job.pod_sets.len()),
        borrowing: 0,
        usage: Vec::new(),
        forced: None,
        no_fit: None,
        searched: Vec::new(),
    };
    for p in 0..job.pod_sets.len() {
        let pick = pod_set(snap, request, p, &a.usage, &mut a.searched);
        for pk in &pick.picks {
            a.borrowing = a.borrowing.max(pk.borrow);
        }
        let failed = pick.failed;
        let ps = &job.pod_sets[p];
        for pk in &pick.picks {
            if let Some(&(_, v)) = ps.total.iter().find(|(r, _)| *r == pk.resource) {
                add_to(&mut a.usage, world.fr(pk.flavor, pk.resource), v);
            }
        }
        a.pod_sets.push(pick);
        if failed {
            break;
        }
    }
    if a.mode() == Mode::NoFit {
        a.no_fit = Some(no_fit_reason(&a));
    }
    a
}

fn add_to(usage: &mut Vec<(Fr, i64)>, fr: Fr, v: i64) {
    match usage.iter_mut().find(|(f, _)| *f == fr) {
        Some((_, total)) => *total = total.saturating_add(v),
        None => usage.push((fr, v)),
    }
}

/// One pod set: each resource group its requests touch, once.
fn pod_set(
    snap: &mut Snapshot,
    request: &Request,
    p: usize,
    assumed: &[(Fr, i64)],
    searched: &mut Vec<Searched>,
) -> PodSetPick {
    let world = snap.world;
    let job = &world.jobs[request.job];
    let queue = &world.queues[job.cq];
    let ps = &job.pod_sets[p];
    let mut out = PodSetPick::default();
    for (i, &(resource, quantity)) in ps.total.iter().enumerate() {
        let Some(g) = queue.group_of[resource] else {
            if quantity == 0 {
                continue;
            }
            out.whys.push(Why::Unavailable { resource });
            out.failed = true;
            out.picks.clear();
            return out;
        };
        // Each group once, at its first resource.
        if ps.total[..i]
            .iter()
            .any(|&(r, _)| queue.group_of[r] == Some(g))
        {
            continue;
        }
        if !scan_group(snap, request, p, g, assumed, searched, &mut out) {
            out.failed = true;
            out.picks.clear();
            return out;
        }
    }
    out
}

/// The flavor scan of one resource group for one pod set (Kueue's `findFlavorForPodSets`).
/// Adds the picks to `out` and the reasons, which are dropped when the chosen flavor fits;
/// false when nothing fits. Nominations run about a dozen times per job, so the scan keeps its
/// lists in `out` and two buffers rather than a list per flavor tried.
fn scan_group(
    snap: &mut Snapshot,
    request: &Request,
    p: usize,
    g: usize,
    assumed: &[(Fr, i64)],
    searched: &mut Vec<Searched>,
    out: &mut PodSetPick,
) -> bool {
    let world = snap.world;
    let job = &world.jobs[request.job];
    let queue = &world.queues[job.cq];
    let group = &queue.groups[g];
    let ps = &job.pod_sets[p];
    let requests = || {
        ps.total
            .iter()
            .copied()
            .filter(|(r, _)| group.resources.contains(r))
    };
    let first = requests().next().map(|(r, _)| r);
    let start = request
        .progress
        .and_then(|prog| prog.get(p))
        .and_then(|per| per.iter().find(|(r, _)| Some(*r) == first))
        .map_or(0, |&(_, tried)| (tried + 1).max(0) as usize);
    let fungibility = &queue.fungibility;
    let whys_from = out.whys.len();
    let mut best: Option<Granular> = None;
    let mut best_picks: Vec<Pick> = Vec::new();
    let mut picks: Vec<Pick> = Vec::new();
    let mut attempted: i32 = -1;
    for idx in start..group.flavors.len() {
        attempted = idx as i32;
        let flavor = group.flavors[idx];
        if let Some(pinned) = request.pinned {
            let nominated = pinned
                .get(p)
                .is_some_and(|m| m.iter().any(|&(r, f)| Some(r) == first && f == flavor));
            if !nominated {
                continue;
            }
        }
        match ps.eligible[flavor] {
            Match::Yes => {}
            Match::UntoleratedTaint(taint) => {
                out.whys.push(Why::UntoleratedTaint { flavor, taint });
                continue;
            }
            Match::Affinity => {
                out.whys.push(Why::Affinity { flavor });
                continue;
            }
        }
        let mut representative = Granular::BEST;
        picks.clear();
        for (resource, value) in requests() {
            let fr = world.fr(flavor, resource);
            let before = assumed
                .iter()
                .find(|(f, _)| *f == fr)
                .map_or(0, |&(_, v)| v);
            let (possibility, borrow, why) = fits_quota(snap, request, fr, before, value, searched);
            out.whys.extend(why);
            let mode = Granular {
                possibility,
                level: borrow,
            };
            if preferred(&representative, &mode, fungibility) {
                representative = mode;
            }
            // Kueue goes on to the group's other resources (their reasons count), but a flavor
            // one of them cannot use is not taken.
            if representative.possibility == Possibility::NoFit {
                continue;
            }
            picks.push(Pick {
                resource,
                flavor,
                mode: possibility.mode(),
                borrow,
                tried: 0,
            });
        }
        if !try_next(&representative, fungibility) {
            best = Some(representative);
            std::mem::swap(&mut best_picks, &mut picks);
            break;
        }
        if best.is_none_or(|b| preferred(&representative, &b, fungibility)) {
            best = Some(representative);
            std::mem::swap(&mut best_picks, &mut picks);
        }
    }
    let Some(mode) = best.filter(|m| m.possibility != Possibility::NoFit) else {
        return false;
    };
    let tried = if attempted == group.flavors.len() as i32 - 1 {
        -1
    } else {
        attempted
    };
    out.picks
        .extend(best_picks.into_iter().map(|pick| Pick { tried, ..pick }));
    if mode.possibility == Possibility::Fit {
        out.whys.truncate(whys_from);
    }
    true
}

/// Kueue's `fitsResourceQuota`: whether `value` more of an FR (after `before` of earlier pod
/// sets) fits, needs preemption, or cannot fit.
fn fits_quota(
    snap: &mut Snapshot,
    request: &Request,
    fr: Fr,
    before: i64,
    value: i64,
    searched: &mut Vec<Searched>,
) -> (Possibility, usize, Option<Why>) {
    let world = snap.world;
    let job = &world.jobs[request.job];
    let queue = &world.queues[job.cq];
    let (flavor, resource) = world.fr_parts(fr);
    let available = snap.available(job.cq, fr);
    let max = queue.potential[fr];
    let val = before.saturating_add(value);
    if val > max {
        let why = Why::ExceedsMax {
            flavor,
            resource,
            previous: before,
            request: value,
            max,
        };
        return (Possibility::NoFit, 0, Some(why));
    }
    let (borrow, may_reclaim) =
        tree::lowest_fitting_subtree(world, &snap.usage, queue.node, fr, val);
    if val <= available {
        return (Possibility::Fit, borrow, None);
    }
    let why = Why::Insufficient {
        flavor,
        resource,
        more: val - available,
    };
    let nominal = world.nodes[queue.node].nominal[fr];
    if nominal >= val
        || may_reclaim
        || can_preempt_while_borrowing(world, job.cq, request.fair_sharing)
    {
        let (possibility, borrow, targets) = simulate_preemption(snap, request, fr, val);
        searched.push(Searched {
            fr,
            value: val,
            targets,
        });
        return (possibility, borrow, Some(why));
    }
    (Possibility::NoFit, borrow, Some(why))
}

fn can_preempt_while_borrowing(world: &super::world::World, cq: usize, fair_sharing: bool) -> bool {
    use crate::scenario::kueue::{BorrowWithinCohortPolicy, ReclaimPolicy};
    let p = world.queues[cq].policies;
    p.borrow_within != BorrowWithinCohortPolicy::Never
        || (fair_sharing && p.reclaim != ReclaimPolicy::Never)
}

/// Kueue's preemption oracle: whether preemption of one FR could make room, the borrowing
/// level after it, and the workloads it would evict.
fn simulate_preemption(
    snap: &mut Snapshot,
    request: &Request,
    fr: Fr,
    value: i64,
) -> (Possibility, usize, Vec<Target>) {
    let world = snap.world;
    let job = &world.jobs[request.job];
    let node = world.queues[job.cq].node;
    let fair = world.fair_sharing.clone();
    let mut search = Search {
        snap,
        preemptor: Preemptor {
            cq: job.cq,
            priority: request.priority,
            created: job.submit,
        },
        frs: &[fr],
        usage: &[(fr, value)],
    };
    let targets = preempt::targets(&mut search, fair.as_deref());
    if targets.is_empty() {
        let (borrow, _) = tree::lowest_fitting_subtree(world, &snap.usage, node, fr, value);
        return (Possibility::NoCandidates, borrow, targets);
    }
    for t in &targets {
        snap.remove_workload(t.job);
    }
    let (borrow, _) = tree::lowest_fitting_subtree(world, &snap.usage, node, fr, value);
    for t in &targets {
        snap.restore_workload(t.job);
    }
    let own = targets
        .iter()
        .any(|t| snap.admitted.get(t.job).is_some_and(|h| h.cq == job.cq));
    let possibility = if own {
        Possibility::Preempt
    } else {
        Possibility::Reclaim
    };
    (possibility, borrow, targets)
}

/// Kueue's `isPreferred`: whether `a` beats `b` under the queue's fungibility preference.
fn preferred(
    a: &Granular,
    b: &Granular,
    fungibility: &crate::scenario::kueue::FlavorFungibility,
) -> bool {
    if a.possibility == Possibility::NoFit {
        return false;
    }
    if b.possibility == Possibility::NoFit {
        return true;
    }
    let a_none = a.possibility == Possibility::NoCandidates;
    let b_none = b.possibility == Possibility::NoCandidates;
    if a_none != b_none {
        return !a_none;
    }
    let by_mode = || {
        if a.possibility != b.possibility {
            a.possibility > b.possibility
        } else {
            a.level < b.level
        }
    };
    match fungibility.preference {
        Some(FungibilityPreference::PreemptionOverBorrowing) => {
            if a.level != b.level {
                a.level < b.level
            } else {
                a.possibility > b.possibility
            }
        }
        _ => by_mode(),
    }
}

/// Kueue's `shouldTryNextFlavor`.
fn try_next(mode: &Granular, fungibility: &crate::scenario::kueue::FlavorFungibility) -> bool {
    matches!(
        mode.possibility,
        Possibility::NoFit | Possibility::NoCandidates
    ) || (matches!(
        mode.possibility,
        Possibility::Preempt | Possibility::Reclaim
    ) && fungibility.when_can_preempt == WhenCanPreempt::TryNextFlavor)
        || (mode.level > 0 && fungibility.when_can_borrow == WhenCanBorrow::TryNextFlavor)
}

/// The reason of an assignment that does not fit, by Kueue's severity: across pod sets the most
/// severe; within the failed group the least severe of its flavors.
fn no_fit_reason(a: &Assignment) -> Reason {
    let severity = |w: &Why| match w {
        Why::UntoleratedTaint { .. } | Why::Affinity { .. } | Why::Unavailable { .. } => 3,
        Why::ExceedsMax { .. } => 2,
        Why::Insufficient { .. } => 1,
    };
    let worst = a
        .pod_sets
        .iter()
        .filter(|ps| ps.failed || !ps.whys.is_empty())
        .map(|ps| {
            if ps.whys.is_empty() {
                3
            } else {
                ps.whys.iter().map(severity).min().unwrap_or(3)
            }
        })
        .max()
        .unwrap_or(1);
    match worst {
        3 => Reason::NoMatchingFlavor,
        2 => Reason::ExceedsMaxQuota,
        _ => Reason::InsufficientQuota,
    }
}
