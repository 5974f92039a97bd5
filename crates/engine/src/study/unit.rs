//! The vocabulary of a study's work: a unit (one run), its sample, the errors of splitting and
//! merging, and the check that samples cover the units exactly once. Comparisons, sweeps and
//! shards all speak it.
//!
//! A unit is one run: one variant (or sweep point) at one seed. Units are numbered group-major
//! (`index = group * K + seed_index`).

use super::sample::Sample;
use crate::diagnostic::Diagnostic;
use serde::{Deserialize, Serialize};

/// One run of a study or sweep.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Unit {
    /// Position in the full list of units (`variant_or_point * K + seed_index`).
    pub index: usize,
    /// The variant (compare) or sweep point (sweep).
    pub variant_or_point: usize,
    /// Which of the K seeds.
    pub seed_index: usize,
}

impl Unit {
    /// The error for a unit that does not belong to the work at hand.
    pub(super) fn foreign(&self) -> StudyError {
        StudyError::Coverage(format!(
            "unit {} (variant or point {}, seed {}) is not part of this study",
            self.index, self.variant_or_point, self.seed_index
        ))
    }
}

/// A run's sample, labelled with its unit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnitSample {
    /// Which run.
    pub unit: Unit,
    /// What it produced.
    pub sample: Sample,
}

/// Why a study's work could not be split, merged or summarised.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum StudyError {
    /// A bad `--shard`.
    #[error("--shard: {0}")]
    Shard(String),
    /// The samples do not cover the units exactly once.
    #[error("{0}")]
    Coverage(String),
    /// Parts of different studies or sweeps.
    #[error("{0}")]
    Mismatch(String),
    /// A samples document that cannot be read.
    #[error("{0}")]
    Format(String),
    /// A sweep value the scenario does not allow.
    #[error("{0}")]
    Parameter(Diagnostic),
}

/// `groups * k` units, group-major.
pub(super) fn units(groups: usize, k: u32) -> Vec<Unit> {
    let k = k as usize;
    (0..groups * k)
        .map(|index| Unit {
            index,
            variant_or_point: index / k,
            seed_index: index % k,
        })
        .collect()
}

/// The samples of `expected`, arranged `[group][seed_index]`; an error names the first missing
/// or repeated unit.
pub(super) fn check_complete<'s>(
    expected: &[Unit],
    samples: &'s [UnitSample],
    groups: usize,
) -> Result<Vec<Vec<&'s UnitSample>>, StudyError> {
    let mut slots: Vec<Option<&UnitSample>> = vec![None; expected.len()];
    for s in samples {
        let slot = slots
            .get_mut(s.unit.index)
            .filter(|_| expected.get(s.unit.index) == Some(&s.unit))
            .ok_or_else(|| s.unit.foreign())?;
        if slot.replace(s).is_some() {
            return Err(StudyError::Coverage(format!(
                "unit {} (variant or point {}, seed {}) appears twice; was a shard merged twice?",
                s.unit.index, s.unit.variant_or_point, s.unit.seed_index
            )));
        }
    }
    let missing: Vec<usize> = slots
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_none())
        .map(|(i, _)| i)
        .collect();
    if let Some(first) = missing.first() {
        return Err(StudyError::Coverage(format!(
            "{} of {} units are missing (the first is unit {first}); is a shard missing?",
            missing.len(),
            expected.len()
        )));
    }
    let mut grid: Vec<Vec<&UnitSample>> = vec![Vec::new(); groups];
    for s in slots.into_iter().flatten() {
        grid[s.unit.variant_or_point].push(s);
    }
    Ok(grid)
}
