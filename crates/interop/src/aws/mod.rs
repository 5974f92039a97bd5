//! AWS Batch quota management, out and back.
//!
//! [`export`] writes the `--cli-input-json` files to create the job queue's scheduling policy,
//! service environment, job queue and one quota share per share, and a `submit-service-job`
//! skeleton per job mix and per group of like explicit jobs; `commands.sh` lists the `aws`
//! commands in order. [`import`] reads such a set back (and hand-edited ones) into a scenario
//! holding the agreement. Shapes are in `shapes`; field sources in docs/AWS_EXPORT.md.

mod export;
pub(crate) mod import;
mod job;
pub mod shapes;

pub use crate::agreement::{ImportError, Imported};
pub use export::export;
pub use import::{import, import_bundle};

use serde::{Deserialize, Serialize};

/// One file of an export: a path relative to the export directory, and its text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExportFile {
    pub path: String,
    pub contents: String,
}

/// An AWS export: the files, and warnings about what AWS would refuse or what the files cannot
/// carry. The app offers it as one JSON bundle ([`AwsExport::to_bundle_json`]); the CLI writes the
/// files into a directory.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AwsExport {
    pub format: String,
    pub version: u32,
    pub warnings: Vec<String>,
    pub files: Vec<ExportFile>,
}

/// The bundle's `format` value.
pub const BUNDLE_FORMAT: &str = "quotalab-aws-export";

impl AwsExport {
    /// The bundle as pretty JSON, for download from the app.
    pub fn to_bundle_json(&self) -> String {
        quotalab_engine::json_text::pretty(self)
    }
}

/// AWS: at most 20 quota shares per job queue.
pub const MAX_SHARES: usize = 20;
/// SageMaker `MaxPendingTimeInSeconds`: 2 hours to 28 days.
pub const MAX_PENDING_RANGE_S: std::ops::RangeInclusive<u32> = 7_200..=2_419_200;
/// AWS Batch `schedulingPriority`: 0 to 9999.
pub const MAX_SCHEDULING_PRIORITY: u32 = 9_999;

/// The tag that carries what AWS names cannot: the share's original name.
pub const NAME_TAG: &str = "quotalab:name";
