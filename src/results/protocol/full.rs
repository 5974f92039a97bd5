//! The whole result document on request ("Result JSON"): the worker keeps the last run's
//! result and writes it with the engine's `SimResult::write_json` in pieces of [`CHUNK_BYTES`],
//! each posted as it is made (`Header::Chunk`); the page gathers them into a `Blob`. So the
//! document, over a gigabyte at a million jobs, is never one string on either side, and its
//! bytes are exactly those of `SimResult::to_json` (docs/ARCHITECTURE.md, "The page's view of
//! a result").

use crate::results::protocol::{encode_reply, Header};
use quotalab_engine::{simulate, Scenario, SimResult};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::io::Write;

/// What every full-result request starts with, so the worker can route it without parsing it.
const FULL_PREFIX: &str = r#"{"kind":"full","#;
/// The size of one piece of the document.
pub const CHUNK_BYTES: usize = 4 << 20;

/// Send the whole result of run `run`, whose scenario (JSON) was `scenario`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FullRequest {
    /// Always `"full"`; must stay the first field (see [`FULL_PREFIX`]).
    pub kind: FullKind,
    pub run: u64,
    /// Run again if the worker no longer holds that run's result (it was replaced since), which
    /// gives the same bytes: same scenario, same seed.
    pub scenario: String,
}

/// The `"kind"` of a full-result request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FullKind {
    Full,
}

impl FullRequest {
    pub fn encode(run: u64, scenario: &str) -> String {
        serde_json::to_string(&FullRequest {
            kind: FullKind::Full,
            run,
            scenario: scenario.to_owned(),
        })
        .expect("a request always serialises")
    }
}

thread_local! {
    /// The last run's number and result, in the worker.
    static LAST: RefCell<Option<(u64, SimResult)>> = const { RefCell::new(None) };
}

/// Keeps `result` of run `run` for a later full-result request, replacing the one before.
pub fn remember(run: u64, result: SimResult) {
    LAST.with(|last| *last.borrow_mut() = Some((run, result)));
}

/// Handles `message` if it is a full-result request: sends the document in pieces through
/// `send` and returns true; returns false for any other message.
pub fn serve_full(message: &str, send: &mut dyn FnMut(String)) -> bool {
    if !message.starts_with(FULL_PREFIX) {
        return false;
    }
    let request: FullRequest = match serde_json::from_str(message) {
        Ok(request) => request,
        Err(err) => {
            send(failed(0, format!("bad request: {err}")));
            return true;
        }
    };
    let run = request.run;
    let held = LAST.with(|last| matches!(&*last.borrow(), Some((r, _)) if *r == run));
    if !held {
        match Scenario::from_json(&request.scenario) {
            Ok(scenario) => remember(run, simulate(&scenario)),
            Err(err) => {
                send(failed(run, err.to_string()));
                return true;
            }
        }
    }
    LAST.with(|last| {
        let last = last.borrow();
        let Some((_, result)) = last.as_ref() else {
            return;
        };
        let mut chunks = Chunks {
            run,
            pending: Vec::with_capacity(CHUNK_BYTES + 1024),
            send,
        };
        // Writing to memory fails only if the document cannot be made at all.
        match result.write_json(&mut chunks) {
            Ok(()) => chunks.finish(),
            Err(err) => (chunks.send)(failed(
                run,
                format!("the result could not be written: {err}"),
            )),
        }
    });
    true
}

fn failed(run: u64, message: String) -> String {
    encode_reply(&Header::Failed { run, message }, None)
}

/// Sends what is written in pieces of about [`CHUNK_BYTES`], each cut at a character boundary
/// so that every piece is UTF-8 on its own.
struct Chunks<'a> {
    run: u64,
    pending: Vec<u8>,
    send: &'a mut dyn FnMut(String),
}

impl Chunks<'_> {
    fn emit(&mut self, upto: usize, last: bool) {
        let rest = self.pending.split_off(upto);
        let piece = std::mem::replace(&mut self.pending, rest);
        let text = String::from_utf8(piece).expect("pieces are cut at character boundaries");
        (self.send)(encode_reply(
            &Header::Chunk {
                run: self.run,
                last,
            },
            Some(&text),
        ));
    }

    fn finish(mut self) {
        let all = self.pending.len();
        self.emit(all, true);
    }
}

impl Write for Chunks<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(bytes);
        if self.pending.len() > CHUNK_BYTES {
            // Cut before the first byte of a character: the byte at `cut` exists (the length is
            // over `CHUNK_BYTES`) and continuation bytes are 0b10xxxxxx.
            let mut cut = CHUNK_BYTES;
            while cut > 0 && self.pending[cut] & 0xC0 == 0x80 {
                cut -= 1;
            }
            self.emit(cut, false);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::protocol::decode_reply;
    use crate::state::DEFAULT_SCENARIO;

    fn pieces(message: &str) -> Vec<(Header, String)> {
        let mut replies = Vec::new();
        assert!(serve_full(message, &mut |r| replies.push(r)));
        replies
            .iter()
            .map(|r| {
                let reply = decode_reply(r).expect("a reply");
                (reply.header, reply.result_json.unwrap_or_default())
            })
            .collect()
    }

    #[test]
    fn the_pieces_are_the_engine_document_byte_for_byte() {
        let scenario = Scenario::from_json(DEFAULT_SCENARIO).expect("default is valid");
        let expected = simulate(&scenario).to_json();
        // Not held: the worker runs the scenario again.
        let got = pieces(&FullRequest::encode(5, DEFAULT_SCENARIO));
        assert!(matches!(
            got.last(),
            Some((Header::Chunk { run: 5, last: true }, _))
        ));
        let joined: String = got.iter().map(|(_, text)| text.as_str()).collect();
        assert_eq!(joined, expected);
    }

    #[test]
    fn a_large_document_comes_in_pieces_cut_between_characters() {
        let mut chunks_seen = Vec::new();
        {
            let mut chunks = Chunks {
                run: 1,
                pending: Vec::new(),
                send: &mut |r: String| chunks_seen.push(r),
            };
            // "é" is two bytes, so some cut falls inside a character unless it backs up.
            for _ in 0..(CHUNK_BYTES / 2 + 7) {
                chunks.write_all("é".as_bytes()).expect("writes");
            }
            chunks.finish();
        }
        let bodies: Vec<String> = chunks_seen
            .iter()
            .map(|r| {
                decode_reply(r)
                    .expect("a reply")
                    .result_json
                    .unwrap_or_default()
            })
            .collect();
        assert!(bodies.len() >= 2, "{} pieces", bodies.len());
        assert_eq!(bodies.concat().chars().count(), CHUNK_BYTES / 2 + 7);
    }

    #[test]
    fn other_messages_are_not_full_requests() {
        assert!(!serve_full(
            r#"{"run":1,"progress_every":0,"scenario":"{}"}"#,
            &mut |_| {}
        ));
    }
}
