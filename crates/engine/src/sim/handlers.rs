//! Applying events, and the job transitions they share: start, stop, requeue, end.

use super::fit::Placement;
use super::job_state::{EntryReasons, Pending, Running};
use super::order::in_share_victim_key;
use super::reason::Reason;
use super::world::{JobId, PoolKind, ShareId, TypeId, PLAN_ONLY_PATIENCE};
use super::Sim;
use crate::common::attempt;
use crate::common::ending::{Ending, Stop};
use crate::common::events::{Event, Expiry};
use crate::common::stopping::{attempt_fields, StopsAttempts};
use crate::common::Phase;
use crate::scenario::ActionKind;
use crate::time::{MaybeSeconds, Seconds};

impl Sim<'_> {
    pub(super) fn apply(&mut self, event: Event) {
        match event {
            Event::AttemptEnd { job, epoch } if self.jobs[job].epoch == epoch => {
                self.attempt_ends(job)
            }
            Event::SpotInterruption { job, epoch } if self.jobs[job].epoch == epoch => {
                self.stop_and_requeue(job, Stop::Spot, None);
            }
            Event::PlanStop { plan } => self.plan_stops(plan),
            Event::PlanStart { plan } => {
                self.cap.plan_open[plan] = true;
                self.cap.touched[self.world.pools[self.world.plans[plan].pool].instance_type] =
                    true;
                self.loosened[self.world.pools[self.world.plans[plan].pool].instance_type] = true;
                self.refresh_plan_clocks(plan);
            }
            Event::CapacityChange {
                instance_type,
                count,
            } => {
                // SEMANTICS §1: running jobs keep their instances; new starts wait below the level.
                if count > self.cap.on_demand[instance_type] {
                    self.loosened[instance_type] = true;
                }
                self.cap.on_demand[instance_type] = count;
                self.cap.touched[instance_type] = true;
                self.audit_allow_current(&[instance_type]);
                self.log.capacity_changed(self.now, instance_type, count);
            }
            Event::Action { index } => self.action(index),
            Event::Submit { job } if self.jobs[job].phase == Phase::NotSubmitted => {
                self.submit(job)
            }
            Event::Expire { job, epoch, which } => self.expire(job, epoch, which),
            _ => {} // a stale attempt event, or a submission of a job cancelled before it arrived
        }
    }

    fn submit(&mut self, j: JobId) {
        self.log.submitted(self.now, j);
        if let Some(max_wait) = self.world.job(j).max_wait {
            let at = self.world.submit(j) + max_wait;
            self.queue.push(
                at,
                self.rank(j),
                Event::Expire {
                    job: j,
                    epoch: 0,
                    which: Expiry::MaxWait,
                },
            );
        }
        self.make_pending(j);
    }

    fn rank(&self, j: JobId) -> u64 {
        u64::from(self.world.name_rank[j])
    }

    /// Puts a job in the queues with a fresh pending clock (SEMANTICS §3: the clock runs from
    /// submission, and again from each requeue).
    pub(super) fn make_pending(&mut self, j: JobId) {
        let state = &mut self.jobs[j];
        state.phase = Phase::Pending;
        state.pending = Some(Box::new(Pending::new(self.now)));
        state.clock_epoch += 1;
        let priority = state.priority;
        let head = self.head_of(j);
        self.pending.insert(self.world, j, priority);
        self.start_waiting(j);
        self.head_changed(head, self.head_of(j));
        self.fresh.push(j);
        self.resume_clock(j);
    }

    /// Takes a job out of the queues without starting it, noting why each entry does not fit
    /// now and closing its waiting time.
    fn leave_pending(&mut self, j: JobId) {
        let reasons = self.entry_reasons_now(j);
        self.jobs[j].entry_reasons = reasons;
        self.dequeue(j);
    }

    /// Takes a job out of the queues, closing its waiting time. A job that starts gets its entry
    /// reasons from the evaluation that started it, so they are not worked out here.
    fn dequeue(&mut self, j: JobId) {
        let job = self.world.job(j);
        let share = job.share.unwrap_or(0);
        let was_head = self.world.strict_fifo && self.pending.head(self.world, share) == Some(j);
        let priority = self.jobs[j].priority;
        self.stop_waiting(j);
        self.pending.remove(self.world, j, priority);
        let state = &mut self.jobs[j];
        let pending = state.pending.take().expect("the job was pending");
        state.wait_total += self.now - pending.since;
        state.clock_epoch += 1;
        // Strict FIFO: the next job of the share may now start; it needs evaluating.
        if was_head {
            if let Some(next) = self.pending.head(self.world, share) {
                self.head_changed(None, Some(next));
                self.fresh.push(next);
            }
        }
    }

    /// Whether any entry of the job can be used at all (SEMANTICS §3: the pending clock pauses
    /// while every entry names a plan with no active block).
    fn clock_runs(&self, j: JobId) -> bool {
        let job = self.world.job(j);
        !job.plan_only
            || job.entries.iter().any(|e| matches!(self.world.pools[e.pool].kind, PoolKind::Plan(p) if self.cap.plan_open[p]))
    }

    fn resume_clock(&mut self, j: JobId) {
        if self.jobs[j].pending().clock_since.is_some() || !self.clock_runs(j) {
            return;
        }
        let job = self.world.job(j);
        let state = &mut self.jobs[j];
        state.clock_epoch += 1;
        let epoch = state.clock_epoch;
        let pending = state.pending();
        pending.clock_since = MaybeSeconds::at(self.now);
        let used = pending.clock_used;
        let key = u64::from(self.world.name_rank[j]);
        if let Some(limit) = job.max_pending {
            self.queue.push(
                self.now + (limit - used).max(0),
                key,
                Event::Expire {
                    job: j,
                    epoch,
                    which: Expiry::MaxPending,
                },
            );
        }
        if job.plan_only {
            self.queue.push(
                self.now + (PLAN_ONLY_PATIENCE - used).max(0),
                key,
                Event::Expire {
                    job: j,
                    epoch,
                    which: Expiry::PlanOnlyPatience,
                },
            );
        }
    }

    fn pause_clock(&mut self, j: JobId) {
        let state = &mut self.jobs[j];
        let pending = state.pending();
        if let Some(since) = pending.clock_since.take() {
            pending.clock_used += self.now - since;
            state.clock_epoch += 1;
        }
    }

    fn refresh_plan_clocks(&mut self, plan: usize) {
        for i in 0..self.plan_jobs[plan].len() {
            let j = self.plan_jobs[plan][i];
            if self.jobs[j].phase != Phase::Pending {
                continue;
            }
            if self.clock_runs(j) {
                self.resume_clock(j);
            } else {
                self.pause_clock(j);
            }
        }
    }

    fn expire(&mut self, j: JobId, epoch: u32, which: Expiry) {
        let state = &self.jobs[j];
        match which {
            Expiry::MaxWait if state.phase == Phase::Pending || state.phase == Phase::Running => {
                if state.phase == Phase::Running {
                    self.stop_attempt(j, Stop::MaxWait, None);
                } else {
                    self.leave_pending(j);
                }
                self.end(j, Ending::Stopped);
            }
            Expiry::MaxPending if state.phase == Phase::Pending && state.clock_epoch == epoch => {
                self.leave_pending(j);
                self.end(j, Ending::TimedOut);
            }
            Expiry::PlanOnlyPatience
                if state.phase == Phase::Pending && state.clock_epoch == epoch =>
            {
                self.leave_pending(j);
                self.end(j, Ending::InsufficientCapacity);
            }
            _ => {}
        }
    }

    /// Starts an attempt of `j` on entry `e` (SEMANTICS §3: startup, checkpoints, memory).
    pub(super) fn start(
        &mut self,
        j: JobId,
        e: usize,
        placement: Placement,
        skipped: EntryReasons,
        by_preemption: bool,
    ) {
        self.dequeue(j);
        let world = self.world;
        let job = world.job(j);
        let entry = &job.entries[e];
        self.cap
            .occupy(entry.pool, entry.instance_type, job.share, entry.count);
        self.running
            .insert(world, j, entry.pool, self.jobs[j].priority);
        self.audit_start(j, entry.pool);
        let state = &mut self.jobs[j];
        let plan = attempt::Plan {
            start: self.now,
            startup: job.startup,
            compute: state.remaining(world.duration(j, e)),
            checkpoint: job.checkpoint,
        };
        let memory_failure = job
            .memory_gib
            .is_some_and(|need| need > world.types[entry.instance_type].accelerator_memory_gib);
        let end = plan.end_event_at(memory_failure);
        state.epoch += 1;
        state.phase = Phase::Running;

        state.running = Some(Box::new(Running {
            entry: e,
            plan,
            memory_failure,
            borrowed: placement.borrowed,
            by_preemption_at: by_preemption.then_some(self.now),
        }));
        let epoch = state.epoch;
        let key = u64::from(world.name_rank[j]);
        self.queue
            .push(end, key, Event::AttemptEnd { job: j, epoch });
        if world.pools[entry.pool].kind == PoolKind::Spot {
            self.schedule_spot_interruption(j, entry.instance_type, entry.count, end, epoch);
        }
        self.log
            .started(self.now, j, e, placement.borrowed, &skipped);
        self.jobs[j].entry_reasons = skipped;
    }

    /// SEMANTICS §1/§3: spot interruptions at the type's rate times the instance count, drawn
    /// from the job's own stream.
    fn schedule_spot_interruption(
        &mut self,
        j: JobId,
        t: TypeId,
        count: u32,
        end: Seconds,
        epoch: u32,
    ) {
        let rate_per_h = self.world.spot[t].map_or(0.0, |s| s.1) * f64::from(count);
        if rate_per_h <= 0.0 {
            return;
        }
        let world = self.world;
        let stream = self
            .spot_streams
            .entry(j)
            .or_insert_with(|| world.spot_stream(j));
        let after =
            crate::time::seconds(stream.exponential(rate_per_h).min(crate::time::MAX_TIME_H))
                .max(1);
        if self.now + after < end {
            self.queue.push(
                self.now + after,
                u64::from(world.name_rank[j]),
                Event::SpotInterruption { job: j, epoch },
            );
        }
    }

    /// SEMANTICS §5: a preempted job loses work since its checkpoint and is requeued, unless its
    /// preemption retries are used up.
    pub(super) fn preempt(&mut self, j: JobId, stop: Stop, by: Option<JobId>) {
        self.stop_attempt(j, stop, by);
        let retries = self.world.job(j).preemption_retries;
        if retries.is_some_and(|n| self.jobs[j].retries_used >= n) {
            self.end(j, Ending::RetriesExhausted);
            return;
        }
        self.jobs[j].retries_used += 1;
        self.requeue(j);
        self.jobs[j].pending().preempted_at = MaybeSeconds::at(self.now);
    }

    fn plan_stops(&mut self, plan: usize) {
        self.cap.plan_open[plan] = false;
        self.cap.touched[self.world.pools[self.world.plans[plan].pool].instance_type] = true;
        let pool = self.world.plans[plan].pool;
        let victims: Vec<JobId> = self.running.on_pool(pool).iter().copied().collect();
        let mut ordered = victims;
        ordered.sort_by_key(|&j| self.world.name_rank[j]);
        for j in ordered {
            self.stop_and_requeue(j, Stop::PlanEnd, None);
        }
        self.refresh_plan_clocks(plan);
    }

    fn action(&mut self, index: usize) {
        let world = self.world;
        let Some(kind) = world.actions[index].kind() else {
            return;
        };
        match kind {
            ActionKind::SetPriority(p) => {
                let j = world.job_named(&p.job);
                self.set_priority(j, super::world::aws_priority(p.priority));
            }
            ActionKind::Cancel(c) => {
                let j = world.job_named(&c.job);
                match self.jobs[j].phase {
                    Phase::Ended => {}
                    Phase::Running => {
                        self.stop_attempt(j, Stop::Cancelled, None);
                        self.end(j, Ending::Cancelled);
                    }
                    Phase::Pending => {
                        self.leave_pending(j);
                        self.end(j, Ending::Cancelled);
                    }
                    Phase::NotSubmitted => self.end(j, Ending::Cancelled),
                }
            }
            ActionKind::UpdateShare(u) => {
                let s = world.share_index[&u.share];
                self.cap.update_terms(s, |terms| {
                    if let Some(limits) = &u.capacity_limits {
                        terms.limits = super::world::limits_vector(
                            limits,
                            &world.type_index,
                            world.types.len(),
                        );
                    }
                    if let Some(strategy) = u.strategy {
                        terms.strategy = strategy;
                    }
                    if let Some(limit) = u.borrow_limit {
                        terms.borrow_limit = limit;
                    }
                    if let Some(on) = u.in_share_preemption {
                        terms.in_share_preemption = on;
                    }
                });
                // New terms can open room on any type (and the invariant spans all shares).
                self.loosened.iter_mut().for_each(|l| *l = true);
                self.cap.touched.iter_mut().for_each(|t| *t = true);
                self.log.share_updated(self.now, s);
                self.enforce_lowered_limits(s);
                let all: Vec<usize> = (0..world.types.len()).collect();
                self.audit_allow_current(&all);
            }
        }
    }

    /// SEMANTICS §5: a priority update moves the job in the queue and changes its standing as a
    /// victim from this instant on.
    fn set_priority(&mut self, j: JobId, priority: u32) {
        let pending = self.jobs[j].phase == Phase::Pending;
        let job = self.world.job(j);
        let old = self.jobs[j].priority;
        if pending {
            let head = self.head_of(j);
            self.stop_waiting(j);
            self.pending.remove(self.world, j, old);
            self.pending.insert(self.world, j, priority);
            self.start_waiting(j);
            self.head_changed(head, self.head_of(j));
            // Its place in the queue changed: evaluate it again (under strict FIFO it may now lead).
            self.fresh.push(j);
            if let Some(head) = self.pending.head(self.world, job.share.unwrap_or(0)) {
                self.fresh.push(head);
            }
        }
        if let Some(run) = &self.jobs[j].running {
            let pool = job.entries[run.entry].pool;
            self.running
                .reprioritise(self.world, j, pool, old, priority);
        }
        self.jobs[j].priority = priority;
        self.log.priority_changed(self.now, j, priority);
    }

    /// SEMANTICS §2: after an update, a share holding more of a type than its strategy allows
    /// loses jobs on that type one by one, in in-share victim order (kind `limit_lowered`).
    fn enforce_lowered_limits(&mut self, s: ShareId) {
        for t in 0..self.world.types.len() {
            while self.cap.over_strategy(s, t) {
                let Some(victim) = self.share_jobs_on_type(s, t).into_iter().min_by_key(|&j| {
                    let r = self.jobs[j].running.as_ref().map_or(0, |r| r.plan.start);
                    in_share_victim_key(self.jobs[j].priority, r, self.world.name_rank[j])
                }) else {
                    break;
                };
                self.preempt(victim, Stop::LimitLowered, None);
            }
        }
    }

    fn share_jobs_on_type(&self, s: ShareId, t: TypeId) -> Vec<JobId> {
        self.world.type_pools[t]
            .iter()
            .flat_map(|&pool| self.running.of_share(s, pool).iter().map(|&(_, j)| j))
            .collect()
    }

    /// Why a job that is still pending at the end never started: a permanent reason when every
    /// entry has one, otherwise the last reason seen on its first entry.
    fn blocked_by(&self, j: JobId) -> Option<Reason> {
        let job = self.world.job(j);
        let permanent: Vec<Option<Reason>> = (0..job.entries.len())
            .map(|e| {
                super::fit::check(self.world, &self.cap, job, e)
                    .err()
                    .filter(|r| r.is_permanent())
            })
            .collect();
        if permanent
            .iter()
            .all(|r| *r == Some(Reason::QuotaLimitExceeded))
        {
            Some(Reason::QuotaLimitExceeded)
        } else if permanent.iter().all(Option::is_some) {
            Some(Reason::CapacityExceeded)
        } else {
            self.current_reason(j)
        }
    }
}

impl StopsAttempts for Sim<'_> {
    attempt_fields!();

    fn end(&mut self, j: JobId, ending: Ending) {
        self.spot_streams.remove(&j);
        self.jobs[j].phase = Phase::Ended;
        self.jobs[j].clock_epoch += 1;
        self.ended += 1;
        self.log.ended(self.now, j, ending);
    }

    fn leave_pending_at_end(&mut self, j: JobId) -> Option<Reason> {
        self.leave_pending(j);
        self.blocked_by(j)
    }

    /// Releases the attempt's instances and audits the work it did.
    fn stop_attempt(&mut self, j: JobId, stop: Stop, by: Option<JobId>) -> Seconds {
        let world = self.world;
        let job = world.job(j);
        let state = &mut self.jobs[j];
        let Some(run) = state.running.take() else {
            return 0;
        };
        let entry = &job.entries[run.entry];
        let duration = world.duration(j, run.entry);
        self.cap
            .release(entry.pool, entry.instance_type, job.share, entry.count);
        self.running.remove(world, j, entry.pool, state.priority);
        self.loosened[entry.instance_type] = true;
        state.epoch += 1;
        let interrupted = run.plan.stopped(self.now, stop, run.memory_failure);
        state.progress = interrupted.progress_after(state.progress, duration);
        let succeeded = stop == Stop::Succeeded;
        self.audit_work(j, succeeded, run.plan.compute, interrupted.saved, duration);
        self.log
            .attempt_stopped(self.now, j, stop, by, interrupted.lost);
        interrupted.lost
    }
}
