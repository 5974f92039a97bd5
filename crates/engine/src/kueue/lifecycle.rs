//! A job's life under Kueue's rules: pending in its queue, admitted with its flavors (an
//! attempt starts: startup, checkpoints and lost work as SEMANTICS §3 has them), evicted for a
//! preemptor and requeued with its creation time and no retry limit, interrupted on a spot
//! flavor, ended (docs/KUEUE.md, "Preemption", "Time"). Whenever a workload lets go of its
//! quota, the set-aside workloads of its cohort tree are requeued, as Kueue does.

use super::run::{JobState, Run, Running};
use super::snapshot::Holding;
use super::tree;
use super::waiting::Message;
use super::world::{FlavorId, Fr, JobId, ResourceId};
use crate::common::attempt;
use crate::common::ending::{Ending, Stop};
use crate::common::events::Event;
use crate::common::stopping::{attempt_fields, StopsAttempts};
use crate::common::Phase;
use crate::result::{Reason, StopKind};
use crate::scenario::kueue::StopPolicy;
use crate::time::Seconds;

/// An admission: the flavors of each pod set and what they use.
pub struct Admission {
    pub flavors: Vec<Vec<(ResourceId, FlavorId)>>,
    pub usage: Vec<(Fr, i64)>,
    /// The flavor's position in its group, for the result's `preference` (fallback).
    pub preference: usize,
    /// Flavors passed over before it, with why.
    pub skipped: Vec<(usize, FlavorId, Reason)>,
    pub reserved_at: Seconds,
}

impl Run<'_> {
    fn key(&self, j: JobId) -> (usize, usize) {
        (self.world.jobs[j].cq, self.jobs[j].class)
    }

    /// Why a job can never be taken by its queue's cycles, if so: its namespace is not
    /// selected, or the queue holds admissions.
    fn never_taken(&self, j: JobId) -> Option<(Reason, Message)> {
        let job = &self.world.jobs[j];
        if !job.namespace_selected {
            return Some((Reason::NamespaceNotSelected, Message::Namespace));
        }
        (self.world.queues[job.cq].stop != StopPolicy::None)
            .then_some((Reason::ClusterQueueStopped, Message::Stopped))
    }

    /// Puts a job in its queue with a fresh pending clock.
    pub fn make_pending(&mut self, j: JobId) {
        let state = &mut self.jobs[j];
        state.phase = Phase::Pending;
        state.pending_since = self.now;
        let key = self.key(j);
        if let Some((reason, message)) = self.never_taken(j) {
            self.waiting.set(key, self.now, reason, j, message);
            self.waiting.start(j, key, self.now, false);
            return;
        }
        let cq = key.0;
        let old = self.pending.of[cq].first();
        self.pending.of[cq].insert(self.jobs[j].key, self.jobs[j].class);
        let behind = self.pending.of[cq].strict_fifo && self.pending.of[cq].first() != Some(j);
        self.waiting.start(j, key, self.now, behind);
        self.head_changed(cq, old, j);
    }

    /// Takes a pending job out of its queue, closing its waiting time.
    fn leave_pending(&mut self, j: JobId) {
        let key = self.key(j);
        self.waiting.stop(j, key, self.now);
        let state = &mut self.jobs[j];
        state.wait_total += self.now - state.pending_since;
        state.last_scan = None;
        if self.never_taken(j).is_some() {
            return;
        }
        let cq = key.0;
        let old = self.pending.of[cq].first();
        self.pending.of[cq].remove(self.jobs[j].key, self.jobs[j].class);
        self.head_changed(cq, old, j);
    }

    /// StrictFIFO: when its queue's head changed, the old and the new head switch between
    /// waiting behind and waiting for their own reason.
    fn head_changed(&mut self, cq: usize, old: Option<JobId>, moving: JobId) {
        let queue = &self.pending.of[cq];
        let new = queue.first();
        if !queue.strict_fifo || old == new {
            return;
        }
        for x in [old, new].into_iter().flatten() {
            if x == moving || self.jobs[x].phase != Phase::Pending {
                continue;
            }
            let key = self.key(x);
            self.waiting.stop(x, key, self.now);
            let behind = self.pending.of[cq].first() != Some(x);
            self.waiting.start(x, key, self.now, behind);
        }
    }

    /// Admits a job: its quota is reserved and its attempt starts.
    pub fn admit(&mut self, j: JobId, admission: Admission) {
        if self.jobs[j].phase == Phase::Pending {
            self.leave_pending(j);
        }
        let world = self.world;
        let job = &world.jobs[j];
        let cq = job.cq;
        tree::apply(
            world,
            &mut self.usage,
            world.queues[cq].node,
            &admission.usage,
            true,
        );
        let flavor = job.primary.and_then(|r| {
            admission
                .flavors
                .first()
                .and_then(|f| f.iter().find(|(res, _)| *res == r).map(|&(_, f)| f))
        });
        let borrowed = self.borrowed_pods(j, flavor, &admission.usage);
        let pod_flavors: Vec<Option<FlavorId>> = (0..job.pod_sets.len())
            .map(|p| {
                admission
                    .flavors
                    .get(p)
                    .and_then(|f| f.first().map(|&(_, f)| f))
            })
            .collect();
        self.admitted.insert(
            world,
            j,
            Holding {
                cq,
                usage: admission.usage,
                reserved_at: admission.reserved_at,
                priority: self.jobs[j].priority,
            },
        );
        let duration = flavor.map_or(job.base_duration, |f| job.duration_on(&world.flavors[f]));
        let state = &mut self.jobs[j];
        let plan = attempt::Plan {
            start: self.now,
            startup: job.startup,
            compute: crate::time::compute_needed(state.progress, duration),
            checkpoint: job.checkpoint,
        };
        let memory_failure = match (job.memory_gib, flavor) {
            (Some(need), Some(f)) => world.flavors[f]
                .instance_type
                .as_ref()
                .is_some_and(|t| need > t.accelerator_memory_gib),
            _ => false,
        };
        let end = plan.end_event_at(memory_failure);
        state.epoch += 1;
        state.phase = Phase::Running;
        state.running = Some(Running {
            plan,
            memory_failure,
            duration,
        });
        let epoch = state.epoch;
        self.queue
            .push(end, self.rank(j), Event::AttemptEnd { job: j, epoch });
        self.schedule_spot_interruption(j, flavor, end, epoch);
        self.log.started(
            self.now,
            j,
            super::record::Started {
                flavor,
                pod_flavors,
                preference: admission.preference,
                borrowed,
                skipped: admission.skipped,
            },
        );
    }

    /// Pods of the first pod set over the queue's nominal quota on the reported FR.
    fn borrowed_pods(&self, j: JobId, flavor: Option<FlavorId>, usage: &[(Fr, i64)]) -> u32 {
        let world = self.world;
        let job = &world.jobs[j];
        let (Some(f), Some(r)) = (flavor, job.primary) else {
            return 0;
        };
        let fr = world.fr(f, r);
        let node = world.queues[job.cq].node;
        let used = self.usage.of(node, fr);
        let over = (used - world.nodes[node].nominal[fr]).max(0);
        let request = usage.iter().find(|(x, _)| *x == fr).map_or(0, |&(_, v)| v);
        let count = job.pod_sets.first().map_or(0, |p| p.count);
        if request <= 0 || count == 0 {
            return 0;
        }
        let per_pod = (request / i64::from(count)).max(1);
        ((over.min(request) + per_pod - 1) / per_pod).min(i64::from(count)) as u32
    }

    /// SEMANTICS §3 on a spot flavor: interruptions at the type's rate times the pods, from the
    /// job's own stream.
    fn schedule_spot_interruption(
        &mut self,
        j: JobId,
        flavor: Option<FlavorId>,
        end: Seconds,
        epoch: u32,
    ) {
        let Some(f) = flavor else { return };
        let pods = self.world.jobs[j].pod_sets.first().map_or(0, |p| p.count);
        let rate = self.world.flavors[f].interruptions_per_h * f64::from(pods);
        if rate <= 0.0 {
            return;
        }
        let stream = match self.jobs[j].spot_stream.take() {
            Some(s) => s,
            None => self.spot_stream(j),
        };
        let state: &mut JobState = &mut self.jobs[j];
        let mut stream = stream;
        let after =
            crate::time::seconds(stream.exponential(rate).min(crate::time::MAX_TIME_H)).max(1);
        state.spot_stream = Some(stream);
        if self.now + after < end {
            self.queue.push(
                self.now + after,
                self.rank(j),
                Event::SpotInterruption { job: j, epoch },
            );
        }
    }

    /// Evicted for `by` with Kueue's `reason`: requeued with its creation time and no limit.
    pub fn evict(&mut self, j: JobId, reason: StopKind, by: JobId) {
        self.stop_and_requeue(j, Stop::Evicted(reason), Some(by));
    }

    pub fn cancel(&mut self, j: JobId) {
        match self.jobs[j].phase {
            Phase::Ended => return,
            Phase::Running => {
                self.stop_attempt(j, Stop::Cancelled, None);
            }
            Phase::Pending => self.leave_pending(j),
            Phase::NotSubmitted => {}
        }
        self.end(j, Ending::Cancelled);
    }

    /// A new priority moves a pending job in its queue (and into the class of its new
    /// priority); an admitted one's standing as a victim changes, and its cohort is requeued,
    /// as Kueue does when an admitted workload's priority changes.
    pub fn set_priority(&mut self, j: JobId, priority: i32) {
        let world = self.world;
        let job = &world.jobs[j];
        let pending = self.jobs[j].phase == Phase::Pending;
        if pending {
            self.leave_pending(j);
        }
        let state = &mut self.jobs[j];
        state.priority = priority;
        state.key = super::queues::QueueKey::new(world, j, priority);
        state.class = self.pending.of[job.cq].class_of(job.shape, priority);
        if pending {
            let since = self.jobs[j].pending_since;
            let waited = self.jobs[j].wait_total;
            self.make_pending(j);
            // The job did not leave the queue: its waiting goes on from when it began.
            self.jobs[j].pending_since = since;
            self.jobs[j].wait_total = waited;
        }
        if let Some(cq) = self.admitted.set_priority(world, j, priority) {
            self.pending.requeue_tree(world, cq);
        }
        self.log.priority_changed(self.now, j, priority);
    }

    /// The state the cluster recorded: jobs admitted before the run hold their flavors from
    /// time 0, whatever the rules would choose (docs/KUEUE.md, "The cluster's current state").
    pub fn admit_recorded(&mut self) {
        let world = self.world;
        for j in 0..world.jobs.len() {
            let Some((at, flavors)) = world.jobs[j].admitted.clone() else {
                continue;
            };
            let job = &world.jobs[j];
            if world.queues[job.cq].stop == StopPolicy::HoldAndDrain {
                // HoldAndDrain evicts what its queue admitted as soon as the stop is seen
                // (docs/KUEUE.md, "Stop policy"): such a job holds nothing and waits, from 0,
                // for the queue to admit again.
                self.log.submitted(self.now, j);
                self.make_pending(j);
                continue;
            }
            let mut usage: Vec<(Fr, i64)> = Vec::new();
            for (p, ps) in job.pod_sets.iter().enumerate() {
                for &(r, v) in &ps.total {
                    if let Some(&(_, f)) = flavors.get(p).and_then(|m| m.iter().find(|x| x.0 == r))
                    {
                        usage.push((world.fr(f, r), v));
                    }
                }
            }
            let primary_flavor = job
                .primary
                .and_then(|r| flavors.first()?.iter().find(|x| x.0 == r).map(|x| x.1));
            let preference = primary_flavor
                .and_then(|f| {
                    let q = &world.queues[job.cq];
                    let g = q.group_of[job.primary?]?;
                    q.groups[g].flavors.iter().position(|&x| x == f)
                })
                .unwrap_or(0);
            self.log.submitted(self.now, j);
            self.admit(
                j,
                Admission {
                    flavors,
                    usage,
                    preference,
                    skipped: Vec::new(),
                    reserved_at: at,
                },
            );
        }
    }

    /// At the end: whatever has not ended is unfinished (SEMANTICS §6).
    pub fn finish(&mut self) {
        if let Some(note) = self.thrashing.note() {
            self.log.note(note);
        }
        self.end_unfinished();
    }
}

impl StopsAttempts for Run<'_> {
    attempt_fields!();

    fn end(&mut self, j: JobId, ending: Ending) {
        self.jobs[j].phase = Phase::Ended;
        self.ended += 1;
        self.log.ended(self.now, j, ending);
    }

    /// An unfinished job keeps the last reason it waited.
    fn leave_pending_at_end(&mut self, j: JobId) -> Option<Reason> {
        self.leave_pending(j);
        self.waiting.last_reason[j]
    }

    /// Lets go of the attempt's quota, as Kueue does when a workload is evicted or finishes.
    fn stop_attempt(&mut self, j: JobId, stop: Stop, by: Option<JobId>) -> Seconds {
        let Some(run) = self.jobs[j].running.take() else {
            return 0;
        };
        let world = self.world;
        if let Some(h) = self.admitted.remove(world, j) {
            tree::apply(
                world,
                &mut self.usage,
                world.queues[h.cq].node,
                &h.usage,
                false,
            );
            self.generation[h.cq] += 1;
            self.pending.requeue_tree(world, h.cq);
        }
        let state = &mut self.jobs[j];
        state.epoch += 1;
        let interrupted = run.plan.stopped(self.now, stop, run.memory_failure);
        state.progress = interrupted.progress_after(state.progress, run.duration);
        self.log
            .attempt_stopped(self.now, j, stop, by, interrupted.lost);
        interrupted.lost
    }
}
