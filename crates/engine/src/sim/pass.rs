//! The scheduling pass of SEMANTICS §4: phase A (owners first, queue order), phase B (borrowers,
//! FIFO order), phase C (preemption, queue order), then A and B again for every pending job, and
//! C again, until nothing changes. Phases A and B are one routine (`phase_start`), given the
//! order to walk in and the rule for starting.
//!
//! A pass must not rescan every pending job. Starting a job only ever tightens its type (the pool
//! fills, the share's usage grows, and the quota invariant's slack can only shrink), so a job
//! that did not fit still does not fit until its type loosens. Phases A and B therefore visit
//! only jobs that are new since the last pass and the (share, pool) queues of loosened types,
//! and leave a queue as soon as its pool is full or its share cannot grow there. Each phase
//! remembers, per queue, the smallest instance count that failed there: later jobs of the queue
//! needing at least as many fail too, so once that count is the queue's smallest, the queue is
//! left whole. Under strict FIFO only each share's first job may start, so only those are
//! visited, and a share's next job joins the walk as soon as its head starts. After phase C
//! only the victims' types have loosened, so "every pending job" of the second round of A and B
//! is the queues of those types plus the victims themselves. The time each pending job waits
//! per reason is kept by `waiting`, which follows the state of every job's first entry without
//! visiting the jobs.

use super::fit::{self, Placement};
use super::job_state::EntryReasons;
use super::order::{fifo_key, queue_key, FifoKey, JobKey, QueueKey};
use super::queues::PendingQueues;
use super::reason::Reason;
use super::world::{JobId, PoolId, ShareId, TypeId};
use super::Sim;
use crate::common::Phase;
use crate::time::Seconds;
use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap};
use std::ops::Bound::{Excluded, Unbounded};

/// What phases A and B may do with a job that fits (SEMANTICS §4): phase A starts it only
/// within its share's own limit, phase B lets it borrow.
#[derive(Clone, Copy, PartialEq)]
enum StartRule {
    WithinOwnLimit,
    MayBorrow,
}

/// The order a phase walks the pending jobs in: its key, the per-(share, pool) queues kept in
/// that order, and the merge buffer kept for it across passes.
trait WalkOrder {
    type Key: JobKey;
    /// Makes the key from a job's priority, submit time and name rank.
    const MAKE_KEY: fn(u32, Seconds, u32) -> Self::Key;
    fn key(sim: &Sim, j: JobId) -> Self::Key {
        Self::MAKE_KEY(
            sim.jobs[j].priority,
            sim.world.submit(j),
            sim.world.name_rank[j],
        )
    }
    fn queue(pending: &PendingQueues, pair: usize) -> &BTreeSet<Self::Key>;
    fn merge(scratch: &mut Scratch) -> &mut Merge<Self::Key>;
}

/// Queue order (phases A and C): priority, then submit time, then name.
struct ByQueue;

/// FIFO order (phase B): submit time, then priority, then name.
struct ByFifo;

impl WalkOrder for ByQueue {
    type Key = QueueKey;
    const MAKE_KEY: fn(u32, Seconds, u32) -> QueueKey = queue_key;
    fn queue(pending: &PendingQueues, pair: usize) -> &BTreeSet<QueueKey> {
        pending.queue(pair)
    }
    fn merge(scratch: &mut Scratch) -> &mut Merge<QueueKey> {
        &mut scratch.by_queue
    }
}

impl WalkOrder for ByFifo {
    type Key = FifoKey;
    const MAKE_KEY: fn(u32, Seconds, u32) -> FifoKey = fifo_key;
    fn queue(pending: &PendingQueues, pair: usize) -> &BTreeSet<FifoKey> {
        pending.fifo(pair)
    }
    fn merge(scratch: &mut Scratch) -> &mut Merge<FifoKey> {
        &mut scratch.by_fifo
    }
}

/// A heap entry's source that is a single job added during the walk (a share's new head under
/// strict FIFO), with nothing after it.
const SINGLE: usize = usize::MAX;

/// Walks several ordered sources at once in key order: (share, pool) queues, a list of jobs,
/// and single jobs added during the walk. A pass runs at every instant, so one merge per key
/// order is kept and refilled (`clear`, fill `pairs` and `list`, `begin`) rather than allocated
/// anew.
struct Merge<K> {
    heap: BinaryHeap<Reverse<(K, usize)>>,
    pairs: Vec<(usize, ShareId, PoolId)>,
    list: Vec<K>,
}

impl<K> Default for Merge<K> {
    fn default() -> Self {
        Merge {
            heap: BinaryHeap::new(),
            pairs: Vec::new(),
            list: Vec::new(),
        }
    }
}

impl<K: Ord + Copy> Merge<K> {
    /// Empties the sources, keeping the buffers.
    fn clear(&mut self) {
        self.heap.clear();
        self.pairs.clear();
        self.list.clear();
    }

    /// Starts the walk once `pairs` and `list` are filled; `first` gives a queue's first key.
    fn begin(&mut self, first: impl Fn(usize) -> Option<K>) {
        self.list.sort_unstable();
        self.list.dedup();
        for (i, &(pair, _, _)) in self.pairs.iter().enumerate() {
            if let Some(k) = first(pair) {
                self.heap.push(Reverse((k, i)));
            }
        }
        if let Some(&k) = self.list.first() {
            self.heap.push(Reverse((k, self.pairs.len())));
        }
    }

    /// Adds one job to the walk in progress, at its place in the order. A job whose place has
    /// already been passed comes next.
    fn add(&mut self, key: K) {
        self.heap.push(Reverse((key, SINGLE)));
    }

    /// The next key in order. A queue for which `keep` says no is dropped whole; the others
    /// advance past the key they gave.
    fn pop(
        &mut self,
        after: impl Fn(usize, K) -> Option<K>,
        keep: impl Fn(ShareId, PoolId, K) -> bool,
    ) -> Option<K> {
        loop {
            let Reverse((key, source)) = self.heap.pop()?;
            if source == SINGLE {
                return Some(key);
            }
            if source < self.pairs.len() {
                let (pair, s, pool) = self.pairs[source];
                if !keep(s, pool, key) {
                    continue;
                }
                if let Some(next) = after(pair, key) {
                    self.heap.push(Reverse((next, source)));
                }
                return Some(key);
            }
            let at = self.list.partition_point(|k| *k <= key);
            if let Some(&next) = self.list.get(at) {
                self.heap.push(Reverse((next, source)));
            }
            return Some(key);
        }
    }
}

/// The first key of an ordered queue after `k`.
fn after<K: Ord + Copy>(queue: &BTreeSet<K>, k: K) -> Option<K> {
    queue.range((Excluded(k), Unbounded)).next().copied()
}

/// What one round of phase C did: whether anything changed, the jobs it preempted, and the jobs
/// it passed over because they already fit without preempting (SEMANTICS §4).
#[derive(Default)]
struct PreemptionRound {
    changed: bool,
    preempted: Vec<JobId>,
    fit_already: Vec<JobId>,
}

impl Sim<'_> {
    pub(super) fn pass(&mut self) {
        let mut dirty = std::mem::take(&mut self.scratch.dirty);
        dirty.clear();
        self.take_loosened(&mut dirty);
        // Jobs made fresh during this pass go to the spare buffer, for the next pass.
        let spare = std::mem::take(&mut self.scratch.fresh);
        let mut fresh = std::mem::replace(&mut self.fresh, spare);
        fresh.retain(|&j| self.jobs[j].phase == Phase::Pending);
        if self.pending.len > 0 {
            self.phases(&dirty, &fresh);
        }
        fresh.clear();
        self.scratch.fresh = fresh;
        self.scratch.dirty = dirty;
        self.audit_pass();
    }

    /// Moves the loosened types into `types` and forgets them.
    fn take_loosened(&mut self, types: &mut Vec<TypeId>) {
        types.extend((0..self.loosened.len()).filter(|&t| self.loosened[t]));
        self.loosened.fill(false);
    }

    /// Phases A and B, then C, then A and B again and C again until C changes nothing.
    pub(super) fn phases(&mut self, dirty: &[TypeId], fresh: &[JobId]) {
        self.phase_start::<ByQueue>(StartRule::WithinOwnLimit, dirty, fresh);
        self.phase_start::<ByFifo>(StartRule::MayBorrow, dirty, fresh);
        if self.world.shares.is_empty() {
            return; // without shares all jobs form one queue with no preemption (SEMANTICS §2)
        }
        let mut freed = Vec::new();
        loop {
            let round = self.phase_preemption();
            if !round.changed {
                break;
            }
            // SEMANTICS §4: A and B run again for every pending job, so capacity the victims
            // freed beyond what their preemptors needed is handed out now. Only the victims'
            // types loosened; the victims and the jobs C passed over join them.
            freed.clear();
            self.take_loosened(&mut freed);
            let mut visit = round.preempted;
            visit.extend(round.fit_already);
            self.phase_start::<ByQueue>(StartRule::WithinOwnLimit, &freed, &visit);
            self.phase_start::<ByFifo>(StartRule::MayBorrow, &freed, &visit);
        }
    }

    /// SEMANTICS §4, strict FIFO: only the first pending job of its share's queue may start or preempt.
    pub(super) fn held_back(&self, j: JobId) -> bool {
        self.world.strict_fifo
            && self
                .pending
                .head(self.world, self.world.job(j).share.unwrap_or(0))
                != Some(j)
    }

    /// SEMANTICS §4, strict FIFO inside a phase: once `started` has left its share's queue, the
    /// share's next job is its head and is considered in the same phase, at its place in the
    /// phase's order.
    fn follow_head<O: WalkOrder>(&mut self, started: JobId, merge: &mut Merge<O::Key>) {
        if !self.world.strict_fifo {
            return;
        }
        let share = self.world.job(started).share.unwrap_or(0);
        if let Some(head) = self.pending.head(self.world, share) {
            // It may have been visited while held back; as the head it is considered anew.
            self.jobs[head].visited = 0;
            merge.add(O::key(self, head));
        }
    }

    /// Whether a job of share `s` could start on `pool` under `rule`: the necessary conditions
    /// for a job of one instance. Queues failing them are left at once.
    fn pair_open(&self, rule: StartRule, s: ShareId, pool: PoolId) -> bool {
        let room = self.cap.pool_free(self.world, pool) > 0;
        if self.world.shares.is_empty() {
            return room;
        }
        let t = self.world.pools[pool].instance_type;
        let Some(own) = self.cap.terms[s].limits[t] else {
            return false;
        };
        let used = self.cap.share_used[s][t];
        match rule {
            StartRule::WithinOwnLimit => room && used < own,
            StartRule::MayBorrow => {
                room && (used < own
                    || (self.cap.can_borrow(s)
                        && self.cap.strategy_allows(s, t, used + 1)
                        && self.cap.excess(t, Some((s, 1))) <= self.cap.excess(t, None).max(0)))
            }
        }
    }

    /// Adds the (share, pool) queues of the given types' pools that hold pending jobs.
    fn pairs_of(&self, types: &[TypeId], pairs: &mut Vec<(usize, ShareId, PoolId)>) {
        for &t in types {
            for &pool in &self.world.type_pools[t] {
                self.pending.for_each_share_waiting_on(pool, |s| {
                    pairs.push((self.pending.pair(s, pool), s, pool));
                });
            }
        }
    }

    /// Evaluates first fit for a pending job, recording why it waits when it does not fit, and
    /// noting in `failed` the counts that failed on each entry's queue.
    fn evaluate(
        &mut self,
        j: JobId,
        failed: &mut [Option<u32>],
    ) -> Option<(usize, Placement, EntryReasons)> {
        if self.held_back(j) {
            let n = self.world.job(j).entries.len();
            self.jobs[j].entry_reasons =
                EntryReasons::filled(Some(Reason::BehindHigherPriority), n);
            return None;
        }
        // The job's last reasons are replaced either way: their buffer is reused.
        let mut reasons = std::mem::take(&mut self.jobs[j].entry_reasons);
        let outcome = fit::first_fit(self.world, &self.cap, self.world.job(j), &mut reasons);
        let job = self.world.job(j);
        for (entry, _) in job
            .entries
            .iter()
            .zip(reasons.iter())
            .filter(|(_, r)| r.is_some())
        {
            note_failure(
                failed,
                self.pending.pair(job.share.unwrap_or(0), entry.pool),
                entry.count,
            );
        }
        match outcome {
            Some((e, placement)) => Some((e, placement, reasons)),
            None => {
                self.jobs[j].entry_reasons = reasons;
                None
            }
        }
    }

    /// Marks a job visited in the current phase; false when it already was (it sits in several
    /// queues) or is no longer pending.
    fn first_visit(&mut self, j: JobId) -> bool {
        let state = &mut self.jobs[j];
        if state.phase != Phase::Pending || state.visited == self.phase_stamp {
            return false;
        }
        state.visited = self.phase_stamp;
        true
    }

    /// Phases A and B: walking in `O`'s order, each job starts on its first fitting entry, if
    /// `rule` allows it there. Under phase A's rule a job whose first fitting entry would borrow
    /// waits for phase B.
    fn phase_start<O: WalkOrder>(&mut self, rule: StartRule, dirty: &[TypeId], fresh: &[JobId]) {
        self.phase_stamp += 1;
        let mut merge = std::mem::take(O::merge(&mut self.scratch));
        self.candidates(dirty, fresh, O::key, &mut merge);
        merge.begin(|pair| O::queue(&self.pending, pair).first().copied());
        let mut failed = self.scratch.failed_counts(self.pending.pairs());
        while let Some(key) = merge.pop(
            |pair, k| after(O::queue(&self.pending, pair), k),
            |s, pool, _| self.pair_open(rule, s, pool) && self.pair_hopeful(&failed, s, pool),
        ) {
            let j = self.world.job_ranked(key.name_rank());
            if !self.first_visit(j) {
                continue;
            }
            let Some((e, placement, skipped)) = self.evaluate(j, &mut failed) else {
                continue;
            };
            if rule == StartRule::WithinOwnLimit && placement.borrowed > 0 {
                // It would borrow: so would any later job of the queue needing as many.
                let job = self.world.job(j);
                note_failure(
                    &mut failed,
                    self.pending
                        .pair(job.share.unwrap_or(0), job.entries[e].pool),
                    job.entries[e].count,
                );
                continue;
            }
            self.start(j, e, placement, skipped, false);
            self.follow_head::<O>(j, &mut merge);
        }
        self.scratch.failed = failed;
        *O::merge(&mut self.scratch) = merge;
    }

    /// What a phase visits, loaded into `merge` (emptied first) with `key` giving each job's
    /// place: the queues of the dirty types, and the given jobs; under strict FIFO only each
    /// share's first pending job (the only ones that may start), and the given jobs so their
    /// reason is brought up to date.
    fn candidates<K: Ord + Copy>(
        &self,
        dirty: &[TypeId],
        fresh: &[JobId],
        key: fn(&Self, JobId) -> K,
        merge: &mut Merge<K>,
    ) {
        merge.clear();
        merge.list.extend(
            fresh
                .iter()
                .filter(|&&j| self.jobs[j].phase == Phase::Pending)
                .map(|&j| key(self, j)),
        );
        if self.world.strict_fifo {
            merge.list.extend(
                (0..self.pending.shares())
                    .filter_map(|s| self.pending.head(self.world, s).map(|j| key(self, j))),
            );
            return;
        }
        self.pairs_of(dirty, &mut merge.pairs);
    }

    /// False once a queue's smallest count has failed in this phase.
    fn pair_hopeful(&self, failed: &[Option<u32>], s: ShareId, pool: PoolId) -> bool {
        let pair = self.pending.pair(s, pool);
        failed[pair].is_none_or(|c| self.pending.min_count(pair).is_some_and(|min| min < c))
    }

    /// Phase C: in queue order, each pending job tries its entries in order, reclaim first, then
    /// in-share preemption; the first entry where either frees enough starts the job at once. A
    /// job that already fits some entry without preempting is passed over: the next round of A
    /// and B places it (SEMANTICS §4).
    fn phase_preemption(&mut self) -> PreemptionRound {
        self.phase_stamp += 1;
        let mut merge = std::mem::take(&mut self.scratch.by_queue);
        self.candidates(
            &self.world.all_types,
            &[],
            <ByQueue as WalkOrder>::key,
            &mut merge,
        );
        let mut prospects = std::mem::take(&mut self.scratch.prospects);
        prospects.reset(self);
        // Only the queues where reclaim or in-share preemption could start anything.
        merge
            .pairs
            .retain(|&(pair, s, pool)| prospects.look_at(self, pair, s, pool));
        merge.begin(|pair| self.pending.queue(pair).first().copied());
        let mut round = PreemptionRound::default();
        while let Some(key) = merge.pop(
            |pair, k| after(self.pending.queue(pair), k),
            |s, t, k| prospects.alive(self, s, t, k),
        ) {
            let j = self.world.job_ranked(key.name_rank);
            // A job preempted at this instant cannot preempt at this instant (SEMANTICS §4).
            let preempted_now = (self.jobs[j].pending.as_ref())
                .is_some_and(|p| p.preempted_at.get() == Some(self.now));
            // A job no longer pending is not visited either (`first_visit`).
            if preempted_now || self.held_back(j) || !self.first_visit(j) {
                continue;
            }
            let Some(reasons) = self.why_no_entry_fits(j) else {
                round.changed = true;
                round.fit_already.push(j);
                continue;
            };
            if let Some(victims) = self.start_by_preemption(j, reasons, &mut prospects) {
                round.changed = true;
                round.preempted.extend(victims);
                self.follow_head::<ByQueue>(j, &mut merge);
                // The state changed: earlier failures prove nothing now.
                prospects.reset(self);
                for &(pair, s, pool) in &merge.pairs {
                    prospects.look_at(self, pair, s, pool);
                }
            }
        }
        self.scratch.prospects = prospects;
        self.scratch.by_queue = merge;
        round
    }

    /// Whether the job fits some entry now without preempting anyone.
    pub(super) fn fits_somewhere(&self, j: JobId) -> bool {
        self.why_no_entry_fits(j).is_none()
    }

    /// Why each entry of the job does not fit now without preempting; `None` when one does.
    fn why_no_entry_fits(&self, j: JobId) -> Option<Vec<Reason>> {
        let job = self.world.job(j);
        (0..job.entries.len())
            .map(|e| fit::check(self.world, &self.cap, job, e).err())
            .collect()
    }

    /// Tries each entry in order, given why each does not fit without preempting; on success
    /// the victims are preempted and the job started. A failed victim search puts every instance
    /// back, so the reasons still hold for the entries after it.
    fn start_by_preemption(
        &mut self,
        j: JobId,
        reasons: Vec<Reason>,
        prospects: &mut Prospects,
    ) -> Option<Vec<JobId>> {
        let job = self.world.job(j);
        let share = job.share.unwrap_or(0);
        let mut skipped = EntryReasons::default();
        for ((e, entry), reason) in job.entries.iter().enumerate().zip(reasons) {
            let pair = self.pending.pair(share, entry.pool);
            let known_to_fail = prospects.failed[pair].is_some_and(|c| entry.count >= c);
            if known_to_fail {
                skipped.push(Some(reason));
                continue;
            }
            if let Some((victims, stop)) = self.find_victims(j, e) {
                for &v in &victims {
                    self.preempt(v, stop, Some(j));
                }
                let placement = fit::check(self.world, &self.cap, job, e).ok()?;
                self.start(j, e, placement, skipped, true);
                return Some(victims);
            }
            note_failure(&mut prospects.failed, pair, entry.count);
            skipped.push(Some(reason));
        }
        None
    }
}

/// Buffers kept across passes: a pass runs at every instant, and allocating them each time cost
/// more than the pass itself.
#[derive(Default)]
pub(super) struct Scratch {
    /// Phases A and B: the smallest count that failed per queue.
    failed: Vec<Option<u32>>,
    prospects: Prospects,
    /// The walks in queue order (phases A and C) and in FIFO order (phase B).
    by_queue: Merge<QueueKey>,
    by_fifo: Merge<FifoKey>,
    /// The loosened types of the pass, and the spare list of fresh jobs (see `pass`).
    dirty: Vec<TypeId>,
    fresh: Vec<JobId>,
}

impl Scratch {
    /// The failed-count buffer, emptied, for `pairs` queues; hand it back when done.
    fn failed_counts(&mut self, pairs: usize) -> Vec<Option<u32>> {
        let mut failed = std::mem::take(&mut self.failed);
        failed.clear();
        failed.resize(pairs, None);
        failed
    }
}

/// What phase C knows about each (share, pool) queue in one round, so hopeless queues are left
/// whole instead of job by job.
#[derive(Default)]
struct Prospects {
    /// The smallest instance count for which preemption failed: a later job of the queue (same or
    /// lower priority, so no more victims) needing at least that many fails too.
    failed: Vec<Option<u32>>,
    /// Whether reclaim could help the share on the pool's type at all.
    reclaim: Vec<bool>,
    /// The lowest priority among the share's running jobs on the pool, for in-share preemption.
    lowest_running: Vec<Option<u32>>,
}

impl Prospects {
    /// Forgets the last round; queues are then looked at one by one (`look_at`).
    fn reset(&mut self, sim: &Sim) {
        let n = sim.pending.pairs();
        for buffer in [&mut self.failed, &mut self.lowest_running] {
            buffer.clear();
            buffer.resize(n, None);
        }
        self.reclaim.clear();
        self.reclaim.resize(n, false);
    }

    /// Notes what preemption could do for share `s` on the pool, and whether it could start
    /// anything there at all: reclaim, or in-share preemption of a running job of the share.
    fn look_at(&mut self, sim: &Sim, pair: usize, s: ShareId, pool: PoolId) -> bool {
        let terms = &sim.cap.terms[s];
        let lends = terms.strategy.lends();
        if !lends && !terms.in_share_preemption {
            return false; // neither reclaim nor in-share preemption: the common quick answer
        }
        let t = sim.world.pools[pool].instance_type;
        let Some(own) = terms.limits[t] else {
            return false;
        };
        // Below its own limit the share borrows nothing, so any borrowing is by other shares.
        self.reclaim[pair] =
            lends && sim.cap.share_used[s][t] < own && sim.cap.total_borrowed(t) > 0;
        if terms.in_share_preemption {
            self.lowest_running[pair] = sim.running.lowest_priority(s, pool);
        }
        self.reclaim[pair] || self.lowest_running[pair].is_some()
    }

    /// Whether the queue can still give a job that preemption might start, at key `k`.
    fn alive(&self, sim: &Sim, s: ShareId, pool: PoolId, k: QueueKey) -> bool {
        let pair = sim.pending.pair(s, pool);
        if !sim.pair_hopeful(&self.failed, s, pool) {
            return false;
        }
        let priority = k.priority.0;
        self.reclaim[pair] || self.lowest_running[pair].is_some_and(|lowest| lowest < priority)
    }
}

/// Remembers that `count` instances failed on a queue (the smallest such count is kept).
fn note_failure(failed: &mut [Option<u32>], pair: usize, count: u32) {
    let smallest = failed[pair].get_or_insert(count);
    *smallest = (*smallest).min(count);
}
