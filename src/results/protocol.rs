//! The messages between the page and the simulation worker, and the worker's side of them.
//!
//! A request carries the scenario as JSON; replies carry progress and, at the end, what the page
//! draws. A request travels as a string; the worker posts replies as bytes in a transferred
//! buffer, so nothing is converted to UTF-16 and back. A reply is a one-line JSON header, and
//! for some a newline and then a body, not wrapped in another JSON string, so it is neither
//! escaped nor re-encoded.
//!
//! The `Done` reply's body is what the page draws (`quotalab_engine::result::view::Drawn`): the
//! summary JSON (`summary_bytes` long), then the job columns' bytes. A job's whole record comes
//! when its story is opened ([`story`]), and the whole document, byte for byte what the engine
//! wrote, only on request, in pieces ([`full`]); both from the result the worker keeps
//! ([`held`]).
//!
//! [`serve`] is everything the worker does with a run; it lives here, not in
//! `crate::simulation_worker`, so that a browser test can run the very same code and compare it
//! with calling the engine directly.

pub mod full;
pub mod held;
pub mod posted;
pub mod serving;
pub mod story;

use crate::results::charts::canvas::ALL_JOBS;
use posted::Posted;
use quotalab_engine::result::view::Drawn;
use quotalab_engine::{simulate_with_progress, Events, Scenario};
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
        /// How many bytes of the body are the summary JSON; the job columns follow.
        summary_bytes: u64,
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
    /// Job `job` of run `run`, the engine's `JobResult` as JSON, follows the header ([`story`]).
    Story {
        run: u64,
        job: usize,
    },
    /// The worker panicked (posted by its panic hook, so without a run number): whatever it was
    /// running is lost, and the worker is unusable.
    Crashed {
        message: String,
    },
}

/// A decoded reply: the header, and the message it came in, whose body (for `Done`, `Chunk` and
/// `Story`) follows the header's line and is read from the message where it lies ([`posted`]).
#[derive(Debug, Clone)]
pub struct Reply {
    pub header: Header,
    posted: Posted,
    /// Where the body starts: past the header's newline, or the message's end when it has none.
    body_from: usize,
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

/// Posts one reply, given as parts to be joined: a header and a large body need not be copied
/// into one buffer before the worker copies them out of wasm memory.
pub type Post<'a> = dyn FnMut(&[&[u8]]) + 'a;

/// Encodes a reply for `postMessage`.
pub fn encode_reply(header: &Header, body: Option<&[u8]>) -> Vec<u8> {
    let mut bytes = serde_json::to_vec(header).expect("a header always serialises");
    if let Some(body) = body {
        bytes.push(b'\n');
        bytes.extend_from_slice(body);
    }
    bytes
}

/// Decodes a reply; `None` for a message that is not one.
pub fn decode_reply(bytes: &[u8]) -> Option<Reply> {
    Reply::read(Posted::Copied(bytes.to_vec()))
}

impl Reply {
    /// Decodes a reply's header, leaving its body where it lies: at a million jobs the job
    /// columns are a hundred megabytes or more, not worth a copy.
    pub fn read(posted: Posted) -> Option<Reply> {
        let newline = posted.newline();
        let header_end = newline.unwrap_or(posted.len());
        let header = serde_json::from_slice(&posted.bytes(0..header_end)).ok()?;
        Some(Reply {
            header,
            body_from: newline.map_or(header_end, |n| n + 1),
            posted,
        })
    }

    /// The body (empty for a reply without one), copied into wasm memory when it was not there.
    pub fn body(&self) -> std::borrow::Cow<'_, [u8]> {
        self.posted.bytes(self.body_from..self.posted.len())
    }

    /// The drawn result of a `Done` reply: the summary is copied, the job columns are decoded
    /// from the message a column at a time.
    pub fn drawn(&self) -> Result<Drawn, String> {
        let Header::Done { summary_bytes, .. } = self.header else {
            return Err("not a finished run".into());
        };
        let summary_end = usize::try_from(summary_bytes)
            .ok()
            .and_then(|s| self.body_from.checked_add(s))
            .filter(|&end| end <= self.posted.len())
            .ok_or("the reply is shorter than its summary")?;
        let summary = self.posted.bytes(self.body_from..summary_end);
        let columns = self.posted.source(summary_end..self.posted.len());
        Drawn::read(&summary, columns).map_err(|err| err.to_string())
    }
}

/// Handles one request message: runs the scenario and sends progress and the result through
/// `send`. The scenario is validated again here because a message is input like any other.
pub fn serve(message: &str, now_ms: &dyn Fn() -> f64, send: &mut Post<'_>) {
    // The page has moved on from the run held; its stories would run it again (`held`). Let go
    // of it before anything of this request is allocated: allocations made while it is alive
    // sit above it, and its freed room, split by them, was then too small for this run's largest
    // buffers, so the second run at a million jobs grew the worker's memory by about 200 MB
    // (docs/PERFORMANCE.md, "The worker lets go of the held result first").
    held::forget();
    let request: Request = match serde_json::from_str(message) {
        Ok(request) => request,
        Err(err) => {
            send(&[&encode_reply(
                &Header::Failed {
                    run: 0,
                    message: format!("bad request: {err}"),
                },
                None,
            )]);
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
            send(&[&encode_reply(
                &Header::Failed {
                    run,
                    message: err.to_string(),
                },
                None,
            )]);
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
        send(&[&encode_reply(&header, None)]);
        true
    };
    // Cancelling is done by terminating the worker, so the callback never stops the run.
    // The page draws no event: the run leaves the event list out, and "Result JSON" runs again
    // with it (`held`, `full`).
    let result = simulate_with_progress(
        &scenario,
        Events::LeftOut,
        request.progress_every,
        &mut report,
    );
    let elapsed_ms = now_ms() - started;
    match result {
        Some(mut result) => {
            let mut body = Vec::new();
            let summary_bytes = Drawn::write(&mut result, ALL_JOBS, &mut body) as u64;
            held::remember(run, Events::LeftOut, result);
            let header = Header::Done {
                run,
                elapsed_ms,
                memory_bytes: wasm_memory_bytes(),
                summary_bytes,
            };
            send(&[&encode_reply(&header, Some(b"")), &body]);
        }
        None => send(&[&encode_reply(
            &Header::Failed {
                run,
                message: "the run stopped".into(),
            },
            None,
        )]),
    }
}
