//! The simulation worker: a second wasm binary that Trunk builds for a Web Worker
//! (`index.html`: `data-type="worker"`), so a long run never freezes the page.
//!
//! It only wires `onmessage` to [`quotalab_app::study::protocol::serve_sample`] (one unit of a
//! study), [`quotalab_app::study::advise_protocol::serve_start`] (one start of an advisor
//! search), [`quotalab_app::results::protocol::full::serve_full`] (the whole result of the last
//! run, in pieces), [`quotalab_app::results::protocol::story::serve_story`] (one job of it) or
//! else [`quotalab_app::results::protocol::serve`] (a single run), and announces that it is
//! ready: messages sent before the wasm has loaded would be lost, so the page queues its first
//! request until it hears `Ready`. A run's replies go back as bytes (`post_bytes`); the page's
//! handle (`results::session::worker`) reads both forms.
//!
//! A panic is reported to the page as `Header::Crashed` with its message
//! ([`quotalab_app::results::protocol::panics`]).

use quotalab_app::results::protocol::full::serve_full;
use quotalab_app::results::protocol::panics::{announce_ready, report_panics};
use quotalab_app::results::protocol::serve;
use quotalab_app::results::protocol::story::serve_story;
use quotalab_app::study::advise_protocol::serve_start;
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
        if let Some(reply) = serve_sample(&message).or_else(|| serve_start(&message)) {
            let _ = replies.post_message(&JsValue::from_str(&reply));
            return;
        }
        let mut post = |parts: &[&[u8]]| post_bytes(&replies, parts);
        if serve_full(&message, &mut post) || serve_story(&message, &mut post) {
            return;
        }
        let now_ms = || js_sys::Date::now();
        serve(&message, &now_ms, &mut post);
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    announce_ready(&scope);
}

/// Posts a reply, its parts joined, as bytes in a transferred buffer. A 10,000-job result's
/// columns are 1.5 MB; as a string they would be converted to UTF-16 here, copied, and converted
/// back on the page (docs/PERFORMANCE.md). The parts are copied out of wasm memory straight into
/// the buffer, so a large body is never copied into one Rust buffer first. Posting cannot fail
/// short of the page being gone.
fn post_bytes(scope: &DedicatedWorkerGlobalScope, parts: &[&[u8]]) {
    let total: usize = parts.iter().map(|p| p.len()).sum();
    let bytes = js_sys::Uint8Array::new_with_length(total as u32);
    let mut at = 0;
    for part in parts {
        bytes
            .subarray(at as u32, (at + part.len()) as u32)
            .copy_from(part);
        at += part.len();
    }
    let transfer = js_sys::Array::of1(&bytes.buffer());
    let _ = scope.post_message_with_transfer(&bytes, &transfer);
}
