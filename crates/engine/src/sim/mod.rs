//! The discrete-event simulation: one event queue, one clock, integer seconds.
//!
//! `simulate` compiles the scenario (`world`), then repeats: apply every event of the next
//! instant in the order of SEMANTICS §4 (`handlers`), run one scheduling pass (`pass`, with
//! `preempt` for phase C), and record what changed (`record`). At the end `record` turns the
//! history into the result, and `crate::result::metrics` aggregates it.

mod audit;
mod chunked;
mod event_log;
mod finished;
mod fit;
mod handlers;
mod job_state;
mod order;
mod pass;
mod per_reason;
mod preempt;
mod queues;
pub mod reason;
mod record;
mod running;
mod state;
mod usage;
mod wait_times;
mod waiting;
mod world;

use crate::common::events::{self, Event, EventQueue};
use crate::common::instants::{run_fields, run_to_end, Instants};
use crate::common::stopping::StopsAttempts;
use crate::common::Progress;
use crate::result::SimResult;
use crate::rng::Stream;
use crate::scenario::Scenario;
use crate::time::Seconds;
pub use finished::Run;
use job_state::JobState;
use rustc_hash::FxHashMap;
use state::Capacity;
pub(crate) use world::derived_duration;
use world::{JobId, World};

/// What a run keeps beyond its figures and its jobs' records: its event list, the result's
/// `events`, and each usage series whole or as the page draws it. A later variant keeps more.
///
/// The event list is read only where the whole result document is written (`quotalab run`,
/// "Result JSON"); every figure, chart, story and study sample comes from the jobs, the usage
/// series and the summaries. It is also the largest part of a run's history: at a million jobs,
/// millions of entries, recorded during the run and converted at its end. So the runs whose
/// document nobody writes leave it out, and a result without it is the same in every other field
/// (docs/ARCHITECTURE.md, "The page's view of a result"; docs/PERFORMANCE.md, "Runs without their
/// event list"). A run that is only drawn keeps each usage series as the chart draws it: a
/// trace's series are the largest part of what is left (docs/PERFORMANCE.md, "A trace's usage
/// thinned as it is made").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Keep {
    /// What the page draws: no event list, and each usage series thinned as it is made
    /// (`result::drawn_usage`), its `points_in_run` saying how many points it had.
    Drawn,
    /// Everything but the event list: the result's `events` is empty.
    AllButEvents,
    /// Everything: the result is the whole document.
    Everything,
}

/// Runs a validated scenario to its end: the whole result, its event list included.
pub fn simulate(scenario: &Scenario) -> SimResult {
    simulate_with_progress(scenario, Keep::Everything, 0, &mut |_| true)
        .expect("a run without cancellation completes")
}

/// Runs a validated scenario to its end without its event list ([`Keep::AllButEvents`]): for
/// callers that read the result's figures and jobs but never write its whole document.
pub fn simulate_without_events(scenario: &Scenario) -> SimResult {
    simulate_with_progress(scenario, Keep::AllButEvents, 0, &mut |_| true)
        .expect("a run without cancellation completes")
}

/// Runs a validated scenario, keeping its event list or not (`events`), calling `progress` every
/// `every_events` events (0: never). When `progress` returns false the run stops and `None` is
/// returned (the user cancelled).
pub fn simulate_with_progress(
    scenario: &Scenario,
    keep: Keep,
    every_events: u64,
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Option<SimResult> {
    run(scenario, keep, every_events, progress).map(Run::into_result)
}

/// Runs a validated scenario as [`simulate_with_progress`] does, and hands back the finished
/// [`Run`] rather than its whole result: its figures, with the records, the columns and the
/// document made from its history when asked for (for runs too large to hold every record).
pub fn run(
    scenario: &Scenario,
    keep: Keep,
    every_events: u64,
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Option<Run> {
    // A scenario whose agreement is written for the other rules runs through the translation
    // (docs/FORMAT.md, "Kueue"); its result says what each field became.
    if let Some(translation) = crate::translate::for_rules(scenario) {
        let mut run = run(&translation.scenario, keep, every_events, progress)?;
        run.add_notes(
            translation
                .notes
                .iter()
                .map(|n| n.of_run_under(scenario.rules)),
        );
        return Some(run);
    }
    if scenario.kueue.is_some() {
        return crate::kueue::simulate(scenario, keep, every_events, progress);
    }
    let world = World::new(scenario);
    let mut sim = Sim::new(&world, keep);
    sim.seed_events(scenario);
    sim.run(every_events, progress)?;
    let parts = sim.into_history();
    Some(Run::of_history(
        scenario,
        record::History::new(world, parts),
    ))
}

/// Runs a validated scenario while checking the engine's invariants after every decision
/// (see `audit`); returns the result and every violation found. For tests.
pub fn simulate_audited(scenario: &Scenario) -> (SimResult, Vec<String>) {
    let world = World::new(scenario);
    let mut sim = Sim::new(&world, Keep::Everything);
    sim.audit = Some(audit::Audit::new(world.types.len(), world.job_count()));
    sim.seed_events(scenario);
    sim.run(0, &mut |_| true);
    let violations = sim.audit.take().map(|a| a.violations).unwrap_or_default();
    let parts = sim.into_history();
    let history = record::History::new(world, parts);
    (Run::of_history(scenario, history).into_result(), violations)
}

pub(crate) struct Sim<'w> {
    world: &'w World,
    now: Seconds,
    queue: EventQueue,
    cap: Capacity,
    jobs: Vec<JobState>,
    /// The pending jobs, indexed by share and type.
    pending: queues::PendingQueues,
    /// Types where something happened since the last pass that could let a waiting job start
    /// (instances released, capacity raised, a plan block opened, a share's terms changed).
    loosened: Vec<bool>,
    /// Jobs that became pending, or became their share's head under strict FIFO, since the last
    /// pass: they have not been evaluated against the current state.
    fresh: Vec<JobId>,
    /// Numbers the phases, so each visits a job once.
    phase_stamp: u64,
    /// Buffers a pass reuses instead of allocating them anew at every instant.
    scratch: pass::Scratch,
    /// Running jobs per pool and per (share, pool).
    running: running::RunningJobs,
    /// Plan-only jobs per plan, whose pending clock follows the plan's blocks.
    plan_jobs: Vec<Vec<JobId>>,
    /// The spot-interruption stream of each job that has run on spot and not ended (SEMANTICS
    /// §3: per-job streams). Held here rather than in every job's state, where it took 16 bytes
    /// of each of millions of jobs, most of which never run on spot (docs/PERFORMANCE.md, "The
    /// CLI at one and five million jobs").
    spot_streams: FxHashMap<JobId, Stream>,
    events_done: u64,
    ended: u64,
    log: record::Log,
    /// Why pending jobs wait, per group of like first entries.
    waiting: waiting::ReasonGroups,
    /// Invariant checks, in audited runs only.
    audit: Option<audit::Audit>,
}

impl<'w> Sim<'w> {
    fn new(world: &'w World, keep: Keep) -> Self {
        let mut plan_jobs = vec![Vec::new(); world.plans.len()];
        for j in 0..world.job_count() {
            let job = world.job(j);
            if job.plan_only {
                for e in &job.entries {
                    if let world::PoolKind::Plan(p) = world.pools[e.pool].kind {
                        plan_jobs[p].push(j);
                    }
                }
            }
        }
        Sim {
            world,
            now: 0,
            queue: EventQueue::default(),
            cap: Capacity::new(world),
            jobs: (0..world.job_count())
                .map(|j| JobState::new(world.job(j)))
                .collect(),
            pending: queues::PendingQueues::new(world),
            loosened: vec![false; world.types.len()],
            fresh: Vec::new(),
            phase_stamp: 0,
            scratch: pass::Scratch::default(),
            running: running::RunningJobs::new(world),
            plan_jobs,
            spot_streams: FxHashMap::default(),
            events_done: 0,
            ended: 0,
            log: record::Log::new(world, keep),
            waiting: waiting::ReasonGroups::new(world),
            audit: None,
        }
    }

    /// Everything known in advance: submissions, capacity steps, plan blocks, actions.
    fn seed_events(&mut self, scenario: &Scenario) {
        let world = self.world;
        let arrivals = (0..world.job_count())
            .map(|j| events::Arrival {
                at: world.submit(j),
                key: world.name_rank[j],
                job: j as u32,
            })
            .collect();
        self.queue.set_arrivals(arrivals);
        for (t, steps) in world.on_demand.iter().enumerate() {
            for &(at, count) in steps.iter().skip(1) {
                self.queue.push(
                    at,
                    t as u64,
                    Event::CapacityChange {
                        instance_type: t,
                        count,
                    },
                );
            }
        }
        for (p, plan) in world.plans.iter().enumerate() {
            for &(start, end) in &plan.blocks {
                let stop = end - world::PLAN_END_NOTICE;
                if stop > start {
                    self.queue
                        .push(start, p as u64, Event::PlanStart { plan: p });
                    self.queue.push(stop, p as u64, Event::PlanStop { plan: p });
                }
            }
        }
        for (index, action) in scenario.actions.iter().enumerate() {
            self.queue.push(
                crate::time::seconds(action.at_h),
                index as u64,
                Event::Action { index },
            );
        }
    }

    fn run(&mut self, every_events: u64, progress: &mut dyn FnMut(Progress) -> bool) -> Option<()> {
        run_to_end(self, every_events, progress)
    }
}

impl Instants for Sim<'_> {
    run_fields!();

    fn apply(&mut self, event: Event) {
        Sim::apply(self, event);
    }

    fn schedule(&mut self) {
        self.pass();
    }

    /// Brings the waiting reasons and the usage series up to date with the instant just done.
    fn after_instant(&mut self) {
        self.refresh_waiting_reasons();
        self.log.usage.sample(self.world, &mut self.cap, self.now);
    }

    fn finish(&mut self) {
        self.end_unfinished();
    }
}
