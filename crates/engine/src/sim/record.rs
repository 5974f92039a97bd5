//! The run's history as it happens (events, attempts, endings, usage), and the result built from
//! it at the end. Aggregates across jobs live in `crate::result::metrics`.

use super::ending::{Ending, Stop};
use super::event_log::Happening;
use super::job_state::JobState;
use super::reason::Reason;
use super::usage::UsageLog;
use super::world::{Entry, JobId, PoolKind, ShareId, TypeId, World};
use super::{Events, Sim};
use crate::amount::{normalise_zero, total};
use crate::result::metrics::PlanInput;
use crate::result::{self, Attempt, JobResult, Selected, Skipped, Text, UsageSeries, Waited};
use crate::scenario::Scenario;
use crate::time::{hours, Seconds};

struct AttemptLog {
    start: Seconds,
    end: Seconds,
    entry: usize,
    borrowed: u32,
    stop: Option<Stop>,
    by: Option<JobId>,
    lost: Seconds,
    skipped: Vec<(usize, Reason)>,
}

pub struct Log {
    /// Whether `events` is recorded at all (`super::Events`).
    keep_events: bool,
    events: Vec<(Seconds, Happening)>,
    attempts: Vec<Vec<AttemptLog>>,
    endings: Vec<Option<(Seconds, Ending)>>,
    /// The utilisation series and the shares' integrated areas.
    pub usage: UsageLog,
    notes: Vec<String>,
}

impl Log {
    pub fn new(world: &World, events: Events) -> Self {
        Log {
            keep_events: events == Events::Kept,
            events: Vec::new(),
            attempts: (0..world.jobs.len()).map(|_| Vec::new()).collect(),
            endings: vec![None; world.jobs.len()],
            usage: UsageLog::new(world),
            notes: Vec::new(),
        }
    }

    /// How many attempts a job has made so far.
    pub fn attempts_of(&self, j: JobId) -> usize {
        self.attempts[j].len()
    }

    pub fn note(&mut self, text: String) {
        self.notes.push(text);
    }

    fn record(&mut self, now: Seconds, happening: Happening) {
        if self.keep_events {
            self.events.push((now, happening));
        }
    }

    pub fn submitted(&mut self, now: Seconds, j: JobId) {
        self.record(now, Happening::Submitted(j));
    }

    pub fn started(
        &mut self,
        now: Seconds,
        j: JobId,
        e: usize,
        borrowed: u32,
        skipped: &[Option<Reason>],
    ) {
        self.record(
            now,
            Happening::Started {
                job: j,
                entry: e,
                borrowed,
            },
        );
        let skipped = skipped
            .iter()
            .take(e)
            .enumerate()
            .filter_map(|(k, r)| r.map(|r| (k, r)))
            .collect();
        self.attempts[j].push(AttemptLog {
            start: now,
            end: now,
            entry: e,
            borrowed,
            stop: None,
            by: None,
            lost: 0,
            skipped,
        });
    }

    pub fn attempt_stopped(
        &mut self,
        now: Seconds,
        j: JobId,
        stop: Stop,
        by: Option<JobId>,
        lost: Seconds,
    ) {
        if let Some(attempt) = self.attempts[j].last_mut() {
            attempt.end = now;
            attempt.stop = Some(stop);
            attempt.by = by;
            attempt.lost = lost;
        }
        // The ending records succeeded, failed, cancelled, stopped and cut.
        if stop.kind().is_some() {
            self.record(
                now,
                Happening::Stopped {
                    job: j,
                    stop,
                    by,
                    lost,
                },
            );
        }
    }

    pub fn requeued(&mut self, now: Seconds, j: JobId) {
        self.record(now, Happening::Requeued(j));
    }

    pub fn ended(&mut self, now: Seconds, j: JobId, ending: Ending) {
        self.endings[j] = Some((now, ending));
        if let Ending::Unfinished(_) = ending {
            return; // not an event: the run stopped around it
        }
        self.record(now, Happening::Ended { job: j, ending });
    }

    pub fn priority_changed(&mut self, now: Seconds, j: JobId, priority: u32) {
        self.record(now, Happening::PriorityChanged { job: j, priority });
    }

    pub fn share_updated(&mut self, now: Seconds, s: ShareId) {
        self.record(now, Happening::ShareUpdated(s));
    }

    pub fn capacity_changed(&mut self, now: Seconds, t: TypeId, count: u32) {
        self.record(
            now,
            Happening::CapacityChanged {
                instance_type: t,
                count,
            },
        );
    }
}

/// A run's history once it has ended: the compiled world, every job's last state and the log.
/// Each job's record and the event list are made from it when they are asked for, so a caller
/// that writes them out one by one never holds them all (docs/PERFORMANCE.md, "Five million
/// jobs").
pub struct History {
    world: World,
    jobs: Vec<JobState>,
    log: Log,
    /// When the run ended.
    end: Seconds,
}

impl Sim<'_> {
    /// The history of the run just done, in place of the simulation.
    pub fn into_history(self) -> (Vec<JobState>, Log, Seconds) {
        let Sim { jobs, log, now, .. } = self;
        (jobs, log, now)
    }
}

impl History {
    /// The history of a run of `world` that ended at `end`, from its job states and log.
    pub fn new(world: World, (jobs, log, end): (Vec<JobState>, Log, Seconds)) -> History {
        History {
            world,
            jobs,
            log,
            end,
        }
    }

    /// How many jobs the run had.
    pub fn len(&self) -> usize {
        self.jobs.len()
    }

    /// Job `j`'s record.
    pub fn job(&self, j: JobId) -> JobResult {
        job_result(&self.world, &self.jobs[j], &self.log, j)
    }

    /// The event list, in the order it happened; empty when the run left it out.
    pub fn events(&self) -> impl Iterator<Item = result::Event> + '_ {
        self.log
            .events
            .iter()
            .filter_map(|&(at, happening)| happening.to_event(&self.world, at))
    }

    /// How many entries the event list holds at most (an `unfinished` ending is not one).
    pub fn events_len(&self) -> usize {
        self.log.events.len()
    }

    /// Everything of the result but its jobs and events, from every job's record made and let go
    /// in turn; the usage series and the notes are moved out of the log.
    pub fn summary(&mut self, scenario: &Scenario) -> result::SimResult {
        let world = &self.world;
        let share_times = self.log.usage.share_times();
        let plans = plan_inputs(scenario, world, self.end);
        let accelerators: Vec<u32> = world.types.iter().map(|t| t.accelerators).collect();
        let shares: Vec<Text> = world.shares.iter().map(|s| s.name.clone()).collect();
        let inputs = result::metrics::Inputs {
            scenario,
            jobs: Vec::new(),
            restart_overhead: Vec::new(),
            shares: &shares,
            share_times: &share_times,
            types: &world.type_names,
            accelerators: &accelerators,
            plans: &plans,
            end_h: hours(self.end),
        };
        let mut sums = result::metrics::Aggregator::new(&inputs);
        let share_of = |name: &str| {
            let p = world.job_named(name);
            world.jobs[p].share.map(|s| world.shares[s].name.clone())
        };
        for j in 0..self.jobs.len() {
            sums.add(
                &self.job(j),
                restart_overhead(world, &self.log, j),
                share_of,
            );
        }
        let mut result = sums.finish();
        result.usage = self
            .log
            .usage
            .take_points()
            .into_iter()
            .enumerate()
            .map(|(t, points)| UsageSeries {
                instance_type: world.type_names[t].clone(),
                unit: None,
                points,
            })
            .collect();
        result.notes = std::mem::take(&mut self.log.notes);
        // Only the explicit jobs (the first ones) can carry an observed block.
        let observed: Vec<JobResult> = (scenario.jobs.iter().enumerate())
            .filter(|(_, spec)| spec.observed.is_some())
            .map(|(j, _)| self.job(j))
            .collect();
        result.calibration = result::calibration::calibrate(scenario, &observed);
        result
    }

    /// Every job's record, then the event list, letting go of the rest of the history between
    /// the two: the whole result, as it was made before records were made on demand.
    pub fn into_parts(mut self) -> (Vec<JobResult>, Vec<result::Event>) {
        let jobs: Vec<JobResult> = (0..self.jobs.len()).map(|j| self.job(j)).collect();
        // The records hold what the attempt log and the job states said; letting those go
        // before the events are converted lowers the peak (docs/PERFORMANCE.md, "The run lets
        // go of its history as it builds the result").
        self.log.attempts = Vec::new();
        self.log.endings = Vec::new();
        self.jobs = Vec::new();
        // Sized up front: grown by doubling, the list of a million jobs' events would for a moment
        // need its old and its doubled buffer at once.
        let mut events = Vec::with_capacity(self.events_len());
        events.extend(self.events());
        (jobs, events)
    }
}

/// The training plans with their owners and the instance-hours their blocks reserve before
/// `end` (world and scenario list plans in the same order).
fn plan_inputs(scenario: &Scenario, world: &World, end: Seconds) -> Vec<PlanInput> {
    world
        .plans
        .iter()
        .zip(&scenario.training_plans)
        .map(|(plan, given)| PlanInput {
            name: plan.name.clone(),
            upfront_cost: plan.upfront_cost,
            owner: given
                .owner_share
                .as_ref()
                .and_then(|owner| scenario.quota_shares.iter().position(|s| &s.name == owner)),
            reserved_instance_h: plan
                .blocks
                .iter()
                .map(|&(start, stop)| hours((stop.min(end) - start.min(end)).max(0)))
                .sum::<f64>()
                * f64::from(plan.count),
        })
        .collect()
}

fn job_result(world: &World, state: &JobState, log: &Log, j: JobId) -> JobResult {
    let job = &world.jobs[j];
    let (end, ending) = log.endings[j].unwrap_or((0, Ending::Unfinished(None)));
    let attempts: Vec<Attempt> = log.attempts[j]
        .iter()
        .map(|a| attempt_result(world, job, a))
        .collect();
    let finished = !matches!(ending, Ending::Unfinished(_));
    let lost: Seconds = log.attempts[j].iter().map(|a| a.lost).sum();
    let lost_accel = total(
        log.attempts[j]
            .iter()
            .map(|a| accelerator_hours(world, &job.entries[a.entry], a.lost)),
    );
    let counted = |f: fn(Stop) -> bool| {
        log.attempts[j]
            .iter()
            .filter(|a| a.stop.is_some_and(f))
            .count() as u32
    };
    let selected = log.attempts[j].last().map(|a| {
        let entry = &job.entries[a.entry];
        Selected {
            preference: a.entry,
            instance_type: world.type_names[entry.instance_type].clone(),
            instance_count: entry.count,
            pool: world.pools[entry.pool].kind.result_kind(),
            training_plan: plan_name(world, entry.pool),
        }
    });
    let waited = Waited::new(
        Reason::AWS
            .iter()
            .filter(|r| state.waited[r.index()] > 0)
            .map(|&r| (r, hours(state.waited[r.index()])))
            .collect(),
    );
    let blocked_by = match ending {
        Ending::Unfinished(Some(r)) => Some(r),
        _ => None,
    };
    JobResult {
        name: job.name.clone(),
        share: job.share.map(|s| world.shares[s].name.clone()),
        mix: job.mix.map(|m| world.mixes[m].clone()),
        status: ending.status(),
        reason: ending.reason(),
        priority: state.priority as i32,
        submit_h: hours(job.submit),
        first_start_h: log.attempts[j].first().map(|a| hours(a.start)),
        end_h: finished.then(|| hours(end)),
        wait_h: hours(state.wait_total),
        completion_h: finished.then(|| hours(end - job.submit)),
        selected,
        cost: total(attempts.iter().map(|a| a.cost)),
        attempts,
        preemptions: counted(|s| matches!(s, Stop::Reclaim | Stop::InShare | Stop::LimitLowered)),
        interruptions: counted(|s| matches!(s, Stop::PlanEnd | Stop::Spot)),
        lost_h: hours(lost),
        lost_accelerator_h: lost_accel,
        deadline_met: job
            .deadline
            .map(|d| ending == Ending::Succeeded && end - job.submit <= d),
        waited,
        blocked_by,
        last_reasons: state.entry_reasons.clone(),
        pending_message: None,
    }
}

/// `time` on all the accelerators of an entry: hours times instance count times accelerators per
/// instance (SEMANTICS §3, "Lost work").
fn accelerator_hours(world: &World, entry: &Entry, time: Seconds) -> f64 {
    hours(time) * f64::from(entry.count) * f64::from(world.types[entry.instance_type].accelerators)
}

/// The job's restart overhead (our metric, docs/ARCHITECTURE.md): every attempt after the first
/// starts up again (SEMANTICS §3, "Startup"); an attempt that ended during its startup counts
/// only the part that elapsed.
fn restart_overhead(world: &World, log: &Log, j: JobId) -> f64 {
    let job = &world.jobs[j];
    total(log.attempts[j].iter().skip(1).map(|a| {
        accelerator_hours(
            world,
            &job.entries[a.entry],
            job.startup.min(a.end - a.start),
        )
    }))
}

fn plan_name(world: &World, pool: usize) -> Option<Text> {
    match world.pools[pool].kind {
        PoolKind::Plan(p) => Some(world.plans[p].name.clone()),
        _ => None,
    }
}

fn attempt_result(world: &World, job: &super::world::Job, a: &AttemptLog) -> Attempt {
    let entry = &job.entries[a.entry];
    let itype = &world.types[entry.instance_type];
    let pool = &world.pools[entry.pool];
    let stop = a.stop.unwrap_or(Stop::Cut);
    Attempt {
        start_h: hours(a.start),
        end_h: hours(a.end),
        preference: a.entry,
        instance_type: world.type_names[entry.instance_type].clone(),
        instance_count: entry.count,
        pool: pool.kind.result_kind(),
        training_plan: plan_name(world, entry.pool),
        borrowed: a.borrowed,
        outcome: stop.outcome(),
        preemption: stop.kind(),
        preempted_by: a.by.map(|b| world.jobs[b].name.clone()),
        lost_h: hours(a.lost),
        cost: normalise_zero(
            hours(a.end - a.start) * f64::from(entry.count) * itype.price_per_h * pool.price_factor,
        ),
        skipped: a
            .skipped
            .iter()
            .map(|&(preference, r)| Skipped {
                preference,
                instance_type: world.type_names[job.entries[preference].instance_type].clone(),
                instance_count: job.entries[preference].count,
                reason: r,
            })
            .collect(),
        flavor: None,
        accelerators: None,
    }
}
