//! The messages between the page and a worker for one start of an advisor search
//! (docs/ADVISOR.md, "The method, and why"): the plan and the start's number in, the engine's
//! [`StartOutcome`] back. A start is the unit a search shards into on the command line, so the
//! browser runs exactly what `quotalab advise --shard` runs, and `AdvicePlan::summarize` turns the
//! outcomes into the same advice.
//!
//! A request is told apart from the other kinds the worker serves by its leading
//! `"kind":"advise_start"`, as study samples are by theirs (`study::protocol`).

use crate::study::protocol::serve_unit;
use quotalab_engine::study::advise::{AdvicePlan, Sequential, StartOutcome};
use quotalab_engine::study::Unit;
use serde::{Deserialize, Serialize};

/// What every advise request starts with, so the worker can route it without parsing it twice.
const REQUEST_PREFIX: &str = r#"{"kind":"advise_start","#;

/// Run start `unit.index` of `plan`. `batch` names the search it belongs to, so the page can
/// drop replies from a search it has cancelled.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StartRequest {
    /// Always `"advise_start"`; must stay the first field (see [`REQUEST_PREFIX`]).
    pub kind: StartKind,
    pub batch: u64,
    pub unit: Unit,
    pub plan: AdvicePlan,
}

/// The `"kind"` of an advise request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartKind {
    AdviseStart,
}

/// A worker's answer to a [`StartRequest`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StartReply {
    StartDone {
        batch: u64,
        outcome: Box<StartOutcome>,
    },
    StartFailed {
        batch: u64,
        message: String,
    },
}

impl StartRequest {
    pub fn new(batch: u64, unit: Unit, plan: AdvicePlan) -> StartRequest {
        StartRequest {
            kind: StartKind::AdviseStart,
            batch,
            unit,
            plan,
        }
    }

    pub fn encode(&self) -> String {
        serde_json::to_string(self).expect("a request always serialises")
    }
}

/// A reply to an advise request; `None` for any other message.
pub fn decode_start_reply(text: &str) -> Option<StartReply> {
    serde_json::from_str(text).ok()
}

/// The worker's side: the reply to `message` if it is an advise request, `None` if it is not.
/// The plan is validated again here, because a message is input like any other; the engine runs
/// the start in this thread (a worker is one thread).
pub fn serve_start(message: &str) -> Option<String> {
    let failed = |err| StartReply::StartFailed {
        batch: 0,
        message: format!("bad advise request: {err}"),
    };
    serve_unit(message, REQUEST_PREFIX, failed, |request: StartRequest| {
        let report = request.plan.validate();
        match report.errors.first() {
            Some(error) => StartReply::StartFailed {
                batch: request.batch,
                message: error.to_string(),
            },
            None if request.unit.index >= request.plan.starts() as usize => {
                StartReply::StartFailed {
                    batch: request.batch,
                    message: format!(
                        "start {} is not part of a search of {} starts",
                        request.unit.index + 1,
                        request.plan.starts()
                    ),
                }
            }
            None => StartReply::StartDone {
                batch: request.batch,
                outcome: Box::new(
                    request
                        .plan
                        .run(std::slice::from_ref(&request.unit), &Sequential)
                        .remove(0),
                ),
            },
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use quotalab_engine::study::advise::{advise, AdviseSpec};
    use quotalab_engine::Scenario;

    /// A small search on the default scenario: one target, few simulations.
    fn plan() -> AdvicePlan {
        let scenario =
            Scenario::from_json(crate::state::DEFAULT_SCENARIO).expect("default is valid");
        let share = scenario.quota_shares[0].name.clone();
        let mut spec = AdviseSpec::new(vec![format!("{share}:completion_p90_h<=48")]);
        spec.starts = Some(2);
        spec.max_simulations = Some(60);
        let mut plan = AdvicePlan::new(scenario, spec);
        plan.seeds = 3;
        plan
    }

    #[test]
    fn starts_served_one_by_one_summarise_to_the_engine_advice() {
        let plan = plan();
        let outcomes: Vec<StartOutcome> = plan
            .units()
            .into_iter()
            .map(|unit| {
                let reply = serve_start(&StartRequest::new(5, unit, plan.clone()).encode())
                    .expect("an advise request");
                match decode_start_reply(&reply) {
                    Some(StartReply::StartDone { batch: 5, outcome }) => *outcome,
                    other => panic!("unexpected reply {other:?}"),
                }
            })
            .collect();
        let served = plan.summarize(&outcomes).expect("every start answered");
        let direct = advise(&plan, &Sequential).expect("the engine's own search");
        assert_eq!(served.to_json_pretty(), direct.to_json_pretty());
    }

    #[test]
    fn other_messages_are_left_alone_and_a_bad_plan_fails_with_its_path() {
        assert_eq!(serve_start(r#"{"kind":"sample","batch":1}"#), None);
        let mut plan = plan();
        plan.advise.targets = vec!["nobody:cost<=1".into()];
        let unit = plan.units()[0];
        let reply = serve_start(&StartRequest::new(2, unit, plan).encode()).expect("routed");
        assert!(
            matches!(decode_start_reply(&reply), Some(StartReply::StartFailed { batch: 2, message }) if message.starts_with("advise.targets[0]")),
            "{reply}"
        );
    }
}
