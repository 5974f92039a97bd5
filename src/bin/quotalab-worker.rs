//! The simulation worker: a second wasm binary that Trunk builds for a Web Worker
//! (`index.html`: `data-type="worker"`), so a long run never freezes the page.
//!
//! It only wires `onmessage` to [`quotalab_app::study::protocol::serve_sample`] (one unit of a
//! study), [`quotalab_app::study::advise_protocol::serve_start`] (one start of an advisor
//! search), [`quotalab_app::results::protocol::full::serve_full`] (the whole result of the last
//! run, in pieces) or else [`quotalab_app::results::protocol::serve`] (a single run), and
//! announces that it
//! is ready: messages sent before the wasm has loaded would be lost, so the page queues its first
//! request until it hears `Ready`. A run's replies go back as bytes (`post_bytes`); the page's
//! handle (`results::session::worker`) reads both forms.
//!
//! A panic is reported to the page as `Header::Crashed` with its message, so the page can say
//! what went wrong instead of waiting for a reply (docs/ARCHITECTURE.md, "When the worker
//! fails"). In wasm a panic then traps; the trap's exception is swallowed here, since the page
//! has the better message already.

use quotalab_app::results::protocol::full::serve_full;
use quotalab_app::results::protocol::{encode_reply, serve, Header};
use quotalab_app::study::advise_protocol::serve_start;
use quotalab_app::study::protocol::serve_sample;
use std::sync::atomic::{AtomicBool, Ordering};
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// Set once a panic was reported, so the trap that follows is not reported a second time.
static CRASHED: AtomicBool = AtomicBool::new(false);

fn main() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    report_panics(scope.clone());
    let replies = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let Some(message) = event.data().as_string() else {
            return;
        };
        if let Some(reply) = serve_sample(&message).or_else(|| serve_start(&message)) {
            let _ = replies.post_message(&JsValue::from_str(&reply));
            return;
        }
        if serve_full(&message, &mut |reply| post_bytes(&replies, reply)) {
            return;
        }
        let now_ms = || js_sys::Date::now();
        serve(&message, &now_ms, &mut |reply| post_bytes(&replies, reply));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(&encode_reply(&Header::Ready, None)));
}

/// Posts every panic to the page (and to the console as a warning, for developers), and
/// cancels the uncaught trap that follows it.
fn report_panics(scope: DedicatedWorkerGlobalScope) {
    let poster = scope.clone();
    std::panic::set_hook(Box::new(move |info| {
        // "panicked at FILE:LINE:COL:\nMESSAGE" on one line, for the status bar.
        let message = info.to_string().replace('\n', " ");
        web_sys::console::warn_1(&JsValue::from_str(&message));
        CRASHED.store(true, Ordering::SeqCst);
        let _ = poster.post_message(&JsValue::from_str(&encode_reply(
            &Header::Crashed { message },
            None,
        )));
    }));
    // An `onerror` handler that returns true cancels the error: it is not passed on to the page.
    let on_error =
        Closure::<dyn FnMut(JsValue) -> bool>::new(|_: JsValue| CRASHED.load(Ordering::SeqCst));
    scope.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
}

/// Posts a run's reply as its UTF-8 bytes in a transferred buffer. A 10,000-job result is 12 MB
/// of JSON; as a string it would be converted to UTF-16 here, copied, and converted back to UTF-8
/// on the page (docs/PERFORMANCE.md). Posting cannot fail short of the page being gone.
fn post_bytes(scope: &DedicatedWorkerGlobalScope, reply: String) {
    let bytes = js_sys::Uint8Array::from(reply.as_bytes());
    let transfer = js_sys::Array::of1(&bytes.buffer());
    let _ = scope.post_message_with_transfer(&bytes, &transfer);
}
