//! A pool of simulation workers that runs a study's units in parallel (docs/STUDY.md): one
//! worker per core, up to `navigator.hardwareConcurrency`, each asked the next unit as soon as
//! it answers, so a slow unit (a sweep point with scarce capacity, say) never holds the others.
//!
//! Dropping the pool terminates every worker, which is how a study run is cancelled or
//! superseded: a run inside a worker is one synchronous call that cannot listen for "stop".
//! What was still asked of them is answered `Gone`, and their tasks end.

use crate::worker::carried::Carried;
use crate::worker::fault::TestFault;
use crate::worker::messages::{Fault, Reply, Request, Simulation};
use crate::worker::{Ticket, Worker, WorkerError};
use quotalab_engine::study::Unit;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::{Rc, Weak};

/// Never more workers than this, whatever the machine says: each holds its own wasm instance.
const MAX_WORKERS: usize = 8;

/// Running workers; drop it to stop them all.
pub struct Pool {
    _workers: Vec<Rc<Worker<Simulation>>>,
}

/// The units not yet asked of a worker, each with its request.
type Queue = RefCell<VecDeque<(Unit, Request)>>;

/// Where every unit's reply goes, with the unit it answers.
pub type OnAnswer = Rc<dyn Fn(Unit, Result<Reply, WorkerError>)>;

/// How many workers to start for `units` units on this machine.
pub fn worker_count(units: usize) -> usize {
    let cores = web_sys::window()
        .map(|w| w.navigator().hardware_concurrency() as usize)
        .unwrap_or(1);
    cores.clamp(1, MAX_WORKERS).min(units.max(1))
}

impl Pool {
    /// Starts `workers` workers on `units` (each with its request). Every reply goes to
    /// `on_answer` while `ticket` is current.
    pub fn run(
        units: Vec<(Unit, Request)>,
        workers: usize,
        ticket: Ticket,
        on_answer: OnAnswer,
    ) -> Result<Pool, WorkerError> {
        let fault = TestFault::requested();
        let queue: Rc<Queue> = Rc::new(RefCell::new(
            units
                .into_iter()
                .map(|(unit, request)| (unit, with_fault(unit, request, fault)))
                .collect(),
        ));
        let mut started = Vec::with_capacity(workers);
        for _ in 0..workers {
            let worker = Rc::new(Worker::start()?);
            let (weak, queue, on_answer) =
                (Rc::downgrade(&worker), queue.clone(), on_answer.clone());
            leptos::task::spawn_local(work_through(weak, queue, ticket, on_answer));
            started.push(worker);
        }
        Ok(Pool { _workers: started })
    }
}

/// One worker's share: the next unit, until none is left, the worker is gone or the run is moot.
async fn work_through(
    worker: Weak<Worker<Simulation>>,
    queue: Rc<Queue>,
    ticket: Ticket,
    on_answer: OnAnswer,
) {
    loop {
        let Some((unit, request)) = queue.borrow_mut().pop_front() else {
            return;
        };
        // The worker is held only while asking, so dropping the pool stops it.
        let Some(asked) = worker.upgrade().map(|w| w.ask(request)) else {
            return;
        };
        let answer = asked.await.map(|a| a.reply);
        if !ticket.is_current() {
            return;
        }
        let failed = answer.is_err();
        on_answer(unit, answer);
        if failed {
            return;
        }
    }
}

/// A unit's request as the worker gets it; under the `study-panic` test fault the second unit
/// is replaced by a run that panics in the worker.
fn with_fault(unit: Unit, request: Request, fault: Option<TestFault>) -> Request {
    if fault == Some(TestFault::StudyPanic) && unit.index == 1 {
        return Request::Run {
            run: 0,
            progress_every: 0,
            scenario: Carried::default(),
            jobs_of: None,
            fault: Some(Fault::Panic),
        };
    }
    request
}
