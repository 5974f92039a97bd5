//! A study run on the page: a comparison, a sweep or an advisor search, split into units, run by
//! the worker pool, and summarised by the engine once every unit has answered.
//!
//! The summary is the engine's (`Definition::summarize`, `AdvicePlan::summarize`), computed from
//! the same samples or starts the CLI would compute, so the browser and `quotalab compare` /
//! `quotalab sweep` / `quotalab advise` print the same numbers. Starting a run drops the pool of
//! the previous one (terminating its workers), and replies carry their batch number, so a
//! superseded run can never overwrite a newer one.

use crate::state::browser::now_ms;
use crate::study::pool::{worker_count, Pool};
use crate::worker::carried::Carried;
use crate::worker::messages::{Reply, Request, Simulation};
use crate::worker::protocol::Protocol;
use crate::worker::{Latest, Ticket, WorkerError};
use leptos::prelude::*;
use quotalab_engine::json_text;
use quotalab_engine::result::numbers::counted;
use quotalab_engine::study::{Definition, StudyError, Summary, Unit, UnitSample};
use std::rc::Rc;
use std::sync::Arc;

/// What a kind of study run asks the workers and how it sums up their answers.
pub trait Work: Send + Sync + 'static {
    /// One unit's answer.
    type Item: Send + Sync + 'static;
    /// The summary of every answer.
    type Done: Send + Sync + 'static;
    /// Why the work cannot be split into units or summed up.
    type Error: std::fmt::Display;
    /// Every unit with its request.
    fn requests(&self) -> Result<Vec<(Unit, Request)>, Self::Error>;
    /// How many workers run `units` units: one per core unless the work says fewer.
    fn workers(&self, units: usize) -> usize {
        worker_count(units)
    }
    /// A unit's answer in a worker's reply; `None` for a reply of another kind.
    fn item(reply: Reply) -> Option<Self::Item>;
    /// The failure `message` of `unit` out of `total`, naming the unit.
    fn failure(unit: Unit, total: usize, message: &str) -> String;
    /// The digest of what runs: equal digests, same work.
    fn digest(&self) -> String;
    /// The summary of every unit's answer; `digest` is the work's, taken when the run started,
    /// since a study of a trace is hundreds of megabytes of JSON to hash again.
    fn summarize(&self, digest: String, items: &[Self::Item]) -> Result<Self::Done, Self::Error>;
    /// The progress in words: "12 of 40 runs".
    fn progress(done: usize, total: usize) -> String;
    /// The units of a finished run in words: "40 runs".
    fn count(units: usize) -> String;
    /// Units that take another unit's answer instead of running; none unless the work says.
    fn stood_in(&self) -> usize {
        0
    }
}

/// What a study run is doing.
#[derive(Debug, Clone, PartialEq)]
pub enum StudyPhase {
    Idle,
    Running {
        done: usize,
        total: usize,
        workers: usize,
        started_ms: f64,
    },
    Done {
        runs: usize,
        /// Units answered by another's run (`Work::stood_in`).
        stood_in: usize,
        workers: usize,
        elapsed_ms: f64,
    },
    Cancelled,
    Failed(String),
}

impl StudyPhase {
    pub fn is_running(&self) -> bool {
        matches!(self, StudyPhase::Running { .. })
    }
}

/// A finished summary and the digest of the definition it summarises.
#[derive(Debug, Clone, PartialEq)]
pub struct Finished {
    pub digest: String,
    pub summary: Summary,
}

impl Work for Definition {
    type Item = UnitSample;
    type Done = Finished;
    type Error = StudyError;

    fn requests(&self) -> Result<Vec<(Unit, Request)>, StudyError> {
        let scenarios = self.scenarios()?;
        // One JSON per variant, shared by its units' requests: a variant of a trace is a quarter
        // of a gigabyte, and a study runs it at every seed.
        let scenario_json: Vec<Carried> = scenarios
            .iter()
            .map(|s| Carried::from(json_text::compact(s)))
            .collect();
        let seeds = self.seeds();
        Ok(self
            .runs_to_make(&self.units())?
            .iter()
            .map(|&unit| {
                let request = Request::Sample {
                    unit,
                    seed: seeds[unit.seed_index],
                    scenario: scenario_json[unit.variant_or_point].clone(),
                };
                (unit, request)
            })
            .collect())
    }

    fn item(reply: Reply) -> Option<UnitSample> {
        match reply {
            Reply::Sample(sample) => Some(*sample),
            _ => None,
        }
    }

    /// "The run of variant or point 1 at seed 2 failed: …". Not "run 2 of 20": a scenario that
    /// draws nothing at random runs at its first seed only, so units and runs are not one list.
    fn failure(u: Unit, _total: usize, message: &str) -> String {
        format!(
            "the run of variant or point {} at seed {} failed: {message}",
            u.variant_or_point + 1,
            u.seed_index + 1
        )
    }

    fn digest(&self) -> String {
        Definition::digest(self)
    }

    fn summarize(&self, digest: String, items: &[UnitSample]) -> Result<Finished, StudyError> {
        let samples = self.with_stand_ins(&self.units(), items.to_vec())?;
        Ok(Finished {
            digest,
            summary: Definition::summarize(self, &samples)?,
        })
    }

    fn progress(done: usize, total: usize) -> String {
        format!("{done} of {}", counted(total as u64, "run"))
    }

    fn count(units: usize) -> String {
        counted(units as u64, "run")
    }

    /// The seeds after the first of a variant or point that draws nothing at random.
    fn stood_in(&self) -> usize {
        let units = self.units();
        self.runs_to_make(&units)
            .map_or(0, |runs| units.len() - runs.len())
    }
}

/// Handles on one study run (the compare, sweep and advise views have one each).
pub struct Run<W: Work> {
    pub phase: RwSignal<StudyPhase>,
    pub finished: RwSignal<Option<Arc<W::Done>>>,
    /// The digest of the work being run or last run.
    pub digest: RwSignal<Option<String>>,
    runs: Latest,
    pool: StoredValue<Option<Pool>, LocalStorage>,
    items: StoredValue<Vec<W::Item>>,
    work: StoredValue<Option<W>>,
}

/// A comparison's or a sweep's run.
pub type StudyRun = Run<Definition>;

impl<W: Work> Clone for Run<W> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<W: Work> Copy for Run<W> {}

impl<W: Work> Default for Run<W> {
    fn default() -> Self {
        Run {
            phase: RwSignal::new(StudyPhase::Idle),
            finished: RwSignal::new(None),
            digest: RwSignal::new(None),
            runs: Latest::new(),
            pool: StoredValue::new_local(None),
            items: StoredValue::new(Vec::new()),
            work: StoredValue::new(None),
        }
    }
}

impl<W: Work> Run<W> {
    /// Runs `work` (which must be valid), replacing any run in flight.
    pub fn start(self, work: W) {
        let digest = work.digest();
        self.start_digested(work, digest);
    }

    /// [`Run::start`] of `work` whose digest the caller has already worked out.
    pub fn start_digested(self, work: W, digest: String) {
        self.stop_pool();
        let ticket = self.runs.start();
        let units = match work.requests() {
            Ok(units) => units,
            Err(err) => return self.phase.set(StudyPhase::Failed(err.to_string())),
        };
        let total = units.len();
        let workers = work.workers(total);
        self.digest.set(Some(digest));
        self.work.set_value(Some(work));
        self.items.set_value(Vec::with_capacity(total));
        self.phase.set(StudyPhase::Running {
            done: 0,
            total,
            workers,
            started_ms: now_ms(),
        });
        let on_answer = Rc::new(move |unit: Unit, answer: Result<Reply, WorkerError>| {
            self.receive(ticket, unit, total, answer)
        });
        match Pool::run(units, workers, ticket, on_answer) {
            Ok(pool) => self.pool.set_value(Some(pool)),
            Err(err) => self.phase.set(StudyPhase::Failed(err.to_string())),
        }
    }

    /// Stops the run in flight; what was shown before stays.
    pub fn cancel(self) {
        if self.phase.get_untracked().is_running() {
            self.runs.stop();
            self.stop_pool();
            self.phase.set(StudyPhase::Cancelled);
        }
    }

    /// Takes `unit`'s answer, one of `total`; the last one is summed up.
    fn receive(self, ticket: Ticket, unit: Unit, total: usize, answer: Result<Reply, WorkerError>) {
        if !ticket.is_current() {
            return;
        }
        let item = answer.and_then(|reply| {
            W::item(reply).ok_or(WorkerError::OtherAnswer(Simulation::SCRIPT.name))
        });
        let item = match item {
            Ok(item) => item,
            Err(err) => {
                self.runs.stop();
                self.stop_pool();
                return self.phase.set(StudyPhase::Failed(W::failure(
                    unit,
                    total,
                    &err.to_string(),
                )));
            }
        };
        self.items.update_value(|s| s.push(item));
        let done = self.items.with_value(Vec::len);
        let StudyPhase::Running {
            workers,
            started_ms,
            ..
        } = self.phase.get_untracked()
        else {
            return;
        };
        if done < total {
            return self.phase.set(StudyPhase::Running {
                done,
                total,
                workers,
                started_ms,
            });
        }
        self.stop_pool();
        self.summarise(total, workers, now_ms() - started_ms);
    }

    fn summarise(self, runs: usize, workers: usize, elapsed_ms: f64) {
        let outcome = self.work.with_value(|w| {
            let work = w.as_ref().expect("a running study has its work");
            // The digest `start` took of this very work.
            let digest = self.digest.get_untracked().unwrap_or_else(|| work.digest());
            self.items
                .with_value(|items| work.summarize(digest, items))
                .map(|finished| (finished, work.stood_in()))
        });
        match outcome {
            Ok((finished, stood_in)) => {
                self.finished.set(Some(Arc::new(finished)));
                self.phase.set(StudyPhase::Done {
                    runs,
                    stood_in,
                    workers,
                    elapsed_ms,
                });
            }
            Err(err) => self.phase.set(StudyPhase::Failed(err.to_string())),
        }
    }

    /// Drops the pool: its workers stop, and their tasks end (answers run in tasks, never inside
    /// a worker's own event handler, so this is safe from anywhere).
    fn stop_pool(self) {
        self.pool.set_value(None);
    }
}
