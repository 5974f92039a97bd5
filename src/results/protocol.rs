//! The messages between the page and the simulation worker, and the worker's side of them.
//!
//! A request carries the scenario as JSON; replies carry progress and, at the end, the engine's
//! result JSON. A request travels as a string; the worker posts replies as their UTF-8 bytes in a
//! transferred buffer, so the result is never converted to UTF-16 and back. A reply is a one-line
//! JSON header, and for a finished run a newline and then the result bytes exactly as
//! `SimResult::to_json` wrote them: the result is not wrapped in another JSON string, so it is
//! neither escaped nor re-encoded, and what the app exports is byte for byte what the engine
//! produced.
//!
//! [`serve`] is everything the worker does; it lives here, not in the worker binary, so that a
//! browser test can run the very same code and compare it with calling the engine directly.

use quotalab_engine::{simulate_with_progress, Scenario};
use serde::{Deserialize, Serialize};

/// Run a scenario. `run` is the page's sequence number; every reply echoes it, so the page can
/// drop replies to runs it no longer wants.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub run: u64,
    /// Report progress every this many events (0: never).
    pub progress_every: u64,
    pub scenario: String,
}

/// A reply's header. `Done`'s result follows the header (see the module docs).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Header {
    /// The worker has loaded and listens; requests sent before this would be lost.
    Ready,
    Progress {
        run: u64,
        events: u64,
        now_h: f64,
        jobs_ended: u64,
        jobs: u64,
    },
    Done {
        run: u64,
        elapsed_ms: f64,
    },
    Failed {
        run: u64,
        message: String,
    },
}

/// A decoded reply: the header and, for `Done`, the result JSON.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub header: Header,
    pub result_json: Option<String>,
}

/// Encodes a request for `postMessage`.
pub fn encode_request(request: &Request) -> String {
    serde_json::to_string(request).expect("a request always serialises")
}

/// Encodes a reply for `postMessage`.
pub fn encode_reply(header: &Header, result_json: Option<&str>) -> String {
    let mut text = serde_json::to_string(header).expect("a header always serialises");
    if let Some(json) = result_json {
        text.push('\n');
        text.push_str(json);
    }
    text
}

/// Decodes a reply; `None` for a message that is not one.
pub fn decode_reply(text: &str) -> Option<Reply> {
    let (head, rest) = match text.split_once('\n') {
        Some((head, rest)) => (head, Some(rest.to_owned())),
        None => (text, None),
    };
    let header = serde_json::from_str(head).ok()?;
    Some(Reply {
        header,
        result_json: rest,
    })
}

/// Handles one request message: runs the scenario and sends progress and the result through
/// `send`. The scenario is validated again here because a message is input like any other.
pub fn serve(message: &str, now_ms: &dyn Fn() -> f64, send: &mut dyn FnMut(String)) {
    let request: Request = match serde_json::from_str(message) {
        Ok(request) => request,
        Err(err) => {
            send(encode_reply(
                &Header::Failed {
                    run: 0,
                    message: format!("bad request: {err}"),
                },
                None,
            ));
            return;
        }
    };
    let run = request.run;
    let scenario = match Scenario::from_json(&request.scenario) {
        Ok(scenario) => scenario,
        Err(err) => {
            send(encode_reply(
                &Header::Failed {
                    run,
                    message: err.to_string(),
                },
                None,
            ));
            return;
        }
    };
    let started = now_ms();
    let mut report = |p: quotalab_engine::Progress| {
        let header = Header::Progress {
            run,
            events: p.events,
            now_h: p.now_h,
            jobs_ended: p.jobs_ended,
            jobs: p.jobs,
        };
        send(encode_reply(&header, None));
        true
    };
    // Cancelling is done by terminating the worker, so the callback never stops the run.
    let result = simulate_with_progress(&scenario, request.progress_every, &mut report);
    let elapsed_ms = now_ms() - started;
    match result {
        Some(result) => send(encode_reply(
            &Header::Done { run, elapsed_ms },
            Some(&result.to_json()),
        )),
        None => send(encode_reply(
            &Header::Failed {
                run,
                message: "the run stopped".into(),
            },
            None,
        )),
    }
}
