//! The run's history as it happens (events, attempts, endings, usage), and the result built from
//! it at the end. Aggregates across jobs live in `crate::result::metrics`.

use super::event_log::Happening;
use super::job_state::JobState;
use super::reason::Reason;
use super::state::Capacity;
use super::world::{Entry, JobId, PoolKind, ShareId, TypeId, World};
use super::Sim;
use crate::result::{
    self, Attempt, JobResult, Selected, Skipped, Text, UsagePoint, UsageSeries, Waited,
};
use crate::scenario::Scenario;
use crate::time::{hours, Seconds};

/// Why an attempt stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    Succeeded,
    MemoryFailure,
    Reclaim,
    InShare,
    LimitLowered,
    PlanEnd,
    Spot,
    Cancelled,
    MaxWait,
    /// The horizon (or the event budget) came first.
    Cut,
}

impl Stop {
    pub(super) fn outcome(self) -> &'static str {
        match self {
            Stop::Succeeded => "succeeded",
            Stop::MemoryFailure => "failed",
            Stop::Reclaim | Stop::InShare | Stop::LimitLowered => "preempted",
            Stop::PlanEnd | Stop::Spot => "interrupted",
            Stop::Cancelled => "cancelled",
            Stop::MaxWait => "stopped",
            Stop::Cut => "cut",
        }
    }

    /// The preemption or interruption kind, as results name it.
    pub fn kind(self) -> Option<&'static str> {
        match self {
            Stop::Reclaim => Some("reclaim"),
            Stop::InShare => Some("in_share"),
            Stop::LimitLowered => Some("limit_lowered"),
            Stop::PlanEnd => Some("plan_end"),
            Stop::Spot => Some("spot"),
            _ => None,
        }
    }
}

/// How a job ended (SEMANTICS §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    Succeeded,
    InsufficientMemory,
    RetriesExhausted,
    InsufficientCapacity,
    TimedOut,
    Stopped,
    Cancelled,
    Unfinished(Option<Reason>),
}

impl Ending {
    pub(super) fn status(self) -> &'static str {
        match self {
            Ending::Succeeded => "succeeded",
            Ending::InsufficientMemory
            | Ending::RetriesExhausted
            | Ending::InsufficientCapacity => "failed",
            Ending::TimedOut => "timed_out",
            Ending::Stopped => "stopped",
            Ending::Cancelled => "cancelled",
            Ending::Unfinished(_) => "unfinished",
        }
    }

    pub(super) fn reason(self) -> Option<&'static str> {
        match self {
            Ending::InsufficientMemory => Some("insufficient_accelerator_memory"),
            Ending::RetriesExhausted => Some("preemption_retries_exhausted"),
            Ending::InsufficientCapacity => Some("insufficient_capacity"),
            Ending::TimedOut => Some("max_pending_time_exceeded"),
            Ending::Stopped => Some("max_wait_exceeded"),
            Ending::Unfinished(Some(r)) => Some(r.as_str()),
            Ending::Unfinished(None) => Some("horizon"),
            _ => None,
        }
    }
}

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

/// Instance levels, or instance-seconds once integrated, per share.
#[derive(Default, Clone, PartialEq)]
struct ShareAreas {
    borrowed: f64,
    lent: f64,
    own_used: f64,
    own_limit: f64,
}

impl ShareAreas {
    fn add(&mut self, other: &ShareAreas) {
        self.borrowed += other.borrowed;
        self.lent += other.lent;
        self.own_used += other.own_used;
        self.own_limit += other.own_limit;
    }
}

pub struct Log {
    events: Vec<(Seconds, Happening)>,
    attempts: Vec<Vec<AttemptLog>>,
    endings: Vec<Option<(Seconds, Ending)>>,
    usage: Vec<Vec<UsagePoint>>,
    areas: Vec<ShareAreas>,
    /// The share levels since the last sample, in total and per type.
    levels: Vec<ShareAreas>,
    type_levels: Vec<Vec<ShareAreas>>,
    /// Shares whose level on some type changed at this instant, so their totals are summed again.
    level_changed: Vec<bool>,
    last_sample: Seconds,
    notes: Vec<String>,
}

impl Log {
    pub fn new(world: &World) -> Self {
        Log {
            events: Vec::new(),
            attempts: (0..world.jobs.len()).map(|_| Vec::new()).collect(),
            endings: vec![None; world.jobs.len()],
            usage: vec![Vec::new(); world.types.len()],
            areas: vec![ShareAreas::default(); world.shares.len()],
            levels: vec![ShareAreas::default(); world.shares.len()],
            type_levels: vec![vec![ShareAreas::default(); world.shares.len()]; world.types.len()],
            level_changed: vec![false; world.shares.len()],
            last_sample: 0,
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
        self.events.push((now, happening));
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

    /// Records usage per type after an instant, for the types that changed, and integrates the
    /// share areas over the time since the last instant (usage is constant between instants).
    pub fn sample_usage(&mut self, world: &World, cap: &mut Capacity, now: Seconds) {
        let dt = (now - self.last_sample) as f64;
        if dt > 0.0 {
            for (area, level) in self.areas.iter_mut().zip(&self.levels) {
                area.borrowed += level.borrowed * dt;
                area.lent += level.lent * dt;
                area.own_used += level.own_used * dt;
                area.own_limit += level.own_limit * dt;
            }
        }
        let terms_changed = std::mem::take(&mut cap.terms_changed);
        for t in 0..world.types.len() {
            if !std::mem::take(&mut cap.touched[t]) {
                continue;
            }
            // Compared in place: a type is often touched (a tentative release during victim
            // choice, a start and an end at one instant) without its levels changing. The
            // levels follow from the point's usage, capacity and limits, and the strategies.
            let unchanged = self.usage[t]
                .last()
                .is_some_and(|last| usage_unchanged(world, cap, t, last));
            if !unchanged {
                self.usage[t].push(usage_point(world, cap, t, now));
            }
            if !unchanged || terms_changed {
                write_type_levels(cap, t, &mut self.type_levels[t], &mut self.level_changed);
            }
        }
        // Summed afresh rather than updated by differences, so no rounding drift builds up; only
        // the shares whose level changed somewhere (the others' sums would come out the same).
        for (s, total) in self.levels.iter_mut().enumerate() {
            if !std::mem::take(&mut self.level_changed[s]) {
                continue;
            }
            *total = ShareAreas::default();
            for levels in &self.type_levels {
                total.add(&levels[s]);
            }
        }
        self.last_sample = now;
    }
}

/// Instances of `t` in use on all its pools (the usage of a scenario without shares).
fn type_used(world: &World, cap: &Capacity, t: TypeId) -> u32 {
    world.type_pools[t].iter().map(|&p| cap.pool_used[p]).sum()
}

/// Whether `last` still describes type `t`: the same capacity, usage and limits per share (the
/// borrowed counts follow from usage and limits).
fn usage_unchanged(world: &World, cap: &Capacity, t: TypeId, last: &UsagePoint) -> bool {
    if last.capacity != cap.on_demand[t] {
        return false;
    }
    if world.shares.is_empty() {
        return last.used == [type_used(world, cap, t)] && last.limits.is_empty();
    }
    let shares = world.shares.len();
    last.used.len() == shares
        && last.limits.len() == shares
        && (0..shares)
            .all(|s| last.used[s] == cap.share_used[s][t] && last.limits[s] == cap.terms[s].own(t))
}

fn usage_point(world: &World, cap: &Capacity, t: TypeId, now: Seconds) -> UsagePoint {
    let (used, borrowed, limits) = if world.shares.is_empty() {
        (vec![type_used(world, cap, t)], vec![0], Vec::new())
    } else {
        (
            (0..world.shares.len())
                .map(|s| cap.share_used[s][t])
                .collect(),
            (0..world.shares.len())
                .map(|s| cap.borrowed(s, t))
                .collect(),
            (0..world.shares.len())
                .map(|s| cap.terms[s].own(t))
                .collect(),
        )
    };
    UsagePoint {
        t_h: hours(now),
        capacity: cap.on_demand[t],
        used,
        borrowed,
        limits,
    }
}

/// Each share's instance levels on one type right now. Lent capacity: what is borrowed beyond
/// the unowned capacity is drawn from the lending shares' idle capacity pro rata (our
/// attribution; the quota invariant guarantees it is there). Written in place: this runs after
/// every instant; `changed` marks the shares whose level differs from before.
fn write_type_levels(cap: &Capacity, t: TypeId, levels: &mut [ShareAreas], changed: &mut [bool]) {
    let shares = cap.terms.len();
    let owned: u32 = (0..shares).map(|s| cap.terms[s].own(t)).sum();
    let unowned = cap.on_demand[t].saturating_sub(owned);
    let drawn = f64::from(cap.total_borrowed(t).saturating_sub(unowned));
    let idle = |s: usize| {
        if cap.terms[s].strategy.lends() {
            f64::from(cap.terms[s].own(t).saturating_sub(cap.share_used[s][t]))
        } else {
            0.0
        }
    };
    let idle_total: f64 = (0..shares).map(idle).sum();
    for (s, level) in levels.iter_mut().enumerate().take(shares) {
        let own = cap.terms[s].own(t);
        let current = ShareAreas {
            borrowed: f64::from(cap.borrowed(s, t)),
            own_used: f64::from(cap.share_used[s][t].min(own)),
            own_limit: f64::from(own),
            lent: if idle_total > 0.0 {
                drawn.min(idle_total) * idle(s) / idle_total
            } else {
                0.0
            },
        };
        if *level != current {
            *level = current;
            changed[s] = true;
        }
    }
}

/// Builds the result document from the finished run, moving the history out of its log.
pub fn build_result(scenario: &Scenario, sim: &mut Sim) -> result::SimResult {
    let world = sim.world;
    let events = std::mem::take(&mut sim.log.events);
    let usage = std::mem::take(&mut sim.log.usage);
    let notes = std::mem::take(&mut sim.log.notes);
    let log = &sim.log;
    let jobs: Vec<JobResult> = (0..world.jobs.len())
        .map(|j| job_result(world, &sim.jobs[j], log, j))
        .collect();
    let restart_overhead = (0..world.jobs.len())
        .map(|j| restart_overhead(world, log, j))
        .collect();
    let share_areas: Vec<(f64, f64, f64)> = log
        .areas
        .iter()
        .map(|a| {
            (
                a.borrowed / 3600.0,
                a.lent / 3600.0,
                if a.own_limit > 0.0 {
                    a.own_used / a.own_limit
                } else {
                    0.0
                },
            )
        })
        .collect();
    let usage = usage
        .into_iter()
        .enumerate()
        .map(|(t, points)| UsageSeries {
            instance_type: world.type_names[t].clone(),
            points,
        })
        .collect();
    let plans = world
        .plans
        .iter()
        .map(|p| (p.name.clone(), p.upfront_cost))
        .collect::<Vec<_>>();
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
        share_areas: &share_areas,
        types: &world.type_names,
        plans: &plans,
        end_h: hours(sim.now),
    });
    result.events = events
        .into_iter()
        .map(|(at, happening)| happening.to_event(world, at))
        .collect();
    result.usage = usage;
    result.notes = notes;
    result.calibration = result::calibration::calibrate(scenario, &result.jobs);
    result
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
    let lost_accel: f64 = log.attempts[j]
        .iter()
        .map(|a| accelerator_hours(world, &job.entries[a.entry], a.lost))
        .sum();
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
            pool: Text::word(world.pools[entry.pool].kind.label()),
            training_plan: plan_name(world, entry.pool),
        }
    });
    let waited = Waited::new(
        Reason::ALL
            .iter()
            .filter(|r| state.waited[r.index()] > 0)
            .map(|r| (Text::word(r.as_str()), hours(state.waited[r.index()])))
            .collect(),
    );
    let blocked_by = match ending {
        Ending::Unfinished(Some(r)) => Some(Text::word(r.as_str())),
        _ => None,
    };
    JobResult {
        name: job.name.clone(),
        share: job.share.map(|s| world.shares[s].name.clone()),
        mix: job.mix.map(|m| world.mixes[m].clone()),
        status: Text::word(ending.status()),
        reason: ending.reason().map(Text::word),
        priority: state.priority,
        submit_h: hours(job.submit),
        first_start_h: log.attempts[j].first().map(|a| hours(a.start)),
        end_h: finished.then(|| hours(end)),
        wait_h: hours(state.wait_total),
        completion_h: finished.then(|| hours(end - job.submit)),
        selected,
        cost: attempts.iter().map(|a| a.cost).sum(),
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
        last_reasons: state
            .entry_reasons
            .iter()
            .map(|r| r.map(|r| Text::word(r.as_str())))
            .collect(),
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
    log.attempts[j]
        .iter()
        .skip(1)
        .map(|a| {
            accelerator_hours(
                world,
                &job.entries[a.entry],
                job.startup.min(a.end - a.start),
            )
        })
        .sum()
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
        pool: Text::word(pool.kind.label()),
        training_plan: plan_name(world, entry.pool),
        borrowed: a.borrowed,
        outcome: Text::word(stop.outcome()),
        preemption: stop.kind().map(Text::word),
        preempted_by: a.by.map(|b| world.jobs[b].name.clone()),
        lost_h: hours(a.lost),
        cost: hours(a.end - a.start)
            * f64::from(entry.count)
            * itype.price_per_h
            * pool.price_factor,
        skipped: a
            .skipped
            .iter()
            .map(|&(preference, r)| Skipped {
                preference,
                instance_type: world.type_names[job.entries[preference].instance_type].clone(),
                instance_count: job.entries[preference].count,
                reason: Text::word(r.as_str()),
            })
            .collect(),
    }
}
