//! The run's history under Kueue's rules (events, attempts, endings, quota use) and the result
//! built from it: the same document as under AWS rules (docs/FORMAT.md, "Result"), with
//! ClusterQueues where quota shares stand, flavors in the utilisation series, Kueue's eviction
//! reasons as preemption kinds, and each job's last pending message in Kueue's words
//! (docs/KUEUE.md, "Results").

use super::usage::UsageLog;
use super::world::{FlavorId, JobId, World};
use crate::amount::normalise_zero;
use crate::common::ending::{Ending, Stop};
use crate::common::happening;
use crate::result::{Attempt, PoolKind, Reason, Skipped, Text};
use crate::sim::Keep;
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

pub struct AttemptLog {
    pub start: Seconds,
    pub end: Seconds,
    pub started: Started,
    pub stop: Option<Stop>,
    pub by: Option<JobId>,
    pub lost: Seconds,
}

/// One event of the result's list; a start is the attempt's number, whose flavors the log keeps.
pub type Happening = happening::Happening<usize, Infallible>;

pub struct Log {
    keep_events: bool,
    pub events: Vec<(Seconds, Happening)>,
    pub attempts: Vec<Vec<AttemptLog>>,
    pub endings: Vec<Option<(Seconds, Ending)>>,
    pub usage: UsageLog,
    pub notes: Vec<String>,
}

impl Log {
    pub fn new(world: &World, keep: Keep) -> Log {
        Log {
            keep_events: keep == Keep::Everything,
            events: Vec::new(),
            attempts: (0..world.jobs.len()).map(|_| Vec::new()).collect(),
            endings: vec![None; world.jobs.len()],
            usage: UsageLog::new(world, keep),
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

pub fn attempt_result(world: &World, j: JobId, a: &AttemptLog) -> Attempt {
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

pub fn pool_of(flavor: Option<&super::world::Flavor>) -> PoolKind {
    if flavor.is_some_and(|f| f.spot) {
        PoolKind::Spot
    } else {
        PoolKind::OnDemand
    }
}
