//! Runs a study need not make. A variant or sweep point whose scenario draws nothing at random
//! ([`Scenario::draws_at_random`]: no job mixes, no spot interruptions; an imported trace, say)
//! gives the same sample at every seed but for the seed it reports. So the first of its units
//! runs, and that sample stands in for the others, each with its own unit and seed: the samples,
//! the shards' files and the summary are the bytes K runs would give, for one run's work
//! (docs/STUDY.md, "A scenario that draws nothing at random").
//!
//! The CLI, its shards and the app's worker pool all ask [`Definition::runs_to_make`] what to run
//! and hand what ran to [`Definition::with_stand_ins`], so none of them decides this itself.

use super::shard::Definition;
use super::unit::{StudyError, Unit, UnitSample};
use crate::scenario::Scenario;

impl Definition {
    /// The units of `units` that must run: every unit of a group whose scenario draws at
    /// random, and the first unit in `units` of each other group.
    pub fn runs_to_make(&self, units: &[Unit]) -> Result<Vec<Unit>, StudyError> {
        let random = self.draws_at_random()?;
        let mut seen = vec![false; random.len()];
        Ok(units
            .iter()
            .filter(|u| match random.get(u.variant_or_point) {
                Some(false) => !std::mem::replace(&mut seen[u.variant_or_point], true),
                _ => true,
            })
            .copied()
            .collect())
    }

    /// The samples of `units`: those in `ran`, and for each unit `ran` lacks whose group draws
    /// nothing at random, its group's sample from `ran` under the unit's own seed; in unit order.
    /// A unit with neither stays missing, for the summary's coverage check to name.
    pub fn with_stand_ins(
        &self,
        units: &[Unit],
        mut ran: Vec<UnitSample>,
    ) -> Result<Vec<UnitSample>, StudyError> {
        let random = self.draws_at_random()?;
        let seeds = self.seeds();
        let mut first_of_group: Vec<Option<usize>> = vec![None; random.len()];
        for (at, s) in ran.iter().enumerate() {
            if let Some(slot) = first_of_group.get_mut(s.unit.variant_or_point) {
                slot.get_or_insert(at);
            }
        }
        let mut has_sample = vec![false; units.iter().map(|u| u.index + 1).max().unwrap_or(0)];
        for s in &ran {
            if let Some(has) = has_sample.get_mut(s.unit.index) {
                *has = true;
            }
        }
        let stand_ins: Vec<UnitSample> = units
            .iter()
            .filter(|u| !has_sample[u.index] && random.get(u.variant_or_point) == Some(&false))
            .filter_map(|&unit| {
                let source = &ran[first_of_group[unit.variant_or_point]?];
                let mut sample = source.sample.clone();
                sample.seed = *seeds.get(unit.seed_index)?;
                Some(UnitSample { unit, sample })
            })
            .collect();
        ran.extend(stand_ins);
        ran.sort_by_key(|s| s.unit.index);
        Ok(ran)
    }

    /// Per group, whether its scenario draws at random.
    fn draws_at_random(&self) -> Result<Vec<bool>, StudyError> {
        Ok(self
            .scenarios()?
            .iter()
            .map(Scenario::draws_at_random)
            .collect())
    }
}
