//! A study run on the page: a comparison, a sweep or an advisor search, split into units, run by
//! the worker pool, and summarised by the engine once every unit has answered.
//!
//! The summary is the engine's (`Definition::summarize`, `AdvicePlan::summarize`), computed from
//! the same samples or starts the CLI would compute, so the browser and `quotalab compare` /
//! `quotalab sweep` / `quotalab advise` print the same numbers. Starting a run drops the pool of
//! the previous one (terminating its workers), and replies carry their batch number, so a
//! superseded run can never overwrite a newer one.

use crate::results::session::now_ms;
use crate::study::pool::{worker_count, Answer, Pool};
use crate::study::protocol::{decode_reply, SampleReply, SampleRequest};
use leptos::prelude::*;
use quotalab_engine::result::numbers::counted;
use quotalab_engine::study::{Definition, Summary, Unit, UnitSample};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

/// What a kind of study run sends to the workers and how it sums up their answers.
pub trait Work: Send + Sync + 'static {
    /// One unit's answer.
    type Item: Send + Sync + 'static;
    /// The summary of every answer.
    type Done: Send + Sync + 'static;
    /// Every unit with its encoded request for batch `batch`.
    fn requests(&self, batch: u64) -> Result<Vec<(Unit, String)>, String>;
    /// How many workers run `units` units: one per core unless the work says fewer.
    fn workers(&self, units: usize) -> usize {
        worker_count(units)
    }
    /// A worker's reply of batch `batch`: the unit's answer, or why it failed; `None` for any
    /// other message.
    fn decode(text: &str, batch: u64) -> Option<Result<Self::Item, String>>;
    /// The failure `message` of `unit` out of `total`, naming the unit.
    fn failure(unit: Unit, total: usize, message: &str) -> String;
    /// The digest of what runs: equal digests, same work.
    fn digest(&self) -> String;
    /// The summary of every unit's answer.
    fn summarize(&self, items: &[Self::Item]) -> Result<Self::Done, String>;
    /// The progress in words: "12 of 40 runs".
    fn progress(done: usize, total: usize) -> String;
    /// The units of a finished run in words: "40 runs".
    fn count(units: usize) -> String;
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

    fn requests(&self, batch: u64) -> Result<Vec<(Unit, String)>, String> {
        let scenarios = self.scenarios().map_err(|e| e.to_string())?;
        let scenario_json: Vec<String> = scenarios
            .iter()
            .map(|s| serde_json::to_string(s).expect("a scenario always serialises"))
            .collect();
        let seeds = self.seeds();
        Ok(self
            .units()
            .iter()
            .map(|&u| {
                let scenario = scenario_json[u.variant_or_point].clone();
                (
                    u,
                    SampleRequest::new(batch, u, seeds[u.seed_index], scenario).encode(),
                )
            })
            .collect())
    }

    fn decode(text: &str, batch: u64) -> Option<Result<UnitSample, String>> {
        match decode_reply(text)? {
            SampleReply::SampleDone { batch: b, sample } if b == batch => Some(Ok(sample)),
            SampleReply::SampleFailed { batch: b, message } if b == batch => Some(Err(message)),
            // A reply from an older batch.
            _ => None,
        }
    }

    /// "Run 2 of 20 (variant or point 1, seed 2) failed: …".
    fn failure(u: Unit, total: usize, message: &str) -> String {
        format!(
            "run {} of {total} (variant or point {}, seed {}) failed: {message}",
            u.index + 1,
            u.variant_or_point + 1,
            u.seed_index + 1
        )
    }

    fn digest(&self) -> String {
        Definition::digest(self)
    }

    fn summarize(&self, items: &[UnitSample]) -> Result<Finished, String> {
        Ok(Finished {
            digest: Definition::digest(self),
            summary: Definition::summarize(self, items).map_err(|e| e.to_string())?,
        })
    }

    fn progress(done: usize, total: usize) -> String {
        format!("{done} of {}", counted(total as u64, "run"))
    }

    fn count(units: usize) -> String {
        counted(units as u64, "run")
    }
}

/// Handles on one study run (the compare, sweep and advise views have one each).
pub struct Run<W: Work> {
    pub phase: RwSignal<StudyPhase>,
    pub finished: RwSignal<Option<Arc<W::Done>>>,
    /// The digest of the work being run or last run.
    pub digest: RwSignal<Option<String>>,
    batch: StoredValue<u64>,
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
            batch: StoredValue::new(0),
            pool: StoredValue::new_local(None),
            items: StoredValue::new(Vec::new()),
            work: StoredValue::new(None),
        }
    }
}

impl<W: Work> Run<W> {
    /// Runs `work` (which must be valid), replacing any run in flight.
    pub fn start(self, work: W) {
        self.stop_pool();
        let batch = self.batch.get_value() + 1;
        self.batch.set_value(batch);
        let jobs = match work.requests(batch) {
            Ok(jobs) => jobs,
            Err(message) => return self.phase.set(StudyPhase::Failed(message)),
        };
        let total = jobs.len();
        let workers = work.workers(total);
        self.digest.set(Some(work.digest()));
        self.work.set_value(Some(work));
        self.items.set_value(Vec::with_capacity(total));
        self.phase.set(StudyPhase::Running {
            done: 0,
            total,
            workers,
            started_ms: now_ms(),
        });
        let on_answer: Rc<dyn Fn(Answer<W::Item>)> =
            Rc::new(move |answer| self.receive(batch, answer));
        let decode = move |text: &str| W::decode(text, batch);
        let failure = move |unit: Unit, message: &str| W::failure(unit, total, message);
        match Pool::run(jobs, workers, decode, failure, on_answer) {
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

    fn receive(self, batch: u64, answer: Answer<W::Item>) {
        if batch != self.batch.get_value() {
            return;
        }
        match answer {
            Answer::Failed(message) => {
                self.batch.update_value(|b| *b += 1);
                self.stop_pool_later();
                self.phase.set(StudyPhase::Failed(message));
            }
            Answer::Done(item) => {
                self.items.update_value(|s| s.push(item));
                let done = self.items.with_value(Vec::len);
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
        let outcome = self.work.with_value(|w| {
            let work = w.as_ref().expect("a running study has its work");
            self.items.with_value(|items| work.summarize(items))
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
            Err(message) => self.phase.set(StudyPhase::Failed(message)),
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
