//! A hook for the end-to-end tests: the engine run on the main thread, which `src/main.rs`
//! exports to JavaScript as `quotalabResultOnMainThread` (Trunk exposes the app's exports as
//! `window.wasmBindings`). The e2e test compares its bytes with the result the worker sent, which
//! proves the worker adds and loses nothing.

/// The engine's result JSON for a scenario JSON, computed right here; why the scenario cannot run
/// otherwise.
pub fn result_on_main_thread(scenario_json: &str) -> Result<String, quotalab_engine::LoadError> {
    let scenario = quotalab_engine::Scenario::from_json(scenario_json)?;
    Ok(quotalab_engine::simulate(&scenario).to_json())
}
