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
//! The `Done` reply carries what the page draws: the result without its event list
//! (`quotalab_engine::result::view`). The whole document comes only on request, in pieces
//! ([`full`]).
//!
//! [`serve`] is everything the worker does; it lives here, not in the worker binary, so that a
//! browser test can run the very same code and compare it with calling the engine directly.

pub mod full;
pub mod panics;

use quotalab_engine::result::view::write_drawn;
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
    /// Makes the worker fail on purpose; only the e2e tests ask for it (`session::fault`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fault: Option<Fault>,
}

/// A failure the worker stages on purpose, so the tests can check that every way a worker can
/// fail ends the run with a message (docs/ARCHITECTURE.md, "When the worker fails"). Harmless in
/// production: nothing sets it unless the page's URL asks for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fault {
    /// A Rust panic inside the run, as the capacity overflow of a too large result was.
    Panic,
    /// A JavaScript exception thrown out of the worker's message handler.
    Throw,
}

impl Fault {
    /// Fails as asked; never returns.
    fn stage(self) -> ! {
        match self {
            Fault::Panic => panic!("test fault: the engine panicked on purpose"),
            Fault::Throw => wasm_bindgen::throw_str("test fault: the worker threw on purpose"),
        }
    }
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
        /// The worker's wasm memory after the run: its peak, since wasm memory never shrinks.
        #[serde(default)]
        memory_bytes: u64,
    },
    Failed {
        run: u64,
        message: String,
    },
    /// A piece of run `run`'s whole result document follows the header ([`full`]); `last` ends
    /// it.
    Chunk {
        run: u64,
        last: bool,
    },
    /// The worker panicked (posted by its panic hook, so without a run number): whatever it was
    /// running is lost, and the worker is unusable.
    Crashed {
        message: String,
    },
}

/// A decoded reply: the header and, for `Done`, the drawn result's JSON (for `Chunk`, the
/// piece).
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub header: Header,
    pub result_json: Option<String>,
}

/// The size of this wasm instance's memory in bytes (its peak: wasm memory only grows); 0
/// natively.
pub fn wasm_memory_bytes() -> u64 {
    #[cfg(target_arch = "wasm32")]
    return core::arch::wasm32::memory_size(0) as u64 * 65_536;
    #[cfg(not(target_arch = "wasm32"))]
    return 0;
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
    Reply::from_text(text.to_owned())
}

impl Reply {
    /// Decodes a reply, keeping the result in `text`'s own buffer: at a million jobs the drawn
    /// result is hundreds of megabytes, not worth a copy.
    pub fn from_text(mut text: String) -> Option<Reply> {
        let Some(newline) = text.find('\n') else {
            let header = serde_json::from_str(&text).ok()?;
            return Some(Reply {
                header,
                result_json: None,
            });
        };
        let header = serde_json::from_str(&text[..newline]).ok()?;
        text.drain(..=newline);
        Some(Reply {
            header,
            result_json: Some(text),
        })
    }
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
    if let Some(fault) = request.fault {
        fault.stage();
    }
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
        Some(mut result) => {
            let header = Header::Done {
                run,
                elapsed_ms,
                memory_bytes: wasm_memory_bytes(),
            };
            let mut reply = encode_reply(&header, Some("")).into_bytes();
            write_drawn(&mut result, &mut reply).expect("writing to memory cannot fail");
            full::remember(run, result);
            send(String::from_utf8(reply).expect("serde_json writes UTF-8"));
        }
        None => send(encode_reply(
            &Header::Failed {
                run,
                message: "the run stopped".into(),
            },
            None,
        )),
    }
}
