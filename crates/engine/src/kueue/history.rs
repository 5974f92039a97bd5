//! A finished run under Kueue's rules, kept as its history: the world, the log, and what each
//! job's record needs of its last state. Each job's record and the event list are made from it
//! when asked for, as under AWS rules (`sim::record::History`): holding every record and event
//! of a large run beside its history took more time and memory than the run itself
//! (docs/PERFORMANCE.md, "Kueue's rules, made cheaper without changing a result").

use super::record::{attempt_result, pool_of, Happening, Log};
use super::run::Run;
use super::summary;
use super::waiting::Message;
use super::waiting::{slot, PerReason, Waiting};
use super::words;
use super::world::{JobId, World};
use crate::amount::total;
use crate::common::ending::Ending;
use crate::result::metrics::{Aggregator, Inputs, ShareTime};
use crate::result::{self, Attempt, Event, JobResult, Reason, Selected, Text, Waited};
use crate::scenario::Scenario;
use crate::time::{hours, Seconds};

/// What a job's record reads of its state when the run ended.
struct Last {
    priority: i32,
    wait_total: Seconds,
}

/// What a job's record reads of the run's waiting: time per reason and the last message.
struct Waits {
    waited: Vec<PerReason>,
    last_message: Vec<Option<u32>>,
    messages: Vec<(JobId, Message)>,
}

pub struct History {
    world: World,
    log: Log,
    last: Vec<Last>,
    waits: Waits,
    end: Seconds,
}

/// What a finished run leaves of itself besides its world, taken so that the world it borrowed
/// can move into the [`History`].
pub struct Ended {
    log: Log,
    last: Vec<Last>,
    waits: Waits,
    end: Seconds,
}

impl Ended {
    pub fn of(run: Run) -> Ended {
        let Run {
            jobs,
            log,
            waiting,
            now,
            ..
        } = run;
        let Waiting {
            waited,
            last_message,
            messages,
            ..
        } = waiting;
        Ended {
            last: jobs
                .iter()
                .map(|s| Last {
                    priority: s.priority,
                    wait_total: s.wait_total,
                })
                .collect(),
            waits: Waits {
                waited,
                last_message,
                messages,
            },
            end: now,
            log,
        }
    }
}

impl History {
    /// The history of a run in `world` that has ended.
    pub fn new(world: World, ended: Ended) -> History {
        let Ended {
            log,
            last,
            waits,
            end,
        } = ended;
        History {
            world,
            log,
            last,
            waits,
            end,
        }
    }

    /// How many jobs the run had.
    pub fn len(&self) -> usize {
        self.world.jobs.len()
    }

    /// Job `j`'s record.
    pub fn job(&self, j: JobId) -> JobResult {
        let mut record = self.figures(j);
        record.pending_message = self.waits.last_message[j].map(|m| {
            let (head, message) = &self.waits.messages[m as usize];
            words::message(&self.world, *head, message)
        });
        record
    }

    /// Job `j`'s record without its pending message, which no figure reads and whose wording
    /// was a fifth of the time the figures took.
    fn figures(&self, j: JobId) -> JobResult {
        let world = &self.world;
        let job = &world.jobs[j];
        let log = &self.log;
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
        let waited = &self.waits.waited[j];
        let last = &self.last[j];
        JobResult {
            name: job.name.clone(),
            share: Some(world.queues[job.cq].name.clone()),
            mix: job.mix.map(|m| world.mixes[m].clone()),
            status: ending.status(),
            reason: ending.reason(),
            priority: last.priority,
            submit_h: hours(job.submit),
            first_start_h: attempts.first().map(|a| a.start_h),
            end_h: finished.then(|| hours(end)),
            wait_h: hours(last.wait_total),
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
            pending_message: None,
        }
    }

    /// The job's restart overhead in accelerator-hours (docs/ARCHITECTURE.md, "Restart
    /// overhead"): the startup of every attempt after the first.
    fn restart_overhead(&self, j: JobId, attempts: &[Attempt]) -> f64 {
        let startup = self.world.jobs[j].startup;
        total(attempts.iter().skip(1).map(|a| {
            let length = crate::time::seconds(a.end_h - a.start_h);
            hours(startup.min(length)) * f64::from(a.accelerators.unwrap_or(0))
        }))
    }

    /// The event list, in the order it happened; empty when the run left it out.
    pub fn events(&self) -> impl Iterator<Item = Event> + '_ {
        self.log
            .events
            .iter()
            .filter_map(|&(at, h)| self.event(at, h))
    }

    /// How many entries the event list holds at most (an `unfinished` ending is not one).
    pub fn events_len(&self) -> usize {
        self.log.events.len()
    }

    fn event(&self, at: Seconds, h: Happening) -> Option<Event> {
        let world = &self.world;
        h.into_event(
            at,
            |j| {
                let share = world.queues[world.jobs[j].cq].name.clone();
                (world.jobs[j].name.clone(), Some(share))
            },
            |j, attempt, started| {
                let a = &self.log.attempts[j][attempt];
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

    /// Everything of the result but its jobs and events, from every job's record made and let go
    /// in turn; the usage series and the notes are moved out of the log.
    pub fn summary(&mut self, scenario: &Scenario) -> result::SimResult {
        let world = &self.world;
        let shares: Vec<Text> = world.queues.iter().map(|q| q.name.clone()).collect();
        let share_times = share_times(world, &self.log.usage);
        let mut types: Vec<Text> = Vec::new();
        for f in &world.flavors {
            if !types.contains(&f.type_name) {
                types.push(f.type_name.clone());
            }
        }
        let accelerators = vec![0; types.len()];
        let inputs = Inputs {
            scenario,
            shares: &shares,
            share_times: &share_times,
            types: &types,
            accelerators: &accelerators,
            plans: &[],
            end_h: hours(self.end),
        };
        let mut sums = Aggregator::new(&inputs);
        let share_of = |name: &str| {
            let p = world.job_named(name);
            Some(world.queues[world.jobs[p].cq].name.clone())
        };
        for j in 0..world.jobs.len() {
            let job = self.figures(j);
            sums.add(&job, self.restart_overhead(j, &job.attempts), share_of);
        }
        let mut result = sums.finish();
        result.usage = self.log.usage.take_series(world);
        result.notes = std::mem::take(&mut self.log.notes);
        result.calibration = result::calibration::calibrate_observed(scenario, |j| self.job(j));
        result.kueue = Some(summary::summarise(world, &self.log));
        result
    }

    /// Every job's record, then the event list: the whole result's two lists.
    pub fn into_parts(self) -> (Vec<JobResult>, Vec<Event>) {
        let jobs: Vec<JobResult> = (0..self.len()).map(|j| self.job(j)).collect();
        // Sized up front: grown by doubling, the list would for a moment need its old and its
        // doubled buffer at once.
        let mut events = Vec::with_capacity(self.events_len());
        events.extend(self.events());
        (jobs, events)
    }
}

/// Per queue, its borrowed and lent instance-hours and its use of its nominal quota, from its
/// accelerator resources' hours. A flavor's devices count as instances of its type, its
/// accelerators to an instance, so that these are the instance-hours an AWS run of the same
/// agreement gives and a comparison of the two rule sets lines them up (docs/KUEUE.md,
/// "Results"); a flavor without a type, or a type without accelerators, counts one device as
/// one instance.
fn share_times(world: &World, usage: &super::usage::UsageLog) -> Vec<ShareTime> {
    let per_instance: Vec<Option<f64>> = usage
        .frs()
        .iter()
        .map(|&fr| {
            let (f, r) = world.fr_parts(fr);
            let accelerator = crate::scenario::kueue::ACCELERATOR_RESOURCES
                .contains(&world.resources[r].as_str());
            let devices = world.flavors[f]
                .instance_type
                .as_ref()
                .map_or(1, |t| t.accelerators.max(1));
            accelerator.then_some(f64::from(devices))
        })
        .collect();
    usage
        .areas
        .iter()
        .map(|areas| {
            let counted = |pick: fn(&super::usage::Areas) -> f64| -> f64 {
                areas
                    .iter()
                    .zip(&per_instance)
                    .filter_map(|(a, devices)| devices.map(|d| pick(a) / d))
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
