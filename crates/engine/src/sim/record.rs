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

/// Builds the result document from the finished run, moving the history out of its log.
pub fn build_result(scenario: &Scenario, sim: &mut Sim) -> result::SimResult {
    let world = sim.world;
    let events = std::mem::take(&mut sim.log.events);
    let usage = sim.log.usage.take_points();
    let notes = std::mem::take(&mut sim.log.notes);
    let log = &sim.log;
    let jobs: Vec<JobResult> = (0..world.jobs.len())
        .map(|j| job_result(world, &sim.jobs[j], log, j))
        .collect();
    let restart_overhead = (0..world.jobs.len())
        .map(|j| restart_overhead(world, log, j))
        .collect();
    let share_times = log.usage.share_times();
    // The jobs now hold what the attempt log and the job states said; letting those go before the
    // events are converted, the last and largest step, lowers the run's peak memory
    // (docs/PERFORMANCE.md, "The run lets go of its history as it builds the result").
    sim.log.attempts = Vec::new();
    sim.log.endings = Vec::new();
    sim.jobs = Vec::new();
    let usage = usage
        .into_iter()
        .enumerate()
        .map(|(t, points)| UsageSeries {
            instance_type: world.type_names[t].clone(),
            unit: None,
            points,
        })
        .collect();
    let plans = plan_inputs(scenario, world, sim.now);
    let accelerators: Vec<u32> = world.types.iter().map(|t| t.accelerators).collect();
    let shares = world
        .shares
        .iter()
        .map(|s| s.name.clone())
        .collect::<Vec<_>>();
    let mut result = result::metrics::aggregate(result::metrics::Inputs {
        scenario,
        jobs,
        restart_overhead,
        shares: &shares,
        share_times: &share_times,
        types: &world.type_names,
        accelerators: &accelerators,
        plans: &plans,
        end_h: hours(sim.now),
    });
    // Sized up front: grown by doubling, the list of a million jobs' events would for a moment
    // need its old and its doubled buffer at once, the largest allocation of the whole run.
    let mut converted = Vec::with_capacity(events.len());
    converted.extend(
        events
            .into_iter()
            .filter_map(|(at, happening)| happening.to_event(world, at)),
    );
    result.events = converted;
    result.usage = usage;
    result.notes = notes;
    result.calibration = result::calibration::calibrate(scenario, &result.jobs);
    result
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
    let counted = |preemption: bool| {
        log.attempts[j]
            .iter()
            .filter_map(|a| a.stop.and_then(Stop::kind))
            .filter(|kind| kind.is_preemption() == preemption)
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
        preemptions: counted(true),
        interruptions: counted(false),
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
