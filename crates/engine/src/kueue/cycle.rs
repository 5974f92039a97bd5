//! One scheduling cycle (docs/KUEUE.md, "The scheduling cycle"; Kueue's `schedule` and
//! `processEntry`): take one head per ClusterQueue, assign flavors and preemption targets to
//! each against one snapshot, order the entries, then process them one by one against the
//! snapshot as earlier entries change it; finally apply the decisions: admissions, the
//! requeue of every head not admitted, and the evictions the preemptors issued, whose quota is
//! free for the next cycle.

use super::assign::{self, Assignment, Mode, Request, ScanProgress};
use super::lifecycle::Admission;
use super::order;
use super::preempt::{self, Preemptor, Search, Target};
use super::run::{LastScan, Run};
use super::snapshot::Snapshot;
use super::waiting::Message;
use super::world::{CqId, Fr, JobId};
use crate::result::Reason;
use rustc_hash::FxHashSet;

/// A head with its assignment.
pub struct Entry {
    pub cq: CqId,
    pub job: JobId,
    pub priority: i32,
    pub assignment: Assignment,
    pub targets: Vec<Target>,
}

/// What processing decided for an entry.
enum Outcome {
    Admit,
    Preempting(Vec<Target>),
    /// No flavor fits; Kueue's requeue reason NoFit.
    NoFit,
    /// Preemption is needed but nothing can be preempted.
    NoCandidates,
    /// It fitted at nomination but no longer after earlier entries.
    Skipped,
    /// It fits once this cycle's other preemptions complete.
    Deferred,
    /// It would evict a victim it already evicted at this instant (`thrashing`).
    Thrashing {
        victim: JobId,
    },
}

impl Run<'_> {
    /// Runs one cycle; false when it changed nothing (the instant is done).
    pub fn cycle(&mut self) -> bool {
        self.cycle += 1;
        let heads = self.heads();
        if heads.is_empty() {
            return false;
        }
        let world = self.world;
        let fair = world.fair_sharing.clone();
        let mut snap = Snapshot::new(world, &self.usage, &self.admitted);
        let mut entries: Vec<Entry> = heads
            .iter()
            .map(|&(cq, job)| nominate(&mut snap, self, cq, job, None))
            .collect();
        let mut sequence = order::Sequence::new(self, &entries, fair.is_some());
        let mut preempted: FxHashSet<JobId> = FxHashSet::default();
        let mut outcomes: Vec<Option<Outcome>> = (0..entries.len()).map(|_| None).collect();
        while let Some(i) = sequence.next(&snap, &entries) {
            let outcome = process(&mut snap, self, &mut entries[i], &mut preempted);
            outcomes[i] = Some(outcome);
        }
        drop(snap);
        self.apply_cycle(entries, outcomes)
    }

    /// One head per ClusterQueue that admits (Kueue's `Heads`).
    fn heads(&mut self) -> Vec<(CqId, JobId)> {
        let mut heads = Vec::new();
        for cq in 0..self.world.queues.len() {
            if self.world.queues[cq].stop != crate::scenario::kueue::StopPolicy::None {
                continue;
            }
            if !self.pending.of[cq].has_active() {
                continue;
            }
            if let Some(j) = self.pending.of[cq].take_head() {
                heads.push((cq, j));
            }
        }
        heads
    }

    /// The scan progress a job may resume from (Kueue's `lastAssignmentOutdated`): kept from
    /// this cycle or the one before, else only while its queue let go of no quota since.
    fn resumable(&self, j: JobId) -> Option<&ScanProgress> {
        let last = self.jobs[j].last_scan.as_ref()?;
        let cq = self.world.jobs[j].cq;
        let recent = self.cycle - last.cycle <= 1;
        (recent || self.generation[cq] <= last.generation).then_some(&last.progress)
    }

    fn apply_cycle(&mut self, entries: Vec<Entry>, outcomes: Vec<Option<Outcome>>) -> bool {
        let mut changed = false;
        let mut evictions: Vec<(Target, JobId)> = Vec::new();
        for (entry, outcome) in entries.into_iter().zip(outcomes) {
            let outcome = outcome.unwrap_or(Outcome::Skipped);
            changed |= self.settle(entry, outcome, &mut evictions);
        }
        for (target, by) in evictions {
            changed = true;
            self.evicted_now.insert((by, target.job));
            self.evict(target.job, target.reason, by);
        }
        changed
    }

    /// Applies one entry's outcome; whether it changed the state.
    fn settle(
        &mut self,
        entry: Entry,
        outcome: Outcome,
        evictions: &mut Vec<(Target, JobId)>,
    ) -> bool {
        let j = entry.job;
        let cq = entry.cq;
        let class = (cq, self.jobs[j].class);
        match outcome {
            Outcome::Admit => {
                let admission = self.admission_of(&entry);
                self.admit(j, admission);
                true
            }
            Outcome::Preempting(targets) => {
                let message = Message::PendingPreemption {
                    victims: targets.len() as u32,
                };
                self.waiting
                    .set(class, self.now, Reason::PendingPreemption, j, message);
                self.jobs[j].last_scan = None;
                if !self.pending.of[cq].strict_fifo {
                    self.pending.of[cq].make_sticky(j, self.jobs[j].class);
                }
                evictions.extend(targets.into_iter().map(|t| (t, j)));
                true
            }
            Outcome::Thrashing { victim } => {
                self.thrashing.seen(self.world, self.now, j, victim);
                let message = Message::PendingPreemption {
                    victims: entry.targets.len() as u32,
                };
                self.waiting
                    .set(class, self.now, Reason::PendingPreemption, j, message);
                self.jobs[j].last_scan = None;
                false
            }
            Outcome::Deferred => {
                self.waiting.set(
                    class,
                    self.now,
                    Reason::PendingPreemption,
                    j,
                    Message::Deferred,
                );
                self.jobs[j].last_scan = None;
                true
            }
            Outcome::Skipped => {
                self.waiting.set(
                    class,
                    self.now,
                    Reason::InsufficientQuota,
                    j,
                    Message::NoLongerFits,
                );
                self.remember_scan(j, &entry.assignment);
                false
            }
            Outcome::NoFit | Outcome::NoCandidates => {
                let reason = entry.assignment.no_fit.unwrap_or(Reason::InsufficientQuota);
                let message = self.message_of(&entry.assignment);
                self.waiting.set(class, self.now, reason, j, message);
                let progressed = self.remember_scan(j, &entry.assignment);
                let stays =
                    self.pending.of[cq].stays_active(false, entry.assignment.pending_flavors());
                if !stays {
                    self.pending.of[cq].set_aside(self.jobs[j].class);
                    return true;
                }
                progressed
            }
        }
    }

    /// Keeps where the scan stopped; whether it moved.
    fn remember_scan(&mut self, j: JobId, a: &Assignment) -> bool {
        let same = self.jobs[j].last_scan.as_ref().is_some_and(|l| {
            l.progress.len() == a.pod_sets.len()
                && l.progress
                    .iter()
                    .zip(&a.pod_sets)
                    .all(|(kept, ps)| kept.iter().copied().eq(stopped_at(ps)))
        });
        let moved = !same && a.pending_flavors();
        let cq = self.world.jobs[j].cq;
        let (cycle, generation) = (self.cycle, self.generation[cq]);
        match &mut self.jobs[j].last_scan {
            // The same progress again (the common case) needs no new list.
            Some(last) if same => {
                last.cycle = cycle;
                last.generation = generation;
            }
            last => {
                *last = Some(LastScan {
                    progress: a
                        .pod_sets
                        .iter()
                        .map(|ps| stopped_at(ps).collect())
                        .collect(),
                    cycle,
                    generation,
                });
            }
        }
        moved
    }

    fn message_of(&self, a: &Assignment) -> Message {
        let pod_set = a
            .pod_sets
            .iter()
            .position(|ps| ps.failed || !ps.whys.is_empty())
            .unwrap_or(0);
        Message::Flavors {
            pod_set,
            whys: a
                .pod_sets
                .get(pod_set)
                .map(|ps| ps.whys.clone())
                .unwrap_or_default(),
        }
    }

    fn admission_of(&self, entry: &Entry) -> Admission {
        let world = self.world;
        let job = &world.jobs[entry.job];
        let flavors = entry.assignment.flavors();
        let queue = &world.queues[entry.cq];
        let primary_flavor = job
            .primary
            .and_then(|r| flavors.first()?.iter().find(|x| x.0 == r).map(|x| x.1));
        let group = job.primary.and_then(|r| queue.group_of[r]);
        let preference = match (primary_flavor, group) {
            (Some(f), Some(g)) => queue.groups[g]
                .flavors
                .iter()
                .position(|&x| x == f)
                .unwrap_or(0),
            _ => 0,
        };
        let skipped = match group {
            Some(g) => queue.groups[g].flavors[..preference]
                .iter()
                .enumerate()
                .map(|(i, &f)| (i, f, passed_over(world, entry, f)))
                .collect(),
            None => Vec::new(),
        };
        Admission {
            flavors,
            usage: entry.assignment.usage.clone(),
            preference,
            skipped,
            reserved_at: self.now,
        }
    }
}

/// Where a pod set's scan stopped, per resource.
fn stopped_at(ps: &assign::PodSetPick) -> impl Iterator<Item = (usize, i32)> + '_ {
    ps.picks.iter().map(|p| (p.resource, p.tried))
}

/// Why a flavor before the chosen one was passed over.
fn passed_over(world: &super::world::World, entry: &Entry, flavor: usize) -> Reason {
    let ps = &world.jobs[entry.job].pod_sets[0];
    if ps.eligible[flavor] != super::eligible::Match::Yes {
        return Reason::NoMatchingFlavor;
    }
    let exceeds = entry.assignment.pod_sets[0]
        .whys
        .iter()
        .any(|w| matches!(w, assign::Why::ExceedsMax { flavor: f, .. } if *f == flavor));
    if exceeds {
        Reason::ExceedsMaxQuota
    } else {
        Reason::InsufficientQuota
    }
}

/// Kueue's `getAssignments`: flavors, and the targets when they need preemption.
pub fn nominate(
    snap: &mut Snapshot,
    run: &Run,
    cq: CqId,
    job: JobId,
    pinned: Option<&[Vec<(usize, usize)>]>,
) -> Entry {
    let priority = run.jobs[job].priority;
    let fair_sharing = snap.world.fair_sharing.is_some();
    let request = Request {
        job,
        priority,
        progress: if pinned.is_some() {
            None
        } else {
            run.resumable(job)
        },
        pinned,
        fair_sharing,
    };
    let assignment = assign::assign(snap, &request);
    let targets = if assignment.mode() == Mode::Preempt {
        find_targets(snap, run, cq, job, priority, &assignment)
    } else {
        Vec::new()
    };
    Entry {
        cq,
        job,
        priority,
        assignment,
        targets,
    }
}

fn find_targets(
    snap: &mut Snapshot,
    run: &Run,
    cq: CqId,
    job: JobId,
    priority: i32,
    a: &Assignment,
) -> Vec<Target> {
    let world = snap.world;
    let frs = a.frs_needing_preemption(world);
    if let Some(targets) = a.searched_for(&frs) {
        return targets.to_vec();
    }
    let fair = world.fair_sharing.clone();
    let mut search = Search {
        frs: &frs,
        usage: &a.usage,
        snap,
        preemptor: Preemptor {
            cq,
            priority,
            created: run.world.jobs[job].submit,
        },
    };
    preempt::targets(&mut search, fair.as_deref())
}

/// Kueue's `fits`: whether the entry fits with this cycle's victims and its own simulated gone.
fn fits_without(
    snap: &mut Snapshot,
    cq: CqId,
    usage: &[(Fr, i64)],
    preempted: &FxHashSet<JobId>,
    targets: &[Target],
) -> bool {
    let mut gone: Vec<JobId> = preempted.iter().copied().collect();
    gone.extend(targets.iter().map(|t| t.job));
    gone.sort_unstable();
    gone.dedup();
    for &g in &gone {
        snap.remove_workload(g);
    }
    let fits = snap.fits(cq, usage);
    for &g in &gone {
        snap.restore_workload(g);
    }
    fits
}

/// Kueue's `processEntry`.
fn process(
    snap: &mut Snapshot,
    run: &Run,
    entry: &mut Entry,
    preempted: &mut FxHashSet<JobId>,
) -> Outcome {
    let cq = entry.cq;
    let overlap = entry.targets.iter().any(|t| preempted.contains(&t.job));
    // The recompute changes the entry, so it comes first; the plain fit check changes nothing
    // and is made only for the modes that read it (most entries do not fit at all).
    let recomputed = overlap.then(|| recompute(snap, run, entry, preempted));
    let mode = entry.assignment.mode();
    match mode {
        Mode::NoFit => return Outcome::NoFit,
        Mode::Preempt if entry.targets.is_empty() => {
            if !preempt::can_always_reclaim(snap.world, cq) {
                let reserve = reservation(snap, entry);
                snap.add_usage(cq, &reserve);
            }
            return Outcome::NoCandidates;
        }
        Mode::DeferredFit => {
            let usage = entry.assignment.usage.clone();
            snap.add_usage(cq, &usage);
            return Outcome::Deferred;
        }
        _ => {}
    }
    let fits = recomputed.unwrap_or_else(|| {
        fits_without(snap, cq, &entry.assignment.usage, preempted, &entry.targets)
    }) && !entry.targets.iter().any(|t| preempted.contains(&t.job));
    if !fits {
        return Outcome::Skipped;
    }
    let again = entry
        .targets
        .iter()
        .find(|t| run.evicted_now.contains(&(entry.job, t.job)));
    if let Some(t) = again {
        return Outcome::Thrashing { victim: t.job };
    }
    preempted.extend(entry.targets.iter().map(|t| t.job));
    let usage = entry.assignment.usage.clone();
    snap.add_usage(cq, &usage);
    if mode == Mode::Preempt {
        Outcome::Preempting(std::mem::take(&mut entry.targets))
    } else {
        Outcome::Admit
    }
}

/// Kueue's recompute when an entry's targets overlap those already taken this cycle
/// (`RecomputeAssignmentUponPreemptionTargetsOverlap`, on by default): assign again with the
/// other victims gone and the nominated flavors pinned; a fit then waits for those victims.
fn recompute(
    snap: &mut Snapshot,
    run: &Run,
    entry: &mut Entry,
    preempted: &FxHashSet<JobId>,
) -> bool {
    let victims: Vec<JobId> = preempted.iter().copied().collect();
    for &v in &victims {
        snap.remove_workload(v);
    }
    let pinned = entry.assignment.flavors();
    let fresh = nominate(snap, run, entry.cq, entry.job, Some(&pinned));
    for &v in &victims {
        snap.restore_workload(v);
    }
    entry.assignment = fresh.assignment;
    entry.targets = fresh.targets;
    if entry.assignment.mode() == Mode::Fit {
        entry.assignment.forced = Some(Mode::DeferredFit);
    }
    fits_without(
        snap,
        entry.cq,
        &entry.assignment.usage,
        preempted,
        &entry.targets,
    )
}

/// What an entry that needs preemption but has no candidates holds back for the rest of the
/// cycle (Kueue's `quotaResourcesToReserve`): up to its nominal quota, or while borrowing up to
/// its borrowing limit.
fn reservation(snap: &Snapshot, entry: &Entry) -> Vec<(Fr, i64)> {
    let world = snap.world;
    let node = &world.nodes[world.queues[entry.cq].node];
    let n = world.queues[entry.cq].node;
    entry
        .assignment
        .usage
        .iter()
        .map(|&(fr, v)| {
            let used = snap.usage.of(n, fr);
            let amount = if entry.assignment.borrowing > 0 {
                // Never below 0: an over-admitted queue holds nothing back.
                match node.borrowing_limit[fr] {
                    None => v,
                    Some(bl) => v.min(node.nominal[fr].saturating_add(bl) - used).max(0),
                }
            } else {
                v.min(node.nominal[fr] - used).max(0)
            };
            (fr, amount)
        })
        .collect()
}
