//! How a request and its replies travel, for every worker alike (docs/ARCHITECTURE.md, "From a
//! button to the worker and back").
//!
//! A request goes as a JSON string: an [`Envelope`] of the protocol's request and the id the
//! page gave it. Replies come back as bytes in a transferred buffer: a one-line JSON [`Header`],
//! and for some a newline and then a body, not wrapped in another JSON string, so it is neither
//! escaped nor re-encoded (docs/PERFORMANCE.md, "The 10,000-job result between the worker and
//! the page"). A header is a reply to request `id`, interim (progress, a piece of a document) or
//! the last one; a typed refusal of it ([`Refusal`]); or one of the two words a worker says
//! unasked, `Ready` and `Crashed`.

use super::posted::{Posted, PostedSource};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::ops::Range;

/// A request as the page posts it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Envelope<Q> {
    pub id: u64,
    pub request: Q,
}

/// The first line of every message a worker posts, tagged by its kind's name as the requests
/// are (`{"reply": {"id": 3, "done": true, "reply": {"ran": {…}}}}`, `"ready"`), for the reason
/// `worker::messages::Request` gives.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Header<R> {
    /// The worker has loaded and listens; requests sent before this would be lost.
    Ready,
    /// The worker panicked (posted by its panic hook): whatever it was doing is lost, and it is
    /// unusable.
    Crashed { message: String },
    /// A reply to request `id`; `done` when it is the last one.
    Reply { id: u64, done: bool, reply: R },
    /// Request `id` was refused, and why.
    Refused { id: u64, refusal: Refusal },
}

/// Why a worker did not answer a request, as the worker says it. Each renders the sentence the
/// page shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case")]
pub enum Refusal {
    /// The message is not a request of this worker's protocol: not JSON, an unknown kind, a
    /// missing field (a page and a worker of different builds, say).
    #[error("the worker could not read a request: {0}")]
    Unreadable(String),
    /// The scenario (or study, or plan) in the request is not valid: the engine's message.
    #[error("{0}")]
    Invalid(String),
    /// A job's story was asked for a job the run does not have (its index).
    #[error("the run has no job {}", .0 + 1)]
    NoSuchJob(usize),
    /// The engine stopped the run before its end.
    #[error("the run stopped")]
    Stopped,
    /// The result document could not be written.
    #[error("the result could not be written: {0}")]
    Unwritable(String),
}

/// Encodes a request for `postMessage`.
pub fn encode_request<Q: Serialize>(id: u64, request: &Q) -> String {
    serde_json::to_string(&Envelope { id, request }).expect("a request always serialises")
}

/// The header line of a reply, ready to be followed by its body.
pub fn encode_header<R: Serialize>(header: &Header<R>) -> Vec<u8> {
    let mut bytes = serde_json::to_vec(header).expect("a header always serialises");
    bytes.push(b'\n');
    bytes
}

/// A message as the worker posted it, decoded: its header, and its body left where it lies
/// (at a million jobs a run's body is a hundred megabytes or more, not worth a copy).
#[derive(Debug, Clone)]
pub struct Message<R> {
    pub header: Header<R>,
    posted: Posted,
    /// Where the body starts: past the header's newline, or the message's end when it has none.
    body_from: usize,
}

impl<R: DeserializeOwned> Message<R> {
    /// Decodes a message's header; `None` for one that is not a header of this protocol.
    pub fn read(posted: Posted) -> Option<Message<R>> {
        let newline = posted.newline();
        let header_end = newline.unwrap_or(posted.len());
        // Read as text, as every document the page reads is: serde_json's readers of text and of
        // bytes are two copies of the reading code of every reply.
        let header =
            serde_json::from_str(std::str::from_utf8(&posted.bytes(0..header_end)).ok()?).ok()?;
        Some(Message {
            header,
            body_from: newline.map_or(header_end, |n| n + 1),
            posted,
        })
    }
}

impl<R> Message<R> {
    /// The reply it carries, with its body, if it is a reply.
    pub fn into_answer(self) -> Option<(u64, bool, Answer<R>)> {
        match self.header {
            Header::Reply { id, done, reply } => Some((
                id,
                done,
                Answer {
                    reply,
                    posted: self.posted,
                    body_from: self.body_from,
                },
            )),
            _ => None,
        }
    }
}

/// A reply the page was given, with the body that followed its header.
#[derive(Debug, Clone)]
pub struct Answer<R> {
    pub reply: R,
    posted: Posted,
    body_from: usize,
}

impl<R> Answer<R> {
    /// The body (empty for a reply without one), copied into wasm memory when it was not there.
    pub fn body(&self) -> Cow<'_, [u8]> {
        self.posted.bytes(self.body_from..self.posted.len())
    }

    /// The body's bytes in `range` (counted from the body's start), copied into wasm memory;
    /// `None` when the body is shorter.
    pub fn body_bytes(&self, range: Range<usize>) -> Option<Cow<'_, [u8]>> {
        self.within(range).map(|range| self.posted.bytes(range))
    }

    /// The body from `start` on, as a reader that copies it a part at a time from where it
    /// lies; `None` when the body is shorter.
    pub fn body_from(&self, start: usize) -> Option<PostedSource<'_>> {
        let end = self.posted.len() - self.body_from;
        self.within(start..end)
            .map(|range| self.posted.source(range))
    }

    /// The buffer it arrived in, to give back to a worker once read (`Posted::into_buffer`).
    pub fn into_buffer(self) -> Option<js_sys::ArrayBuffer> {
        self.posted.into_buffer()
    }

    /// `range` of the body as a range of the message, if the body holds it.
    fn within(&self, range: Range<usize>) -> Option<Range<usize>> {
        let start = self.body_from.checked_add(range.start)?;
        let end = self.body_from.checked_add(range.end)?;
        (start <= end && end <= self.posted.len()).then_some(start..end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_keeps_its_body_after_the_header_line() {
        let header = Header::Reply {
            id: 4,
            done: true,
            reply: "ran".to_string(),
        };
        let mut bytes = encode_header(&header);
        bytes.extend_from_slice(b"body\nwith a newline");
        let message = Message::<String>::read(Posted::Copied(bytes)).expect("a header");
        assert_eq!(message.header, header);
        let (id, done, answer) = message.into_answer().expect("a reply");
        assert_eq!((id, done, answer.reply.as_str()), (4, true, "ran"));
        assert_eq!(&*answer.body(), b"body\nwith a newline");
        assert_eq!(answer.body_bytes(0..4).as_deref(), Some(&b"body"[..]));
        assert!(answer.body_bytes(0..99).is_none() && answer.body_from(99).is_none());
    }

    #[test]
    fn a_refusal_says_why_in_words() {
        assert_eq!(Refusal::NoSuchJob(9).to_string(), "the run has no job 10");
        let refused: Header<()> = Header::Refused {
            id: 2,
            refusal: Refusal::Unreadable("unknown variant `x`".into()),
        };
        let text = String::from_utf8(encode_header(&refused)).unwrap();
        assert_eq!(
            serde_json::from_str::<Header<()>>(text.trim_end()).unwrap(),
            refused
        );
    }
}
