//! Kueue's rules (docs/KUEUE.md): the same workload as under AWS Batch's rules, scheduled as
//! Kueue's scheduler would, from ClusterQueues, cohorts and ResourceFlavors.
//!
//! `world` compiles the scenario's Kueue objects; `tree` is the quota arithmetic of the cohort
//! tree; `assign` the flavor scan; `preempt` classic and fair-sharing preemption; `queues` the
//! ClusterQueues' pending workloads; `cycle` one scheduling cycle and `order` the order of its
//! entries; `thrashing` keeps an instant from looping; `reach` how far each queue's quota reaches, for the app's allocation bar; `run` and `lifecycle` the event loop and a job's life; `waiting`, `words`, `usage`,
//! `record` (the log as it happens), `history` (each record made from the log when asked for)
//! and `summary` what the result reports. The result has the shape of an AWS run's
//! (docs/FORMAT.md, "Result"), so every chart, report and study reads it unchanged.

mod assign;
mod cycle;
mod eligible;
mod history;
mod lifecycle;
mod order;
mod preempt;
mod queues;
pub mod reach;
mod record;
mod run;
mod share;
mod snapshot;
mod summary;
mod thrashing;
mod tree;
mod usage;
mod waiting;
mod words;
mod world;

pub(crate) use history::History;

use crate::common::Progress;
use crate::scenario::Scenario;
use crate::sim::Keep;

/// Runs a validated scenario whose agreement is written as Kueue objects.
pub(crate) fn simulate(
    scenario: &Scenario,
    keep: Keep,
    every_events: u64,
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Option<crate::sim::Run> {
    let world = world::World::new(scenario);
    let mut run = run::Run::new(&world, keep);
    run.seed_events();
    run.run(every_events, progress)?;
    let ended = history::Ended::of(run);
    let history = history::History::new(world, ended);
    Some(crate::sim::Run::of_kueue(scenario, history))
}
