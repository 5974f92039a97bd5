//! The whole result document on request ("Result JSON"): the worker writes the result it holds
//! ([`super::held`]) with the engine's `SimResult::write_json` in pieces of [`CHUNK_BYTES`],
//! each posted as it is made (`Header::Chunk`); the page gathers them into a `Blob`. So the
//! document, over a gigabyte at a million jobs, is never one string on either side, and its
//! bytes are exactly those of `SimResult::to_json` (docs/ARCHITECTURE.md, "The page's view of
//! a result").

use crate::results::protocol::{encode_reply, held, Header, Post};
use quotalab_engine::Events;
use serde::{Deserialize, Serialize};
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

/// Handles `message` if it is a full-result request: sends the document in pieces through
/// `send` and returns true; returns false for any other message.
pub fn serve_full(message: &str, send: &mut Post<'_>) -> bool {
    if !message.starts_with(FULL_PREFIX) {
        return false;
    }
    let request: FullRequest = match serde_json::from_str(message) {
        Ok(request) => request,
        Err(err) => {
            send(&[&failed(0, format!("bad request: {err}"))]);
            return true;
        }
    };
    let run = request.run;
    let written = held::with_result(run, &request.scenario, Events::Kept, |result| {
        let mut chunks = Chunks {
            run,
            pending: Vec::with_capacity(CHUNK_BYTES + 1024),
            send: &mut *send,
        };
        // Writing to memory fails only if the document cannot be made at all.
        result
            .write_json(&mut chunks)
            .map(|()| chunks.finish())
            .map_err(|err| format!("the result could not be written: {err}"))
    });
    if let Err(message) = written.and_then(|w| w) {
        send(&[&failed(run, message)]);
    }
    true
}

fn failed(run: u64, message: String) -> Vec<u8> {
    encode_reply(&Header::Failed { run, message }, None)
}

/// Sends what is written in pieces of [`CHUNK_BYTES`] (the last one shorter). A piece is bytes,
/// joined back into the document only in the page's `Blob`, so it may end inside a character.
struct Chunks<'a, 'p> {
    run: u64,
    pending: Vec<u8>,
    send: &'a mut Post<'p>,
}

impl Chunks<'_, '_> {
    fn emit(&mut self, last: bool) {
        let header = Header::Chunk {
            run: self.run,
            last,
        };
        (self.send)(&[&encode_reply(&header, Some(b"")), &self.pending]);
        self.pending.clear();
    }

    fn finish(mut self) {
        self.emit(true);
    }
}

impl Write for Chunks<'_, '_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let room = CHUNK_BYTES - self.pending.len();
        let taken = bytes.len().min(room);
        self.pending.extend_from_slice(&bytes[..taken]);
        if self.pending.len() == CHUNK_BYTES {
            self.emit(false);
        }
        Ok(taken)
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
    use quotalab_engine::{simulate, Scenario};

    fn pieces(message: &str) -> Vec<(Header, Vec<u8>)> {
        let mut replies = Vec::new();
        assert!(serve_full(message, &mut |parts| replies.push(parts.concat())));
        replies
            .iter()
            .map(|r| {
                let reply = decode_reply(r).expect("a reply");
                let body = reply.body().into_owned();
                (reply.header, body)
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
        let joined: Vec<u8> = got.iter().flat_map(|(_, body)| body.clone()).collect();
        assert_eq!(joined, expected.into_bytes());
    }

    #[test]
    fn a_large_document_comes_in_pieces_of_the_chunk_size() {
        let mut seen = Vec::new();
        {
            let mut send = |parts: &[&[u8]]| seen.push(parts.concat());
            let mut chunks = Chunks {
                run: 1,
                pending: Vec::new(),
                send: &mut send,
            };
            for _ in 0..(CHUNK_BYTES / 2 + 7) {
                chunks.write_all("é".as_bytes()).expect("writes");
            }
            chunks.finish();
        }
        let bodies: Vec<Vec<u8>> = seen
            .iter()
            .map(|r| decode_reply(r).expect("a reply").body().into_owned())
            .collect();
        assert_eq!(bodies.len(), 2);
        assert_eq!(bodies[0].len(), CHUNK_BYTES);
        let text = String::from_utf8(bodies.concat()).expect("joined, the pieces are UTF-8");
        assert_eq!(text.chars().count(), CHUNK_BYTES / 2 + 7);
    }

    #[test]
    fn other_messages_are_not_full_requests() {
        assert!(!serve_full(
            r#"{"run":1,"progress_every":0,"scenario":"{}"}"#,
            &mut |_| {}
        ));
    }
}
