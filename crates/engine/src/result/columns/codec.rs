//! The job columns as bytes, for the worker to post and the page to read (docs/PERFORMANCE.md,
//! "1M jobs").
//!
//! The layout: the four bytes [`MAGIC`], the share, mix and type name lists, the job names'
//! runs (a count, then each run's first job, length, mix and first number, `super::names`),
//! then the text names and every column in the order of [`JobColumns`]'s fields, each as a
//! little-endian `u32` count followed by its values, little-endian and unpadded (`u8`, `u32` or
//! `f64`); a string (a name, the joined text names) is its UTF-8 byte count and its bytes, a
//! name list a count of strings. Nothing is compressed:
//! the page reads a million jobs' columns in a few tens of milliseconds, and they are made once.
//! Reading checks every count against the bytes left, so a damaged message is an error, never a
//! panic.
//!
//! The columns are read from a [`ColumnSource`]: a slice, or anything that hands out the next
//! bytes on request. The page reads them straight from the buffer the worker posted, one column
//! at a time, so a million jobs' columns are never copied into its memory whole before they are
//! decoded (docs/PERFORMANCE.md, "The page reads the columns where they arrived").

use super::layout::{Counts, Layout};
use super::names::NameRuns;
use super::JobColumns;
use crate::result::Text;
use std::borrow::Cow;

/// What the bytes start with: the layout's name and version.
pub const MAGIC: &[u8; 4] = b"QLC2";

/// Why bytes are not job columns.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ColumnsError {
    /// They do not start with [`MAGIC`].
    #[error("the job columns do not start with {MAGIC:?}")]
    NotColumns,
    /// They end inside the column named.
    #[error("the job columns end inside `{0}`")]
    Truncated(&'static str),
    /// A name is not UTF-8.
    #[error("the job columns' `{0}` is not UTF-8")]
    NotText(&'static str),
    /// The columns do not have one value per job (or one more, for offsets).
    #[error("the job columns disagree on how many jobs there are")]
    Ragged,
    /// Bytes are left after the last column.
    #[error("the job columns have bytes after their last column")]
    Trailing,
}

/// Where the columns' bytes are read from, front to back.
pub trait ColumnSource {
    /// How many bytes are left to read.
    fn remaining(&self) -> usize;
    /// The next `len` bytes, moving past them; the reader asks only for bytes that
    /// [`ColumnSource::remaining`] says are there.
    fn next(&mut self, len: usize) -> Cow<'_, [u8]>;
}

impl ColumnSource for &[u8] {
    fn remaining(&self) -> usize {
        self.len()
    }

    fn next(&mut self, len: usize) -> Cow<'_, [u8]> {
        let (taken, rest) = self.split_at(len);
        *self = rest;
        Cow::Borrowed(taken)
    }
}

impl<S: ColumnSource + ?Sized> ColumnSource for &mut S {
    fn remaining(&self) -> usize {
        (**self).remaining()
    }

    fn next(&mut self, len: usize) -> Cow<'_, [u8]> {
        (**self).next(len)
    }
}

/// A value a column holds: its fixed width and its little-endian bytes.
pub(super) trait Plain: Copy {
    const WIDTH: usize;
    fn put(self, out: &mut Vec<u8>);
    fn get(bytes: &[u8]) -> Self;
}

macro_rules! plain {
    ($($ty:ty),*) => {$(
        impl Plain for $ty {
            const WIDTH: usize = std::mem::size_of::<$ty>();
            fn put(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            fn get(bytes: &[u8]) -> Self {
                let mut le = [0; std::mem::size_of::<$ty>()];
                le.copy_from_slice(bytes);
                <$ty>::from_le_bytes(le)
            }
        }
    )*};
}

plain!(u8, u32, i32, f64);

/// Calls `$each!(field, ...)` with every column after `name_ends`, in layout order, for the
/// reader. The writer lists them in `layout::columns`; a test holds the two lists together.
macro_rules! each_column {
    ($each:ident, $($arg:tt)*) => {
        $each!($($arg)*, share, mix, status, reason, priority, submit_h, first_start_h, end_h,
            wait_h, completion_h, preference, instance_type, instance_count, pool, preemptions,
            interruptions, lost_h, lost_accelerator_h, cost, attempts_from, attempt_start_h,
            attempt_end_h, attempt_preference, attempt_outcome, waits_from, wait_reason,
            wait_h_by_reason);
    };
}

/// The columns the reader reads after `name_ends`, in its order.
#[cfg(test)]
pub(super) fn reader_column_names() -> Vec<&'static str> {
    macro_rules! list_names {
        ($list:ident, $($field:ident),*) => { $list = vec![$(stringify!($field)),*] };
    }
    let names;
    each_column!(list_names, names);
    names
}

macro_rules! get_all {
    ($c:expr, $r:expr, $($field:ident),*) => {$( $c.$field = $r.column(stringify!($field))?; )*};
}

impl JobColumns {
    /// The columns in the layout of the module docs.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.write_bytes(&mut out);
        out
    }

    /// The same bytes as [`JobColumns::to_bytes`], appended to `out`. The room is reserved
    /// once, to the byte: a buffer doubling its way up would hold up to twice the columns'
    /// bytes, and its old and new blocks at once while it grows.
    pub fn write_bytes(&self, out: &mut Vec<u8>) {
        append_placed(out, self.byte_len(), |put| self.write_at(put));
    }

    /// The same bytes as [`JobColumns::to_bytes`], each handed to `put(at, bytes)` with its
    /// place, in pieces of at most about [`PIECE_BYTES`](super::layout::PIECE_BYTES): the columns as one block of a
    /// [`Layout`].
    pub fn write_at(&self, put: &mut dyn FnMut(usize, &[u8])) {
        let layout = Layout::new(self, &self.names.runs, Counts::of(self));
        layout.write_frame(put);
        layout.write_block(self, Counts::default(), put);
    }

    /// Reads columns written by [`JobColumns::to_bytes`].
    pub fn from_bytes(bytes: &[u8]) -> Result<JobColumns, ColumnsError> {
        JobColumns::read_from(bytes)
    }

    /// Reads columns written by [`JobColumns::to_bytes`] from `source`, which must end where
    /// they do.
    pub fn read_from(source: impl ColumnSource) -> Result<JobColumns, ColumnsError> {
        let mut r = Reader { source };
        if r.take(MAGIC.len(), "magic").ok().as_deref() != Some(MAGIC) {
            return Err(ColumnsError::NotColumns);
        }
        let mut c = JobColumns {
            shares: r.names("shares")?,
            mixes: r.names("mixes")?,
            types: r.names("types")?,
            ..JobColumns::default()
        };
        let runs = r.runs()?;
        c.names.text = r.text("names")?;
        c.names.ends = r.column("name_ends")?;
        each_column!(get_all, c, r);
        if r.source.remaining() != 0 {
            return Err(ColumnsError::Trailing);
        }
        c.names.runs = NameRuns::from_parts(&runs, c.share.len(), c.mixes.len())
            .ok_or(ColumnsError::Ragged)?;
        c.check()?;
        Ok(c)
    }

    /// Whether every column has its length and every offset stays within its columns, so the
    /// accessors cannot index out of bounds.
    fn check(&self) -> Result<(), ColumnsError> {
        let n = self.share.len();
        let per_job = [
            self.names.len(),
            self.mix.len(),
            self.status.len(),
            self.reason.len(),
            self.priority.len(),
            self.submit_h.len(),
            self.first_start_h.len(),
            self.end_h.len(),
            self.wait_h.len(),
            self.completion_h.len(),
            self.preference.len(),
            self.instance_type.len(),
            self.instance_count.len(),
            self.pool.len(),
            self.preemptions.len(),
            self.interruptions.len(),
            self.lost_h.len(),
            self.lost_accelerator_h.len(),
            self.cost.len(),
        ];
        let attempts = self.attempt_start_h.len();
        let waits = self.wait_reason.len();
        let ok = per_job.iter().all(|&len| len == n)
            && offsets_ok(&self.attempts_from, n, attempts)
            && offsets_ok(&self.waits_from, n, waits)
            && [
                self.attempt_end_h.len(),
                self.attempt_preference.len(),
                self.attempt_outcome.len(),
            ]
            .iter()
            .all(|&len| len == attempts)
            && self.wait_h_by_reason.len() == waits
            && self.names.is_sound(n)
            && indexes_ok(&self.share, self.shares.len())
            && indexes_ok(&self.mix, self.mixes.len())
            && indexes_ok(&self.instance_type, self.types.len());
        if ok {
            Ok(())
        } else {
            Err(ColumnsError::Ragged)
        }
    }

    /// How many bytes [`JobColumns::write_bytes`] writes.
    pub fn byte_len(&self) -> usize {
        Layout::new(self, &self.names.runs, Counts::of(self)).byte_len()
    }
}

/// `from` has `n + 1` offsets, rising from 0 to `len`.
fn offsets_ok(from: &[u32], n: usize, len: usize) -> bool {
    from.len() == n + 1
        && from.first() == Some(&0)
        && from.last().map(|&l| l as usize) == Some(len)
        && from.windows(2).all(|w| w[0] <= w[1])
}

/// Every index is "none" or names an entry of a list of `len`.
fn indexes_ok(column: &[u32], len: usize) -> bool {
    column
        .iter()
        .all(|&i| i == super::NONE || (i as usize) < len)
}

/// Appends `len` bytes to `out`, which `write` hands to its `put(at, bytes)` in pieces with their
/// places (counted from where they start), as the columns' writers do: the room is made once, to
/// the byte, and each piece copied into it.
pub fn append_placed(
    out: &mut Vec<u8>,
    len: usize,
    write: impl FnOnce(&mut dyn FnMut(usize, &[u8])),
) {
    let from = out.len();
    out.resize(from + len, 0);
    write(&mut |at, piece| out[from + at..from + at + piece.len()].copy_from_slice(piece));
}

/// Reads values off a [`ColumnSource`], checking every length against the bytes left.
struct Reader<S> {
    source: S,
}

impl<S: ColumnSource> Reader<S> {
    fn take(&mut self, len: usize, what: &'static str) -> Result<Cow<'_, [u8]>, ColumnsError> {
        if self.source.remaining() < len {
            return Err(ColumnsError::Truncated(what));
        }
        Ok(self.source.next(len))
    }

    fn count(&mut self, what: &'static str) -> Result<usize, ColumnsError> {
        Ok(u32::get(&self.take(4, what)?) as usize)
    }

    fn text(&mut self, what: &'static str) -> Result<String, ColumnsError> {
        let len = self.count(what)?;
        let bytes = self.take(len, what)?.into_owned();
        String::from_utf8(bytes).map_err(|_| ColumnsError::NotText(what))
    }

    fn names(&mut self, what: &'static str) -> Result<Vec<Text>, ColumnsError> {
        let n = self.count(what)?;
        // Each name takes at least its four-byte length, so a count past that is damage.
        if n > self.source.remaining() / 4 {
            return Err(ColumnsError::Truncated(what));
        }
        (0..n).map(|_| self.text(what).map(Text::from)).collect()
    }

    /// The name runs (`super::names`): a count, then each run's four `u32`s.
    fn runs(&mut self) -> Result<Vec<[u32; 4]>, ColumnsError> {
        let n = self.count("name runs")?;
        let bytes = self.take(
            n.checked_mul(16)
                .ok_or(ColumnsError::Truncated("name runs"))?,
            "name runs",
        )?;
        Ok(bytes
            .chunks_exact(16)
            .map(|run| {
                let mut part = [0; 4];
                for (value, le) in part.iter_mut().zip(run.chunks_exact(4)) {
                    *value = u32::get(le);
                }
                part
            })
            .collect())
    }

    fn column<T: Plain>(&mut self, what: &'static str) -> Result<Vec<T>, ColumnsError> {
        let n = self.count(what)?;
        let bytes = self.take(
            n.checked_mul(T::WIDTH)
                .ok_or(ColumnsError::Truncated(what))?,
            what,
        )?;
        Ok(bytes.chunks_exact(T::WIDTH).map(T::get).collect())
    }
}
