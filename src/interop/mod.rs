//! The app's side of `quotalab-interop`: trace upload, account import, AWS and Kueue export and
//! import, and the agreement report.
//!
//! - `protocol` and `client`: everything but the report runs in the interop worker
//!   (`src/bin/quotalab-interop.rs`), started on first use, so the page's wasm stays small;
//!   `protocol` is the messages and the worker's side, `client` the page's.
//! - `trace`, `account`, `agreement`: the three import and export dialogs ("Import trace…",
//!   "Import account…", "AWS / Kueue…"), each with the plain logic its worker runs; `files` reads
//!   picked files with the File API, `picking` shows the field that picks them and the Apply
//!   and Cancel buttons; `asking`: a dialog's latest question and its answer.
//! - `kueue_yaml`: Kueue YAML opened from Import, a paste or a drop, asking how to read its
//!   Workloads.
//! - `report`: the printable agreement report of the variant on screen or of the whole study.

pub mod account;
pub mod agreement;
pub mod asking;
pub mod client;
pub mod files;
pub mod kueue_yaml;
pub mod picking;
pub mod protocol;
pub mod report;
pub mod trace;
