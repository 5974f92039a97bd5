//! The running jobs, indexed per pool and per (share, pool), so the questions phase C and victim
//! choice ask ("does the share run anything here", "its lowest priority here", "its jobs on this
//! type") cost a lookup instead of a walk over every job on the pool.

use super::world::{JobId, PoolId, ShareId, World};
use std::collections::BTreeSet;

pub struct RunningJobs {
    pools: usize,
    /// Per pool, its running jobs.
    by_pool: Vec<BTreeSet<JobId>>,
    /// Per `share * pools + pool` (the pending queues' pair numbering), the share's running jobs
    /// on the pool by priority; jobs without a share are not in it.
    by_pair: Vec<BTreeSet<(u32, JobId)>>,
}

impl RunningJobs {
    pub fn new(world: &World) -> Self {
        let pools = world.pools.len();
        RunningJobs {
            pools,
            by_pool: vec![BTreeSet::new(); pools],
            by_pair: vec![BTreeSet::new(); world.shares.len() * pools],
        }
    }

    pub fn insert(&mut self, world: &World, j: JobId, pool: PoolId, priority: u32) {
        self.by_pool[pool].insert(j);
        if let Some(s) = world.job(j).share {
            self.by_pair[s * self.pools + pool].insert((priority, j));
        }
    }

    pub fn remove(&mut self, world: &World, j: JobId, pool: PoolId, priority: u32) {
        self.by_pool[pool].remove(&j);
        if let Some(s) = world.job(j).share {
            self.by_pair[s * self.pools + pool].remove(&(priority, j));
        }
    }

    /// A running job's priority changed (SEMANTICS §5: its standing as a victim changes).
    pub fn reprioritise(&mut self, world: &World, j: JobId, pool: PoolId, old: u32, new: u32) {
        self.remove(world, j, pool, old);
        self.insert(world, j, pool, new);
    }

    /// Every job running on the pool, in job order.
    pub fn on_pool(&self, pool: PoolId) -> &BTreeSet<JobId> {
        &self.by_pool[pool]
    }

    /// Share `s`'s jobs running on the pool, lowest priority first.
    pub fn of_share(&self, s: ShareId, pool: PoolId) -> &BTreeSet<(u32, JobId)> {
        &self.by_pair[s * self.pools + pool]
    }

    /// The lowest priority among share `s`'s jobs running on the pool.
    pub fn lowest_priority(&self, s: ShareId, pool: PoolId) -> Option<u32> {
        self.of_share(s, pool)
            .first()
            .map(|&(priority, _)| priority)
    }
}
