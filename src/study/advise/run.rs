//! An advisor search as a study run (`run::Work`): one unit per start of the local search
//! (`AdvicePlan::units`), each run whole in a worker (`Request::AdviseStart`), and the advice
//! from every start's outcome by the engine's `AdvicePlan::summarize`, as `quotalab advise` does.
//! A start is the unit a search shards into on the command line, so the browser runs exactly
//! what `quotalab advise --shard` runs.

use crate::study::run::{Run, Work};
use crate::worker::carried::Carried;
use crate::worker::messages::{Reply, Request};
use quotalab_engine::json_text;
use quotalab_engine::study::advise::{Advice, AdvicePlan, StartOutcome};
use quotalab_engine::study::{StudyError, Unit};

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
    type Error = StudyError;

    fn requests(&self) -> Result<Vec<(Unit, Request)>, StudyError> {
        // One JSON shared by every start's request.
        let plan = Carried::from(json_text::compact(self));
        Ok(self
            .units()
            .into_iter()
            .map(|unit| {
                let plan = plan.clone();
                (unit, Request::AdviseStart { unit, plan })
            })
            .collect())
    }

    fn item(reply: Reply) -> Option<StartOutcome> {
        match reply {
            Reply::AdviseStart(outcome) => Some(*outcome),
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

    fn summarize(&self, digest: String, outcomes: &[StartOutcome]) -> Result<Advised, StudyError> {
        Ok(Advised {
            digest,
            advice: AdvicePlan::summarize(self, outcomes)?,
        })
    }

    fn progress(done: usize, total: usize) -> String {
        format!("{done} of {total} starts of the search done")
    }

    fn count(units: usize) -> String {
        format!("{units} starts of the search")
    }
}
