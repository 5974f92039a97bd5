//! Entry point of the wasm binary: it mounts the app (everything testable is in lib.rs) and
//! names the module's two exports to JavaScript.
//!
//! The simulation workers run this same module (docs/ARCHITECTURE.md, "One module for the page
//! and the simulation worker"): there is no page to mount in a worker, and its script calls
//! `quotalabServeSimulation` instead. The exports are declared here, not in the library, because
//! the linker keeps every export of every binary that links the library: declared there, they
//! would put the simulation into the interop worker too.

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

/// The engine's result JSON for a scenario JSON, computed on the page's main thread, for the
/// e2e test that compares it with the worker's bytes (`quotalab_app::results::debug`).
#[wasm_bindgen(js_name = quotalabResultOnMainThread)]
pub fn result_on_main_thread(scenario_json: &str) -> Result<String, JsValue> {
    quotalab_app::results::debug::result_on_main_thread(scenario_json)
        .map_err(|e| JsValue::from_str(&e.to_string()))
}
