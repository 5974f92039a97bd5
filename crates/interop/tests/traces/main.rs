//! Trace imports (docs/TRACES.md): Philly, Alibaba and SWF read row by row, bad rows with their
//! lines, the synthetic traces and the gallery scenario made afresh, the first import of a
//! many-users log, and the calibration of the shipped slices. One test binary per area
//! (docs/ARCHITECTURE.md, "Testing").

#[path = "../support/mod.rs"]
mod support;

mod bad_rows;
mod calibration;
mod first_import;
mod formats;
mod gallery;
mod swf;
mod synthetic;
