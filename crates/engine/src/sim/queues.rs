//! The pending jobs, indexed so a scheduling pass touches only jobs that could start.
//!
//! Each pending job sits in one set per (share, pool) of its entries, in queue order
//! and in FIFO order, plus, under strict FIFO, its share's queue. A pass walks only the pairs
//! whose type changed in a way that could let a job start, and leaves a pair as soon as its
//! share cannot start anything on that pool (see `pass`).

use super::order::{fifo_key, queue_key, FifoKey, QueueKey};
use super::world::{JobId, PoolId, World};
use std::collections::BTreeSet;

pub struct PendingQueues {
    pools: usize,
    /// How many shares' queues there are (one when the scenario has no shares).
    shares: usize,
    /// Indexed by `share * pools + pool` (share 0 when the scenario has no shares).
    by_pair: Vec<BTreeSet<QueueKey>>,
    by_pair_fifo: Vec<BTreeSet<FifoKey>>,
    /// Per pair, how many pending entries need each instance count (for the smallest), sorted by
    /// count. A pair sees only a few distinct counts, so a short list beats a map's nodes.
    counts: Vec<Vec<(u32, u32)>>,
    /// Under strict FIFO, each share's pending jobs in queue order, for its first one at every
    /// turn. Otherwise the first is rarely asked for and is found from the pairs' queues: a third
    /// set of every pending job was about 0.1 GB at five million jobs (docs/PERFORMANCE.md,
    /// "The CLI at one and five million jobs").
    share_queue: Option<Vec<BTreeSet<QueueKey>>>,
    pub len: usize,
    /// Per pool, a bit per share whose queue there is not empty, so a pass finds the queues
    /// worth walking without testing every (share, pool).
    waiting: Vec<Vec<u64>>,
}

impl PendingQueues {
    pub fn new(world: &World) -> Self {
        let shares = world.shares.len().max(1);
        let pools = world.pools.len();
        PendingQueues {
            pools,
            shares,
            by_pair: vec![BTreeSet::new(); shares * pools],
            by_pair_fifo: vec![BTreeSet::new(); shares * pools],
            counts: vec![Vec::new(); shares * pools],
            share_queue: world.strict_fifo.then(|| vec![BTreeSet::new(); shares]),
            len: 0,
            waiting: vec![vec![0; shares.div_ceil(64)]; pools],
        }
    }

    /// How many (share, pool) queues there are.
    pub fn pairs(&self) -> usize {
        self.by_pair.len()
    }

    pub fn pair(&self, share: usize, pool: PoolId) -> usize {
        share * self.pools + pool
    }

    pub fn insert(&mut self, world: &World, j: JobId, priority: u32) {
        self.update(world, j, priority, true);
    }

    pub fn remove(&mut self, world: &World, j: JobId, priority: u32) {
        self.update(world, j, priority, false);
    }

    fn update(&mut self, world: &World, j: JobId, priority: u32, insert: bool) {
        let job = world.job(j);
        let share = job.share.unwrap_or(0);
        let q = queue_key(priority, world.submit(j), world.name_rank[j]);
        let f = fifo_key(priority, world.submit(j), world.name_rank[j]);
        // Entries have distinct types (docs/FORMAT.md), so each pair holds a job at most once.
        for entry in &job.entries {
            let p = self.pair(share, entry.pool);
            let (word, bit) = (share / 64, 1u64 << (share % 64));
            if insert {
                self.by_pair[p].insert(q);
                self.by_pair_fifo[p].insert(f);
                add_count(&mut self.counts[p], entry.count);
                self.waiting[entry.pool][word] |= bit;
            } else {
                self.by_pair[p].remove(&q);
                self.by_pair_fifo[p].remove(&f);
                remove_count(&mut self.counts[p], entry.count);
                if self.by_pair[p].is_empty() {
                    self.waiting[entry.pool][word] &= !bit;
                }
            }
        }
        if insert {
            if let Some(queues) = &mut self.share_queue {
                queues[share].insert(q);
            }
            self.len += 1;
        } else {
            if let Some(queues) = &mut self.share_queue {
                queues[share].remove(&q);
            }
            self.len -= 1;
        }
    }

    /// The first pending job of `share` in queue order (share 0 holds the jobs without one).
    /// Without the share's own queue it is the first of its pairs' queues: they hold the same
    /// keys, each job's once per entry.
    pub fn head(&self, world: &World, share: usize) -> Option<JobId> {
        let first = match &self.share_queue {
            Some(queues) => queues[share].first(),
            None => (0..self.pools)
                .filter_map(|pool| self.by_pair[self.pair(share, pool)].first())
                .min(),
        };
        first.map(|k| world.job_ranked(k.name_rank))
    }

    /// How many shares' queues there are (one when the scenario has no shares).
    pub fn shares(&self) -> usize {
        self.shares
    }

    /// Calls `found` with each share that has pending jobs on the pool, in share order. A plain
    /// loop over the bits: every phase of every pass runs it.
    pub fn for_each_share_waiting_on(&self, pool: PoolId, mut found: impl FnMut(usize)) {
        for (word, &bits) in self.waiting[pool].iter().enumerate() {
            let mut rest = bits;
            while rest != 0 {
                found(word * 64 + rest.trailing_zeros() as usize);
                rest &= rest - 1;
            }
        }
    }

    pub fn queue(&self, pair: usize) -> &BTreeSet<QueueKey> {
        &self.by_pair[pair]
    }

    /// The smallest instance count any pending entry of the pair needs.
    pub fn min_count(&self, pair: usize) -> Option<u32> {
        self.counts[pair].first().map(|&(count, _)| count)
    }

    pub fn fifo(&self, pair: usize) -> &BTreeSet<FifoKey> {
        &self.by_pair_fifo[pair]
    }
}

/// Counts one more pending entry needing `count` instances, keeping the list sorted by count.
fn add_count(counts: &mut Vec<(u32, u32)>, count: u32) {
    match counts.binary_search_by_key(&count, |&(c, _)| c) {
        Ok(at) => counts[at].1 += 1,
        Err(at) => counts.insert(at, (count, 1)),
    }
}

/// Counts one pending entry needing `count` instances less; a count no entry needs is dropped.
fn remove_count(counts: &mut Vec<(u32, u32)>, count: u32) {
    if let Ok(at) = counts.binary_search_by_key(&count, |&(c, _)| c) {
        counts[at].1 -= 1;
        if counts[at].1 == 0 {
            counts.remove(at);
        }
    }
}
