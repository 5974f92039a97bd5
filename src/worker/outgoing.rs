//! A message as the worker posts it ([`Outgoing`]): a header and a [`Body`], copied out of wasm
//! memory piece by piece into the buffer the page is sent, so no body is joined into one Rust
//! buffer first, and a run's columns are written out as they are copied (docs/PERFORMANCE.md,
//! "The worker holds the run, not its records").

use quotalab_engine::result::view::DrawnParts;

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

    /// Its bytes, handed to `put` front to back in pieces.
    pub fn write_in_pieces(&self, put: &mut dyn FnMut(&[u8])) {
        put(self.header);
        match self.body {
            Body::Empty => {}
            Body::Bytes(bytes) => put(bytes),
            Body::Drawn(parts) => parts.write_in_pieces(put),
        }
    }

    /// Its bytes, joined (for a worker served in the page, and tests).
    pub fn concat(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(self.byte_len());
        self.write_in_pieces(&mut |piece| bytes.extend_from_slice(piece));
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
    /// A run's drawn result, written out as it is posted: at a million jobs its columns are
    /// about 160 MB, which the worker would otherwise hold twice (docs/PERFORMANCE.md, "The
    /// worker holds the run, not its records").
    Drawn(Box<DrawnParts>),
}

impl Body {
    /// How many bytes it comes to.
    pub fn byte_len(&self) -> usize {
        match self {
            Body::Empty => 0,
            Body::Bytes(bytes) => bytes.len(),
            Body::Drawn(parts) => parts.byte_len(),
        }
    }
}
