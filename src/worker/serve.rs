//! What every worker does to serve the page (docs/ARCHITECTURE.md, "When the worker fails"): it
//! reads each message as a request of its protocol and hands it to its handler, refusing one it
//! cannot read with a typed [`Refusal`] under the message's id, never guessing what was meant
//! (a bare buffer is not a request but a reply's, given back for the next one: `spare`);
//! it posts the handler's replies under that id; it reports a panic to the page as
//! `Header::Crashed` with its message, so the page can say what went wrong instead of waiting
//! for a reply; and it announces `Ready`, because requests sent before its wasm has loaded would
//! be lost. In wasm a panic then traps; the trap's exception is swallowed, since the page has
//! the better message already. The simulation worker (`worker::simulation`) and the interop
//! worker (`src/bin/quotalab-interop.rs`) both serve through [`serve_requests`].

use super::outgoing::{Body, Outgoing};
use super::protocol::Protocol;
use super::spare;
use super::wire::{encode_header, read_request, Envelope, Header, Incoming, Refusal};
use serde::{Deserialize, Serialize};
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// Posts one message: its header and its body, joined only as they are copied out of wasm
/// memory, so a large body is never copied into one Rust buffer first.
pub type Post<'a> = dyn FnMut(Outgoing<'_>) + 'a;

/// The last reply to a request: what the handler returns.
#[derive(Debug)]
pub struct Done<R> {
    pub reply: R,
    /// What follows the reply's header (a run's drawn result); empty for most.
    pub body: Body,
}

impl<R> Done<R> {
    /// A reply without a body.
    pub fn reply(reply: R) -> Done<R> {
        Done {
            reply,
            body: Body::Empty,
        }
    }
}

/// What a handler answers a request with: its last reply, or why it refuses it.
pub type Answered<R> = Result<Done<R>, Refusal>;

/// Posts the interim replies to one request (progress, the pieces of a document).
pub struct Replier<'a, 'p, R> {
    id: u64,
    post: &'a mut Post<'p>,
    reply: PhantomData<R>,
}

impl<'a, 'p, R> Replier<'a, 'p, R> {
    /// A replier for request 0 that posts through `post`, for tests of a handler on its own.
    #[cfg(test)]
    pub fn for_test(post: &'a mut Post<'p>) -> Self {
        Replier {
            id: 0,
            post,
            reply: PhantomData,
        }
    }
}

impl<R: Serialize> Replier<'_, '_, R> {
    /// Posts `reply`, followed by `body`, as one that is not the last.
    pub fn interim(&mut self, reply: R, body: &Body) {
        let header = encode_header(&Header::Reply {
            id: self.id,
            done: false,
            reply,
        });
        (self.post)(Outgoing {
            header: &header,
            body,
        });
    }
}

/// Serves one message: reads it as a request of `P`, has `handle` answer it, and posts every
/// reply through `post`. What browser tests and native tests call to serve exactly as a worker
/// does. The message's document is given to the request where it lies (`wire::Incoming`): a
/// trace's scenario is a quarter of a gigabyte of JSON, read once and not copied whole.
pub fn serve_message<P: Protocol>(
    message: Incoming,
    handle: &mut impl FnMut(P::Request, &mut Replier<'_, '_, P::Reply>) -> Answered<P::Reply>,
    post: &mut Post<'_>,
) {
    let (id, answered) = match read_request::<P::Request>(message) {
        Ok(Envelope { id, request }) => {
            let mut replier = Replier {
                id,
                post: &mut *post,
                reply: PhantomData,
            };
            (id, handle(request, &mut replier))
        }
        Err((header, err)) => (id_of(&header), Err(Refusal::Unreadable(err.to_string()))),
    };
    match answered {
        Ok(Done { reply, body }) => {
            let header = encode_header(&Header::Reply {
                id,
                done: true,
                reply,
            });
            post(Outgoing {
                header: &header,
                body: &body,
            });
        }
        Err(refusal) => post(Outgoing {
            header: &encode_header::<P::Reply>(&Header::Refused { id, refusal }),
            body: &Body::Empty,
        }),
    }
}

/// The id in the envelope's line of a message that is not a whole request, if it has one, so
/// its refusal reaches whoever asked; 0 otherwise.
fn id_of(header: &str) -> u64 {
    /// A message's `id`, every other member passed over.
    #[derive(Deserialize)]
    struct Id {
        id: u64,
    }
    serde_json::from_str::<Id>(header).map_or(0, |m| m.id)
}

/// Set once a panic was reported, so the trap that follows is not reported a second time.
static CRASHED: AtomicBool = AtomicBool::new(false);

/// Serves the page from the current worker: panics are reported, every message goes to
/// `serve` (which serves it with [`serve_message`]) and its replies are posted as bytes, and
/// `Ready` is posted last.
pub fn serve_requests(mut serve: impl FnMut(Incoming, &mut Post<'_>) + 'static) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    report_panics(scope.clone());
    let replies = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let data = event.data();
        // A buffer is a reply's, given back by the page for the next one.
        if let Some(buffer) = data.dyn_ref::<js_sys::ArrayBuffer>() {
            return spare::keep(buffer.clone());
        }
        // A request comes as its bytes (`RequestText::to_bytes`). Anything else, or an
        // envelope that is not UTF-8, is not a request; it is refused like an unreadable one.
        // The request's buffer may carry its large reply (`spare`): every handler has read the
        // document it carries before it makes one.
        let message = match data.dyn_ref::<js_sys::Uint8Array>() {
            Some(bytes) => {
                spare::keep(bytes.buffer());
                Incoming::posted(bytes.clone())
            }
            None => Incoming::from(String::new()),
        };
        serve(message, &mut |message| post_bytes(&replies, message));
        spare::let_go();
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    post_bytes(
        &scope,
        Outgoing {
            header: &encode_header::<()>(&Header::Ready),
            body: &Body::Empty,
        },
    );
}

/// Posts every panic to the page (and to the console as a warning, for developers), and
/// cancels the uncaught trap that follows it.
fn report_panics(scope: DedicatedWorkerGlobalScope) {
    let poster = scope.clone();
    std::panic::set_hook(Box::new(move |info| {
        // "panicked at FILE:LINE:COL:\nMESSAGE" on one line, for the status bar.
        let message = info.to_string().replace('\n', " ");
        web_sys::console::warn_1(&JsValue::from_str(&message));
        CRASHED.store(true, Ordering::SeqCst);
        post_bytes(
            &poster,
            Outgoing {
                header: &encode_header::<()>(&Header::Crashed { message }),
                body: &Body::Empty,
            },
        );
    }));
    // An `onerror` handler that returns true cancels the error: it is not passed on to the page.
    let on_error =
        Closure::<dyn FnMut(JsValue) -> bool>::new(|_: JsValue| CRASHED.load(Ordering::SeqCst));
    scope.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
}

/// Posts a message as bytes in a transferred buffer. A 10,000-job result's columns are 1.5 MB;
/// as a string they would be converted to UTF-16 here, copied, and converted back on the page
/// (docs/PERFORMANCE.md). The message is copied out of wasm memory straight into the buffer
/// piece by piece; a large one into the buffer the page gave back, when it fits (`spare`).
/// Posting cannot fail short of the page being gone.
fn post_bytes(scope: &DedicatedWorkerGlobalScope, message: Outgoing<'_>) {
    let bytes = spare::bytes_for(message.byte_len() as u32);
    message.write_at(&mut |at, piece| {
        bytes
            .subarray(at as u32, (at + piece.len()) as u32)
            .copy_from(piece);
    });
    let transfer = js_sys::Array::of1(&bytes.buffer());
    let _ = scope.post_message_with_transfer(&bytes, &transfer);
}
