//! One job's whole record on request, when its story is opened: the page has only the job
//! columns (`quotalab_engine::result::columns`), and the story tells every attempt, what was
//! skipped and why, so the worker sends that job's `JobResult` from the result it holds
//! ([`super::held`]), as the engine's own JSON.

use crate::results::protocol::{encode_reply, held, Header, Post};
use quotalab_engine::Events;
use serde::{Deserialize, Serialize};

/// What every story request starts with, so the worker can route it without parsing it.
const STORY_PREFIX: &str = r#"{"kind":"story","#;

/// Send job `job` (its index in the result) of run `run`, whose scenario (JSON) was `scenario`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoryRequest {
    /// Always `"story"`; must stay the first field (see [`STORY_PREFIX`]).
    pub kind: StoryKind,
    pub run: u64,
    pub job: usize,
    /// Run again if the worker no longer holds that run's result (see [`held`]).
    pub scenario: String,
}

/// The `"kind"` of a story request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StoryKind {
    Story,
}

impl StoryRequest {
    pub fn encode(run: u64, job: usize, scenario: &str) -> String {
        serde_json::to_string(&StoryRequest {
            kind: StoryKind::Story,
            run,
            job,
            scenario: scenario.to_owned(),
        })
        .expect("a request always serialises")
    }
}

/// Handles `message` if it is a story request: sends the job through `send` and returns true;
/// returns false for any other message.
pub fn serve_story(message: &str, send: &mut Post<'_>) -> bool {
    if !message.starts_with(STORY_PREFIX) {
        return false;
    }
    let (run, reply) = match serde_json::from_str::<StoryRequest>(message) {
        Ok(request) => (request.run, story(&request)),
        Err(err) => (0, Err(format!("bad request: {err}"))),
    };
    match reply {
        Ok(reply) => send(&[&reply]),
        Err(message) => send(&[&encode_reply(&Header::Failed { run, message }, None)]),
    }
    true
}

fn story(request: &StoryRequest) -> Result<Vec<u8>, String> {
    let job = held::with_result(request.run, &request.scenario, Events::LeftOut, |result| {
        result
            .jobs
            .get(request.job)
            .map(|job| serde_json::to_vec(job).expect("a job always serialises"))
    })?
    .ok_or_else(|| format!("the run has no job {}", request.job + 1))?;
    let header = Header::Story {
        run: request.run,
        job: request.job,
    };
    Ok(encode_reply(&header, Some(&job)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::protocol::decode_reply;
    use crate::state::DEFAULT_SCENARIO;
    use quotalab_engine::result::JobResult;
    use quotalab_engine::{simulate, Scenario};

    fn ask(message: &str) -> (Header, Vec<u8>) {
        let mut replies = Vec::new();
        assert!(serve_story(message, &mut |parts| replies.push(parts.concat())));
        assert_eq!(replies.len(), 1);
        let reply = decode_reply(&replies[0]).expect("a reply");
        let body = reply.body().into_owned();
        (reply.header, body)
    }

    #[test]
    fn a_story_is_the_engine_job_of_that_run() {
        let scenario = Scenario::from_json(DEFAULT_SCENARIO).expect("default is valid");
        let expected = simulate(&scenario).jobs.swap_remove(3);
        let (header, body) = ask(&StoryRequest::encode(9, 3, DEFAULT_SCENARIO));
        assert_eq!(header, Header::Story { run: 9, job: 3 });
        let job: JobResult = serde_json::from_slice(&body).expect("a job");
        assert_eq!(job, expected);
    }

    #[test]
    fn a_job_past_the_end_is_a_failure_not_a_panic() {
        let (header, _) = ask(&StoryRequest::encode(2, 1_000_000, DEFAULT_SCENARIO));
        assert!(
            matches!(&header, Header::Failed { run: 2, message } if message.contains("no job")),
            "{header:?}"
        );
        assert!(!serve_story(r#"{"kind":"full","run":1}"#, &mut |_| {}));
    }
}
