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

/// The admitted workloads: per job its holding, per queue its jobs.
pub struct Admitted {
    of: Vec<Option<Holding>>,
    by_cq: Vec<Vec<JobId>>,
    position: Vec<u32>,
}

impl Admitted {
    pub fn new(world: &World) -> Admitted {
        Admitted {
            of: vec![None; world.jobs.len()],
            by_cq: vec![Vec::new(); world.queues.len()],
            position: vec![0; world.jobs.len()],
        }
    }

    pub fn get(&self, j: JobId) -> Option<&Holding> {
        self.of[j].as_ref()
    }

    pub fn get_mut(&mut self, j: JobId) -> Option<&mut Holding> {
        self.of[j].as_mut()
    }

    pub fn in_cq(&self, cq: CqId) -> &[JobId] {
        &self.by_cq[cq]
    }

    pub fn insert(&mut self, j: JobId, holding: Holding) {
        self.position[j] = self.by_cq[holding.cq].len() as u32;
        self.by_cq[holding.cq].push(j);
        self.of[j] = Some(holding);
    }

    pub fn remove(&mut self, j: JobId) -> Option<Holding> {
        let holding = self.of[j].take()?;
        let list = &mut self.by_cq[holding.cq];
        let at = self.position[j] as usize;
        list.swap_remove(at);
        if let Some(&moved) = list.get(at) {
            self.position[moved] = at as u32;
        }
        Some(holding)
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

    /// The admitted workloads of a queue that are not simulated as removed.
    pub fn workloads(&self, cq: CqId) -> impl Iterator<Item = JobId> + '_ {
        self.admitted
            .in_cq(cq)
            .iter()
            .copied()
            .filter(|j| !self.removed.contains(j))
    }

    /// Whether every FR of `usage` fits what the queue has available (Kueue's `Fits`).
    pub fn fits(&self, cq: CqId, usage: &[(Fr, i64)]) -> bool {
        usage.iter().all(|&(fr, v)| v <= self.available(cq, fr))
    }
}
