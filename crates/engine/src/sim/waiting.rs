//! Time waited per reason (SEMANTICS §6), without re-evaluating every pending job at every pass.
//!
//! The reason on a job's first entry depends only on its share and that entry (pool, type,
//! count), so jobs sharing those form a group with one reason at any instant. Each group keeps
//! a clock of time spent per reason; after every instant the groups on changed types are
//! re-checked. A job's waiting time per reason is then the group clock's advance between the
//! job becoming pending and leaving pending. Under strict FIFO a job behind its share's first
//! pending job waits for that reason instead (`behind_higher_priority`), counted on the job.

use super::fit;
use super::job_state::EntryReasons;
use super::per_reason::PerReason;
use super::reason::Reason;
use super::world::{JobId, World};
use super::Sim;
use crate::time::{MaybeSeconds, Seconds};
use rustc_hash::FxHashMap;

struct Group {
    /// A job of the group, whose first entry stands for all of them.
    representative: JobId,
    reason: Option<Reason>,
    /// The last reason the group was blocked for; a job still pending at the horizon, when
    /// nothing may start any more, reports it even if its entry would fit by then.
    last_blocking: Option<Reason>,
    since: Seconds,
    spent: PerReason,
}

pub struct ReasonGroups {
    groups: Vec<Group>,
    /// Each job's group.
    of_job: Vec<u32>,
    by_type: Vec<Vec<usize>>,
}

impl ReasonGroups {
    pub fn new(world: &World) -> Self {
        let mut index: FxHashMap<(Option<usize>, usize, u32), u32> = FxHashMap::default();
        let mut groups = Vec::new();
        let mut by_type = vec![Vec::new(); world.types.len()];
        let of_job = (0..world.job_count())
            .map(|j| {
                let job = world.job(j);
                let first = &job.entries[0];
                *index
                    .entry((job.share, first.pool, first.count))
                    .or_insert_with(|| {
                        groups.push(Group {
                            representative: j,
                            reason: None,
                            last_blocking: None,
                            since: 0,
                            spent: [0; Reason::AWS.len()],
                        });
                        by_type[first.instance_type].push(groups.len() - 1);
                        (groups.len() - 1) as u32
                    })
            })
            .collect();
        ReasonGroups {
            groups,
            of_job,
            by_type,
        }
    }

    /// The group clock of job `j` read at `now`.
    pub fn clock(&self, j: JobId, now: Seconds) -> PerReason {
        let group = &self.groups[self.of_job[j] as usize];
        let mut spent = group.spent;
        if let Some(r) = group.reason {
            spent[r.index()] += now - group.since;
        }
        spent
    }

    /// The reason on job `j`'s first entry now, or the last one it was blocked for.
    pub fn reason(&self, j: JobId) -> Option<Reason> {
        let group = &self.groups[self.of_job[j] as usize];
        group.reason.or(group.last_blocking)
    }
}

impl Sim<'_> {
    /// After an instant: re-checks the reason of every group on a type that changed (touched,
    /// before the usage series takes the marks).
    pub(super) fn refresh_waiting_reasons(&mut self) {
        for t in 0..self.world.types.len() {
            if !self.cap.touched[t] {
                continue;
            }
            for i in 0..self.waiting.by_type[t].len() {
                let g = self.waiting.by_type[t][i];
                let representative = self.waiting.groups[g].representative;
                let reason =
                    fit::check(self.world, &self.cap, self.world.job(representative), 0).err();
                let group = &mut self.waiting.groups[g];
                if group.reason != reason {
                    if let Some(old) = group.reason {
                        group.spent[old.index()] += self.now - group.since;
                    }
                    group.reason = reason;
                    group.last_blocking = reason.or(group.last_blocking);
                    group.since = self.now;
                }
            }
        }
    }

    /// Starts counting a pending job's wait: on its group's clock, or behind its share's head.
    pub(super) fn start_waiting(&mut self, j: JobId) {
        if self.is_behind(j) {
            self.jobs[j].pending().behind_since = MaybeSeconds::at(self.now);
        } else {
            self.jobs[j].pending().waiting_from = self.waiting.clock(j, self.now);
        }
    }

    /// Stops counting a job's wait, adding what it waited to its totals.
    pub(super) fn stop_waiting(&mut self, j: JobId) {
        let now = self.now;
        let clock = self.waiting.clock(j, now);
        let state = &mut self.jobs[j];
        let pending = state.pending.as_mut().expect("the job is pending");
        match pending.behind_since.take() {
            Some(since) => state.waited.add(Reason::BehindHigherPriority, now - since),
            None => {
                for ((&reason, now), from) in
                    Reason::AWS.iter().zip(clock).zip(pending.waiting_from)
                {
                    state.waited.add(reason, now - from);
                }
            }
        }
    }

    /// Strict FIFO: whether a pending job is behind another of its share's queue.
    fn is_behind(&self, j: JobId) -> bool {
        self.world.strict_fifo
            && self
                .pending
                .head(self.world, self.world.job(j).share.unwrap_or(0))
                != Some(j)
    }

    /// Strict FIFO: the share's first pending job, before a change to its queue.
    pub(super) fn head_of(&self, j: JobId) -> Option<JobId> {
        self.pending
            .head(self.world, self.world.job(j).share.unwrap_or(0))
    }

    /// Strict FIFO: after a change to a share's queue, moves the old and new first jobs between
    /// waiting behind and waiting on their own reason.
    pub(super) fn head_changed(&mut self, old: Option<JobId>, new: Option<JobId>) {
        if !self.world.strict_fifo || old == new {
            return;
        }
        for j in [old, new].into_iter().flatten() {
            if self.jobs[j].phase == crate::common::Phase::Pending {
                self.stop_waiting(j);
                self.start_waiting(j);
            }
        }
    }

    /// The reason a pending job waits now, for the result of a job that never started.
    pub(super) fn current_reason(&self, j: JobId) -> Option<Reason> {
        if self.is_behind(j) {
            Some(Reason::BehindHigherPriority)
        } else {
            self.waiting.reason(j)
        }
    }

    /// The reason on each entry now, for a job leaving the queue without starting.
    pub(super) fn entry_reasons_now(&self, j: JobId) -> EntryReasons {
        let job = self.world.job(j);
        if self.is_behind(j) {
            return EntryReasons::filled(Some(Reason::BehindHigherPriority), job.entries.len());
        }
        (0..job.entries.len())
            .map(|e| fit::check(self.world, &self.cap, job, e).err())
            .collect()
    }
}
