//! A reply as the worker posted it, read where it lies.
//!
//! A worker transfers each reply's buffer to the page (`post_bytes` in `worker::serve`). Copied into wasm memory whole before it was decoded, a million
//! jobs' reply put their job columns, about 160 MB, in the page's memory twice, as bytes and
//! decoded, beside the outcome still on screen. So the page copies only the header line and the
//! summary, and decodes the job columns a column at a time straight from the transferred buffer
//! (docs/PERFORMANCE.md, "The page reads the columns where they arrived").

use quotalab_engine::format::pieces::Source;
use quotalab_engine::result::columns::codec::ColumnSource;
use std::borrow::Cow;
use std::ops::Range;
use wasm_bindgen::{JsCast, JsValue};

/// How much of a transferred buffer is copied at a time while looking for the header's end: a
/// header is a short line of JSON.
const HEADER_STEP: usize = 1024;

/// One message from a worker.
#[derive(Debug, Clone)]
pub enum Posted {
    /// Bytes in wasm memory: a reply the worker posted as a string, or one a test made.
    Copied(Vec<u8>),
    /// The buffer the worker transferred, outside wasm memory until a part is asked for.
    Transferred(js_sys::Uint8Array),
}

impl Posted {
    /// A message's data: the bytes a worker transferred, or a string (a message a test made);
    /// `None` for anything else.
    pub fn from_js(data: JsValue) -> Option<Posted> {
        if let Some(text) = data.as_string() {
            return Some(Posted::Copied(text.into_bytes()));
        }
        data.dyn_into().ok().map(Posted::Transferred)
    }

    /// Its length in bytes.
    pub(crate) fn len(&self) -> usize {
        match self {
            Posted::Copied(bytes) => bytes.len(),
            Posted::Transferred(array) => array.length() as usize,
        }
    }

    /// The bytes in `range`, which must lie within it; copied into wasm memory only when
    /// transferred.
    pub fn bytes(&self, range: Range<usize>) -> Cow<'_, [u8]> {
        match self {
            Posted::Copied(bytes) => Cow::Borrowed(&bytes[range]),
            Posted::Transferred(array) => Cow::Owned(
                array
                    .subarray(range.start as u32, range.end as u32)
                    .to_vec(),
            ),
        }
    }

    /// The bytes in `range` as a file the page can save, copied from where they lie into the
    /// browser's own storage of files, never through wasm memory.
    pub fn blob(&self, range: Range<usize>, mime: &str) -> Result<web_sys::Blob, JsValue> {
        let bytes = match self {
            Posted::Copied(bytes) => js_sys::Uint8Array::from(&bytes[range]),
            Posted::Transferred(array) => array.subarray(range.start as u32, range.end as u32),
        };
        let options = web_sys::BlobPropertyBag::new();
        options.set_type(mime);
        web_sys::Blob::new_with_u8_array_sequence_and_options(&js_sys::Array::of1(&bytes), &options)
    }

    /// The buffer the worker transferred, when it is large enough to be worth giving back to a
    /// worker for its next reply (`Worker::give_back`); the message can no longer be read.
    pub fn into_buffer(self) -> Option<js_sys::ArrayBuffer> {
        match self {
            Posted::Transferred(array) if array.length() >= super::spare::SPARE_MIN_BYTES => {
                Some(array.buffer())
            }
            _ => None,
        }
    }

    /// Where the first newline is, copying the buffer a step at a time until it is found.
    pub fn newline(&self) -> Option<usize> {
        let len = self.len();
        (0..len).step_by(HEADER_STEP).find_map(|start| {
            let end = (start + HEADER_STEP).min(len);
            let step = self.bytes(start..end);
            step.iter().position(|&b| b == b'\n').map(|at| start + at)
        })
    }

    /// A reader of the bytes in `range`, front to back.
    pub fn source(&self, range: Range<usize>) -> PostedSource<'_> {
        PostedSource {
            posted: self,
            range,
        }
    }
}

/// The job columns' bytes, read from a [`Posted`] message as the decoder asks for them.
pub struct PostedSource<'p> {
    posted: &'p Posted,
    range: Range<usize>,
}

impl ColumnSource for PostedSource<'_> {
    fn remaining(&self) -> usize {
        self.range.len()
    }

    fn next(&mut self, len: usize) -> Cow<'_, [u8]> {
        let start = self.range.start;
        self.range.start += len;
        self.posted.bytes(start..start + len)
    }
}

/// A message's body, from `from` to its end, for the engine to read a piece at a time where it
/// lies (`quotalab_engine::format::pieces`): an import's scenario, a quarter of a gigabyte for a
/// large trace.
pub struct PostedBody {
    pub(crate) posted: Posted,
    pub(crate) from: usize,
}

impl Source for PostedBody {
    fn len(&self) -> usize {
        self.posted.len() - self.from
    }

    fn copy_to(&self, offset: usize, into: &mut [u8]) {
        let start = self.from + offset;
        match &self.posted {
            Posted::Copied(bytes) => into.copy_from_slice(&bytes[start..start + into.len()]),
            Posted::Transferred(array) => array
                .subarray(start as u32, (start + into.len()) as u32)
                .copy_to(into),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copied_message_finds_its_newline_past_the_first_step() {
        let mut bytes = vec![b'x'; HEADER_STEP + 10];
        bytes.push(b'\n');
        bytes.extend_from_slice(b"body");
        let posted = Posted::Copied(bytes);
        assert_eq!(posted.newline(), Some(HEADER_STEP + 10));
        assert_eq!(Posted::Copied(b"no newline".to_vec()).newline(), None);
    }

    #[test]
    fn a_source_reads_its_range_in_order() {
        let posted = Posted::Copied(b"head\nabcdef".to_vec());
        let mut source = posted.source(5..11);
        assert_eq!(source.remaining(), 6);
        assert_eq!(&*source.next(2), b"ab");
        assert_eq!(&*source.next(4), b"cdef");
        assert_eq!(source.remaining(), 0);
    }
}
