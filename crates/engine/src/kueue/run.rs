//! The run under Kueue's rules: one event queue and one clock in whole seconds, as under AWS
//! rules, and at every instant scheduling cycles until a cycle changes nothing
//! (docs/KUEUE.md, "Time"). Events are the AWS run's: submissions, attempt ends, spot
//! interruptions and actions, in the same order within an instant (SEMANTICS §4).

use super::assign::ScanProgress;
use super::queues::{QueueKey, Queues};
use super::record::Log;
use super::snapshot::Admitted;
use super::thrashing::Thrashing;
use super::tree::Usage;
use super::waiting::Waiting;
use super::world::{JobId, World};
use crate::common::attempt;
use crate::common::ending::Stop;
use crate::common::events::{Event, EventQueue};
use crate::common::instants::{run_fields, run_to_end, Instants};
use crate::common::stopping::StopsAttempts;
use crate::common::{Phase, Progress};
use crate::rng::{Purpose, Stream};
use crate::scenario::ActionKind;
use crate::sim::Keep;
use crate::time::{hours, Seconds};
use rustc_hash::FxHashSet;

/// A running attempt.
pub struct Running {
    pub plan: attempt::Plan,
    pub memory_failure: bool,
    pub duration: Seconds,
}

/// Where a pending job's last flavor scan stopped, and when (Kueue's `LastAssignment`).
pub struct LastScan {
    pub progress: ScanProgress,
    pub cycle: u64,
    pub generation: u64,
}

pub struct JobState {
    pub phase: Phase,
    pub priority: i32,
    pub class: usize,
    pub key: QueueKey,
    pub epoch: u32,
    /// Fraction of its work saved by checkpoints.
    pub progress: f64,
    pub running: Option<Running>,
    pub pending_since: Seconds,
    pub wait_total: Seconds,
    pub last_scan: Option<LastScan>,
    pub spot_stream: Option<Stream>,
}

pub struct Run<'w> {
    pub world: &'w World,
    pub now: Seconds,
    pub queue: EventQueue,
    pub jobs: Vec<JobState>,
    pub pending: Queues,
    pub usage: Usage,
    pub admitted: Admitted,
    /// Per ClusterQueue, bumped when one of its workloads lets go of its quota (Kueue's
    /// `AllocatableResourceGeneration`).
    pub generation: Vec<u64>,
    pub cycle: u64,
    pub events_done: u64,
    pub ended: u64,
    pub log: Log,
    pub waiting: Waiting,
    /// The evictions of this instant, as (preemptor, victim): a preemptor does not evict the
    /// same victim twice at one instant (docs/KUEUE.md, "Thrashing").
    pub evicted_now: FxHashSet<(JobId, JobId)>,
    pub thrashing: Thrashing,
}

/// The most cycles one instant may run before the run says so and moves on; a guard only, as
/// every cycle either changes something or ends the instant.
const CYCLES_PER_INSTANT: u64 = 100_000;

impl<'w> Run<'w> {
    pub fn new(world: &'w World, keep: Keep) -> Run<'w> {
        let mut pending = Queues::new(world);
        let jobs = world
            .jobs
            .iter()
            .enumerate()
            .map(|(j, job)| JobState {
                phase: Phase::NotSubmitted,
                priority: job.priority,
                class: pending.of[job.cq].class_of(job.shape, job.priority),
                key: QueueKey::new(world, j, job.priority),
                epoch: 0,
                progress: 0.0,
                running: None,
                pending_since: 0,
                wait_total: 0,
                last_scan: None,
                spot_stream: None,
            })
            .collect();
        Run {
            world,
            now: 0,
            queue: EventQueue::default(),
            jobs,
            pending,
            usage: Usage::new(world),
            admitted: Admitted::new(world),
            generation: vec![0; world.queues.len()],
            cycle: 0,
            events_done: 0,
            ended: 0,
            log: Log::new(world, keep),
            waiting: Waiting::new(world),
            evicted_now: FxHashSet::default(),
            thrashing: Thrashing::default(),
        }
    }

    pub fn rank(&self, j: JobId) -> u64 {
        u64::from(self.world.name_rank[j])
    }

    /// Submissions and actions, known in advance.
    pub fn seed_events(&mut self) {
        for j in 0..self.world.jobs.len() {
            if self.world.jobs[j].admitted.is_none() {
                self.queue.push(
                    self.world.jobs[j].submit,
                    self.rank(j),
                    Event::Submit { job: j },
                );
            }
        }
        for (index, action) in self.world.actions.iter().enumerate() {
            self.queue.push(
                crate::time::seconds(action.at_h),
                index as u64,
                Event::Action { index },
            );
        }
    }

    pub fn run(&mut self, every: u64, progress: &mut dyn FnMut(Progress) -> bool) -> Option<()> {
        self.admit_recorded();
        run_to_end(self, every, progress)
    }

    /// Scheduling cycles at this instant until one changes nothing.
    fn schedule(&mut self) {
        self.evicted_now.clear();
        for _ in 0..CYCLES_PER_INSTANT {
            if !self.cycle() {
                return;
            }
        }
        self.log.note(format!(
            "at {:.2} h the scheduler ran {CYCLES_PER_INSTANT} cycles without settling; the rest of that instant was skipped",
            hours(self.now)
        ));
    }

    fn apply(&mut self, event: Event) {
        match event {
            Event::AttemptEnd { job, epoch } if self.jobs[job].epoch == epoch => {
                self.attempt_ends(job)
            }
            Event::SpotInterruption { job, epoch } if self.jobs[job].epoch == epoch => {
                self.stop_and_requeue(job, Stop::Spot, None)
            }
            Event::Action { index } => self.action(index),
            Event::Submit { job } if self.jobs[job].phase == Phase::NotSubmitted => {
                self.log.submitted(self.now, job);
                self.make_pending(job);
            }
            _ => {}
        }
    }

    fn action(&mut self, index: usize) {
        let world = self.world;
        let Some(kind) = world.actions[index].kind() else {
            return;
        };
        match kind {
            ActionKind::SetPriority(p) => self.set_priority(world.job_named(&p.job), p.priority),
            ActionKind::Cancel(c) => self.cancel(world.job_named(&c.job)),
            // Validation refuses `update_share` in a Kueue scenario.
            ActionKind::UpdateShare(_) => {}
        }
    }

    /// A fresh spot-interruption stream per job, as under AWS rules (SEMANTICS §3).
    pub fn spot_stream(&self, j: JobId) -> Stream {
        Stream::new(
            self.world.seed,
            Purpose::SpotInterruptions,
            &self.world.jobs[j].name,
        )
    }
}

impl Instants for Run<'_> {
    run_fields!();

    fn apply(&mut self, event: Event) {
        Run::apply(self, event);
    }

    fn schedule(&mut self) {
        Run::schedule(self);
    }

    /// The usage series, sampled at the instant just done.
    fn after_instant(&mut self) {
        self.log.usage.sample(self.world, &self.usage, self.now);
    }

    fn finish(&mut self) {
        Run::finish(self);
    }
}
