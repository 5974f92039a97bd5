//! Quota Lab's web app: a Leptos single-page app that edits a scenario, runs the engine in the
//! browser and shows what the agreement does to each team.
//!
//! - `state`: the scenario on screen, its history (undo/redo), autosave and links.
//! - `components`: the BUILD zone and the page frame, one component per file.
//! - `results`: running the engine off the main thread and the RESULTS zone.
//! - `interop`: trace upload and the printable agreement report (`quotalab-interop`).
//! - `worker`: the page's workers, one protocol for all: the page's handle, and the simulation
//!   worker's side of the same module.
//! - `download`: hands a file to the browser as a download (exports, reports, saved work).
//! - `js_bytes`: a JavaScript buffer, read by the engine a piece at a time (opened files, requests).
//! - `study`: variants compared over many seeds, and parameter sweeps, in parallel workers.
//!
//! The app never re-implements engine logic: it edits a `quotalab_engine::Scenario`, asks the
//! engine to validate and simulate it, and draws the `SimResult`.

pub mod app;
pub mod components;
pub mod download;
pub mod interop;
pub mod js_bytes;
pub mod results;
pub mod state;
pub mod study;
pub mod worker;

pub use app::App;
