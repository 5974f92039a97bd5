//! The simulation worker: a second wasm binary that Trunk builds for a Web Worker
//! (`index.html`: `data-type="worker"`), so a long run never freezes the page.
//!
//! It only wires `onmessage` to [`quotalab_app::study::protocol::serve_sample`] (one unit of a
//! study), [`quotalab_app::results::protocol::full::serve_full`] (the whole result of the last
//! run, in pieces) or else [`quotalab_app::results::protocol::serve`] (a single run), and
//! announces that it
//! is ready: messages sent before the wasm has loaded would be lost, so the page queues its first
//! request until it hears `Ready`. A run's replies go back as bytes (`post_bytes`); the page's
//! handle (`results::session::worker`) reads both forms.
//!
//! A panic is reported to the page as `Header::Crashed` with its message
//! ([`quotalab_app::results::protocol::panics`]).

use quotalab_app::results::protocol::full::serve_full;
use quotalab_app::results::protocol::panics::{announce_ready, report_panics};
use quotalab_app::results::protocol::serve;
use quotalab_app::study::protocol::serve_sample;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

fn main() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    report_panics(scope.clone());
    let replies = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let Some(message) = event.data().as_string() else {
            return;
        };
        if let Some(reply) = serve_sample(&message) {
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
    announce_ready(&scope);
}

/// Posts a run's reply as its UTF-8 bytes in a transferred buffer. A 10,000-job result is 12 MB
/// of JSON; as a string it would be converted to UTF-16 here, copied, and converted back to UTF-8
/// on the page (docs/PERFORMANCE.md). Posting cannot fail short of the page being gone.
fn post_bytes(scope: &DedicatedWorkerGlobalScope, reply: String) {
    let bytes = js_sys::Uint8Array::from(reply.as_bytes());
    let transfer = js_sys::Array::of1(&bytes.buffer());
    let _ = scope.post_message_with_transfer(&bytes, &transfer);
}
