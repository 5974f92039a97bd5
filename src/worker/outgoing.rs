//! A message as the worker posts it ([`Outgoing`]): a header and a [`Body`], copied out of wasm
//! memory piece by piece into the buffer the page is sent, so no body is joined into one Rust
//! buffer first, and a run's columns are made a block of jobs at a time as they are copied
//! (docs/PERFORMANCE.md, "The worker writes the columns a block of jobs at a time").

use super::carried::Carried;
use quotalab_engine::result::columns::codec::append_placed;
use quotalab_engine::result::view::DrawnParts;
use quotalab_engine::Run;
use std::rc::Rc;

/// One message to post.
#[derive(Clone, Copy)]
pub struct Outgoing<'m> {
    pub header: &'m [u8],
    pub body: &'m Body,
}

impl Outgoing<'_> {
    /// How many bytes the message comes to.
    pub fn byte_len(&self) -> usize {
        self.header.len() + self.body.byte_len()
    }

    /// Its bytes in pieces, each handed to `put(at, bytes)` with its place.
    pub fn write_at(&self, put: &mut dyn FnMut(usize, &[u8])) {
        put(0, self.header);
        let from = self.header.len();
        match self.body {
            Body::Empty => {}
            Body::Bytes(bytes) => put(from, bytes),
            Body::Pieces(pieces) => {
                let mut at = from;
                for piece in pieces {
                    put(at, piece);
                    at += piece.len();
                }
            }
            Body::Document(document) => {
                let mut at = from;
                document.write(&mut |piece| {
                    put(at, piece);
                    at += piece.len();
                });
            }
            Body::Drawn(parts) => parts.write_at(&mut |at, piece| put(from + at, piece)),
        }
    }

    /// Its bytes, joined (for a worker served in the page, and tests).
    pub fn concat(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        append_placed(&mut bytes, self.byte_len(), |put| self.write_at(put));
        bytes
    }
}

/// What follows a reply's header.
#[derive(Debug, Default)]
pub enum Body {
    /// Nothing: most replies have no body.
    #[default]
    Empty,
    /// Bytes as they are (a piece of a document).
    Bytes(Vec<u8>),
    /// Several documents one after another, each copied out as it is: an export's files, which
    /// at an imported trace's size are hundreds of megabytes each (docs/PERFORMANCE.md, "An
    /// export of a large trace").
    Pieces(Vec<Vec<u8>>),
    /// A document as it is, a scenario written as it is copied out: an imported trace's
    /// scenario is a quarter of a gigabyte of JSON, which the worker would otherwise hold
    /// beside it, and the page read once more escaped inside the header (docs/PERFORMANCE.md,
    /// "A trace's preview after its header").
    Document(Carried),
    /// A run's drawn result, its columns made from the run as they are posted: at a million
    /// jobs they are about 160 MB, which the worker would otherwise hold beside the run
    /// (docs/PERFORMANCE.md, "The worker writes the columns a block of jobs at a time").
    Drawn(Box<DrawnParts<Rc<Run>>>),
}

impl Body {
    /// How many bytes it comes to.
    pub fn byte_len(&self) -> usize {
        match self {
            Body::Empty => 0,
            Body::Bytes(bytes) => bytes.len(),
            Body::Pieces(pieces) => pieces.iter().map(Vec::len).sum(),
            Body::Document(document) => document.len(),
            Body::Drawn(parts) => parts.byte_len(),
        }
    }
}
