//! A study run on the page: a comparison or a sweep, split into units, run by the worker pool,
//! and summarised by the engine once every unit has answered.
//!
//! The summary is the engine's (`Definition::summarize`), computed from the same samples the CLI
//! would compute, so the browser and `quotalab compare` / `quotalab sweep` print the same numbers.
//! Starting a run drops the pool of the previous one (terminating its workers), and replies carry
//! their batch number, so a superseded run can never overwrite a newer one.

use crate::results::session::now_ms;
use crate::study::pool::{worker_count, Pool, PoolEvent};
use crate::study::protocol::SampleRequest;
use leptos::prelude::*;
use quotalab_engine::study::{Definition, Summary, UnitSample};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

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

/// Handles on one kind of study run (the compare view and the sweep view have one each).
#[derive(Clone, Copy)]
pub struct StudyRun {
    pub phase: RwSignal<StudyPhase>,
    pub finished: RwSignal<Option<Arc<Finished>>>,
    /// The digest of the definition being run or last run.
    pub digest: RwSignal<Option<String>>,
    batch: StoredValue<u64>,
    pool: StoredValue<Option<Pool>, LocalStorage>,
    samples: StoredValue<Vec<UnitSample>>,
    definition: StoredValue<Option<Definition>>,
}

impl Default for StudyRun {
    fn default() -> Self {
        StudyRun {
            phase: RwSignal::new(StudyPhase::Idle),
            finished: RwSignal::new(None),
            digest: RwSignal::new(None),
            batch: StoredValue::new(0),
            pool: StoredValue::new_local(None),
            samples: StoredValue::new(Vec::new()),
            definition: StoredValue::new(None),
        }
    }
}

impl StudyRun {
    /// Runs `definition` (which must be valid), replacing any run in flight.
    pub fn start(self, definition: Definition) {
        self.stop_pool();
        let batch = self.batch.get_value() + 1;
        self.batch.set_value(batch);
        let scenarios = match definition.scenarios() {
            Ok(scenarios) => scenarios,
            Err(err) => return self.phase.set(StudyPhase::Failed(err.to_string())),
        };
        let scenario_json: Vec<String> = scenarios
            .iter()
            .map(|s| serde_json::to_string(s).expect("a scenario always serialises"))
            .collect();
        let seeds = definition.seeds();
        let units = definition.units();
        let requests: Vec<SampleRequest> = units
            .iter()
            .map(|&u| {
                let scenario = scenario_json[u.variant_or_point].clone();
                SampleRequest::new(batch, u, seeds[u.seed_index], scenario)
            })
            .collect();
        let workers = worker_count(units.len());
        self.digest.set(Some(definition.digest()));
        self.definition.set_value(Some(definition));
        self.samples.set_value(Vec::with_capacity(units.len()));
        self.phase.set(StudyPhase::Running {
            done: 0,
            total: units.len(),
            workers,
            started_ms: now_ms(),
        });
        let on_event: Rc<dyn Fn(PoolEvent)> = Rc::new(move |event| self.receive(batch, event));
        match Pool::start(requests, workers, batch, on_event) {
            Ok(pool) => self.pool.set_value(Some(pool)),
            Err(message) => self.phase.set(StudyPhase::Failed(message)),
        }
    }

    /// Stops the run in flight; what was shown before stays.
    pub fn cancel(self) {
        if self.phase.get_untracked().is_running() {
            self.batch.update_value(|b| *b += 1);
            self.stop_pool();
            self.phase.set(StudyPhase::Cancelled);
        }
    }

    fn receive(self, batch: u64, event: PoolEvent) {
        if batch != self.batch.get_value() {
            return;
        }
        match event {
            PoolEvent::Failed(message) => {
                self.batch.update_value(|b| *b += 1);
                self.stop_pool_later();
                self.phase.set(StudyPhase::Failed(message));
            }
            PoolEvent::Sample(sample) => {
                self.samples.update_value(|s| s.push(sample));
                let done = self.samples.with_value(Vec::len);
                let StudyPhase::Running {
                    total,
                    workers,
                    started_ms,
                    ..
                } = self.phase.get_untracked()
                else {
                    return;
                };
                if done < total {
                    self.phase.set(StudyPhase::Running {
                        done,
                        total,
                        workers,
                        started_ms,
                    });
                    return;
                }
                self.stop_pool_later();
                self.summarise(total, workers, now_ms() - started_ms);
            }
        }
    }

    fn summarise(self, runs: usize, workers: usize, elapsed_ms: f64) {
        let outcome = self.definition.with_value(|d| {
            let definition = d.as_ref().expect("a running study has its definition");
            let summary = self.samples.with_value(|s| definition.summarize(s))?;
            Ok::<_, quotalab_engine::study::StudyError>(Finished {
                digest: definition.digest(),
                summary,
            })
        });
        match outcome {
            Ok(finished) => {
                self.finished.set(Some(Arc::new(finished)));
                self.phase.set(StudyPhase::Done {
                    runs,
                    workers,
                    elapsed_ms,
                });
            }
            Err(err) => self.phase.set(StudyPhase::Failed(err.to_string())),
        }
    }

    fn stop_pool(self) {
        self.pool.set_value(None);
    }

    /// Drops the pool after the current message: this runs inside a worker's `onmessage`, and a
    /// worker must not be torn down from inside its own handler.
    fn stop_pool_later(self) {
        let batch = self.batch.get_value();
        set_timeout(
            move || {
                // A newer run may have started since; its pool stays.
                if self.batch.get_value() == batch {
                    self.stop_pool();
                }
            },
            Duration::ZERO,
        );
    }
}
