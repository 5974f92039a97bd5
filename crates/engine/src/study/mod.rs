//! Studies: several variants of a scenario run over many seeds, compared with intervals, and
//! one-parameter sweeps (the format is in `docs/STUDY.md`).
//!
//! One run of one scenario cannot choose between agreements: arrivals and spot interruptions are
//! random, and one seed can flatter either side. A study runs every variant with the same K seeds
//! (common random numbers, [`seeds`]), keeps a small [`Sample`] per run, and turns the samples
//! into means with 90% intervals and paired differences ([`stats`], [`compare`]). A sweep runs one
//! scenario at several values of one numeric field ([`params`], [`sweep`]).
//!
//! The work is a list of [`Unit`]s (one variant or sweep point, one seed). The app runs units in
//! Web Workers, the CLI with rayon or as `--shard i/N` on a batch system ([`shard`]); whoever runs
//! them, the same units give the same samples, and the summaries sort samples by unit first, so
//! the output does not depend on who ran what or in which order. Everything here is
//! single-threaded and wasm-clean.

pub mod advise;
pub mod compare;
pub mod diff;
pub mod format;
pub mod kpi;
pub mod numbers;
pub mod params;
pub mod rules_causes;
pub mod sample;
pub mod seeds;
pub mod shard;
mod stand_in;
pub mod stats;
pub mod sweep;
mod unit;
pub(crate) mod validate;

pub use compare::{
    compare, compare_units, Comparison, KpiSummary, ShareSummary, VariantChanges, VariantSummary,
};
pub use diff::{scenario_changes, FieldChange};
pub use format::Document;
pub use kpi::{Direction, Kpi, Unit as KpiUnit};
pub use params::{apply_parameter, sweep_parameters, SweepParameter};
pub use sample::{run_sample, MixSample, Runner, Sample, Sequential, ShareSample};
pub use seeds::seed_list;
pub use shard::{merge, shard, Definition, SampleSet, ShardSpec, Summary};
pub use stats::{Difference, Estimate, Verdict};
pub use sweep::{
    sweep_summary, sweep_units, SweepPlan, SweepPoint, SweepShare, SweepSummary, YoungDaly,
};
pub use unit::{StudyError, Unit, UnitSample};

use crate::scenario::Scenario;
use serde::{Deserialize, Serialize};

/// The study format version this engine writes (`"version": 1`).
pub const STUDY_VERSION: u32 = 1;
/// Seeds per variant when the document does not say.
pub const DEFAULT_SEEDS: u32 = 20;
/// The most seeds per variant: 6 variants x 200 seeds is already 1200 runs.
pub const MAX_SEEDS: u32 = 200;
/// The `T` of P(wait < T) when the document does not say, in hours.
pub const DEFAULT_WAIT_THRESHOLD_H: f64 = 24.0;
/// A study compares 2 to 6 variants (docs/STUDY.md).
pub const VARIANTS: std::ops::RangeInclusive<usize> = 2..=6;
/// A sweep has 2 to 50 values.
pub const SWEEP_VALUES: std::ops::RangeInclusive<usize> = 2..=50;

/// A study document: 2 to 6 variants of a scenario, run with the same seeds and compared.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Study {
    /// Always `"study"`; tells a study from a scenario.
    pub kind: StudyKind,
    /// Format version, [`STUDY_VERSION`].
    pub version: u32,
    /// Free text shown as the study's title.
    pub name: String,
    /// K, runs per variant (1 to [`MAX_SEEDS`]; default [`DEFAULT_SEEDS`]).
    pub seeds: u32,
    /// The T of P(wait < T), in hours (> 0; default [`DEFAULT_WAIT_THRESHOLD_H`]).
    pub wait_threshold_h: f64,
    /// The variants; each variant's name is its scenario's `name`, unique in the study. The first
    /// is the baseline every difference is measured against.
    pub variants: Vec<Scenario>,
    /// An optional sweep of the first variant.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sweep: Option<Sweep>,
    /// Optional targets and knobs for the advisor, on the first variant (docs/ADVISOR.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub advise: Option<Box<advise::AdviseSpec>>,
}

/// The `"kind"` marker of a study document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StudyKind {
    /// `"study"`.
    #[default]
    Study,
}

/// One numeric field of a scenario set to each of several values.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sweep {
    /// The JSON path of the field, e.g. `job_mixes[0].template.checkpoint_interval_h`.
    pub param: String,
    /// The values, in the order they are charted (2 to 50, finite).
    pub values: Vec<f64>,
}

impl Study {
    /// A study of `variants` with the default seeds and threshold and no sweep.
    pub fn new(name: impl Into<String>, variants: Vec<Scenario>) -> Study {
        Study {
            kind: StudyKind::Study,
            version: STUDY_VERSION,
            name: name.into(),
            seeds: DEFAULT_SEEDS,
            wait_threshold_h: DEFAULT_WAIT_THRESHOLD_H,
            variants,
            sweep: None,
            advise: None,
        }
    }

    /// Parses a study document: syntax, version, shape; each variant through the scenario parser
    /// (so older scenario versions migrate). Errors carry paths such as
    /// `variants[1].quota_shares[0].strategy`. Does not check the rules; see [`Study::validate`].
    pub fn parse_json(text: &str) -> Result<Study, crate::LoadError> {
        format::parse_study(text)
    }

    /// Every error and warning: each variant's own findings under `variants[i].`, then the study
    /// rules (2 to 6 variants, unique names, seeds 1 to 200, threshold > 0, a sweep that applies,
    /// targets and knobs that name what the first variant has).
    pub fn validate(&self) -> crate::Report {
        validate::validate(self)
    }

    /// The study as indented JSON; parsing it back and writing it again gives the same bytes.
    pub fn to_json_pretty(&self) -> String {
        crate::json_text::pretty(self)
    }

    /// The seeds every variant (and every sweep point) runs with; see [`seed_list`].
    pub fn seed_list(&self) -> Vec<u64> {
        seed_list(self.base_seed(), self.seeds)
    }

    /// The first variant's scenario seed, from which the study's seeds derive.
    pub fn base_seed(&self) -> u64 {
        self.variants.first().map_or(0, |v| v.seed)
    }
}
