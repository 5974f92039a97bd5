//! The buffer of a large reply, given back by the page once it has read it, for the worker's
//! next large reply (docs/PERFORMANCE.md, "A reply's buffer goes back to the worker").
//!
//! A worker transfers each reply's buffer to the page (`serve::post_bytes`); once read, the page's
//! copy is garbage, but the browser frees it only when its collector comes to it, often after
//! the next reply's buffer has been made. At a million jobs that is a second 160 MB beside the
//! first at every edit. So the page posts a large reply's buffer back (`Worker::give_back`), and
//! the worker writes its next large reply into it when it fits: the renderer then holds one such
//! buffer, not two. A request's own buffer, once copied, is kept the same way: an imported
//! trace's quarter of a gigabyte then carries the columns of its first run, which would
//! otherwise be a second buffer beside it until the collector came (docs/PERFORMANCE.md, "A
//! request's buffer carries its reply"). A buffer is kept for one request only: a request whose
//! replies did not use it lets it go ([`let_go`]), so a worker that moved on to small scenarios
//! does not pin a large one.

use std::cell::RefCell;

/// Replies and buffers smaller than this are not worth keeping: a 10,000-job run's reply is
/// 1.5 MB.
pub const SPARE_MIN_BYTES: u32 = 1 << 20;

thread_local! {
    static SPARE: RefCell<Option<js_sys::ArrayBuffer>> = const { RefCell::new(None) };
}

/// Keeps `buffer` for the next large reply: a reply's, given back by the page, or a request's,
/// once the worker has copied it. Of two, the larger is kept, as it holds more replies.
pub fn keep(buffer: js_sys::ArrayBuffer) {
    if buffer.byte_length() < SPARE_MIN_BYTES {
        return;
    }
    SPARE.with(|spare| {
        let mut spare = spare.borrow_mut();
        if spare
            .as_ref()
            .is_none_or(|kept| kept.byte_length() < buffer.byte_length())
        {
            *spare = Some(buffer);
        }
    });
}

/// A view of `len` bytes for a reply: the kept buffer when `len` is large and the buffer holds it
/// without being more than twice its size (the page holds the whole buffer while it reads the
/// reply), a new buffer otherwise.
pub fn bytes_for(len: u32) -> js_sys::Uint8Array {
    let fits = |buffer: &js_sys::ArrayBuffer| {
        let capacity = buffer.byte_length();
        len >= SPARE_MIN_BYTES && capacity >= len && capacity / 2 <= len
    };
    match SPARE.with(|spare| spare.borrow_mut().take_if(|b| fits(b))) {
        Some(buffer) => js_sys::Uint8Array::new_with_byte_offset_and_length(&buffer, 0, len),
        None => js_sys::Uint8Array::new_with_length(len),
    }
}

/// Lets the kept buffer go: the request just answered did not use it.
pub fn let_go() {
    SPARE.with(|spare| spare.borrow_mut().take());
}
