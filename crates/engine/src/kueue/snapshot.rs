//! One scheduling cycle's view of the cluster (Kueue's cache snapshot): the quota tree's usage,
//! copied at the start of the cycle, and the admitted workloads, with the ones the cycle
//! simulates as gone set aside. Entries add their usage to it as the cycle admits them, and
//! preemption simulations remove and restore workloads on it; the run's own state changes only
//! when the cycle's decisions are applied.

use super::tree::{self, Usage};
use super::world::{CqId, Fr, JobId, World};
use crate::time::Seconds;
use rustc_hash::FxHashSet;

/// A workload holding quota: what it uses and what the victim order reads.
#[derive(Clone)]
pub struct Holding {
    pub cq: CqId,
    /// Its usage per FR.
    pub usage: Vec<(Fr, i64)>,
    /// When its quota was reserved (the `QuotaReserved` condition's time).
    pub reserved_at: Seconds,
    pub priority: i32,
}

/// Where a workload stands in Kueue's victim order among the workloads of one side (own queue
/// or others): lower priority, then the most recently admitted, then the name (docs/KUEUE.md,
/// "Classic preemption"). Kept with each admitted workload so sorting candidates compares
/// numbers, not lookups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct VictimKey {
    priority: i32,
    neg_reserved_at: Seconds,
    rank: u32,
    pub job: JobId,
}

impl VictimKey {
    pub fn priority(&self) -> i32 {
        self.priority
    }

    fn of(h: &Holding, rank: u32, job: JobId) -> VictimKey {
        VictimKey {
            priority: h.priority,
            neg_reserved_at: -h.reserved_at,
            rank,
            job,
        }
    }
}

/// The admitted workloads: per job its holding, per queue its jobs in victim order.
pub struct Admitted {
    of: Vec<Option<Holding>>,
    by_cq: Vec<Vec<VictimKey>>,
}

impl Admitted {
    pub fn new(world: &World) -> Admitted {
        Admitted {
            of: vec![None; world.jobs.len()],
            by_cq: vec![Vec::new(); world.queues.len()],
        }
    }

    pub fn get(&self, j: JobId) -> Option<&Holding> {
        self.of[j].as_ref()
    }

    /// An admitted workload's place in the victim order.
    pub fn key(&self, world: &World, j: JobId) -> Option<VictimKey> {
        self.get(j).map(|h| VictimKey::of(h, world.name_rank[j], j))
    }

    /// The queue's admitted workloads, in victim order.
    pub fn in_cq(&self, cq: CqId) -> &[VictimKey] {
        &self.by_cq[cq]
    }

    pub fn insert(&mut self, world: &World, j: JobId, holding: Holding) {
        let key = VictimKey::of(&holding, world.name_rank[j], j);
        let list = &mut self.by_cq[holding.cq];
        let at = list.partition_point(|k| *k < key);
        list.insert(at, key);
        self.of[j] = Some(holding);
    }

    pub fn remove(&mut self, world: &World, j: JobId) -> Option<Holding> {
        let holding = self.of[j].take()?;
        let key = VictimKey::of(&holding, world.name_rank[j], j);
        let list = &mut self.by_cq[holding.cq];
        if let Ok(at) = list.binary_search(&key) {
            list.remove(at);
        }
        Some(holding)
    }

    /// A new priority for an admitted workload, which moves it in its queue's victim order.
    pub fn set_priority(&mut self, world: &World, j: JobId, priority: i32) -> Option<CqId> {
        let mut holding = self.remove(world, j)?;
        holding.priority = priority;
        let cq = holding.cq;
        self.insert(world, j, holding);
        Some(cq)
    }
}

/// The cycle's snapshot.
pub struct Snapshot<'a> {
    pub world: &'a World,
    pub usage: Usage,
    pub admitted: &'a Admitted,
    /// Admitted workloads simulated as removed (they are skipped as candidates).
    removed: FxHashSet<JobId>,
}

impl<'a> Snapshot<'a> {
    pub fn new(world: &'a World, usage: &Usage, admitted: &'a Admitted) -> Snapshot<'a> {
        Snapshot {
            world,
            usage: usage.clone(),
            admitted,
            removed: FxHashSet::default(),
        }
    }

    /// The node of a queue.
    pub fn node(&self, cq: CqId) -> usize {
        self.world.queues[cq].node
    }

    pub fn available(&self, cq: CqId, fr: Fr) -> i64 {
        tree::cq_available(self.world, &self.usage, self.node(cq), fr)
    }

    pub fn add_usage(&mut self, cq: CqId, usage: &[(Fr, i64)]) {
        let node = self.node(cq);
        tree::apply(self.world, &mut self.usage, node, usage, true);
    }

    pub fn remove_usage(&mut self, cq: CqId, usage: &[(Fr, i64)]) {
        let node = self.node(cq);
        tree::apply(self.world, &mut self.usage, node, usage, false);
    }

    /// Simulates an admitted workload gone: its usage and its place among the candidates.
    pub fn remove_workload(&mut self, j: JobId) {
        if self.removed.insert(j) {
            let h = self
                .admitted
                .get(j)
                .expect("only admitted workloads are removed");
            tree::apply(
                self.world,
                &mut self.usage,
                self.world.queues[h.cq].node,
                &h.usage,
                false,
            );
        }
    }

    /// Undoes [`Snapshot::remove_workload`].
    pub fn restore_workload(&mut self, j: JobId) {
        if self.removed.remove(&j) {
            let h = self
                .admitted
                .get(j)
                .expect("only admitted workloads are restored");
            tree::apply(
                self.world,
                &mut self.usage,
                self.world.queues[h.cq].node,
                &h.usage,
                true,
            );
        }
    }

    /// The admitted workloads of a queue that are not simulated as removed, in victim order.
    pub fn workloads(&self, cq: CqId) -> impl Iterator<Item = VictimKey> + '_ {
        self.admitted
            .in_cq(cq)
            .iter()
            .copied()
            .filter(|k| !self.removed.contains(&k.job))
    }

    /// Whether every FR of `usage` fits what the queue has available (Kueue's `Fits`).
    pub fn fits(&self, cq: CqId, usage: &[(Fr, i64)]) -> bool {
        usage.iter().all(|&(fr, v)| v <= self.available(cq, fr))
    }
}
