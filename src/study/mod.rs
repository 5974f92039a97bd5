//! Studies in the app (docs/STUDY.md): variants of a scenario compared over K seeds, and one-parameter
//! sweeps, run in parallel Web Workers and summarised by the engine (`quotalab_engine::study`).
//!
//! - `variant_bar`: the variants above BUILD, "Duplicate as variant";
//! - `results_modes`: Results | Compare variants | Sweep | Advise in the RESULTS zone;
//! - `compare_view`, `sweep_view`, `controls`, `charts`, `numbers`: what those views show;
//!   `figure`: one of their charts with exports and readout; `tables`: their numbers as CSV;
//!   `point_variant`: a sweep point opened as a variant; `rules_view`: per team, where a variant
//!   under the other rules differs and the rules behind it;
//! - `run`, `auto_run`, `pool`: running the units in workers (`crate::worker`) and summarising
//!   them;
//! - `advise`: the advisor's form, its proposals, its command line and its search, one start
//!   per worker (docs/ADVISOR.md).
//!
//! The app computes no statistic itself: samples come from the engine's `run_sample` in the
//! workers and summaries from `Definition::summarize`, exactly as in the CLI.

pub mod advise;
pub mod auto_run;
pub mod charts;
mod compare_view;
mod controls;
mod figure;
pub mod numbers;
pub mod point_variant;
pub mod pool;
pub mod results_modes;
pub mod rules_view;
pub mod run;
mod sweep_view;
pub mod tables;
pub mod variant_bar;

pub use sweep_view::sweep_values;
