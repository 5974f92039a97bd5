//! The interop worker: a third wasm binary that Trunk builds for a Web Worker (`index.html`),
//! holding the trace importers, the account import and the AWS/Kueue export and import, so the
//! page's own wasm need not (docs/PERFORMANCE.md, "First load, per file"). The page starts it on
//! first use (`quotalab_app::interop::client`).
//!
//! It only wires `onmessage` to [`quotalab_app::interop::protocol::serve`], reports panics like
//! the simulation worker ([`quotalab_app::results::protocol::panics`]) and announces that it is
//! ready, since messages sent before the wasm has loaded would be lost.

use quotalab_app::interop::protocol::serve;
use quotalab_app::results::protocol::panics::{announce_ready, report_panics};
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
        let _ = replies.post_message(&JsValue::from_str(&serve(&message)));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    announce_ready(&scope);
}
