//! The run's history under Kueue's rules (events, attempts, endings, quota use) and the result
//! built from it: the same document as under AWS rules (docs/FORMAT.md, "Result"), with
//! ClusterQueues where quota shares stand, flavors in the utilisation series, Kueue's eviction
//! reasons as preemption kinds, and each job's last pending message in Kueue's words
//! (docs/KUEUE.md, "Results").

use super::run::Run;
use super::usage::UsageLog;
use super::waiting::slot;
use super::words;
use super::world::{FlavorId, JobId, World};
use crate::amount::{normalise_zero, total};
use crate::common::ending::{Ending, Stop};
use crate::common::happening;
use crate::result::metrics::{Inputs, ShareTime};
use crate::result::{
    self, Attempt, Event, JobResult, PoolKind, Reason, Selected, Skipped, Text, Waited,
};
use crate::scenario::Scenario;
use crate::sim::Events;
use crate::time::{hours, Seconds};
use std::convert::Infallible;

/// What an admission starts.
pub struct Started {
    pub flavor: Option<FlavorId>,
    /// Each pod set's flavor (of its first resource), for cost and accelerators.
    pub pod_flavors: Vec<Option<FlavorId>>,
    pub preference: usize,
    pub borrowed: u32,
    pub skipped: Vec<(usize, FlavorId, Reason)>,
}

struct AttemptLog {
    start: Seconds,
    end: Seconds,
    started: Started,
    stop: Option<Stop>,
    by: Option<JobId>,
    lost: Seconds,
}

/// One event of the result's list; a start is the attempt's number, whose flavors the log keeps.
type Happening = happening::Happening<usize, Infallible>;

pub struct Log {
    keep_events: bool,
    events: Vec<(Seconds, Happening)>,
    attempts: Vec<Vec<AttemptLog>>,
    endings: Vec<Option<(Seconds, Ending)>>,
    pub usage: UsageLog,
    notes: Vec<String>,
}

impl Log {
    pub fn new(world: &World, events: Events) -> Log {
        Log {
            keep_events: events == Events::Kept,
            events: Vec::new(),
            attempts: (0..world.jobs.len()).map(|_| Vec::new()).collect(),
            endings: vec![None; world.jobs.len()],
            usage: UsageLog::new(world),
            notes: Vec::new(),
        }
    }

    pub fn note(&mut self, text: String) {
        self.notes.push(text);
    }

    fn record(&mut self, now: Seconds, h: Happening) {
        if self.keep_events {
            self.events.push((now, h));
        }
    }

    pub fn submitted(&mut self, now: Seconds, j: JobId) {
        self.record(now, Happening::Submitted(j));
    }

    pub fn started(&mut self, now: Seconds, j: JobId, started: Started) {
        self.record(
            now,
            Happening::Started {
                job: j,
                start: self.attempts[j].len(),
            },
        );
        self.attempts[j].push(AttemptLog {
            start: now,
            end: now,
            started,
            stop: None,
            by: None,
            lost: 0,
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
        if let Some(a) = self.attempts[j].last_mut() {
            a.end = now;
            a.stop = Some(stop);
            a.by = by;
            a.lost = lost;
        }
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
        if !matches!(ending, Ending::Unfinished(_)) {
            self.record(now, Happening::Ended { job: j, ending });
        }
    }

    pub fn priority_changed(&mut self, now: Seconds, j: JobId, priority: i32) {
        self.record(now, Happening::PriorityChanged { job: j, priority });
    }
}

/// An attempt's pods, accelerators and price per hour, over its pod sets.
struct Held {
    accelerators: f64,
    price_per_h: f64,
}

fn held(world: &World, j: JobId, pod_flavors: &[Option<FlavorId>]) -> Held {
    let job = &world.jobs[j];
    let mut h = Held {
        accelerators: 0.0,
        price_per_h: 0.0,
    };
    for (ps, flavor) in job.pod_sets.iter().zip(pod_flavors) {
        let pods = f64::from(ps.count);
        h.accelerators += pods * ps.accelerators_per_pod;
        let Some(f) = flavor.map(|f| &world.flavors[f]) else {
            continue;
        };
        let Some(t) = &f.instance_type else { continue };
        // A pod pays its share of the instance's accelerators, or a whole instance without them.
        let part = if t.accelerators > 0 && ps.accelerators_per_pod > 0.0 {
            (ps.accelerators_per_pod / f64::from(t.accelerators)).min(1.0)
        } else {
            1.0
        };
        h.price_per_h += pods * t.price_per_h * part * f.price_factor;
    }
    h
}

fn attempt_result(world: &World, j: JobId, a: &AttemptLog) -> Attempt {
    let job = &world.jobs[j];
    let flavor = a.started.flavor.map(|f| &world.flavors[f]);
    let h = held(world, j, &a.started.pod_flavors);
    let stop = a.stop.unwrap_or(Stop::Cut);
    Attempt {
        start_h: hours(a.start),
        end_h: hours(a.end),
        preference: a.started.preference,
        instance_type: flavor.map_or_else(|| Text::from("-"), |f| f.type_name.clone()),
        instance_count: job.pod_sets.first().map_or(0, |p| p.count),
        pool: pool_of(flavor),
        training_plan: None,
        borrowed: a.started.borrowed,
        outcome: stop.outcome(),
        preemption: stop.kind(),
        preempted_by: a.by.map(|b| world.jobs[b].name.clone()),
        lost_h: hours(a.lost),
        cost: normalise_zero(hours(a.end - a.start) * h.price_per_h),
        skipped: a
            .started
            .skipped
            .iter()
            .map(|&(preference, f, reason)| Skipped {
                preference,
                instance_type: world.flavors[f].type_name.clone(),
                instance_count: job.pod_sets.first().map_or(0, |p| p.count),
                reason,
            })
            .collect(),
        flavor: flavor.map(|f| f.name.clone()),
        accelerators: Some(accelerators_held(job, h.accelerators)),
    }
}

/// Accelerators held, counting a pod without any as one (as SEMANTICS §3 counts a type
/// without accelerators).
fn accelerators_held(job: &super::world::Job, accelerators: f64) -> u32 {
    if accelerators > 0.0 {
        accelerators.round() as u32
    } else {
        job.pod_sets.iter().map(|p| p.count).sum()
    }
}

fn pool_of(flavor: Option<&super::world::Flavor>) -> PoolKind {
    if flavor.is_some_and(|f| f.spot) {
        PoolKind::Spot
    } else {
        PoolKind::OnDemand
    }
}

fn job_result(run: &Run, j: JobId) -> JobResult {
    let world = run.world;
    let job = &world.jobs[j];
    let log = &run.log;
    let (end, ending) = log.endings[j].unwrap_or((0, Ending::Unfinished(None)));
    let attempts: Vec<Attempt> = log.attempts[j]
        .iter()
        .map(|a| attempt_result(world, j, a))
        .collect();
    let finished = !matches!(ending, Ending::Unfinished(_));
    let counted = |preemption: bool| {
        attempts
            .iter()
            .filter(|a| {
                a.preemption
                    .is_some_and(|k| k.is_preemption() == preemption)
            })
            .count() as u32
    };
    let waited = &run.waiting.waited[j];
    let state = &run.jobs[j];
    JobResult {
        name: job.name.clone(),
        share: Some(world.queues[job.cq].name.clone()),
        mix: job.mix.map(|m| world.mixes[m].clone()),
        status: ending.status(),
        reason: ending.reason(),
        priority: state.priority,
        submit_h: hours(job.submit),
        first_start_h: attempts.first().map(|a| a.start_h),
        end_h: finished.then(|| hours(end)),
        wait_h: hours(state.wait_total),
        completion_h: finished.then(|| hours(end - job.submit)),
        selected: attempts.last().map(|a| Selected {
            preference: a.preference,
            instance_type: a.instance_type.clone(),
            instance_count: a.instance_count,
            pool: a.pool,
            training_plan: None,
        }),
        cost: total(attempts.iter().map(|a| a.cost)),
        preemptions: counted(true),
        interruptions: counted(false),
        lost_h: hours(log.attempts[j].iter().map(|a| a.lost).sum()),
        lost_accelerator_h: total(
            attempts
                .iter()
                .map(|a| a.lost_h * f64::from(a.accelerators.unwrap_or(0))),
        ),
        attempts,
        deadline_met: job
            .deadline
            .map(|d| ending == Ending::Succeeded && end - job.submit <= d),
        waited: Waited::new(
            Reason::KUEUE
                .iter()
                .filter(|&&r| waited[slot(r)] > 0)
                .map(|&r| (r, hours(waited[slot(r)])))
                .collect(),
        ),
        blocked_by: match ending {
            Ending::Unfinished(Some(r)) => Some(r),
            _ => None,
        },
        last_reasons: Vec::new(),
        pending_message: run.waiting.last_message[j].map(|m| {
            let (head, message) = &run.waiting.messages[m as usize];
            words::message(world, *head, message)
        }),
    }
}

/// The job's restart overhead in accelerator-hours (docs/ARCHITECTURE.md, "Restart
/// overhead"): the startup of every attempt after the first.
fn restart_overhead(run: &Run, j: JobId, attempts: &[Attempt]) -> f64 {
    let startup = run.world.jobs[j].startup;
    total(attempts.iter().skip(1).map(|a| {
        let length = crate::time::seconds(a.end_h - a.start_h);
        hours(startup.min(length)) * f64::from(a.accelerators.unwrap_or(0))
    }))
}

/// Builds the result document, moving the history out of the log.
pub fn build(scenario: &Scenario, run: &mut Run) -> result::SimResult {
    let world = run.world;
    let jobs: Vec<JobResult> = (0..world.jobs.len()).map(|j| job_result(run, j)).collect();
    let restart: Vec<f64> = jobs
        .iter()
        .enumerate()
        .map(|(j, r)| restart_overhead(run, j, &r.attempts))
        .collect();
    let shares: Vec<Text> = world.queues.iter().map(|q| q.name.clone()).collect();
    let share_times = share_times(world, &run.log.usage);
    let mut types: Vec<Text> = Vec::new();
    for f in &world.flavors {
        if !types.contains(&f.type_name) {
            types.push(f.type_name.clone());
        }
    }
    let accelerators = vec![0; types.len()];
    let mut result = result::metrics::aggregate(Inputs {
        scenario,
        jobs,
        restart_overhead: restart,
        shares: &shares,
        share_times: &share_times,
        types: &types,
        accelerators: &accelerators,
        plans: &[],
        end_h: hours(run.now),
    });
    result.usage = run.log.usage.take_series(world);
    let events = std::mem::take(&mut run.log.events);
    result.events = events
        .into_iter()
        .filter_map(|(at, h)| event(run, at, h))
        .collect();
    result.notes = std::mem::take(&mut run.log.notes);
    result.calibration = result::calibration::calibrate(scenario, &result.jobs);
    result.kueue = Some(super::summary::summarise(
        world,
        &run.log.usage,
        &result.jobs,
    ));
    result
}

/// Per queue, its borrowed and lent reported-resource hours and its use of its nominal quota.
fn share_times(world: &World, usage: &UsageLog) -> Vec<ShareTime> {
    let reported: Vec<bool> = usage
        .frs()
        .iter()
        .map(|&fr| {
            let (_, r) = world.fr_parts(fr);
            crate::scenario::kueue::ACCELERATOR_RESOURCES.contains(&world.resources[r].as_str())
        })
        .collect();
    usage
        .areas
        .iter()
        .map(|areas| {
            let counted = |pick: fn(&super::usage::Areas) -> f64| -> f64 {
                areas
                    .iter()
                    .zip(&reported)
                    .filter(|(_, &r)| r)
                    .map(|(a, _)| pick(a))
                    .sum::<f64>()
                    / 3600.0
            };
            let nominal = counted(|a| a.nominal);
            let used_within = counted(|a| a.used - a.borrowed);
            ShareTime {
                borrowed_instance_h: counted(|a| a.borrowed),
                lent_instance_h: counted(|a| a.lent),
                own_utilization: if nominal > 0.0 {
                    used_within / nominal
                } else {
                    0.0
                },
            }
        })
        .collect()
}

fn event(run: &Run, at: Seconds, h: Happening) -> Option<Event> {
    let world = run.world;
    h.into_event(
        at,
        |j| {
            let share = world.queues[world.jobs[j].cq].name.clone();
            (world.jobs[j].name.clone(), Some(share))
        },
        |j, attempt, started| {
            let a = &run.log.attempts[j][attempt];
            let flavor = a.started.flavor.map(|f| &world.flavors[f]);
            Event {
                preference: Some(a.started.preference),
                instance_type: flavor.map(|f| f.type_name.clone()),
                instance_count: world.jobs[j].pod_sets.first().map(|p| p.count),
                pool: Some(pool_of(flavor)),
                borrowed: Some(a.started.borrowed),
                ..started
            }
        },
        |none| match none {},
    )
}
