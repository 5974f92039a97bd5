//! The app's side of `quotalab-interop`: trace upload, account import, AWS and Kueue export and
//! import, and the agreement report.
//!
//! - `protocol` and `client`: everything but the report runs in the interop worker
//!   (`src/bin/quotalab-interop.rs`), started on first use, so the page's wasm stays small;
//!   `protocol` is the messages and the worker's side, `client` the page's.
//! - `trace_form` (the CLI's import options as typed), `trace_preview` (what an upload would
//!   create, or why it cannot), `account_task` (an account's import) and `agreement_files`
//!   (AWS/Kueue out and back) are plain logic run in that worker; `files` reads picked files with
//!   the File API.
//! - `trace_dialog`, `trace_options`, `trace_summary`: the "Import trace…" dialog.
//! - `account_dialog`: "Import account…", an account's describe output and history.
//! - `agreement_dialog`: "AWS / Kueue…", the exports as downloads and their import.
//! - `report_view` (the page), `report_variant` and `report_study` (what it reports: the variant
//!   on screen, or the whole study from Compare), `report_frame` (what both hand the page: the
//!   Markdown download, or why there is no report yet), `report_body`, `report_study_body`,
//!   `report_share`, `report_facts`: the printable agreement report; `report_units`: a study
//!   report's variant sections, made in the simulation workers.

pub mod account_dialog;
pub mod account_task;
pub mod agreement_dialog;
pub mod agreement_files;
pub mod asking;
pub mod client;
pub mod files;
pub mod protocol;
pub mod report_body;
pub mod report_facts;
pub mod report_frame;
pub mod report_share;
pub mod report_study;
pub mod report_study_body;
pub mod report_units;
pub mod report_variant;
pub mod report_view;
pub mod trace_dialog;
pub mod trace_form;
pub mod trace_options;
pub mod trace_preview;
pub mod trace_summary;
