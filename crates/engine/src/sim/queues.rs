//! The pending jobs, indexed so a scheduling pass touches only jobs that could start.
//!
//! Each pending job sits in one set per (share, pool) of its entries, in queue order
//! and in FIFO order, plus its share's queue (for strict FIFO). A pass walks only the pairs whose
//! type changed in a way that could let a job start, and leaves a pair as soon as its share
//! cannot start anything on that pool (see `pass`).

use super::order::{fifo_key, queue_key, FifoKey, QueueKey};
use super::world::{JobId, PoolId, World};
use std::collections::{BTreeMap, BTreeSet};

pub struct PendingQueues {
    pools: usize,
    /// Indexed by `share * pools + pool` (share 0 when the scenario has no shares).
    by_pair: Vec<BTreeSet<QueueKey>>,
    by_pair_fifo: Vec<BTreeSet<FifoKey>>,
    /// Per pair, how many pending entries need each instance count (for the smallest).
    counts: Vec<BTreeMap<u32, u32>>,
    /// Each share's pending jobs in queue order.
    pub share_queue: Vec<BTreeSet<QueueKey>>,
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
            by_pair: vec![BTreeSet::new(); shares * pools],
            by_pair_fifo: vec![BTreeSet::new(); shares * pools],
            counts: vec![BTreeMap::new(); shares * pools],
            share_queue: vec![BTreeSet::new(); shares],
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
        let job = &world.jobs[j];
        let share = job.share.unwrap_or(0);
        let q = queue_key(priority, job.submit, world.name_rank[j], j);
        let f = fifo_key(priority, job.submit, world.name_rank[j], j);
        // Entries have distinct types (SCENARIO.md), so each pair holds a job at most once.
        for entry in &job.entries {
            let p = self.pair(share, entry.pool);
            let count = self.counts[p].entry(entry.count).or_insert(0);
            let (word, bit) = (share / 64, 1u64 << (share % 64));
            if insert {
                self.by_pair[p].insert(q);
                self.by_pair_fifo[p].insert(f);
                *count += 1;
                self.waiting[entry.pool][word] |= bit;
            } else {
                self.by_pair[p].remove(&q);
                self.by_pair_fifo[p].remove(&f);
                *count -= 1;
                if *count == 0 {
                    self.counts[p].remove(&entry.count);
                }
                if self.by_pair[p].is_empty() {
                    self.waiting[entry.pool][word] &= !bit;
                }
            }
        }
        if insert {
            self.share_queue[share].insert(q);
            self.len += 1;
        } else {
            self.share_queue[share].remove(&q);
            self.len -= 1;
        }
    }

    /// The shares with pending jobs on the pool, in share order.
    pub fn shares_waiting_on(&self, pool: PoolId) -> impl Iterator<Item = usize> + '_ {
        self.waiting[pool]
            .iter()
            .enumerate()
            .flat_map(|(word, &bits)| {
                let mut rest = bits;
                std::iter::from_fn(move || {
                    (rest != 0).then(|| {
                        let bit = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        word * 64 + bit
                    })
                })
            })
    }

    pub fn queue(&self, pair: usize) -> &BTreeSet<QueueKey> {
        &self.by_pair[pair]
    }

    /// The smallest instance count any pending entry of the pair needs.
    pub fn min_count(&self, pair: usize) -> Option<u32> {
        self.counts[pair].keys().next().copied()
    }

    pub fn fifo(&self, pair: usize) -> &BTreeSet<FifoKey> {
        &self.by_pair_fifo[pair]
    }
}
