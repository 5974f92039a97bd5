//! The outcomes of some starts of a search (`quotalab advise --shard i/N`), and joining them.
//!
//! Like a sweep's samples file (docs/STUDY.md, "Sharding on a batch system"), a parts file
//! carries its plan and the plan's digest, so `quotalab merge` refuses parts of different
//! searches and rebuilds the advice from the parts alone. Shard `i/N` runs the starts whose
//! number is `i` modulo `N`.

use super::search::StartOutcome;
use super::{Advice, AdvicePlan};
use crate::study::{ShardSpec, StudyError};
use serde::{Deserialize, Serialize};

/// The `kind` of a parts file.
pub const PARTS_KIND: &str = "advice_parts";

/// Some starts' outcomes, with the search they belong to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdviceParts {
    /// Always [`PARTS_KIND`].
    pub kind: String,
    /// Format version, 1.
    pub version: u32,
    /// [`AdvicePlan::digest`] of `plan`.
    pub digest: String,
    /// The search.
    pub plan: AdvicePlan,
    /// Which shard; `None` for all starts.
    pub shard: Option<ShardSpec>,
    /// The outcomes, by start.
    pub outcomes: Vec<StartOutcome>,
}

impl AdviceParts {
    /// The parts of `plan` holding `outcomes` (sorted here).
    pub fn new(
        plan: AdvicePlan,
        shard: Option<ShardSpec>,
        mut outcomes: Vec<StartOutcome>,
    ) -> AdviceParts {
        outcomes.sort_by_key(|o| o.start);
        AdviceParts {
            kind: PARTS_KIND.into(),
            version: 1,
            digest: plan.digest(),
            plan,
            shard,
            outcomes,
        }
    }

    /// Compact JSON.
    pub fn to_json(&self) -> String {
        crate::json_text::compact(self)
    }

    /// Reads a parts file, checking its kind, version and digest.
    pub fn parse_json(text: &str) -> Result<AdviceParts, StudyError> {
        let parts: AdviceParts = serde_json::from_str(text)
            .map_err(|e| StudyError::Format(format!("not an advice parts file: {e}")))?;
        if parts.kind != PARTS_KIND || parts.version != 1 {
            return Err(StudyError::Format(format!(
                "not an advice parts file of version 1 (kind \"{}\", version {})",
                parts.kind, parts.version
            )));
        }
        if parts.digest != parts.plan.digest() {
            return Err(StudyError::Mismatch(format!("the digest {} does not match the plan in the same file ({}); the file was edited or written by another version", parts.digest, parts.plan.digest())));
        }
        Ok(parts)
    }
}

/// Whether `text` looks like a parts file (for `quotalab merge`, which reads both kinds).
pub fn is_parts(text: &str) -> bool {
    matches!(crate::format::read_head(text), Ok(Some(head)) if head.kind() == Some(PARTS_KIND))
}

/// The advice of the parts of one search; refuses parts of different searches and missing or
/// repeated starts.
pub fn merge_parts(parts: Vec<AdviceParts>) -> Result<Advice, StudyError> {
    let Some(first) = parts.first() else {
        return Err(StudyError::Coverage("nothing to merge".into()));
    };
    let plan = first.plan.clone();
    if let Some((i, other)) = parts
        .iter()
        .enumerate()
        .find(|(_, p)| p.digest != first.digest)
    {
        return Err(StudyError::Mismatch(format!("part {} is of a different search (digest {}) than part 1 (digest {}); merge only the shards of one run", i + 1, other.digest, first.digest)));
    }
    let outcomes: Vec<StartOutcome> = parts.into_iter().flat_map(|p| p.outcomes).collect();
    plan.summarize(&outcomes)
}
