//! A pool of simulation workers that runs a study's units in parallel (issue 7, "Speed"): one
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
use crate::study::protocol::{decode_reply, SampleReply, SampleRequest};
use quotalab_engine::study::{Unit, UnitSample};
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::{Rc, Weak};

/// Never more workers than this, whatever the machine says: each holds its own wasm instance.
const MAX_WORKERS: usize = 8;

/// What the pool tells its owner.
pub enum PoolEvent {
    Sample(UnitSample),
    /// A unit failed; the sentence names it.
    Failed(String),
}

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
    /// Starts `workers` workers on `requests` and hands every reply of batch `batch` to
    /// `on_event`.
    pub fn start(
        requests: Vec<SampleRequest>,
        workers: usize,
        batch: u64,
        on_event: Rc<dyn Fn(PoolEvent)>,
    ) -> Result<Pool, String> {
        let total = requests.len();
        let fault = TestFault::requested();
        let queue: Rc<Queue> = Rc::new(RefCell::new(
            requests
                .iter()
                .map(|r| (r.unit, encode(r, fault)))
                .collect(),
        ));
        let mut started = Vec::with_capacity(workers);
        for _ in 0..workers {
            let me: Rc<RefCell<Weak<SimWorker>>> = Rc::new(RefCell::new(Weak::new()));
            // The unit this worker is running, for the failure message.
            let running: Rc<Cell<Option<Unit>>> = Rc::new(Cell::new(None));
            let (queued, replies, me_in_reply, busy) =
                (queue.clone(), on_event.clone(), me.clone(), running.clone());
            let on_reply: Rc<dyn Fn(String)> = Rc::new(move |text: String| {
                let event = match decode_reply(&text) {
                    Some(SampleReply::SampleDone { batch: b, sample }) if b == batch => {
                        PoolEvent::Sample(sample)
                    }
                    Some(SampleReply::SampleFailed { batch: b, message }) if b == batch => {
                        PoolEvent::Failed(failure(busy.get(), total, &message))
                    }
                    // `Ready`, or a reply from an older batch.
                    _ => return,
                };
                replies(event);
                feed(&me_in_reply.borrow(), &queued, &busy);
            });
            let (failures, crashed) = (on_event.clone(), running.clone());
            let on_failure: Rc<dyn Fn(String)> = Rc::new(move |message: String| {
                failures(PoolEvent::Failed(failure(crashed.get(), total, &message)));
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

/// A unit's request as the worker gets it; under the `study-panic` test fault the second unit
/// is replaced by a run that panics in the worker.
fn encode(request: &SampleRequest, fault: Option<TestFault>) -> String {
    if fault == Some(TestFault::StudyPanic) && request.unit.index == 1 {
        return encode_request(&Request {
            run: 0,
            progress_every: 0,
            scenario: String::new(),
            fault: Some(Fault::Panic),
        });
    }
    request.encode()
}

/// "Run 2 of 20 (variant or point 1, seed 2) failed: …", or without the unit when none was
/// running (the worker died before it got one).
fn failure(unit: Option<Unit>, total: usize, message: &str) -> String {
    match unit {
        Some(u) => format!(
            "run {} of {total} (variant or point {}, seed {}) failed: {message}",
            u.index + 1,
            u.variant_or_point + 1,
            u.seed_index + 1
        ),
        None => message.to_owned(),
    }
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
