//! Units of work, shards, and sample sets that can be merged.
//!
//! A unit is one run: one variant (or sweep point) at one seed. Units are numbered group-major
//! (`index = group * K + seed_index`). A shard `i/N` takes every unit whose index is `i` modulo
//! `N`: deterministic, sizes differ by at most one, and each shard gets a mix of variants or
//! points (their costs differ, so contiguous blocks would not balance).
//!
//! A [`SampleSet`] carries its definition (the study or sweep plan) and a digest of it, so
//! `merge` can refuse parts of different studies and rebuild the output without other inputs.
//! Summaries sort samples by unit, so the output is the same however the units were split.

use super::compare::{compare, compare_units, Comparison};
use super::sample::{Runner, Sequential};
use super::sweep::{sweep_summary, sweep_units, SweepPlan, SweepSummary};
use super::unit::{check_complete, StudyError, Unit, UnitSample};
use super::Study;
use crate::format::{read_head, read_typed, Head};
use crate::scenario::Scenario;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;

/// Shard `index` of `count` (`--shard i/N`, 0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardSpec {
    /// 0 to `count - 1`.
    pub index: u32,
    /// How many shards, at least 1.
    pub count: u32,
}

impl ShardSpec {
    /// Parses `i/N`, with `i` in `0..N`.
    pub fn parse(text: &str) -> Result<ShardSpec, StudyError> {
        let bad = |why: &str| {
            StudyError::Shard(format!(
                "\"{text}\" {why}; write i/N with 0 <= i < N, e.g. 0/4"
            ))
        };
        let (i, n) = text
            .split_once('/')
            .ok_or_else(|| bad("is not of the form i/N"))?;
        let index: u32 = i
            .trim()
            .parse()
            .map_err(|_| bad("has no whole number before the /"))?;
        let count: u32 = n
            .trim()
            .parse()
            .map_err(|_| bad("has no whole number after the /"))?;
        if count == 0 {
            return Err(bad("has N = 0"));
        }
        if index >= count {
            return Err(bad("has i >= N (shards are numbered from 0)"));
        }
        Ok(ShardSpec { index, count })
    }
}

/// The units of shard `i` of `n` (index modulo `n`).
pub fn shard(units: &[Unit], i: u32, n: u32) -> Result<Vec<Unit>, StudyError> {
    if n == 0 || i >= n {
        return Err(StudyError::Shard(format!(
            "shard {i}/{n} does not exist; write i/N with 0 <= i < N"
        )));
    }
    Ok(units
        .iter()
        .filter(|u| u.index % n as usize == i as usize)
        .copied()
        .collect())
}

/// What a set of samples belongs to.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Definition {
    /// A comparison of a study's variants.
    Compare(Study),
    /// A sweep of one scenario.
    Sweep(Box<SweepPlan>),
}

/// The output of a complete set of samples.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Summary {
    /// From a comparison.
    Comparison(Comparison),
    /// From a sweep.
    Sweep(SweepSummary),
}

impl Summary {
    /// Indented JSON; the same bytes natively and in wasm.
    pub fn to_json_pretty(&self) -> String {
        crate::json_text::pretty(self)
    }
}

impl Definition {
    /// Every unit of the work.
    pub fn units(&self) -> Vec<Unit> {
        match self {
            Definition::Compare(study) => compare_units(study),
            Definition::Sweep(plan) => sweep_units(plan),
        }
    }

    /// The scenario of each group (variant or sweep point), in group order.
    pub fn scenarios(&self) -> Result<Vec<Scenario>, StudyError> {
        match self {
            Definition::Compare(study) => Ok(study.variants.clone()),
            Definition::Sweep(plan) => plan.point_scenarios(),
        }
    }

    /// The K seeds.
    pub fn seeds(&self) -> Vec<u64> {
        match self {
            Definition::Compare(study) => study.seed_list(),
            Definition::Sweep(plan) => plan.seed_list(),
        }
    }

    /// The samples of `units`, run one after another (the app's workers each run their own
    /// share of units this way), with stand-ins for the runs a scenario that draws nothing at
    /// random need not make.
    pub fn run(&self, units: &[Unit]) -> Result<Vec<UnitSample>, StudyError> {
        self.run_on(units, &Sequential).map(|(samples, _)| samples)
    }

    /// The samples of `units`, the runs to make handed to `runner` as one batch (the CLI's runs
    /// them on all cores), in unit order; and how many runs were made.
    pub fn run_on(
        &self,
        units: &[Unit],
        runner: &dyn Runner,
    ) -> Result<(Vec<UnitSample>, usize), StudyError> {
        let scenarios = self.scenarios()?;
        let seeds = self.seeds();
        let made = self.runs_to_make(units)?;
        let batch = made
            .iter()
            .map(|unit| {
                let foreign = || unit.foreign();
                let scenario = scenarios.get(unit.variant_or_point).ok_or_else(foreign)?;
                let seed = *seeds.get(unit.seed_index).ok_or_else(foreign)?;
                Ok((scenario, seed))
            })
            .collect::<Result<Vec<_>, StudyError>>()?;
        let ran = made
            .iter()
            .zip(runner.run(&batch))
            .map(|(&unit, sample)| UnitSample { unit, sample })
            .collect();
        Ok((self.with_stand_ins(units, ran)?, made.len()))
    }

    /// The comparison or sweep summary of a complete set of samples.
    pub fn summarize(&self, samples: &[UnitSample]) -> Result<Summary, StudyError> {
        match self {
            Definition::Compare(study) => compare(study, samples).map(Summary::Comparison),
            Definition::Sweep(plan) => sweep_summary(plan, samples).map(Summary::Sweep),
        }
    }

    /// FNV-1a of the definition's compact JSON, with its length: equal digests, same work.
    pub fn digest(&self) -> String {
        digest_of(self)
    }

    /// Reads a definition from its own slice of a samples file's text, by its `kind`.
    fn parse_text(text: &str) -> Result<Definition, StudyError> {
        let error = |e: crate::LoadError| StudyError::Format(format!("definition: {e}"));
        let head = read_head(text).map_err(error)?;
        match head.as_ref().and_then(Head::kind) {
            Some("study") => Study::parse_json(text)
                .map(Definition::Compare)
                .map_err(error),
            Some("sweep") => SweepPlan::parse_json(text)
                .map(|plan| Definition::Sweep(Box::new(plan)))
                .map_err(error),
            _ => Err(StudyError::Format(
                "definition: expected an object with \"kind\": \"study\" or \"sweep\"".into(),
            )),
        }
    }
}

/// FNV-1a of `value`'s compact JSON, with its length, hashed as the text is written: a study of
/// a trace is hundreds of megabytes of JSON, which the app hashes on its main thread at each
/// edit and run and need not hold to hash (docs/PERFORMANCE.md, "A comparison of a trace
/// translated once").
pub(super) fn digest_of<T: Serialize + ?Sized>(value: &T) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut length = 0;
    crate::json_text::write(value, &mut |piece| {
        for &b in piece {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        length += piece.len();
        Ok(())
    })
    .expect("hashing takes every piece");
    format!("{hash:016x}-{length}")
}

/// The samples a run (or one shard of it) produced, with what they belong to.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SampleSet {
    /// Always `"samples"`.
    pub kind: String,
    /// Format version, 1.
    pub version: u32,
    /// [`Definition::digest`] of `definition`.
    pub digest: String,
    /// The study or sweep.
    pub definition: Definition,
    /// Which shard these are; `None` for a complete set.
    pub shard: Option<ShardSpec>,
    /// The samples, sorted by unit.
    pub samples: Vec<UnitSample>,
}

impl SampleSet {
    /// A set of `samples` (sorted here) of `definition`.
    pub fn new(
        definition: Definition,
        shard: Option<ShardSpec>,
        mut samples: Vec<UnitSample>,
    ) -> SampleSet {
        samples.sort_by_key(|s| s.unit);
        SampleSet {
            kind: "samples".into(),
            version: 1,
            digest: definition.digest(),
            definition,
            shard,
            samples,
        }
    }

    /// Compact JSON (samples files can be large).
    pub fn to_json(&self) -> String {
        crate::json_text::compact(self)
    }

    /// Reads a samples document, checking its kind, version and digest. Its definition is read
    /// from its own slice of the text, as a study's variants are (`super::format`).
    pub fn parse_json(text: &str) -> Result<SampleSet, StudyError> {
        /// The fields after `kind` and `version`, which the document's head has told.
        #[derive(Deserialize)]
        struct Raw<'a> {
            digest: String,
            #[serde(borrow)]
            definition: &'a RawValue,
            #[serde(default)]
            shard: Option<ShardSpec>,
            samples: Vec<UnitSample>,
        }
        let head = read_head(text)
            .map_err(|e| StudyError::Format(format!("not a samples file: {e}")))?
            .unwrap_or_default();
        if head.kind() != Some("samples") {
            return Err(StudyError::Format(
                "not a samples file (expected \"kind\": \"samples\", as written by --shard)".into(),
            ));
        }
        match head.version.as_ref().and_then(Value::as_u64) {
            Some(1) => {}
            other => {
                return Err(StudyError::Format(format!(
                    "samples version {} is not one this Quota Lab reads (1)",
                    other.map_or("missing".into(), |v| v.to_string())
                )))
            }
        }
        let raw: Raw = read_typed(text).map_err(|e| StudyError::Format(e.to_string()))?;
        let definition = Definition::parse_text(raw.definition.get())?;
        if raw.digest != definition.digest() {
            return Err(StudyError::Mismatch(format!("the digest {} does not match the definition in the same file ({}); the file was edited or written by another version", raw.digest, definition.digest())));
        }
        Ok(SampleSet::new(definition, raw.shard, raw.samples))
    }
}

/// Joins the parts of one study or sweep into the complete set; refuses parts of different
/// definitions, and missing or repeated units.
pub fn merge(parts: Vec<SampleSet>) -> Result<SampleSet, StudyError> {
    let Some(first) = parts.first() else {
        return Err(StudyError::Coverage("nothing to merge".into()));
    };
    let definition = first.definition.clone();
    let digest = first.digest.clone();
    if let Some((i, other)) = parts.iter().enumerate().find(|(_, p)| p.digest != digest) {
        return Err(StudyError::Mismatch(format!("part {} is of a different study or sweep (digest {}) than part 1 (digest {digest}); merge only the shards of one run", i + 1, other.digest)));
    }
    let samples: Vec<UnitSample> = parts.into_iter().flat_map(|p| p.samples).collect();
    let groups = definition.scenarios()?.len();
    check_complete(&definition.units(), &samples, groups)?;
    Ok(SampleSet::new(definition, None, samples))
}
