//! A pool of simulation workers that runs a study's units in parallel (issue 7, "Speed"): one
//! worker per core, up to `navigator.hardwareConcurrency`, each given the next unit as soon as
//! it answers, so a slow unit (a sweep point with scarce capacity, say) never holds the others.
//!
//! Dropping the pool terminates every worker, which is how a study run is cancelled or
//! superseded: a run inside a worker is one synchronous call that cannot listen for "stop".

use crate::results::session::worker::SimWorker;
use crate::study::protocol::{decode_reply, SampleReply, SampleRequest};
use quotalab_engine::study::UnitSample;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::{Rc, Weak};

/// Never more workers than this, whatever the machine says: each holds its own wasm instance.
const MAX_WORKERS: usize = 8;

/// What the pool tells its owner.
pub enum PoolEvent {
    Sample(UnitSample),
    Failed(String),
}

/// Running workers; drop it to stop them all.
pub struct Pool {
    _workers: Vec<Rc<SimWorker>>,
}

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
        let queue = Rc::new(RefCell::new(
            requests
                .iter()
                .map(SampleRequest::encode)
                .collect::<VecDeque<_>>(),
        ));
        let mut started = Vec::with_capacity(workers);
        for _ in 0..workers {
            let me: Rc<RefCell<Weak<SimWorker>>> = Rc::new(RefCell::new(Weak::new()));
            let (queued, on_event, me_in_reply) = (queue.clone(), on_event.clone(), me.clone());
            let on_reply: Rc<dyn Fn(String)> = Rc::new(move |text: String| {
                let event = match decode_reply(&text) {
                    Some(SampleReply::SampleDone { batch: b, sample }) if b == batch => {
                        PoolEvent::Sample(sample)
                    }
                    Some(SampleReply::SampleFailed { batch: b, message }) if b == batch => {
                        PoolEvent::Failed(message)
                    }
                    // `Ready`, or a reply from an older batch.
                    _ => return,
                };
                on_event(event);
                feed(&me_in_reply.borrow(), &queued);
            });
            let worker = Rc::new(
                SimWorker::spawn(on_reply)
                    .map_err(|_| "this browser could not start a Web Worker".to_string())?,
            );
            *me.borrow_mut() = Rc::downgrade(&worker);
            feed(&me.borrow(), &queue);
            started.push(worker);
        }
        Ok(Pool { _workers: started })
    }
}

/// Gives `worker` the next request, if any is left.
fn feed(worker: &Weak<SimWorker>, queue: &RefCell<VecDeque<String>>) {
    let Some(worker) = worker.upgrade() else {
        return;
    };
    if let Some(request) = queue.borrow_mut().pop_front() {
        worker.send(request);
    }
}
