//! The messages between the page and a worker for one unit of a study: one scenario, one seed,
//! one small `Sample` back (docs/STUDY.md). The simulation worker also serves single runs
//! (`results::protocol`); a study request is told apart by its leading `"kind":"sample"`.
//!
//! A unit's reply carries only the [`UnitSample`] the statistics need, not the whole result, so
//! hundreds of runs cost the page a few kilobytes each.

use quotalab_engine::study::{run_sample, Unit, UnitSample};
use quotalab_engine::Scenario;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// What every study request starts with, so the worker can route it without parsing it twice.
const REQUEST_PREFIX: &str = r#"{"kind":"sample","#;

/// Run `unit`: `scenario` (JSON) with `seed`. `batch` names the study run it belongs to, so the
/// page can drop replies from a run it has cancelled.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SampleRequest {
    /// Always `"sample"`; must stay the first field (see [`REQUEST_PREFIX`]).
    pub kind: SampleKind,
    pub batch: u64,
    pub unit: Unit,
    pub seed: u64,
    pub scenario: String,
}

/// The `"kind"` of a study request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SampleKind {
    Sample,
}

/// A worker's answer to a [`SampleRequest`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SampleReply {
    SampleDone { batch: u64, sample: UnitSample },
    SampleFailed { batch: u64, message: String },
}

impl SampleRequest {
    pub fn new(batch: u64, unit: Unit, seed: u64, scenario: String) -> SampleRequest {
        SampleRequest {
            kind: SampleKind::Sample,
            batch,
            unit,
            seed,
            scenario,
        }
    }

    pub fn encode(&self) -> String {
        serde_json::to_string(self).expect("a request always serialises")
    }
}

/// A reply to a study request; `None` for any other message (the worker's `Ready`, say).
pub fn decode_reply(text: &str) -> Option<SampleReply> {
    serde_json::from_str(text).ok()
}

/// The worker's side: the reply to `message` if it is a study request, `None` if it is not (then
/// it is a single run for `results::protocol::serve`). The scenario is validated again here,
/// because a message is input like any other.
pub fn serve_sample(message: &str) -> Option<String> {
    let failed = |err| SampleReply::SampleFailed {
        batch: 0,
        message: format!("bad study request: {err}"),
    };
    serve_unit(
        message,
        REQUEST_PREFIX,
        failed,
        |request: SampleRequest| match Scenario::from_json(&request.scenario) {
            Err(err) => SampleReply::SampleFailed {
                batch: request.batch,
                message: err.to_string(),
            },
            Ok(scenario) => SampleReply::SampleDone {
                batch: request.batch,
                sample: UnitSample {
                    unit: request.unit,
                    sample: run_sample(&scenario, request.seed),
                },
            },
        },
    )
}

/// The worker's side of one kind of pool request (a study's sample, an advisor's start, a
/// report's section): `None` unless `message` starts with that kind's `prefix`; otherwise the
/// reply, `answer`'s to a request that reads as `Q`, or `failed`'s with the parse error to one
/// that does not, since a message is input like any other.
pub fn serve_unit<Q: DeserializeOwned, A: Serialize>(
    message: &str,
    prefix: &str,
    failed: impl FnOnce(serde_json::Error) -> A,
    answer: impl FnOnce(Q) -> A,
) -> Option<String> {
    if !message.starts_with(prefix) {
        return None;
    }
    let reply = match serde_json::from_str::<Q>(message) {
        Err(err) => failed(err),
        Ok(request) => answer(request),
    };
    Some(serde_json::to_string(&reply).expect("a reply always serialises"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::DEFAULT_SCENARIO;

    fn unit() -> Unit {
        Unit {
            index: 3,
            variant_or_point: 1,
            seed_index: 1,
        }
    }

    #[test]
    fn a_unit_served_equals_the_engine_run_directly() {
        let scenario = Scenario::from_json(DEFAULT_SCENARIO).expect("default is valid");
        let request = SampleRequest::new(9, unit(), 42, DEFAULT_SCENARIO.to_string());
        let reply = serve_sample(&request.encode()).expect("a study request");
        let expected = SampleReply::SampleDone {
            batch: 9,
            sample: UnitSample {
                unit: unit(),
                sample: run_sample(&scenario, 42),
            },
        };
        assert_eq!(decode_reply(&reply), Some(expected));
    }

    #[test]
    fn other_messages_are_left_to_the_single_run_protocol() {
        assert_eq!(
            serve_sample(r#"{"run":1,"progress_every":0,"scenario":"{}"}"#),
            None
        );
        assert_eq!(decode_reply(r#"{"kind":"ready"}"#), None);
    }

    #[test]
    fn a_bad_scenario_fails_with_the_engine_message() {
        let request = SampleRequest::new(2, unit(), 1, r#"{"version":1}"#.into());
        let reply = decode_reply(&serve_sample(&request.encode()).expect("routed"));
        assert!(
            matches!(&reply, Some(SampleReply::SampleFailed { batch: 2, message }) if message.contains("name")),
            "{reply:?}"
        );
    }
}
