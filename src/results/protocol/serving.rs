//! What every worker does to serve the page (docs/ARCHITECTURE.md, "When the worker fails"):
//! it hands each request, a string, to its handler; it reports a panic to the page as
//! `Header::Crashed` with its message, so the page can say what went wrong instead of waiting for
//! a reply; and it announces `Ready`, because requests sent before its wasm has loaded would be
//! lost. In wasm a panic then traps; the trap's exception is swallowed, since the page has the
//! better message already. The simulation worker (`crate::simulation_worker`) and the interop
//! worker (`src/bin/quotalab-interop.rs`) both serve through [`serve_requests`], and the page's
//! worker handle (`results::session::worker`) reads them the same way.

use super::{encode_reply, Header};
use std::sync::atomic::{AtomicBool, Ordering};
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// Set once a panic was reported, so the trap that follows is not reported a second time.
static CRASHED: AtomicBool = AtomicBool::new(false);

/// Serves the page from the current worker: panics are reported, every request (a string) goes
/// to `handle` with the scope to post replies on, and `Ready` is posted last.
pub fn serve_requests(mut handle: impl FnMut(&DedicatedWorkerGlobalScope, String) + 'static) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    report_panics(scope.clone());
    let replies = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        if let Some(request) = event.data().as_string() {
            handle(&replies, request);
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    announce_ready(&scope);
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
        let _ = poster.post_message(&JsValue::from_str(&text_reply(&Header::Crashed {
            message,
        })));
    }));
    // An `onerror` handler that returns true cancels the error: it is not passed on to the page.
    let on_error =
        Closure::<dyn FnMut(JsValue) -> bool>::new(|_: JsValue| CRASHED.load(Ordering::SeqCst));
    scope.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
}

/// Tells the page the worker has loaded and listens: requests sent before this would be lost,
/// so the page queues them until it hears it.
fn announce_ready(scope: &DedicatedWorkerGlobalScope) {
    let _ = scope.post_message(&JsValue::from_str(&text_reply(&Header::Ready)));
}

/// A header-only reply as a string: `Ready` and crash reports go as text, run replies as bytes
/// (the simulation worker's `post_bytes`), and the page's handle reads both.
fn text_reply(header: &Header) -> String {
    String::from_utf8(encode_reply(header, None)).expect("serde_json writes UTF-8")
}
