//! The whole result document on request ("Result JSON"): the worker writes the run it holds
//! ([`super::held`]) with the engine's `Run::write_json` in pieces of [`CHUNK_BYTES`],
//! each posted as it is made (`Reply::Piece`); the page gathers them into a `Blob`. So the
//! document, over a gigabyte at a million jobs, is never one string on either side, and its
//! bytes are exactly those of `SimResult::to_json` (docs/ARCHITECTURE.md, "The page's view of
//! a result").

use super::held;
use crate::worker::messages::Reply;
use crate::worker::outgoing::Body;
use crate::worker::serve::{Answered, Done, Replier};
use crate::worker::wire::Refusal;
use quotalab_engine::Keep;
use std::io::Write;

/// The size of one piece of the document.
pub const CHUNK_BYTES: usize = 4 << 20;

/// Sends the whole result of run `run`, whose scenario (JSON) was `scenario`, in pieces: every
/// piece but the last as an interim reply, the last one as the answer.
pub fn answer(run: u64, scenario: &str, replier: &mut Replier<'_, '_, Reply>) -> Answered<Reply> {
    held::with_run(run, scenario, Keep::Everything, |finished| {
        let mut pieces = Pieces {
            pending: Vec::with_capacity(CHUNK_BYTES + 1024),
            replier: &mut *replier,
        };
        // Writing to memory fails only if the document cannot be made at all.
        match finished.write_json(&mut pieces) {
            Ok(()) => Ok(pieces.last()),
            Err(err) => Err(Refusal::Unwritable(err.to_string())),
        }
    })?
}

/// Sends what is written in pieces of [`CHUNK_BYTES`] (the last one shorter). A piece is bytes,
/// joined back into the document only in the page's `Blob`, so it may end inside a character.
struct Pieces<'a, 'r, 'p> {
    pending: Vec<u8>,
    replier: &'a mut Replier<'r, 'p, Reply>,
}

impl Pieces<'_, '_, '_> {
    /// The last piece, what is left, as the answer.
    fn last(self) -> Done<Reply> {
        Done {
            reply: Reply::Piece { last: true },
            body: Body::Bytes(self.pending),
        }
    }
}

impl Write for Pieces<'_, '_, '_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let room = CHUNK_BYTES - self.pending.len();
        let taken = bytes.len().min(room);
        self.pending.extend_from_slice(&bytes[..taken]);
        if self.pending.len() == CHUNK_BYTES {
            let piece = std::mem::replace(&mut self.pending, Vec::with_capacity(CHUNK_BYTES));
            self.replier
                .interim(Reply::Piece { last: false }, &Body::Bytes(piece));
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
    use crate::state::DEFAULT_SCENARIO;
    use crate::worker::messages::{Request, Simulation};
    use crate::worker::outgoing::Outgoing;
    use crate::worker::posted::Posted;
    use crate::worker::serve::serve_message;
    use crate::worker::wire::{encode_request, Header, Message};
    use quotalab_engine::{simulate, Scenario};

    /// The headers and bodies of every message `request` is answered with.
    fn answered(request: Request) -> Vec<(Header<Reply>, Vec<u8>)> {
        let mut posted = Vec::new();
        serve_message::<Simulation>(
            encode_request(1, &request).into_string().into(),
            &mut |request, replier| super::super::answer(request, &|| 0.0, replier),
            &mut |parts| posted.push(parts.concat()),
        );
        posted
            .into_iter()
            .map(|bytes| {
                let message = Message::<Reply>::read(Posted::Copied(bytes)).expect("a message");
                let header = message.header.clone();
                let body = message.into_answer().map(|(_, _, a)| a.body().into_owned());
                (header, body.unwrap_or_default())
            })
            .collect()
    }

    #[test]
    fn the_pieces_are_the_engine_document_byte_for_byte() {
        let scenario = Scenario::from_json(DEFAULT_SCENARIO).expect("default is valid");
        let expected = simulate(&scenario).to_json();
        // Not held: the worker runs the scenario again.
        let got = answered(Request::Document {
            run: 5,
            scenario: DEFAULT_SCENARIO.to_owned().into(),
        });
        assert!(matches!(
            got.last(),
            Some((
                Header::Reply {
                    done: true,
                    reply: Reply::Piece { last: true },
                    ..
                },
                _
            ))
        ));
        let joined: Vec<u8> = got.iter().flat_map(|(_, body)| body.clone()).collect();
        assert_eq!(joined, expected.into_bytes());
    }

    #[test]
    fn a_large_document_comes_in_pieces_of_the_chunk_size() {
        let mut seen = Vec::new();
        let last = {
            let mut post = |message: Outgoing<'_>| match message.body {
                Body::Bytes(piece) => seen.push(piece.clone()),
                other => panic!("a piece of the document, not {other:?}"),
            };
            let mut replier = Replier::for_test(&mut post);
            let mut pieces = Pieces {
                pending: Vec::new(),
                replier: &mut replier,
            };
            for _ in 0..(CHUNK_BYTES / 2 + 7) {
                pieces.write_all("é".as_bytes()).expect("writes");
            }
            match pieces.last().body {
                Body::Bytes(piece) => piece,
                other => panic!("the last piece of the document, not {other:?}"),
            }
        };
        seen.push(last);
        assert_eq!(seen.len(), 2);
        assert_eq!(seen[0].len(), CHUNK_BYTES);
        let text = String::from_utf8(seen.concat()).expect("joined, the pieces are UTF-8");
        assert_eq!(text.chars().count(), CHUNK_BYTES / 2 + 7);
    }
}
