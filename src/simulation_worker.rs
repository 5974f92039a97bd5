//! The simulation worker's side of the page's own module. The page and its simulation workers
//! run one wasm file (docs/ARCHITECTURE.md, "One module for the page and the simulation
//! worker"): `public/simulation-worker.js` instantiates the module the page posts it and calls
//! [`serve_simulation`] (exported by `src/main.rs`), so the first load fetches the engine once
//! and a worker compiles nothing.
//!
//! It wires requests to [`crate::study::protocol::serve_sample`] (one unit of a study),
//! [`crate::study::advise_protocol::serve_start`] (one start of an advisor search),
//! [`crate::interop::report_units::serve_variant_report`] (a variant's section of a study report),
//! [`crate::results::protocol::full::serve_full`] (the whole result of the last run, in
//! pieces), [`crate::results::protocol::story::serve_story`] (one job of it) or else
//! [`crate::results::protocol::serve`] (a single run). A run's replies go back as bytes
//! ([`post_bytes`]); the page's handle (`results::session::worker`) reads both forms.

use crate::interop::report_units::serve_variant_report;
use crate::results::protocol::full::serve_full;
use crate::results::protocol::serve;
use crate::results::protocol::serving::serve_requests;
use crate::results::protocol::story::serve_story;
use crate::study::advise_protocol::serve_start;
use crate::study::protocol::serve_sample;
use wasm_bindgen::prelude::*;
use web_sys::DedicatedWorkerGlobalScope;

/// Whether this instance of the module runs in a worker, where there is no page to mount.
pub fn in_worker() -> bool {
    web_sys::window().is_none()
}

/// Makes this worker a simulation worker; `public/simulation-worker.js` calls it, through the
/// export in `src/main.rs`, once the module is instantiated.
pub fn serve_simulation() {
    serve_requests(|replies, request| {
        let small = serve_sample(&request)
            .or_else(|| serve_start(&request))
            .or_else(|| serve_variant_report(&request));
        if let Some(reply) = small {
            let _ = replies.post_message(&JsValue::from_str(&reply));
            return;
        }
        let mut post = |parts: &[&[u8]]| post_bytes(replies, parts);
        if serve_full(&request, &mut post) || serve_story(&request, &mut post) {
            return;
        }
        let now_ms = || js_sys::Date::now();
        serve(&request, &now_ms, &mut post);
    });
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
