//! A ClusterQueue's pending workloads (docs/KUEUE.md, "Queueing"; Kueue's
//! `pkg/cache/queue/cluster_queue.go`): ordered by priority, then creation, then name, with a
//! preemptor waiting for its victims first under BestEffortFIFO. Workloads that Kueue holds
//! equivalent (same pod sets and priority: its scheduling hash) form a class; under
//! BestEffortFIFO a head that cannot be admitted sets its whole class aside as inadmissible
//! until an event in the cohort tree requeues them, so a class costs one evaluation per event
//! however many workloads it holds.

use super::world::{CqId, JobId, World};
use crate::time::Seconds;
use rustc_hash::FxHashMap;
use std::collections::BTreeSet;

/// Kueue's queue order: higher priority, earlier creation, then the name (for the UID).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct QueueKey {
    neg_priority: i64,
    created: Seconds,
    rank: u32,
    job: JobId,
}

impl QueueKey {
    pub fn new(world: &World, j: JobId, priority: i32) -> QueueKey {
        QueueKey {
            neg_priority: -i64::from(priority),
            created: world.jobs[j].submit,
            rank: world.name_rank[j],
            job: j,
        }
    }
}

struct Class {
    members: BTreeSet<QueueKey>,
    /// Set aside as inadmissible in this epoch of its queue.
    set_aside: Option<u64>,
}

/// One ClusterQueue's pending workloads.
pub struct PendingQueue {
    classes: Vec<Class>,
    class_index: FxHashMap<(u32, i32), usize>,
    /// The first member of every class not set aside.
    heads: BTreeSet<(QueueKey, usize)>,
    set_aside: Vec<usize>,
    epoch: u64,
    /// Kueue's `popCycle` and `queueInadmissibleCycle`: whether the cohort was requeued since
    /// the last head was taken.
    pop_cycle: u64,
    requeued_at_cycle: Option<u64>,
    /// The preemptor waiting for its victims, and its class (BestEffortFIFO keeps it at the
    /// head while it is active; set aside, it waits like any other until a requeue).
    sticky: Option<(JobId, usize)>,
    pub strict_fifo: bool,
}

impl PendingQueue {
    pub fn new(strict_fifo: bool) -> PendingQueue {
        PendingQueue {
            classes: Vec::new(),
            class_index: FxHashMap::default(),
            heads: BTreeSet::new(),
            set_aside: Vec::new(),
            epoch: 0,
            pop_cycle: 0,
            requeued_at_cycle: None,
            sticky: None,
            strict_fifo,
        }
    }

    /// The class of a shape at a priority, made on first use.
    pub fn class_of(&mut self, shape: u32, priority: i32) -> usize {
        let next = self.classes.len();
        *self
            .class_index
            .entry((shape, priority))
            .or_insert_with(|| {
                self.classes.push(Class {
                    members: BTreeSet::new(),
                    set_aside: None,
                });
                next
            })
    }

    fn is_set_aside(&self, class: usize) -> bool {
        self.classes[class].set_aside == Some(self.epoch)
    }

    fn refresh_head(&mut self, class: usize, old_first: Option<QueueKey>) {
        if let Some(k) = old_first {
            self.heads.remove(&(k, class));
        }
        if self.is_set_aside(class) {
            return;
        }
        if let Some(&first) = self.classes[class].members.first() {
            self.heads.insert((first, class));
        }
    }

    pub fn insert(&mut self, key: QueueKey, class: usize) {
        let old = self.classes[class].members.first().copied();
        self.classes[class].members.insert(key);
        self.refresh_head(class, old);
    }

    pub fn remove(&mut self, key: QueueKey, class: usize) {
        let old = self.classes[class].members.first().copied();
        self.classes[class].members.remove(&key);
        self.refresh_head(class, old);
        if self.sticky.is_some_and(|(j, _)| j == key.job) {
            self.sticky = None;
        }
    }

    /// The workload a cycle takes from this queue (Kueue's `Pop`; it stays here until the
    /// cycle's decision is applied).
    pub fn take_head(&mut self) -> Option<JobId> {
        self.pop_cycle += 1;
        self.active_sticky()
            .or_else(|| self.heads.first().map(|&(k, _)| k.job))
    }

    /// Makes a preemptor the head of its queue until it is admitted or leaves (Kueue's
    /// `preemptorWorkload`, sticky under BestEffortFIFO).
    pub fn make_sticky(&mut self, job: JobId, class: usize) {
        self.sticky = Some((job, class));
    }

    /// The sticky preemptor, unless it was set aside as inadmissible: Kueue orders only the
    /// active heap, so an inadmissible preemptor is not taken before a requeue.
    fn active_sticky(&self) -> Option<JobId> {
        self.sticky
            .filter(|&(_, class)| !self.is_set_aside(class))
            .map(|(j, _)| j)
    }

    /// The first pending workload, set aside or not, for strict FIFO's "behind" (without
    /// counting as a pop).
    pub fn first(&self) -> Option<JobId> {
        self.heads.first().map(|&(k, _)| k.job)
    }

    /// Whether a head that was not admitted goes back among the active workloads rather than
    /// being set aside (Kueue's `requeueIfNotPresent`): always under StrictFIFO, for the
    /// immediate reasons, after a requeue of the cohort since it was taken, or while its flavor
    /// scan has flavors left.
    pub fn stays_active(&self, immediate: bool, pending_flavors: bool) -> bool {
        self.strict_fifo
            || immediate
            || self.requeued_at_cycle.is_some_and(|c| c >= self.pop_cycle)
            || pending_flavors
    }

    /// Sets a class aside as inadmissible until the next requeue (BestEffortFIFO only).
    pub fn set_aside(&mut self, class: usize) {
        if self.strict_fifo || self.is_set_aside(class) {
            return;
        }
        if let Some(&first) = self.classes[class].members.first() {
            self.heads.remove(&(first, class));
        }
        self.classes[class].set_aside = Some(self.epoch);
        self.set_aside.push(class);
    }

    /// Brings every set-aside class back (Kueue's `QueueInadmissibleWorkloads`).
    pub fn requeue_all(&mut self) {
        self.requeued_at_cycle = Some(self.pop_cycle);
        if self.set_aside.is_empty() {
            return;
        }
        self.epoch += 1;
        for class in std::mem::take(&mut self.set_aside) {
            if let Some(&first) = self.classes[class].members.first() {
                self.heads.insert((first, class));
            }
        }
    }

    /// Whether anything waits here that a cycle could take.
    pub fn has_active(&self) -> bool {
        self.active_sticky().is_some() || !self.heads.is_empty()
    }
}

/// Every queue's pending workloads.
pub struct Queues {
    pub of: Vec<PendingQueue>,
}

impl Queues {
    pub fn new(world: &World) -> Queues {
        Queues {
            of: world
                .queues
                .iter()
                .map(|q| PendingQueue::new(q.strict_fifo))
                .collect(),
        }
    }

    /// Requeues the set-aside workloads of every queue in the tree of `cq` (Kueue requeues the
    /// whole tree from its root when a workload there finishes, is evicted or changes).
    pub fn requeue_tree(&mut self, world: &World, cq: CqId) {
        let root = world.root_of(world.queues[cq].node);
        for (c, q) in world.queues.iter().enumerate() {
            if world.root_of(q.node) == root {
                self.of[c].requeue_all();
            }
        }
    }
}
