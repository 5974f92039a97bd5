//! The page's side of the interop worker: [`ask`] sends a task and calls back with the answer.
//!
//! The worker starts on the first request (its wasm is fetched then, not with the page; see
//! `protocol`) and then stays, so later requests pay nothing. It fails the way the simulation
//! worker can (a panic, an exception, an unreadable message, a script that never loads), and the
//! same handle (`results::session::worker::SimWorker`) turns each into one sentence. Every
//! request still waiting then gets that sentence as its answer, so no dialog is left waiting
//! for a reply that will never come, and the next request starts a fresh worker.

use super::protocol::{Answer, Reply, Request, Task};
use crate::results::protocol::posted::Posted;
use crate::results::protocol::{decode_reply, Header};
use crate::results::session::worker::{Boot, SimWorker, WorkerScript};
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;

/// The interop worker (`src/bin/quotalab-interop.rs`, built by Trunk: index.html).
pub const INTEROP: WorkerScript = WorkerScript {
    url: "./quotalab-interop_loader.js",
    boot: Boot::Loader,
    name: "the import and export worker",
    stopped: "the import or export stopped",
};

/// What a request's caller is given: the answer, or why the worker could not give one.
pub type Outcome = Result<Answer, String>;

type Callback = Box<dyn FnOnce(Outcome)>;
type Pending = Rc<RefCell<BTreeMap<u64, Callback>>>;
/// The worker's side of the protocol, called directly (`answer_in_page`).
pub type Serve = fn(&str) -> String;

/// A started worker and the requests it has not answered yet.
struct Client {
    worker: SimWorker,
    pending: Pending,
    /// Set when the worker failed; the next request replaces it.
    failed: Rc<Cell<bool>>,
}

thread_local! {
    static CLIENT: RefCell<Option<Rc<Client>>> = const { RefCell::new(None) };
    static NEXT_ID: Cell<u64> = const { Cell::new(1) };
    static IN_PAGE: Cell<Option<Serve>> = const { Cell::new(None) };
}

/// Answers every later request in the page with `serve` (the worker's `protocol::serve`), after
/// a turn of the event loop, instead of in a worker. For the browser tests (`tests/*.rs`), whose
/// test server has no worker files. It is a function pointer that only a caller supplies, so the
/// page's binary, which never calls this, does not link the worker's code.
pub fn answer_in_page(serve: Serve) {
    IN_PAGE.with(|p| p.set(Some(serve)));
}

/// Sends `task` to the interop worker, starting it if need be, and calls `on_answer` once with
/// its answer or with the reason there is none.
pub fn ask(task: Task, on_answer: impl FnOnce(Outcome) + 'static) {
    if let Some(serve) = IN_PAGE.with(Cell::get) {
        let request =
            serde_json::to_string(&Request { id: 0, task }).expect("a request serialises");
        return leptos::task::spawn_local(async move {
            let answer = serde_json::from_str::<Reply>(&serve(&request))
                .map(|reply| reply.answer)
                .map_err(|e| format!("{} sent a reply the page cannot read: {e}", INTEROP.name));
            on_answer(answer);
        });
    }
    let client = match client() {
        Ok(client) => client,
        Err(why) => return on_answer(Err(why)),
    };
    let id = NEXT_ID.with(|n| n.replace(n.get() + 1));
    client.pending.borrow_mut().insert(id, Box::new(on_answer));
    let request = serde_json::to_string(&Request { id, task }).expect("a request serialises");
    // Not inside CLIENT's borrow: a failure while sending answers at once, and an answer may
    // ask again.
    client.worker.send(request);
}

/// The running worker, or a new one when there is none or it failed.
fn client() -> Result<Rc<Client>, String> {
    if let Some(client) = CLIENT.with(|c| c.borrow().clone()) {
        if !client.failed.get() {
            return Ok(client);
        }
    }
    let pending: Pending = Rc::default();
    let failed = Rc::new(Cell::new(false));
    let on_reply = {
        let (pending, failed) = (pending.clone(), failed.clone());
        Rc::new(move |posted: Posted| {
            let bytes = posted.into_vec();
            match serde_json::from_slice::<Reply>(&bytes) {
                Ok(reply) => {
                    let waiting = pending.borrow_mut().remove(&reply.id);
                    if let Some(callback) = waiting {
                        callback(Ok(reply.answer));
                    }
                }
                Err(_) if matches!(decode_reply(&bytes), Some(r) if r.header == Header::Ready) => {}
                Err(_) => fail_all(
                    &pending,
                    &failed,
                    format!("{} sent a reply the page cannot read", INTEROP.name),
                ),
            }
        })
    };
    let on_failure = {
        let (pending, failed) = (pending.clone(), failed.clone());
        Rc::new(move |why: String| fail_all(&pending, &failed, why))
    };
    let worker = SimWorker::spawn_script(INTEROP, on_reply, on_failure)
        .map_err(|e| format!("could not start {}: {e:?}", INTEROP.name))?;
    let client = Rc::new(Client {
        worker,
        pending,
        failed,
    });
    CLIENT.with(|c| *c.borrow_mut() = Some(client.clone()));
    Ok(client)
}

/// Ends every waiting request with `why` and marks the worker for replacement. The worker is
/// not dropped here: this runs inside one of its own event handlers.
fn fail_all(pending: &Pending, failed: &Cell<bool>, why: String) {
    failed.set(true);
    let waiting = std::mem::take(&mut *pending.borrow_mut());
    for callback in waiting.into_values() {
        callback(Err(why.clone()));
    }
}
