//! The simulation worker's side of the page's own module. The page and its simulation workers
//! run one wasm file (docs/ARCHITECTURE.md, "One module for the page and the simulation
//! worker"): `public/simulation-worker.js` instantiates the module the page posts it and calls
//! [`serve_simulation`] (exported by `src/main.rs`), so the first load fetches the engine once
//! and a worker compiles nothing.
//!
//! [`answer`] routes a request by its kind: a run for the page (`run`), a job's story
//! (`story`), the whole result document (`document`), or one unit of a pool's work (`units`).
//! [`serve`] is everything the worker does with a message; it lives here, not behind the
//! worker's `onmessage`, so a browser test runs the very same code and compares it with calling
//! the engine directly.

mod document;
mod held;
mod run;
mod story;
mod units;

pub use document::CHUNK_BYTES;
pub use held::{held_run, jobs_kept};

use super::messages::{Reply, Request, Simulation};
use super::serve::{serve_message, serve_requests, Answered, Post, Replier};
use super::wire::{Envelope, Incoming};
use serde::de::IgnoredAny;
use serde::Deserialize;
use std::collections::HashMap;

/// Makes this worker a simulation worker; `public/simulation-worker.js` calls it, through the
/// export in `src/main.rs`, once the module is instantiated.
pub fn serve_simulation() {
    serve_requests(|message, post| serve(message, &crate::state::browser::now_ms, post));
}

/// Serves one message as the simulation worker does, with `now_ms` as its clock.
///
/// A message that does not read the held result lets go of it before anything of the message
/// is read: allocations made while it is alive sit above it, and its freed room, split by them,
/// was then too small for the next run's largest buffers, so the second run at a million jobs
/// grew the worker's memory by about 200 MB (docs/PERFORMANCE.md, "The worker lets go of the
/// held result first").
pub fn serve(message: Incoming, now_ms: &dyn Fn() -> f64, post: &mut Post<'_>) {
    if !reads_held(message.envelope_line()) {
        held::forget();
    }
    serve_message::<Simulation>(
        message,
        &mut |request, replier| answer(request, now_ms, replier),
        post,
    );
}

/// Answers one request.
pub fn answer(
    request: Request,
    now_ms: &dyn Fn() -> f64,
    replier: &mut Replier<'_, '_, Reply>,
) -> Answered<Reply> {
    match request {
        Request::Run {
            run,
            progress_every,
            scenario,
            jobs_of,
            fault,
        } => run::answer(
            run,
            progress_every,
            scenario,
            jobs_of,
            fault,
            now_ms,
            replier,
        ),
        Request::Story { run, job, scenario } => story::answer(run, job, &scenario.into_text()),
        Request::Document { run, scenario } => {
            document::answer(run, &scenario.into_text(), replier)
        }
        Request::Sample {
            unit,
            seed,
            scenario,
        } => units::sample(unit, seed, scenario.into_text()),
        Request::AdviseStart { unit, plan } => units::advise_start(unit, &plan.into_text()),
        Request::VariantReport { unit, scenario } => {
            units::variant_section(unit, scenario.into_text())
        }
    }
}

/// The kinds of request that read the result the worker holds, and every other kind: just
/// enough of a request to tell, read from its tag (`story` in `{"story": {…}}`) with its fields
/// skipped, so its scenario is not allocated.
#[derive(Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
enum Reading {
    Story,
    Document,
    #[serde(other)]
    Other,
}

/// Whether the request whose envelope is `envelope_line` reads the held result (a story, the
/// document).
fn reads_held(envelope_line: &str) -> bool {
    serde_json::from_str::<Envelope<HashMap<Reading, IgnoredAny>>>(envelope_line).is_ok_and(
        |envelope| {
            envelope
                .request
                .keys()
                .any(|kind| matches!(kind, Reading::Story | Reading::Document))
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::carried::Carried;
    use crate::worker::wire::{encode_request, envelope_line};

    #[test]
    fn only_stories_and_the_document_read_the_held_result() {
        let scenario = Carried::from(String::from("{}"));
        let reads = |request: Request| {
            reads_held(envelope_line(&encode_request(1, &request).into_string()))
        };
        assert!(reads(Request::Story {
            run: 1,
            job: 0,
            scenario: scenario.clone()
        }));
        assert!(reads(Request::Document {
            run: 1,
            scenario: scenario.clone()
        }));
        assert!(!reads(Request::Run {
            run: 2,
            progress_every: 0,
            scenario,
            jobs_of: None,
            fault: None
        }));
        assert!(!reads_held("not json"));
    }
}
