//! Trace import: public GPU-cluster traces in, a runnable [`Scenario`] out.
//!
//! Each format has its own files (`philly`, `alibaba`, `swf` and their helpers) that read rows
//! with the one row reader (`crate::rows`) into [`job::TraceJob`]s and decide the mapping; the
//! steps every format shares are one module each: `window` (time window and sampling), `pool`
//! (at most 20 shares), `quotas` (capacity and limits), `headroom` (a capacity far above what
//! the jobs held), `clock` (times to the second), `waits`
//! (the trace's own waits) and `assemble`, which makes the scenario with each job's `observed`
//! block and checks it with the engine's own validation. `options` holds what the user chooses,
//! `catalog` maps GPU models to instance types, `report` says what happened. The mappings, and
//! why, are in `docs/TRACES.md`.
//!
//! Functions take file contents, not paths, so the app can pass uploaded files.

pub mod alibaba;
mod alibaba_nodes;
mod alibaba_pod;
mod assemble;
pub mod catalog;
mod clock;
mod headroom;
mod job;
pub mod options;
pub mod philly;
mod philly_tables;
mod pool;
mod quotas;
pub mod report;
mod skip;
pub mod swf;
mod swf_capacity;
mod swf_header;
mod swf_row;
mod table;
mod waits;
mod window;

pub use catalog::{CatalogEntryError, GpuCatalog, GpuMapping};
pub use options::{CapacityGiven, ImportOptions, Sampling, ShareBy};
pub use report::{BadRow, ImportError, ImportReport};
pub use waits::ObservedWaits;

use quotalab_engine::scenario::Scenario;
use serde::{Deserialize, Serialize};

/// One input file: a display name (used in bad-row messages and to recognise the file) and its
/// text.
#[derive(Debug, Clone, Copy)]
pub struct TraceFile<'a> {
    pub name: &'a str,
    pub text: &'a str,
}

/// A successful import: the scenario and what happened on the way.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportedTrace {
    pub scenario: Scenario,
    pub report: ImportReport,
}

/// The trace formats, for callers that choose one at run time (the CLI, the app's upload).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TraceFormat {
    Philly,
    Alibaba,
    Swf,
}

impl TraceFormat {
    /// `philly`, `alibaba` or `swf`.
    pub fn from_name(name: &str) -> Option<TraceFormat> {
        match name {
            "philly" => Some(TraceFormat::Philly),
            "alibaba" => Some(TraceFormat::Alibaba),
            "swf" => Some(TraceFormat::Swf),
            _ => None,
        }
    }

    /// The file extensions a directory of this format holds.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            TraceFormat::Philly => &["trace", "csv"],
            TraceFormat::Alibaba => &["csv"],
            TraceFormat::Swf => &["swf"],
        }
    }

    /// The format's default GPU catalog, to extend with `--catalog` mappings.
    pub fn default_catalog(self) -> GpuCatalog {
        match self {
            TraceFormat::Philly => GpuCatalog::philly_default(),
            TraceFormat::Alibaba => GpuCatalog::alibaba_default(),
            TraceFormat::Swf => GpuCatalog::swf_default(),
        }
    }
}

/// Imports files of one format.
pub fn import(
    format: TraceFormat,
    files: &[TraceFile],
    options: &ImportOptions,
) -> Result<ImportedTrace, ImportError> {
    match format {
        TraceFormat::Philly => philly::import(files, options),
        TraceFormat::Alibaba => alibaba::import(files, options),
        TraceFormat::Swf => swf::import(files, options),
    }
}
