//! The page's handle on a worker: start it, [`Worker::ask`] it, drop it.
//!
//! `ask` posts a request and returns a future of its answer; interim replies (a run's progress,
//! the pieces of a document) go to the callback of [`Worker::ask_with`] meanwhile. A run inside
//! a worker is one synchronous call, so a worker cannot listen for "stop" while it runs:
//! cancelling drops the handle, which terminates the worker and answers everything still asked
//! of it with [`WorkerError::Gone`]; a fresh worker costs one wasm instantiation (tens of
//! milliseconds) and nothing else.
//!
//! A worker can fail in four ways, and each answers every request still waiting with the same
//! [`WorkerError::Failed`] sentence, so no caller is left waiting for a reply that will never
//! come (docs/ARCHITECTURE.md, "When the worker fails"): its panic hook reports a panic
//! (`Header::Crashed`); an exception escapes it (`error`); a message from it cannot be read
//! (`messageerror`, or a reply that is not its protocol's); or it never says it is ready (its
//! script or wasm failed to load: an `error` event, or [`READY_TIMEOUT_MS`]). A failed worker
//! answers later requests with that sentence at once; its owner drops it and starts another.

use super::boot::start;
use super::fault::TestFault;
use super::posted::Posted;
use super::protocol::{Protocol, Script};
use super::serve::Post;
use super::wire::{encode_request, Answer, Header, Incoming, Message, Refusal, RequestText};
use futures_channel::oneshot;
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::future::Future;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::{Blob, BlobPropertyBag, ErrorEvent, Event, MessageEvent, Url};

/// What the `boot` test fault names instead of the page's glue: a script that is not one (the
/// worker's own), so the module cannot be instantiated.
const NOT_THE_GLUE: &str = "./simulation-worker.js";
/// A worker that has not said `Ready` after this long will not: its wasm failed to load (a
/// rejected fetch inside the loader raises no `error` event on the page).
const READY_TIMEOUT_MS: i32 = 30_000;

/// Why a request got no answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum WorkerError {
    /// The worker failed (one of the four ways above); the sentence says how.
    #[error("{0}")]
    Failed(String),
    /// The worker refused the request.
    #[error("{0}")]
    Refused(Refusal),
    /// The worker was stopped before it answered (its owner moved on).
    #[error("the worker was stopped")]
    Gone,
    /// The worker answered with a reply of another kind than the request asks for: a page and
    /// a worker of different builds.
    #[error("{0} answered another question; reload the page")]
    OtherAnswer(&'static str),
}

/// What an answer to one request is.
pub type Asked<R> = Result<Answer<R>, WorkerError>;

/// Serves a message in the page instead of a worker (`Worker::in_page`): the worker's own
/// `serve`, posting its replies.
pub type InPage = fn(Incoming, &mut Post<'_>);

/// A running worker of protocol `P`. Dropping it stops the worker and whatever it was doing.
pub struct Worker<P: Protocol> {
    place: Place,
    shared: Rc<Shared<P>>,
}

/// Where requests are served.
enum Place {
    /// A Web Worker, with the closures its events call and its ready timer.
    Thread {
        worker: web_sys::Worker,
        _handlers: Handlers,
        ready_timer: i32,
        /// The test-only failure the page's address asks for (`fault`).
        fault: Option<TestFault>,
    },
    /// The page itself, after a turn of the event loop: for the browser tests, whose test
    /// server has no worker files (the serving function is passed in by the test, so the
    /// page's binary does not link a worker's code it never runs).
    Page(InPage),
}

/// The closures a worker's events call; they live as long as the handle.
struct Handlers {
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
    on_message_error: Closure<dyn FnMut(MessageEvent)>,
    _on_ready_timeout: Closure<dyn FnMut()>,
}

/// A request asked and not yet answered.
struct Pending<R> {
    answer: oneshot::Sender<Asked<R>>,
    interim: Box<dyn FnMut(Answer<R>)>,
}

/// What the handle and the worker's event closures share.
struct Shared<P: Protocol> {
    /// `None` once the worker said it is ready; until then requests wait here, unless the
    /// worker's script keeps them itself.
    queued: RefCell<Option<Vec<RequestText>>>,
    pending: RefCell<BTreeMap<u64, Pending<P::Reply>>>,
    /// Why the worker failed, once it has.
    failed: RefCell<Option<String>>,
    next_id: Cell<u64>,
    /// Requests sent so far (the `messageerror` test fault spares the first).
    sent: Cell<u32>,
}

impl<P: Protocol> Shared<P> {
    fn new(ready: bool) -> Rc<Shared<P>> {
        Rc::new(Shared {
            queued: RefCell::new((!ready).then(Vec::new)),
            pending: RefCell::new(BTreeMap::new()),
            failed: RefCell::new(None),
            next_id: Cell::new(1),
            sent: Cell::new(0),
        })
    }

    /// Takes one message from the worker.
    fn receive(&self, posted: Posted) {
        let name = P::SCRIPT.name;
        let Some(message) = Message::<P::Reply>::read(posted) else {
            return self.fail(format!("{name} sent a reply the page cannot read"));
        };
        match message.header {
            // What waited for it is sent by the event handler (`listen`).
            Header::Ready => {}
            Header::Crashed { message } => {
                self.fail(format!("{}: {message}", P::SCRIPT.stopped));
            }
            Header::Refused { id, refusal } => {
                if let Some(pending) = self.pending.borrow_mut().remove(&id) {
                    let _ = pending.answer.send(Err(WorkerError::Refused(refusal)));
                }
            }
            Header::Reply { .. } => {
                let Some((id, done, answer)) = message.into_answer() else {
                    return;
                };
                if done {
                    let pending = self.pending.borrow_mut().remove(&id);
                    if let Some(pending) = pending {
                        let _ = pending.answer.send(Ok(answer));
                    }
                } else {
                    // Taken out while it runs: the callback may ask the worker again.
                    let interim = self.pending.borrow_mut().remove(&id);
                    if let Some(mut pending) = interim {
                        (pending.interim)(answer);
                        self.pending.borrow_mut().insert(id, pending);
                    }
                }
            }
        }
    }

    /// The worker is ready: what waited for it goes now.
    fn flush_queue(&self) -> Option<Vec<RequestText>> {
        self.queued.borrow_mut().take()
    }

    /// The worker failed: every request waiting is answered with `why`, once.
    fn fail(&self, why: String) {
        if self.failed.borrow().is_some() {
            return;
        }
        *self.failed.borrow_mut() = Some(why.clone());
        let waiting = std::mem::take(&mut *self.pending.borrow_mut());
        for pending in waiting.into_values() {
            let _ = pending.answer.send(Err(WorkerError::Failed(why.clone())));
        }
    }
}

impl<P: Protocol> Worker<P> {
    /// Starts a worker of `P` (`P::SCRIPT`).
    pub fn start() -> Result<Worker<P>, WorkerError> {
        let script = P::SCRIPT;
        let could_not =
            |err: JsValue| WorkerError::Failed(format!("could not start {}: {err:?}", script.name));
        let fault = TestFault::requested();
        let worker = match fault {
            Some(TestFault::Load) => web_sys::Worker::new(&unloadable_script().map_err(could_not)?),
            Some(TestFault::Boot) => start(script.url, script.boot, Some(NOT_THE_GLUE)),
            _ => start(script.url, script.boot, None),
        }
        .map_err(could_not)?;
        let shared = Shared::<P>::new(false);
        let handlers = listen(&worker, &shared, script).map_err(could_not)?;
        let ready_timer = web_sys::window()
            .ok_or_else(|| could_not("no window".into()))?
            .set_timeout_with_callback_and_timeout_and_arguments_0(
                handlers._on_ready_timeout.as_ref().unchecked_ref(),
                READY_TIMEOUT_MS,
            )
            .map_err(could_not)?;
        Ok(Worker {
            place: Place::Thread {
                worker,
                _handlers: handlers,
                ready_timer,
                fault,
            },
            shared,
        })
    }

    /// A "worker" that serves every request in the page with `serve`, for browser tests.
    pub fn in_page(serve: InPage) -> Worker<P> {
        Worker {
            place: Place::Page(serve),
            shared: Shared::new(true),
        }
    }

    /// Asks `request`; the future is its last reply, or why there is none.
    pub fn ask(&self, request: P::Request) -> impl Future<Output = Asked<P::Reply>> + 'static {
        self.ask_with(request, |_| {})
    }

    /// Asks `request`, handing every interim reply to `interim` as it comes.
    pub fn ask_with(
        &self,
        request: P::Request,
        interim: impl FnMut(Answer<P::Reply>) + 'static,
    ) -> impl Future<Output = Asked<P::Reply>> + 'static {
        let (answer, answered) = oneshot::channel();
        let failed = self.shared.failed.borrow().clone();
        match failed {
            Some(why) => {
                let _ = answer.send(Err(WorkerError::Failed(why)));
            }
            None => {
                let id = self.shared.next_id.replace(self.shared.next_id.get() + 1);
                let interim = Box::new(interim);
                self.shared
                    .pending
                    .borrow_mut()
                    .insert(id, Pending { answer, interim });
                self.post(encode_request(id, &request));
            }
        }
        async move { answered.await.unwrap_or(Err(WorkerError::Gone)) }
    }

    /// Gives a read reply's `buffer` back to the worker for its next large reply (`spare`), if
    /// the worker is a thread and serving; otherwise the buffer is left to the collector.
    pub fn give_back(&self, buffer: js_sys::ArrayBuffer) {
        let Place::Thread { worker, .. } = &self.place else {
            return;
        };
        if self.shared.queued.borrow().is_none() && self.shared.failed.borrow().is_none() {
            let _ = worker.post_message_with_transfer(&buffer, &js_sys::Array::of1(&buffer));
        }
    }

    /// Sends a request now, or as soon as the worker is ready if its script cannot keep it until
    /// then (`Boot::keeps_early_requests`).
    fn post(&self, message: RequestText) {
        let sent = self.shared.sent.get() + 1;
        self.shared.sent.set(sent);
        match &self.place {
            Place::Page(serve) => {
                let (serve, shared) = (*serve, self.shared.clone());
                leptos::task::spawn_local(async move {
                    let mut replies = Vec::new();
                    // Posted as bytes, as a worker receives them.
                    serve(Incoming::posted(message.to_bytes()), &mut |parts| {
                        replies.push(parts.concat())
                    });
                    for reply in replies {
                        shared.receive(Posted::Copied(reply));
                    }
                });
            }
            Place::Thread { worker, fault, .. } => {
                if *fault == Some(TestFault::MessageError) && sent > 1 {
                    // The browser raises `messageerror` when a message cannot be deserialised,
                    // which a same-origin worker's own messages never are; the test raises it
                    // on the worker.
                    let event = Event::new("messageerror").expect("a plain event can be made");
                    let _ = worker.dispatch_event(&event);
                    return;
                }
                if let Some(queue) = self.shared.queued.borrow_mut().as_mut() {
                    if !P::SCRIPT.boot.keeps_early_requests() {
                        return queue.push(message);
                    }
                }
                if let Err(err) = post_request(worker, &message) {
                    let name = P::SCRIPT.name;
                    self.shared
                        .fail(format!("the request could not reach {name}: {err:?}"));
                }
            }
        }
    }
}

/// Posts `request` to `worker` as bytes, its buffer transferred (`RequestText::to_bytes`).
fn post_request(worker: &web_sys::Worker, request: &RequestText) -> Result<(), JsValue> {
    let bytes = request.to_bytes();
    worker.post_message_with_transfer(&bytes, &js_sys::Array::of1(&bytes.buffer()))
}

/// Hears `worker`'s events: replies go to `shared`, and every way it fails fails `shared`.
fn listen<P: Protocol>(
    worker: &web_sys::Worker,
    shared: &Rc<Shared<P>>,
    script: Script,
) -> Result<Handlers, JsValue> {
    let name = script.name;
    let (replies, sender) = (shared.clone(), worker.clone());
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let Some(posted) = Posted::from_js(event.data()) else {
            return replies.fail(format!("{name} sent a message the page cannot read"));
        };
        replies.receive(posted);
        // `Ready` flushes what waited for it.
        for request in replies.flush_queue().into_iter().flatten() {
            let _ = post_request(&sender, &request);
        }
    });
    let errors = shared.clone();
    let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
        // Handled here: the page shows it, so the browser need not report it again.
        event.prevent_default();
        let what = if errors.queued.borrow().is_some() {
            "failed to load"
        } else {
            "failed"
        };
        errors.fail(format!("{name} {what}: {}", error_text(&event)));
    });
    let unreadable = shared.clone();
    let on_message_error = Closure::<dyn FnMut(MessageEvent)>::new(move |_: MessageEvent| {
        unreadable.fail(format!(
            "a reply from {name} could not be read (messageerror)"
        ));
    });
    let late = shared.clone();
    let on_ready_timeout = Closure::<dyn FnMut()>::new(move || {
        if late.queued.borrow().is_some() {
            late.fail(format!(
                "{name} did not start within {} s",
                READY_TIMEOUT_MS / 1000
            ));
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    // A listener, not `onmessageerror`: Chromium calls that attribute only for events it raises
    // itself, so the test's event would never reach it.
    worker.add_event_listener_with_callback(
        "messageerror",
        on_message_error.as_ref().unchecked_ref(),
    )?;
    Ok(Handlers {
        _on_message: on_message,
        _on_error: on_error,
        on_message_error,
        _on_ready_timeout: on_ready_timeout,
    })
}

/// An error event in words: its message, and where when the browser says.
fn error_text(event: &ErrorEvent) -> String {
    let message = event.message();
    let message = if message.is_empty() {
        "no reason given".to_owned()
    } else {
        message
    };
    match (event.filename(), event.lineno()) {
        (file, line) if !file.is_empty() && line > 0 => format!("{message} ({file}:{line})"),
        _ => message,
    }
}

/// A worker script that throws as it loads, for the `load` test fault: a same-origin `blob:`
/// URL, which the page's Content-Security-Policy allows for workers.
fn unloadable_script() -> Result<String, JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(
        "throw new Error('test fault: the worker script failed to load on purpose');",
    ));
    let options = BlobPropertyBag::new();
    options.set_type("text/javascript");
    let blob = Blob::new_with_str_sequence_and_options(&parts, &options)?;
    Url::create_object_url_with_blob(&blob)
}

impl<P: Protocol> Drop for Worker<P> {
    /// Dropping the handle stops the worker and whatever it was running; what was still asked
    /// of it is answered `Gone` (its senders go with `shared`).
    fn drop(&mut self) {
        let Place::Thread {
            worker,
            _handlers,
            ready_timer,
            ..
        } = &self.place
        else {
            return;
        };
        if let Some(window) = web_sys::window() {
            window.clear_timeout_with_handle(*ready_timer);
        }
        worker.set_onmessage(None);
        worker.set_onerror(None);
        let _ = worker.remove_event_listener_with_callback(
            "messageerror",
            _handlers.on_message_error.as_ref().unchecked_ref(),
        );
        worker.terminate();
        self.shared.pending.borrow_mut().clear();
    }
}
