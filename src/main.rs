//! Entry point of the wasm binary: it mounts the app (everything testable is in lib.rs) and
//! names the module's export to JavaScript.
//!
//! The simulation workers run this same module (docs/ARCHITECTURE.md, "One module for the page
//! and the simulation worker"): there is no page to mount in a worker, and its script calls
//! `quotalabServeSimulation` instead. The export is declared here, not in the library, because
//! the linker keeps every export of every binary that links the library: declared there, it
//! would put the simulation into the interop worker too. Nothing else is exported: what a test
//! compares with the worker's result is the native CLI's (tests/e2e/results.test.mjs), so no
//! test hook ships in the module.

use wasm_bindgen::prelude::*;

fn main() {
    if quotalab_app::worker::in_worker() {
        return;
    }
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(quotalab_app::App);
}

/// Makes this worker a simulation worker (`public/simulation-worker.js` calls it).
#[wasm_bindgen(js_name = quotalabServeSimulation)]
pub fn serve_simulation() {
    quotalab_app::worker::simulation::serve_simulation();
}
