//! The RESULTS zone: runs the scenario on screen in a Web Worker and shows what it does.
//!
//! - `session`: when to run, asking the simulation worker (`crate::worker`), and the latest
//!   outcomes;
//! - `panel` and `status`: the two components the page frame renders;
//! - `kpi`, `run_notes` (what the run says about itself), `kueue_queues` (a Kueue run's
//!   per-queue table), `calibration`, `charts`, `jobs`: what the panel shows; `baseline`: the variant the KPIs
//!   compare with; `export`: files out; `theme`: dark mode;
//! - `format` and `colours`: how numbers and shares look, everywhere;
//! - `debug`: the main-thread engine call the e2e test compares the worker with.
//!
//! Nothing here computes a scheduling number: everything drawn comes from the engine's `SimResult`
//! (sorting, filtering, counting and bucketing aside).

pub mod baseline;
pub mod calibration;
pub mod charts;
pub mod colours;
pub mod export;
pub mod format;
pub mod jobs;
pub mod kpi;
pub mod kueue_queues;
mod panel;
mod run_notes;
pub mod session;
mod status;
mod theme;

pub use panel::ResultsPanel;
pub use status::RunStatus;
