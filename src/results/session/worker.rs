//! The page's handle on the simulation worker: spawn it, send it requests, and replace it.
//!
//! A run inside the worker is one synchronous call, so the worker cannot listen for "stop" while
//! it runs. Cancelling therefore terminates the worker and starts a fresh one, which costs one
//! wasm instantiation (tens of milliseconds) and nothing else.

use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker};

/// Where Trunk puts the worker's loader (`data-loader-shim`; worker names are not hashed).
const WORKER_URL: &str = "./quotalab-worker_loader.js";

/// A running worker, with the requests it was sent before it was ready.
pub struct SimWorker {
    worker: Worker,
    /// `None` once the worker said it is ready; until then requests wait here.
    waiting: Rc<RefCell<Option<Vec<String>>>>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
}

impl SimWorker {
    /// Starts a worker that hands every reply (a string message) to `on_reply`.
    pub fn spawn(on_reply: Rc<dyn Fn(String)>) -> Result<SimWorker, JsValue> {
        let worker = Worker::new(WORKER_URL)?;
        let waiting: Rc<RefCell<Option<Vec<String>>>> = Rc::new(RefCell::new(Some(Vec::new())));
        let (queue, sender) = (waiting.clone(), worker.clone());
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let Some(text) = reply_text(event.data()) else {
                return;
            };
            if let Some(queued) = queue.borrow_mut().take() {
                // The first message is `Ready`: flush what waited for it.
                for request in queued {
                    let _ = sender.post_message(&JsValue::from_str(&request));
                }
            }
            on_reply(text);
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        Ok(SimWorker {
            worker,
            waiting,
            _on_message: on_message,
        })
    }

    /// Sends a request now, or as soon as the worker is ready.
    pub fn send(&self, request: String) {
        match self.waiting.borrow_mut().as_mut() {
            Some(queue) => queue.push(request),
            None => {
                let _ = self.worker.post_message(&JsValue::from_str(&request));
            }
        }
    }
}

/// A reply's text: the worker posts `Ready` as a string and a run's replies as UTF-8 bytes (see
/// `post_bytes` in the worker binary). `None` for anything else.
fn reply_text(data: JsValue) -> Option<String> {
    if let Some(text) = data.as_string() {
        return Some(text);
    }
    let bytes = data.dyn_into::<js_sys::Uint8Array>().ok()?.to_vec();
    String::from_utf8(bytes).ok()
}

impl Drop for SimWorker {
    /// Dropping the handle stops the worker and whatever it was running.
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.terminate();
    }
}
