//! A pool of simulation workers that runs a study's units in parallel (docs/STUDY.md): one
//! worker per core, up to `navigator.hardwareConcurrency`, each given the next unit as soon as
//! it answers, so a slow unit (a sweep point with scarce capacity, say) never holds the others.
//!
//! Dropping the pool terminates every worker, which is how a study run is cancelled or
//! superseded: a run inside a worker is one synchronous call that cannot listen for "stop".
//!
//! When a unit fails, in the engine or because its worker died, the pool names the unit
//! ("run 2 of 20: variant 1, seed 2") and the study stops cleanly: a summary needs every unit,
//! so carrying on would only spend time on a result that cannot be shown.

use crate::results::protocol::{encode_request, Fault, Request};
use crate::results::session::fault::TestFault;
use crate::results::session::worker::SimWorker;
use quotalab_engine::study::Unit;
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::{Rc, Weak};

/// Never more workers than this, whatever the machine says: each holds its own wasm instance.
const MAX_WORKERS: usize = 8;

/// Running workers; drop it to stop them all.
pub struct Pool {
    _workers: Vec<Rc<SimWorker>>,
}

/// The units not yet handed to a worker, each with its encoded request.
type Queue = RefCell<VecDeque<(Unit, String)>>;

/// How many workers to start for `units` units on this machine.
pub fn worker_count(units: usize) -> usize {
    let cores = web_sys::window()
        .map(|w| w.navigator().hardware_concurrency() as usize)
        .unwrap_or(1);
    cores.clamp(1, MAX_WORKERS).min(units.max(1))
}

impl Pool {
    /// Starts `workers` workers on `jobs` (each unit with its encoded request). `decode` reads a
    /// reply of this run (`None` for any other message), `describe` words a unit's failure, and
    /// every answer goes to `on_answer` (`run::Work` says what the jobs are: samples of a study,
    /// or starts of an advisor search).
    pub fn run<T: 'static>(
        jobs: Vec<(Unit, String)>,
        workers: usize,
        decode: impl Fn(&str) -> Option<Result<T, String>> + 'static,
        describe: impl Fn(Unit, &str) -> String + 'static,
        on_answer: Rc<dyn Fn(Answer<T>)>,
    ) -> Result<Pool, String> {
        let fault = TestFault::requested();
        let queue: Rc<Queue> = Rc::new(RefCell::new(
            jobs.into_iter()
                .map(|(unit, request)| (unit, with_fault(unit, request, fault)))
                .collect(),
        ));
        let decode = Rc::new(decode);
        let describe = Rc::new(describe);
        let mut started = Vec::with_capacity(workers);
        for _ in 0..workers {
            let me: Rc<RefCell<Weak<SimWorker>>> = Rc::new(RefCell::new(Weak::new()));
            // The unit this worker is running, for the failure message.
            let running: Rc<Cell<Option<Unit>>> = Rc::new(Cell::new(None));
            let (queued, replies, me_in_reply, busy) = (
                queue.clone(),
                on_answer.clone(),
                me.clone(),
                running.clone(),
            );
            let (decoder, words) = (decode.clone(), describe.clone());
            let on_reply: Rc<dyn Fn(String)> = Rc::new(move |text: String| {
                let answer = match decoder(&text) {
                    Some(Ok(done)) => Answer::Done(done),
                    Some(Err(message)) => Answer::Failed(worded(&*words, busy.get(), &message)),
                    None => return,
                };
                replies(answer);
                feed(&me_in_reply.borrow(), &queued, &busy);
            });
            let (failures, crashed, words) = (on_answer.clone(), running.clone(), describe.clone());
            let on_failure: Rc<dyn Fn(String)> = Rc::new(move |message: String| {
                failures(Answer::Failed(worded(&*words, crashed.get(), &message)));
            });
            let worker = Rc::new(
                SimWorker::spawn(on_reply, on_failure)
                    .map_err(|_| "this browser could not start a Web Worker".to_string())?,
            );
            *me.borrow_mut() = Rc::downgrade(&worker);
            feed(&me.borrow(), &queue, &running);
            started.push(worker);
        }
        Ok(Pool { _workers: started })
    }
}

/// A reply of a [`Pool::run`]: the unit's result, or why it failed (naming the unit).
pub enum Answer<T> {
    Done(T),
    Failed(String),
}

/// The failure `message` of `unit` in `describe`'s words, or the bare message when no unit was
/// running (the worker died before it got one).
fn worded(describe: &dyn Fn(Unit, &str) -> String, unit: Option<Unit>, message: &str) -> String {
    match unit {
        Some(u) => describe(u, message),
        None => message.to_owned(),
    }
}

/// A unit's request as the worker gets it; under the `study-panic` test fault the second unit
/// is replaced by a run that panics in the worker.
fn with_fault(unit: Unit, request: String, fault: Option<TestFault>) -> String {
    if fault == Some(TestFault::StudyPanic) && unit.index == 1 {
        return encode_request(&Request {
            run: 0,
            progress_every: 0,
            scenario: String::new(),
            fault: Some(Fault::Panic),
        });
    }
    request
}

/// Gives `worker` the next request, if any is left, and remembers which unit it runs.
fn feed(worker: &Weak<SimWorker>, queue: &Queue, running: &Cell<Option<Unit>>) {
    let Some(worker) = worker.upgrade() else {
        return;
    };
    let next = queue.borrow_mut().pop_front();
    running.set(next.as_ref().map(|(unit, _)| *unit));
    if let Some((_, request)) = next {
        worker.send(request);
    }
}
