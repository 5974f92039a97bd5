//! The run's history as it happens (events, attempts, endings, usage), and the result built from
//! it at the end. Aggregates across jobs live in `crate::result::metrics`.

use super::chunked::Chunked;
use super::event_log::{self, Change, Happening, OnEntry};
use super::job_state::JobState;
use super::reason::Reason;
use super::usage::UsageLog;
use super::world::{Entry, JobId, PoolKind, ShareId, TypeId, World, MAX_ENTRIES};
use super::{Keep, Sim};
use crate::amount::{normalise_zero, total};
use crate::common::ending::{Ending, Stop};
use crate::result::metrics::PlanInput;
use crate::result::{self, Attempt, JobResult, Selected, Skipped, Text, UsageSeries, Waited};
use crate::scenario::Scenario;
use crate::time::{hours, Seconds};

/// What stands for "none" in the log's index fields.
const NONE: u32 = u32::MAX;

/// One attempt as the run records it, in a flat list of every job's attempts in the order they
/// started; each links to its job's attempt before it. 48 bytes, where a list of its own
/// per job cost four attempts' room and the list's header for a job with one attempt
/// (docs/PERFORMANCE.md, "The CLI at one and five million jobs").
struct AttemptLog {
    start: Seconds,
    end: Seconds,
    lost: Seconds,
    job: u32,
    /// The job's attempt before this one, or [`NONE`].
    prev: u32,
    /// The job whose start preempted it, or [`NONE`].
    by: u32,
    borrowed: u32,
    entry: u8,
    stop: Option<Stop>,
    /// Why each entry before `entry` was passed over when it started, by entry index.
    skipped: [Option<Reason>; MAX_ENTRIES - 1],
}

/// One entry of the event list as the run records it: what happened and to which job or attempt,
/// eight bytes. Its time and details are those the attempt or the job's ending recorded at the
/// same instant, so they are read from there when the list is converted; the rare events that
/// are neither (actions and capacity steps) are kept whole in `Log::others`.
#[derive(Debug, Clone, Copy)]
enum Logged {
    /// At the job's submission time.
    Submitted(u32),
    /// When the attempt started.
    Started(u32),
    /// When the attempt stopped: a preemption or an interruption.
    Stopped(u32),
    /// The job of the attempt, requeued when it stopped.
    Requeued(u32),
    /// When the job ended (never `unfinished`).
    Ended(u32),
    /// An entry of `Log::others`.
    Other(u32),
}

pub struct Log {
    /// Whether `events` is recorded at all (`super::Events`).
    keep_events: bool,
    events: Chunked<Logged>,
    /// Priority changes, share updates and capacity steps, with their times.
    others: Vec<(Seconds, Happening)>,
    attempts: Chunked<AttemptLog>,
    /// Per job, its latest attempt, or [`NONE`].
    last_attempt: Vec<u32>,
    endings: Vec<Option<(Seconds, Ending)>>,
    /// The utilisation series and the shares' integrated areas.
    pub usage: UsageLog,
    notes: Vec<String>,
}

/// An index of the log as its `u32` (jobs and attempts stay far below 4 billion: at most
/// `validate::MAX_JOBS` jobs and `event_budget` events).
fn index(i: usize) -> u32 {
    u32::try_from(i).expect("a run's jobs and attempts fit the log's indices")
}

impl Log {
    pub fn new(world: &World, keep: Keep) -> Self {
        Log {
            keep_events: keep == Keep::Everything,
            events: Chunked::new(),
            others: Vec::new(),
            attempts: Chunked::new(),
            last_attempt: vec![NONE; world.job_count()],
            endings: vec![None; world.job_count()],
            usage: UsageLog::new(world, keep),
            notes: Vec::new(),
        }
    }

    /// Job `j`'s attempts, first to last.
    fn attempts(&self, j: JobId) -> Vec<&AttemptLog> {
        let mut attempts = Vec::new();
        let mut at = self.last_attempt[j];
        while at != NONE {
            let attempt = &self.attempts[at as usize];
            attempts.push(attempt);
            at = attempt.prev;
        }
        attempts.reverse();
        attempts
    }

    /// How many attempts a job has made so far.
    pub fn attempts_of(&self, j: JobId) -> usize {
        self.attempts(j).len()
    }

    pub fn note(&mut self, text: String) {
        self.notes.push(text);
    }

    fn record(&mut self, logged: Logged) {
        if self.keep_events {
            self.events.push(logged);
        }
    }

    fn record_other(&mut self, now: Seconds, happening: Happening) {
        if self.keep_events {
            self.events.push(Logged::Other(index(self.others.len())));
            self.others.push((now, happening));
        }
    }

    /// The event list's entry as its time and what happened, read from where it was recorded.
    fn resolve(&self, world: &World, logged: Logged) -> (Seconds, Happening) {
        let attempt = |a: u32| &self.attempts[a as usize];
        match logged {
            Logged::Submitted(j) => (world.submit(j as usize), Happening::Submitted(j as usize)),
            Logged::Started(a) => {
                let a = attempt(a);
                let started = Happening::Started {
                    job: a.job as usize,
                    start: OnEntry {
                        entry: usize::from(a.entry),
                        borrowed: a.borrowed,
                    },
                };
                (a.start, started)
            }
            Logged::Stopped(a) => {
                let a = attempt(a);
                let stopped = Happening::Stopped {
                    job: a.job as usize,
                    stop: a.stop.unwrap_or(Stop::Cut),
                    by: (a.by != NONE).then_some(a.by as usize),
                    lost: a.lost,
                };
                (a.end, stopped)
            }
            Logged::Requeued(a) => (attempt(a).end, Happening::Requeued(attempt(a).job as usize)),
            Logged::Ended(j) => {
                let (at, ending) = self.endings[j as usize].expect("an ended job has its ending");
                (
                    at,
                    Happening::Ended {
                        job: j as usize,
                        ending,
                    },
                )
            }
            Logged::Other(i) => self.others[i as usize],
        }
    }

    pub fn submitted(&mut self, _now: Seconds, j: JobId) {
        self.record(Logged::Submitted(index(j)));
    }

    pub fn started(
        &mut self,
        now: Seconds,
        j: JobId,
        e: usize,
        borrowed: u32,
        skipped: &[Option<Reason>],
    ) {
        let mut passed_over = [None; MAX_ENTRIES - 1];
        for (k, reason) in skipped.iter().take(e).enumerate() {
            passed_over[k] = *reason;
        }
        let at = index(self.attempts.len());
        self.attempts.push(AttemptLog {
            start: now,
            end: now,
            lost: 0,
            job: index(j),
            prev: self.last_attempt[j],
            by: NONE,
            borrowed,
            entry: u8::try_from(e).expect("at most five entries (validated)"),
            stop: None,
            skipped: passed_over,
        });
        self.last_attempt[j] = at;
        self.record(Logged::Started(at));
    }

    pub fn attempt_stopped(
        &mut self,
        now: Seconds,
        j: JobId,
        stop: Stop,
        by: Option<JobId>,
        lost: Seconds,
    ) {
        let at = self.last_attempt[j];
        let attempt = &mut self.attempts[at as usize];
        attempt.end = now;
        attempt.stop = Some(stop);
        attempt.by = by.map_or(NONE, index);
        attempt.lost = lost;
        // The ending records succeeded, failed, cancelled, stopped and cut.
        if stop.kind().is_some() {
            self.record(Logged::Stopped(at));
        }
    }

    /// A job requeued the instant its attempt stopped.
    pub fn requeued(&mut self, now: Seconds, j: JobId) {
        let at = self.last_attempt[j];
        debug_assert_eq!(
            self.attempts[at as usize].end, now,
            "requeued as it stopped"
        );
        self.record(Logged::Requeued(at));
    }

    pub fn ended(&mut self, now: Seconds, j: JobId, ending: Ending) {
        self.endings[j] = Some((now, ending));
        if let Ending::Unfinished(_) = ending {
            return; // not an event: the run stopped around it
        }
        self.record(Logged::Ended(index(j)));
    }

    pub fn priority_changed(&mut self, now: Seconds, j: JobId, priority: u32) {
        // The result's priorities are signed, as Kueue's are.
        let priority = priority as i32;
        self.record_other(now, Happening::PriorityChanged { job: j, priority });
    }

    pub fn share_updated(&mut self, now: Seconds, s: ShareId) {
        self.record_other(now, Happening::Other(Change::ShareUpdated(s)));
    }

    pub fn capacity_changed(&mut self, now: Seconds, t: TypeId, count: u32) {
        self.record_other(
            now,
            Happening::Other(Change::CapacityChanged {
                instance_type: t,
                count,
            }),
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
        self.log.events.iter().filter_map(|&logged| {
            let (at, happening) = self.log.resolve(&self.world, logged);
            event_log::to_event(happening, &self.world, at)
        })
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
            world.job(p).share.map(|s| world.shares[s].name.clone())
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
            .map(|(t, points)| {
                let (points, points_in_run) = points.finish();
                UsageSeries {
                    instance_type: world.type_names[t].clone(),
                    unit: None,
                    points,
                    points_in_run,
                }
            })
            .collect();
        result.notes = std::mem::take(&mut self.log.notes);
        result.calibration = result::calibration::calibrate_observed(scenario, |j| self.job(j));
        result
    }

    /// Every job's record, then the event list, letting go of the rest of the history between
    /// the two: the whole result, as it was made before records were made on demand.
    pub fn into_parts(mut self) -> (Vec<JobResult>, Vec<result::Event>) {
        let jobs: Vec<JobResult> = (0..self.jobs.len()).map(|j| self.job(j)).collect();
        // The records hold what the job states said; letting those go before the events are
        // converted lowers the peak (docs/PERFORMANCE.md, "The run lets go of its history as it
        // builds the result"). The events read the attempt log and the endings.
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
    let job = world.job(j);
    let (end, ending) = log.endings[j].unwrap_or((0, Ending::Unfinished(None)));
    let logged = log.attempts(j);
    let attempts: Vec<Attempt> = logged
        .iter()
        .map(|a| attempt_result(world, job, a))
        .collect();
    let finished = !matches!(ending, Ending::Unfinished(_));
    let lost: Seconds = logged.iter().map(|a| a.lost).sum();
    let lost_accel = total(
        logged
            .iter()
            .map(|a| accelerator_hours(world, &job.entries[usize::from(a.entry)], a.lost)),
    );
    let counted = |preemption: bool| {
        logged
            .iter()
            .filter_map(|a| a.stop.and_then(Stop::kind))
            .filter(|kind| kind.is_preemption() == preemption)
            .count() as u32
    };
    let selected = logged.last().map(|a| {
        let entry = &job.entries[usize::from(a.entry)];
        Selected {
            preference: usize::from(a.entry),
            instance_type: world.type_names[entry.instance_type].clone(),
            instance_count: entry.count,
            pool: world.pools[entry.pool].kind.result_kind(),
            training_plan: plan_name(world, entry.pool),
        }
    });
    let waited = Waited::new(
        Reason::AWS
            .iter()
            .filter(|&&r| state.waited.of(r) > 0)
            .map(|&r| (r, hours(state.waited.of(r))))
            .collect(),
    );
    let blocked_by = match ending {
        Ending::Unfinished(Some(r)) => Some(r),
        _ => None,
    };
    JobResult {
        name: Text::from(world.job_name(j)),
        share: job.share.map(|s| world.shares[s].name.clone()),
        mix: job.mix.map(|m| world.mixes[m].clone()),
        status: ending.status(),
        reason: ending.reason(),
        priority: state.priority as i32,
        submit_h: hours(world.submit(j)),
        first_start_h: logged.first().map(|a| hours(a.start)),
        end_h: finished.then(|| hours(end)),
        wait_h: hours(state.wait_total),
        completion_h: finished.then(|| hours(end - world.submit(j))),
        selected,
        cost: total(attempts.iter().map(|a| a.cost)),
        attempts,
        preemptions: counted(true),
        interruptions: counted(false),
        lost_h: hours(lost),
        lost_accelerator_h: lost_accel,
        deadline_met: job
            .deadline
            .map(|d| ending == Ending::Succeeded && end - world.submit(j) <= d),
        waited,
        blocked_by,
        last_reasons: state.entry_reasons.to_vec(),
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
    let job = world.job(j);
    total(log.attempts(j).iter().skip(1).map(|a| {
        accelerator_hours(
            world,
            &job.entries[usize::from(a.entry)],
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
    let entry = &job.entries[usize::from(a.entry)];
    let itype = &world.types[entry.instance_type];
    let pool = &world.pools[entry.pool];
    let stop = a.stop.unwrap_or(Stop::Cut);
    Attempt {
        start_h: hours(a.start),
        end_h: hours(a.end),
        preference: usize::from(a.entry),
        instance_type: world.type_names[entry.instance_type].clone(),
        instance_count: entry.count,
        pool: pool.kind.result_kind(),
        training_plan: plan_name(world, entry.pool),
        borrowed: a.borrowed,
        outcome: stop.outcome(),
        preemption: stop.kind(),
        preempted_by: (a.by != NONE).then(|| Text::from(world.job_name(a.by as usize))),
        lost_h: hours(a.lost),
        cost: normalise_zero(
            hours(a.end - a.start) * f64::from(entry.count) * itype.price_per_h * pool.price_factor,
        ),
        skipped: (a.skipped.iter().enumerate())
            .filter_map(|(preference, r)| r.map(|r| (preference, r)))
            .map(|(preference, r)| Skipped {
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
