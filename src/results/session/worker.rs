//! The page's handle on the simulation worker: spawn it, send it requests, replace it, and hear
//! when it fails.
//!
//! A run inside the worker is one synchronous call, so the worker cannot listen for "stop" while
//! it runs. Cancelling therefore terminates the worker and starts a fresh one, which costs one
//! wasm instantiation (tens of milliseconds) and nothing else.
//!
//! A worker can fail in four ways, and each reaches the owner's `on_failure` exactly once, so no
//! run is left waiting for a reply that will never come (docs/ARCHITECTURE.md, "When the worker
//! fails"): its panic hook reports a panic (`Header::Crashed`); an exception escapes it
//! (`error`); a message from it cannot be read (`messageerror`); or it never says it is ready
//! (its script or wasm failed to load; an `error` event, or [`READY_TIMEOUT_MS`]). After a
//! failure the worker is useless; the owner drops it and spawns another when it runs again.

use crate::results::protocol::posted::Posted;
use crate::results::protocol::{Header, Reply};
use crate::results::session::boot::start;
pub use crate::results::session::boot::Boot;
use crate::results::session::fault::TestFault;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::{Blob, BlobPropertyBag, ErrorEvent, Event, MessageEvent, Url, Worker};

/// A worker: its script (worker script names are not hashed), how it starts, and what the page
/// calls it in messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorkerScript {
    pub url: &'static str,
    pub boot: Boot,
    pub name: &'static str,
    /// What a panic inside it means to the user, before the panic's own message.
    pub stopped: &'static str,
}

/// The simulation worker (`crate::simulation_worker`, started by `public/simulation-worker.js`).
pub const SIMULATION: WorkerScript = WorkerScript {
    url: "./simulation-worker.js",
    boot: Boot::PageModule,
    name: "the simulation worker",
    stopped: "the simulation stopped",
};
/// What the `boot` test fault names instead of the page's glue: a script that is not one (the
/// worker's own), so the module cannot be instantiated.
const NOT_THE_GLUE: &str = "./simulation-worker.js";
/// A worker that has not said `Ready` after this long will not: its wasm failed to load (a
/// rejected fetch inside the loader raises no `error` event on the page).
const READY_TIMEOUT_MS: i32 = 30_000;
/// What every crash report starts with, so replies need not be decoded twice to find one.
const CRASH_PREFIX: &str = r#"{"kind":"crashed""#;

/// Called with a sentence saying why the worker stopped working.
pub type OnFailure = Rc<dyn Fn(String)>;

/// A running worker, with the requests it was sent before it was ready.
pub struct SimWorker {
    worker: Worker,
    /// `None` once the worker said it is ready; until then requests wait here.
    waiting: Rc<RefCell<Option<Vec<String>>>>,
    /// Requests sent so far (the `messageerror` test fault spares the first).
    sent: Cell<u32>,
    fault: Option<TestFault>,
    report: Rc<dyn Fn(String)>,
    name: &'static str,
    ready_timer: i32,
    _handlers: Handlers,
}

/// The closures the worker's events call; they live as long as the handle.
struct Handlers {
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
    _on_message_error: Closure<dyn FnMut(MessageEvent)>,
    _on_ready_timeout: Closure<dyn FnMut()>,
}

impl SimWorker {
    /// Starts a simulation worker that hands every reply that is text (a study's) to
    /// `on_reply`, and a failure of the worker itself, once, to `on_failure`.
    pub fn spawn(
        on_reply: Rc<dyn Fn(String)>,
        on_failure: OnFailure,
    ) -> Result<SimWorker, JsValue> {
        SimWorker::spawn_script(SIMULATION, as_text(on_reply), on_failure)
    }

    /// Starts a simulation worker that hands every reply, as posted, to `on_reply`, and a
    /// failure of the worker itself, once, to `on_failure`.
    pub fn spawn_bytes(
        on_reply: Rc<dyn Fn(Posted)>,
        on_failure: OnFailure,
    ) -> Result<SimWorker, JsValue> {
        SimWorker::spawn_script(SIMULATION, on_reply, on_failure)
    }

    /// Starts the worker `script` (any that serves through
    /// `results::protocol::serving::serve_requests`), with the same failure handling; every
    /// reply goes to `on_reply` as posted.
    pub fn spawn_script(
        script: WorkerScript,
        on_reply: Rc<dyn Fn(Posted)>,
        on_failure: OnFailure,
    ) -> Result<SimWorker, JsValue> {
        let (name, stopped) = (script.name, script.stopped);
        let fault = TestFault::requested();
        let worker = match fault {
            Some(TestFault::Load) => Worker::new(&unloadable_script()?)?,
            Some(TestFault::Boot) => start(script.url, script.boot, Some(NOT_THE_GLUE))?,
            _ => start(script.url, script.boot, None)?,
        };
        let waiting: Rc<RefCell<Option<Vec<String>>>> = Rc::new(RefCell::new(Some(Vec::new())));
        let failed = Rc::new(Cell::new(false));
        let report: Rc<dyn Fn(String)> = {
            let failed = failed.clone();
            Rc::new(move |message: String| {
                if !failed.replace(true) {
                    on_failure(message);
                }
            })
        };
        let (queue, sender, crash) = (waiting.clone(), worker.clone(), report.clone());
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let Some(posted) = Posted::from_js(event.data()) else {
                return crash(format!("{name} sent a message the page cannot read"));
            };
            if posted.starts_with(CRASH_PREFIX.as_bytes()) {
                if let Some(Header::Crashed { message }) =
                    Reply::read(posted.clone()).map(|r| r.header)
                {
                    return crash(format!("{stopped}: {message}"));
                }
            }
            if let Some(queued) = queue.borrow_mut().take() {
                // The first message is `Ready`: flush what waited for it.
                for request in queued {
                    let _ = sender.post_message(&JsValue::from_str(&request));
                }
            }
            on_reply(posted);
        });
        let (error, ready) = (report.clone(), waiting.clone());
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
            // Handled here: the page shows it, so the browser need not report it again.
            event.prevent_default();
            let what = if ready.borrow().is_some() {
                "failed to load"
            } else {
                "failed"
            };
            error(format!("{name} {what}: {}", error_text(&event)));
        });
        let unreadable = report.clone();
        let on_message_error = Closure::<dyn FnMut(MessageEvent)>::new(move |_: MessageEvent| {
            unreadable(format!(
                "a reply from {name} could not be read (messageerror)"
            ));
        });
        let (late, still_waiting) = (report.clone(), waiting.clone());
        let on_ready_timeout = Closure::<dyn FnMut()>::new(move || {
            if still_waiting.borrow().is_some() {
                late(format!(
                    "{name} did not start within {} s",
                    READY_TIMEOUT_MS / 1000
                ));
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        // A listener, not `onmessageerror`: Chromium calls that attribute only for events it
        // raises itself, so the test's event would never reach it.
        worker.add_event_listener_with_callback(
            "messageerror",
            on_message_error.as_ref().unchecked_ref(),
        )?;
        let ready_timer = web_sys::window()
            .ok_or("no window")?
            .set_timeout_with_callback_and_timeout_and_arguments_0(
                on_ready_timeout.as_ref().unchecked_ref(),
                READY_TIMEOUT_MS,
            )?;
        Ok(SimWorker {
            worker,
            waiting,
            sent: Cell::new(0),
            fault,
            report,
            name,
            ready_timer,
            _handlers: Handlers {
                _on_message: on_message,
                _on_error: on_error,
                _on_message_error: on_message_error,
                _on_ready_timeout: on_ready_timeout,
            },
        })
    }

    /// Sends a request now, or as soon as the worker is ready.
    pub fn send(&self, request: String) {
        let sent = self.sent.get() + 1;
        self.sent.set(sent);
        if self.fault == Some(TestFault::MessageError) && sent > 1 {
            // The browser raises `messageerror` when a message cannot be deserialised, which a
            // same-origin worker's own messages never are; the test raises it on the worker.
            let event = Event::new("messageerror").expect("a plain event can be made");
            let _ = self.worker.dispatch_event(&event);
            return;
        }
        match self.waiting.borrow_mut().as_mut() {
            Some(queue) => queue.push(request),
            None => {
                if let Err(err) = self.worker.post_message(&JsValue::from_str(&request)) {
                    (self.report)(format!(
                        "the request could not reach {}: {err:?}",
                        self.name
                    ));
                }
            }
        }
    }
}

/// A reply handler for workers whose replies are text (a study's, the interop worker's).
pub fn as_text(on_reply: Rc<dyn Fn(String)>) -> Rc<dyn Fn(Posted)> {
    Rc::new(move |posted: Posted| {
        if let Ok(text) = String::from_utf8(posted.into_vec()) {
            on_reply(text);
        }
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

impl Drop for SimWorker {
    /// Dropping the handle stops the worker and whatever it was running.
    fn drop(&mut self) {
        if let Some(window) = web_sys::window() {
            window.clear_timeout_with_handle(self.ready_timer);
        }
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        let _ = self.worker.remove_event_listener_with_callback(
            "messageerror",
            self._handlers._on_message_error.as_ref().unchecked_ref(),
        );
        self.worker.terminate();
    }
}
