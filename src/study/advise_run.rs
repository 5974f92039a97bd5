//! An advisor search as a study run (`run::Work`): one unit per start of the local search
//! (`AdvicePlan::units`), each run whole in a worker (`advise_protocol`), and the advice from
//! every start's outcome by the engine's `AdvicePlan::summarize`, as `quotalab advise` does.

use crate::study::advise_protocol::{decode_start_reply, StartReply, StartRequest};
use crate::study::run::{Run, Work};
use quotalab_engine::study::advise::{Advice, AdvicePlan, StartOutcome};
use quotalab_engine::study::Unit;

/// A finished search: the advice and the digest of the plan it answers.
#[derive(Debug, Clone, PartialEq)]
pub struct Advised {
    pub digest: String,
    pub advice: Advice,
}

/// The advise view's run.
pub type AdviseRun = Run<AdvicePlan>;

impl Work for AdvicePlan {
    type Item = StartOutcome;
    type Done = Advised;

    fn requests(&self, batch: u64) -> Result<Vec<(Unit, String)>, String> {
        Ok(self
            .units()
            .into_iter()
            .map(|u| (u, StartRequest::new(batch, u, self.clone()).encode()))
            .collect())
    }

    fn decode(text: &str, batch: u64) -> Option<Result<StartOutcome, String>> {
        match decode_start_reply(text)? {
            StartReply::StartDone { batch: b, outcome } if b == batch => Some(Ok(*outcome)),
            StartReply::StartFailed { batch: b, message } if b == batch => Some(Err(message)),
            // A reply from an older search.
            _ => None,
        }
    }

    /// "Start 2 of 4 of the search failed: …".
    fn failure(unit: Unit, total: usize, message: &str) -> String {
        format!(
            "start {} of {total} of the search failed: {message}",
            unit.index + 1
        )
    }

    fn digest(&self) -> String {
        AdvicePlan::digest(self)
    }

    fn summarize(&self, outcomes: &[StartOutcome]) -> Result<Advised, String> {
        Ok(Advised {
            digest: AdvicePlan::digest(self),
            advice: AdvicePlan::summarize(self, outcomes).map_err(|e| e.to_string())?,
        })
    }

    fn progress(done: usize, total: usize) -> String {
        format!("{done} of {total} starts of the search done")
    }

    fn count(units: usize) -> String {
        format!("{units} starts of the search")
    }
}
