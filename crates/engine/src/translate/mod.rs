//! The translation between the two forms an agreement can take (docs/KUEUE-TRANSLATION.md):
//! AWS quota shares (`quota_shares` with `capacity`, `spot` and `training_plans`) and Kueue
//! objects (`kueue`). [`to_kueue`] writes an AWS agreement as ResourceFlavors, one Cohort and a
//! ClusterQueue per share; [`to_aws`] writes Kueue objects as quota shares where AWS can express
//! them. Each direction says, field by field, what each part became: [`Note`]s that carry a JSON
//! path of the source scenario, whether it was carried, approximated or dropped, and what it
//! became in words with its numbers.
//!
//! A run whose rules differ from its agreement's form goes through [`for_rules`] (docs/FORMAT.md,
//! "Kueue"), so a study variant that only sets `"rules": "kueue"` runs the same agreement and
//! workload under Kueue's rules. Both directions are pure functions of the scenario: the same
//! scenario gives the same translation, byte for byte.

pub mod names;
mod notes;
mod resources;
mod to_aws;
mod to_kueue;

pub use to_aws::{placeholder_type, queue_shares, to_aws};
pub use to_kueue::{to_kueue, SINGLE_QUEUE, SPOT_TAINT_KEY};

use crate::scenario::{Rules, Scenario};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A scenario in the other form, and what became of each part of the source.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Translation {
    /// The translated scenario; its `rules` are the target form's.
    pub scenario: Scenario,
    /// What each part of the source became, in the order the translation met them.
    pub notes: Vec<Note>,
}

impl Translation {
    /// The notes of what the target form states approximately or not at all, as lines
    /// (`dropped: kueue.fair_sharing: ...`): what an export in the other form warns of.
    pub fn not_carried(&self) -> Vec<String> {
        self.lost().map(ToString::to_string).collect()
    }

    /// The notes of what the target form states approximately or not at all: what a comparison
    /// of the rule sets names, since a difference may be the translation's, not the rules'.
    pub fn lost(&self) -> impl Iterator<Item = &Note> {
        self.notes.iter().filter(|n| n.kind != NoteKind::Carried)
    }
}

/// What one part of the source scenario became.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Note {
    /// The JSON path in the source scenario, such as `quota_shares[1].borrow_limit`; a note about
    /// the same field of many jobs writes `[*]` for the index (`jobs[*].max_pending_h`).
    pub path: String,
    /// Whether the target form states it exactly, approximately, or not at all.
    pub kind: NoteKind,
    /// What it became, in words, with its numbers.
    pub text: String,
}

/// How faithfully a part of the source survives the translation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoteKind {
    /// The target states it exactly, in its own fields.
    Carried,
    /// The target states something close, and the note says how it differs.
    Approximated,
    /// The target has no counterpart; it is left out.
    Dropped,
}

impl NoteKind {
    /// The word written before a note (`carried`, `approximated`, `dropped`).
    pub fn as_str(self) -> &'static str {
        match self {
            NoteKind::Carried => "carried",
            NoteKind::Approximated => "approximated",
            NoteKind::Dropped => "dropped",
        }
    }
}

impl Note {
    /// The note as a run under `rules` says it of its translated agreement ("run under Kueue
    /// rules through the translation: dropped: ..."), in the result's notes and a comparison's.
    pub fn of_run_under(&self, rules: Rules) -> String {
        format!(
            "run under {} rules through the translation: {self}",
            rules.title()
        )
    }
}

impl fmt::Display for Note {
    /// `dropped: jobs[*].max_pending_h: ...`, the line the CLI prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}: {}", self.kind.as_str(), self.path, self.text)
    }
}

/// The form a scenario states its agreement in: Kueue objects when it has a `kueue` block,
/// AWS quota shares otherwise (docs/FORMAT.md, "Kueue").
pub fn agreement_form(scenario: &Scenario) -> Rules {
    if scenario.kueue.is_some() {
        Rules::Kueue
    } else {
        Rules::Aws
    }
}

/// The translation a run of `scenario` needs: to Kueue objects when it runs under Kueue's rules
/// with AWS shares, to AWS shares when it runs under AWS's rules with Kueue objects; `None` when
/// the agreement is already in the form of its rules.
pub fn for_rules(scenario: &Scenario) -> Option<Translation> {
    match (scenario.rules, agreement_form(scenario)) {
        (Rules::Kueue, Rules::Aws) => Some(to_kueue(scenario)),
        (Rules::Aws, Rules::Kueue) => Some(to_aws(scenario)),
        _ => None,
    }
}

/// The scenario with its agreement in the form of `rules`, and its rules set to them: what the
/// app's rules switch applies. Into the other form it is [`to_kueue`] or [`to_aws`]; into the form
/// it already has, the scenario unchanged but for its `rules`, with the one note that there was
/// nothing to translate.
pub fn to_rules(scenario: &Scenario, rules: Rules) -> Translation {
    match rules {
        Rules::Kueue => to_kueue(scenario),
        Rules::Aws => to_aws(scenario),
    }
}

/// The scenario as it is, under `rules`, with the one note that there was nothing to translate.
fn unchanged(scenario: &Scenario, rules: Rules) -> Translation {
    let mut scenario = scenario.clone();
    scenario.rules = rules;
    Translation {
        scenario,
        notes: vec![Note {
            path: "rules".to_string(),
            kind: NoteKind::Carried,
            text: format!(
                "the agreement is already in {}'s form; nothing to translate",
                rules.title()
            ),
        }],
    }
}

#[cfg(test)]
mod tests;
