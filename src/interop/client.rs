//! The page's side of the interop worker: [`ask`] sends a task and resolves with the answer.
//!
//! The worker starts on the first request (its wasm is fetched then, not with the page; see
//! `protocol`) and then stays, so later requests pay nothing. It fails the way the simulation
//! worker can (a panic, an exception, an unreadable message, a script that never loads), and the
//! same handle (`crate::worker::Worker`) answers every request still waiting with one sentence,
//! so no dialog is left waiting for a reply that will never come; the next request starts a
//! fresh worker.

use super::protocol::{received, Answer, Interop, Task};
use crate::worker::handle::InPage;
use crate::worker::protocol::Protocol;
use crate::worker::wire;
use crate::worker::{Worker, WorkerError};
use std::cell::{Cell, RefCell};
use std::future::Future;
use std::rc::Rc;

thread_local! {
    static WORKER: RefCell<Option<Rc<Worker<Interop>>>> = const { RefCell::new(None) };
    static IN_PAGE: Cell<Option<InPage>> = const { Cell::new(None) };
}

/// Answers every later request in the page with `serve` (the worker's `protocol::serve`), after
/// a turn of the event loop, instead of in a worker. For the browser tests (`tests/*.rs`), whose
/// test server has no worker files. It is a function pointer that only a caller supplies, so the
/// page's binary, which never calls this, does not link the worker's code.
pub fn answer_in_page(serve: InPage) {
    IN_PAGE.with(|p| p.set(Some(serve)));
    WORKER.with(|w| *w.borrow_mut() = None);
}

/// A task whose files and answer come to this many bytes or more leaves the worker's wasm
/// memory at least that large, and wasm memory never shrinks: the worker is let go once it has
/// answered, so its memory goes back to the system (a fresh one costs tens of milliseconds; a
/// large import takes seconds). Smaller tasks, such as a dialog's re-imports of a small trace
/// as its options change, keep the same worker (docs/PERFORMANCE.md, "A trace's preview after
/// its header").
const LET_GO_AFTER_BYTES: usize = 16 << 20;

/// Sends `task` to the interop worker, starting it if need be; resolves with its answer or
/// with why there is none.
pub fn ask(task: Task) -> impl Future<Output = Result<Answer, WorkerError>> {
    let asked = ask_posted(task);
    async move { asked.await.map(received) }
}

/// [`ask`], the answer as it was posted, its body where it arrived: for an answer whose body
/// the page keeps outside its wasm memory (an export's files).
pub fn ask_posted(task: Task) -> impl Future<Output = Result<wire::Answer<Answer>, WorkerError>> {
    let worker = worker();
    let sent_bytes = task.file_bytes();
    async move {
        let worker = worker?;
        let answer = worker.ask(task).await;
        // A failed worker is unusable: the next request starts a fresh one.
        let let_go = match &answer {
            Ok(answer) => sent_bytes + answer.byte_len() >= LET_GO_AFTER_BYTES,
            Err(why) => matches!(why, WorkerError::Failed(_)),
        };
        if let_go {
            WORKER.with(|w| {
                let mut current = w.borrow_mut();
                if current.as_ref().is_some_and(|c| Rc::ptr_eq(c, &worker)) {
                    *current = None;
                }
            });
        }
        answer
    }
}

/// Why `answer` is not the one a request wanted: a page and a worker of different builds.
pub fn other_answer(_answer: Answer) -> WorkerError {
    WorkerError::OtherAnswer(Interop::SCRIPT.name)
}

/// The running worker, or a new one when there is none.
fn worker() -> Result<Rc<Worker<Interop>>, WorkerError> {
    if let Some(worker) = WORKER.with(|w| w.borrow().clone()) {
        return Ok(worker);
    }
    let worker = Rc::new(match IN_PAGE.with(Cell::get) {
        Some(serve) => Worker::in_page(serve),
        None => Worker::start()?,
    });
    WORKER.with(|w| *w.borrow_mut() = Some(worker.clone()));
    Ok(worker)
}
