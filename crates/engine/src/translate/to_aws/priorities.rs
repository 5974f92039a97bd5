//! Kueue priorities (any 32-bit integer) as AWS scheduling priorities (0 to 9999), keeping their
//! order (docs/KUEUE-TRANSLATION.md, "Priorities"): unchanged when all are in range; shifted so
//! the lowest is 0 when they span at most 9999; else each distinct value becomes its rank, spread
//! over 0 to 9999 when there are more than 10,000 of them.

use super::super::notes::Notes;
use crate::scenario::Scenario;
use crate::validate::MAX_PRIORITY;
use std::collections::BTreeMap;

/// How the priorities of one scenario map.
pub(super) enum Priorities {
    Same,
    Shift(i64),
    Rank(BTreeMap<i32, i32>),
}

impl Priorities {
    pub fn of(k: &Scenario, notes: &mut Notes) -> Priorities {
        let mut values: Vec<i32> = k.jobs.iter().map(|j| j.priority).collect();
        values.extend(k.job_mixes.iter().map(|m| m.template.priority));
        values.extend(
            k.actions
                .iter()
                .filter_map(|a| a.set_priority.as_ref().map(|p| p.priority)),
        );
        values.sort_unstable();
        values.dedup();
        let (Some(&lo), Some(&hi)) = (values.first(), values.last()) else {
            return Priorities::Same;
        };
        let top = i64::from(MAX_PRIORITY);
        if lo >= 0 && i64::from(hi) <= top {
            return Priorities::Same;
        }
        if i64::from(hi) - i64::from(lo) <= top {
            notes.approximated("jobs[*].priority", format!("Kueue priorities {lo} to {hi} are outside AWS's 0 to {MAX_PRIORITY}: each is shifted by {}, keeping their order and gaps", -i64::from(lo)));
            return Priorities::Shift(-i64::from(lo));
        }
        let n = values.len();
        let rank = |r: usize| -> i32 {
            if n as i64 <= top + 1 {
                r as i32
            } else {
                (r as i64 * top / (n as i64 - 1)) as i32
            }
        };
        notes.approximated("jobs[*].priority", format!("Kueue priorities {lo} to {hi} ({n} distinct values) span more than AWS's 0 to {MAX_PRIORITY}: each becomes its rank{}, keeping their order", if n as i64 > top + 1 { " spread over 0 to 9999 (some become equal)" } else { "" }));
        Priorities::Rank(
            values
                .iter()
                .enumerate()
                .map(|(r, &v)| (v, rank(r)))
                .collect(),
        )
    }

    /// The AWS priority of Kueue priority `p`.
    pub fn get(&self, p: i32) -> i32 {
        match self {
            Priorities::Same => p,
            Priorities::Shift(by) => (i64::from(p) + by).clamp(0, i64::from(MAX_PRIORITY)) as i32,
            Priorities::Rank(map) => map.get(&p).copied().unwrap_or(0),
        }
    }
}
