//! How a request and its replies travel, for every worker alike (docs/ARCHITECTURE.md, "From a
//! button to the worker and back").
//!
//! A request goes as a string: a one-line JSON [`Envelope`] of the protocol's request and the id
//! the page gave it, and for a request that carries a document (a scenario's JSON, a plan's) a
//! newline and then that document as it is, not an escaped string inside the envelope
//! ([`RequestText`]). Replies come back as bytes in a transferred buffer: a one-line JSON [`Header`],
//! and for some a newline and then a body, not wrapped in another JSON string, so it is neither
//! escaped nor re-encoded (docs/PERFORMANCE.md, "The 10,000-job result between the worker and
//! the page"). A header is a reply to request `id`, interim (progress, a piece of a document) or
//! the last one; a typed refusal of it ([`Refusal`]); or one of the two words a worker says
//! unasked, `Ready` and `Crashed`.

use super::carried::Carried;
use super::posted::{Posted, PostedBody, PostedSource};
use super::protocol::Carries;
use crate::js_bytes::JsBytes;
use quotalab_engine::json_text;
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
    /// A story was asked of a run without its scenario, or a run without its listed jobs, and
    /// the worker no longer holds that run, or its jobs: the page asks again with the scenario.
    #[error("the worker no longer holds run {0}")]
    NotHeld(u64),
    /// The engine stopped the run before its end.
    #[error("the run stopped")]
    Stopped,
    /// The result document could not be written.
    #[error("the result could not be written: {0}")]
    Unwritable(String),
}

/// Encodes a request for `postMessage`.
pub fn encode_request<Q: Serialize + Carries>(id: u64, request: &Q) -> RequestText {
    RequestText {
        header: json_text::compact(&Envelope { id, request }),
        document: request.document().cloned(),
    }
}

/// A request as it travels: its envelope's line, then the document it carries, if any. The
/// document is shared with the request, not copied: a trace's scenario is a quarter of a
/// gigabyte of JSON, and written into the envelope as a string it was that again, escaped, in
/// the page's memory and, read back, in the worker's (docs/PERFORMANCE.md, "A request's
/// document after its header").
#[derive(Debug, Clone, PartialEq)]
pub struct RequestText {
    header: String,
    document: Option<Carried>,
}

impl RequestText {
    /// The whole message in one string, as a worker receives it (the in-page worker of the
    /// browser tests, and tests that serve a message themselves).
    pub fn into_string(self) -> String {
        let mut bytes = Vec::with_capacity(self.len());
        self.write(&mut |piece| bytes.extend_from_slice(piece));
        String::from_utf8(bytes).expect("an envelope and a JSON document are UTF-8")
    }

    /// The whole message as bytes for `postMessage`, in a buffer of its own that the page
    /// transfers: each piece copied out of wasm memory once, straight into it, and a scenario
    /// written into it as it is made (`Carried`). As a string it was copied again by the
    /// browser into the worker's heap, and a trace's request is a quarter of a gigabyte
    /// (docs/PERFORMANCE.md, "A request posted as bytes").
    pub fn to_bytes(&self) -> js_sys::Uint8Array {
        let bytes = js_sys::Uint8Array::new_with_length(self.len() as u32);
        let mut at = 0;
        self.write(&mut |piece| {
            bytes
                .subarray(at as u32, (at + piece.len()) as u32)
                .copy_from(piece);
            at += piece.len();
        });
        bytes
    }

    /// The message's length in bytes.
    fn len(&self) -> usize {
        self.header.len()
            + self
                .document
                .as_ref()
                .map_or(0, |document| 1 + document.len())
    }

    /// Hands `put` the message's bytes in order: its envelope's line, then, when it carries a
    /// document, a newline and the document.
    fn write(&self, put: &mut dyn FnMut(&[u8])) {
        put(self.header.as_bytes());
        if let Some(document) = &self.document {
            put(b"\n");
            document.write(put);
        }
    }
}

/// The envelope's line of a request's message: all of it when it carries no document.
pub fn envelope_line(message: &str) -> &str {
    message.split('\n').next().unwrap_or_default()
}

/// A request's message as the worker received it: its envelope's line, and the document after
/// it, if any.
#[derive(Debug)]
pub struct Incoming {
    line: String,
    document: Option<Carried>,
}

impl Incoming {
    /// A message as the page posts it (`RequestText::to_bytes`): the envelope's line is copied
    /// out, and the document stays in the posted buffer, where a run's scenario is read a piece
    /// at a time (`Carried::into_scenario`). A line that is not UTF-8 reads as no request.
    pub fn posted(bytes: js_sys::Uint8Array) -> Incoming {
        let message = Posted::Transferred(bytes.clone());
        let len = message.len();
        let line_end = message.newline().unwrap_or(len);
        Incoming {
            line: String::from_utf8(message.bytes(0..line_end).into_owned()).unwrap_or_default(),
            document: (line_end + 1 < len)
                .then(|| Carried::Posted(JsBytes(bytes.subarray(line_end as u32 + 1, len as u32)))),
        }
    }

    /// The envelope's line.
    pub fn envelope_line(&self) -> &str {
        &self.line
    }
}

/// A message as text (the browser tests serve text): its own memory becomes the document's, the
/// line and its newline drained from its front, the document not copied.
impl From<String> for Incoming {
    fn from(mut message: String) -> Self {
        let header_end = envelope_line(&message).len();
        if header_end == message.len() {
            return Incoming {
                line: message,
                document: None,
            };
        }
        let mut line: String = message.drain(..=header_end).collect();
        line.pop();
        Incoming {
            line,
            document: Some(Carried::from(message)),
        }
    }
}

/// Reads a request's message: its envelope from the first line, and the document after it,
/// if any, given to the request (`Carries::carrying`). `Err` holds the envelope's line, for the
/// id of the refusal, and why it could not be read.
pub fn read_request<Q: DeserializeOwned + Carries>(
    message: Incoming,
) -> Result<Envelope<Q>, (String, serde_json::Error)> {
    match serde_json::from_str::<Envelope<Q>>(&message.line) {
        Ok(Envelope { id, request }) => Ok(Envelope {
            id,
            request: match message.document {
                Some(document) => request.carrying(document),
                None => request,
            },
        }),
        Err(err) => Err((message.line, err)),
    }
}

/// The header line of a reply, ready to be followed by its body.
pub fn encode_header<R: Serialize>(header: &Header<R>) -> Vec<u8> {
    let mut bytes = json_text::compact(header).into_bytes();
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

    /// The body's bytes in `range` (counted from the body's start) as a file to save, made
    /// from where they lie (`Posted::blob`); `None` when the body is shorter.
    pub fn body_blob(
        &self,
        range: Range<usize>,
        mime: &str,
    ) -> Option<Result<web_sys::Blob, wasm_bindgen::JsValue>> {
        self.within(range)
            .map(|range| self.posted.blob(range, mime))
    }

    /// How many bytes the message came to, its header's and its body's.
    pub fn byte_len(&self) -> usize {
        self.posted.len()
    }

    /// Its reply, and its body where it lies, for the engine to read a piece at a time.
    pub fn into_reply_and_body(self) -> (R, PostedBody) {
        let body = PostedBody {
            posted: self.posted,
            from: self.body_from,
        };
        (self.reply, body)
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
    fn a_request_carries_its_scenario_after_its_envelope_as_it_is() {
        use crate::worker::messages::Request;
        let scenario = r#"{"version":1,"name":"a \"quoted\" name\nover two lines"}"#;
        let request = Request::Run {
            run: 2,
            progress_every: 10,
            scenario: scenario.to_string().into(),
            jobs_of: None,
            fault: None,
        };
        let message = encode_request(3, &request).into_string();
        let (envelope, document) = message.split_once('\n').expect("a document follows");
        assert_eq!(
            envelope,
            r#"{"id":3,"request":{"run":{"run":2,"progress_every":10}}}"#
        );
        assert_eq!(document, scenario, "sent as it is, not escaped");
        assert_eq!(envelope_line(&message), envelope);
        let read = read_request::<Request>(message.into()).expect("reads back");
        assert_eq!((read.id, read.request), (3, request));
    }

    #[test]
    fn a_scenario_handed_to_a_request_reaches_the_worker_as_its_json() {
        use crate::worker::messages::Request;
        let scenario =
            quotalab_engine::Scenario::from_json(include_str!("../../scenarios/default.json"))
                .expect("valid");
        let request = Request::Run {
            run: 1,
            progress_every: 0,
            scenario: scenario.clone().into(),
            jobs_of: None,
            fault: None,
        };
        let read = read_request::<Request>(encode_request(1, &request).into_string().into())
            .expect("reads back");
        let Request::Run { scenario: read, .. } = read.request else {
            panic!("a run: {:?}", read.request)
        };
        let json = quotalab_engine::json_text::compact(&scenario);
        assert_eq!(read, Carried::from(json));
    }

    #[test]
    fn a_request_without_a_document_is_its_envelope_alone() {
        use crate::interop::protocol::Task;
        let message = encode_request(5, &Task::Account { files: Vec::new() }).into_string();
        assert!(!message.contains('\n'), "{message}");
        assert_eq!(
            read_request::<Task>(message.into()).map(|e| e.id).ok(),
            Some(5)
        );
    }

    #[test]
    fn an_unreadable_envelope_gives_back_its_line_for_the_refusal() {
        use crate::worker::messages::Request;
        let (line, _) =
            read_request::<Request>(String::from("{\"id\":7,\"request\":{\"fly\":{}}}\n{}").into())
                .expect_err("no such request");
        assert_eq!(line, r#"{"id":7,"request":{"fly":{}}}"#);
    }

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
