//! Why pending jobs wait under Kueue's rules, and for how long per reason (docs/KUEUE.md, "Why
//! a job waits"), without touching every pending job at every cycle: the jobs of one class of a
//! queue are evaluated as one (Kueue sets a whole class aside on one head's result), so each
//! class keeps a clock of time per reason and the message Kueue would print; a job's time per
//! reason is the advance of its class's clock while it was pending. Under StrictFIFO a job
//! behind its queue's head waits `behind_higher_priority`, counted on the job.

use super::assign::Why;
use super::world::{CqId, JobId, World};
use crate::result::Reason;
use crate::time::{MaybeSeconds, Seconds};
use rustc_hash::FxHashMap;

/// Time per Kueue reason, in the order of [`Reason::KUEUE`].
pub type PerReason = [Seconds; Reason::KUEUE.len()];

pub fn slot(reason: Reason) -> usize {
    Reason::KUEUE
        .iter()
        .position(|&r| r == reason)
        .expect("a Kueue reason")
}

/// What Kueue would print for a pending workload: the pod set and the reasons of its flavors.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Message {
    /// `couldn't assign flavors to pod set <name>: <reasons>`.
    Flavors { pod_set: usize, whys: Vec<Why> },
    /// Waiting for the workloads it preempted.
    PendingPreemption { victims: u32 },
    /// It fits once the preemptions another entry issued this cycle complete.
    Deferred,
    /// Its namespace is not selected.
    Namespace,
    /// Its queue holds admissions.
    Stopped,
    /// It lost its place to an entry admitted earlier in the cycle.
    NoLongerFits,
}

#[derive(Default)]
struct Group {
    reason: Option<Reason>,
    message: Option<u32>,
    since: Seconds,
    spent: PerReason,
}

pub struct Waiting {
    groups: FxHashMap<(CqId, usize), Group>,
    /// Messages by number, each once.
    pub messages: Vec<(JobId, Message)>,
    message_index: FxHashMap<(JobId, Message), u32>,
    /// Per job: its class clock when it began waiting, or when it began waiting behind.
    from: Vec<PerReason>,
    behind_since: Vec<MaybeSeconds>,
    /// Per job: time waited per reason, and the message it last waited with.
    pub waited: Vec<PerReason>,
    pub last_message: Vec<Option<u32>>,
    pub last_reason: Vec<Option<Reason>>,
}

impl Waiting {
    pub fn new(world: &World) -> Waiting {
        let n = world.jobs.len();
        Waiting {
            groups: FxHashMap::default(),
            messages: Vec::new(),
            message_index: FxHashMap::default(),
            from: vec![[0; Reason::KUEUE.len()]; n],
            behind_since: vec![MaybeSeconds::NONE; n],
            waited: vec![[0; Reason::KUEUE.len()]; n],
            last_message: vec![None; n],
            last_reason: vec![None; n],
        }
    }

    fn clock(&self, key: (CqId, usize), now: Seconds) -> PerReason {
        let Some(g) = self.groups.get(&key) else {
            return [0; Reason::KUEUE.len()];
        };
        let mut spent = g.spent;
        if let Some(r) = g.reason {
            spent[slot(r)] += now - g.since;
        }
        spent
    }

    /// A class's evaluation gave `reason` and `message` (the message's pod set names belong to
    /// `job`, the class's head).
    pub fn set(
        &mut self,
        key: (CqId, usize),
        now: Seconds,
        reason: Reason,
        job: JobId,
        message: Message,
    ) {
        let g = self.groups.entry(key).or_default();
        // A class evaluated again often gets its last message again: that needs no lookup.
        let again = g.message.filter(|&id| {
            self.messages[id as usize].0 == job && self.messages[id as usize].1 == message
        });
        let id = again.unwrap_or_else(|| {
            let next = self.message_index.len() as u32;
            *self
                .message_index
                .entry((job, message.clone()))
                .or_insert_with(|| {
                    self.messages.push((job, message));
                    next
                })
        });
        if g.reason != Some(reason) {
            if let Some(old) = g.reason {
                g.spent[slot(old)] += now - g.since;
            }
            g.reason = Some(reason);
            g.since = now;
        }
        g.message = Some(id);
    }

    /// Starts counting a job's wait, on its class's clock or behind its queue's head.
    pub fn start(&mut self, j: JobId, key: (CqId, usize), now: Seconds, behind: bool) {
        if behind {
            self.behind_since[j] = MaybeSeconds::at(now);
        } else {
            self.from[j] = self.clock(key, now);
        }
    }

    /// Stops counting a job's wait, adding it to its totals and keeping its last reason.
    pub fn stop(&mut self, j: JobId, key: (CqId, usize), now: Seconds) {
        match self.behind_since[j].take() {
            Some(since) => {
                self.waited[j][slot(Reason::BehindHigherPriority)] += now - since;
                self.last_reason[j] = Some(Reason::BehindHigherPriority);
            }
            None => {
                let clock = self.clock(key, now);
                for ((w, c), f) in self.waited[j].iter_mut().zip(clock).zip(self.from[j]) {
                    *w += c - f;
                }
                if let Some(g) = self.groups.get(&key) {
                    self.last_reason[j] = g.reason.or(self.last_reason[j]);
                    self.last_message[j] = g.message.or(self.last_message[j]);
                }
            }
        }
    }
}
