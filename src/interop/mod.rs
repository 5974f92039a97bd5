//! The app's side of `quotalab-interop`: trace upload and the agreement report.
//!
//! - `trace_form` (the CLI's import options as typed) and `trace_preview` (what an upload would
//!   create, or why it cannot) are plain logic; `files` reads picked files with the File API.
//! - `trace_dialog`, `trace_options`, `trace_summary`: the "Import trace…" dialog.
//! - `account_dialog`: "Import account…", an account's describe output and history.
//! - `report_view` (the page), `report_variant` and `report_study` (what it reports: the variant
//!   on screen, or the whole study from Compare), `report_body`, `report_study_body`,
//!   `report_share`, `report_facts`: the printable agreement report.

pub mod account_dialog;
pub mod files;
pub mod report_body;
pub mod report_facts;
pub mod report_share;
pub mod report_study;
pub mod report_study_body;
pub mod report_variant;
pub mod report_view;
pub mod trace_dialog;
pub mod trace_form;
pub mod trace_options;
pub mod trace_preview;
pub mod trace_summary;
