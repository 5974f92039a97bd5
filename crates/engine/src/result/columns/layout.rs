//! Where each column lies in the columns' bytes (the layout of [`super::codec`]), worked out from
//! how many jobs, attempts, waits and name bytes there are, so that a block of jobs' columns can
//! be written straight to its place (docs/PERFORMANCE.md, "The worker writes the columns a block
//! of jobs at a time"). The whole columns are written the same way, as one block.

use super::codec::{Plain, MAGIC};
use super::names::NameRuns;
use super::JobColumns;
use crate::result::Text;

/// How many bytes a write hands over at most, bar one value (a name's bytes excepted: those come
/// in pieces of this size exactly).
pub const PIECE_BYTES: usize = 64 << 10;

/// How many of each a set of columns holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub jobs: usize,
    pub attempts: usize,
    pub waits: usize,
    /// The jobs whose names are text, not in a run (`super::names`).
    pub texts: usize,
    /// The bytes of those names, joined.
    pub name_bytes: usize,
}

impl Counts {
    /// The counts of `columns`.
    pub fn of(columns: &JobColumns) -> Counts {
        Counts {
            jobs: columns.len(),
            attempts: columns.attempt_start_h.len(),
            waits: columns.wait_reason.len(),
            texts: columns.names.ends.len(),
            name_bytes: columns.names.text.len(),
        }
    }

    /// These and `more`, added up.
    pub fn plus(self, more: Counts) -> Counts {
        Counts {
            jobs: self.jobs + more.jobs,
            attempts: self.attempts + more.attempts,
            waits: self.waits + more.waits,
            texts: self.texts + more.texts,
            name_bytes: self.name_bytes + more.name_bytes,
        }
    }
}

/// What a column holds one value per, which says how long it is and, for the offset columns,
/// what is added to a block's values to make them the whole columns'.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Per {
    Job,
    Attempt,
    Wait,
    /// Where each text name ends in the joined names.
    NameEnd,
    /// Where each job's attempts start, and the end of the last job's.
    AttemptFrom,
    /// Where each job's waits start, and the end of the last job's.
    WaitFrom,
}

impl Per {
    /// How many values the column has.
    fn len(self, counts: Counts) -> usize {
        match self {
            Per::Job => counts.jobs,
            Per::NameEnd => counts.texts,
            Per::Attempt => counts.attempts,
            Per::Wait => counts.waits,
            Per::AttemptFrom | Per::WaitFrom => counts.jobs + 1,
        }
    }

    /// Where a block's first value goes in the column, and what its values are offset by, when
    /// `before` came before it.
    fn place(self, before: Counts) -> (usize, u32) {
        match self {
            Per::Job => (before.jobs, 0),
            Per::Attempt => (before.attempts, 0),
            Per::Wait => (before.waits, 0),
            Per::NameEnd => (before.texts, super::len32(before.name_bytes)),
            Per::AttemptFrom => (before.jobs, super::len32(before.attempts)),
            Per::WaitFrom => (before.jobs, super::len32(before.waits)),
        }
    }

    /// The last value of an offset column: the total it ends at.
    fn end(self, counts: Counts) -> Option<usize> {
        match self {
            Per::AttemptFrom => Some(counts.attempts),
            Per::WaitFrom => Some(counts.waits),
            _ => None,
        }
    }
}

/// One column's values.
#[derive(Clone, Copy)]
enum Values<'c> {
    U8(&'c [u8]),
    U32(&'c [u32]),
    I32(&'c [i32]),
    F64(&'c [f64]),
}

impl Values<'_> {
    fn width(self) -> usize {
        match self {
            Values::U8(_) => u8::WIDTH,
            Values::U32(_) => u32::WIDTH,
            Values::I32(_) => i32::WIDTH,
            Values::F64(_) => f64::WIDTH,
        }
    }

    /// Appends values `range` to `out`, `offset` added to each (an offset column's only).
    fn put(self, range: std::ops::Range<usize>, offset: u32, out: &mut Vec<u8>) {
        match self {
            Values::U8(v) => v[range].iter().for_each(|&x| x.put(out)),
            Values::U32(v) => v[range].iter().for_each(|&x| (x + offset).put(out)),
            Values::I32(v) => v[range].iter().for_each(|&x| x.put(out)),
            Values::F64(v) => v[range].iter().for_each(|&x| x.put(out)),
        }
    }
}

/// Every column after the joined names, in layout order, with what it holds one value per. The
/// reader reads them in this order too (`codec`'s `each_column!`; a test holds the two lists
/// together).
fn columns(c: &JobColumns) -> [(&'static str, Per, Values<'_>); 28] {
    use Values::{F64, I32, U32, U8};
    [
        ("name_ends", Per::NameEnd, U32(&c.names.ends)),
        ("share", Per::Job, U32(&c.share)),
        ("mix", Per::Job, U32(&c.mix)),
        ("status", Per::Job, U8(&c.status)),
        ("reason", Per::Job, U8(&c.reason)),
        ("priority", Per::Job, I32(&c.priority)),
        ("submit_h", Per::Job, F64(&c.submit_h)),
        ("first_start_h", Per::Job, F64(&c.first_start_h)),
        ("end_h", Per::Job, F64(&c.end_h)),
        ("wait_h", Per::Job, F64(&c.wait_h)),
        ("completion_h", Per::Job, F64(&c.completion_h)),
        ("preference", Per::Job, U32(&c.preference)),
        ("instance_type", Per::Job, U32(&c.instance_type)),
        ("instance_count", Per::Job, U32(&c.instance_count)),
        ("pool", Per::Job, U8(&c.pool)),
        ("preemptions", Per::Job, U32(&c.preemptions)),
        ("interruptions", Per::Job, U32(&c.interruptions)),
        ("lost_h", Per::Job, F64(&c.lost_h)),
        ("lost_accelerator_h", Per::Job, F64(&c.lost_accelerator_h)),
        ("cost", Per::Job, F64(&c.cost)),
        ("attempts_from", Per::AttemptFrom, U32(&c.attempts_from)),
        ("attempt_start_h", Per::Attempt, F64(&c.attempt_start_h)),
        ("attempt_end_h", Per::Attempt, F64(&c.attempt_end_h)),
        (
            "attempt_preference",
            Per::Attempt,
            U32(&c.attempt_preference),
        ),
        ("attempt_outcome", Per::Attempt, U8(&c.attempt_outcome)),
        ("waits_from", Per::WaitFrom, U32(&c.waits_from)),
        ("wait_reason", Per::Wait, U8(&c.wait_reason)),
        ("wait_h_by_reason", Per::Wait, F64(&c.wait_h_by_reason)),
    ]
}

/// The names of the columns [`columns`] lists, in its order (for the test that holds the reader
/// to it).
#[cfg(test)]
pub fn column_names() -> Vec<&'static str> {
    columns(&JobColumns::default())
        .iter()
        .map(|(name, ..)| *name)
        .collect()
}

/// Where everything lies in the bytes of columns with given name lists and counts.
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    /// The magic, the share, mix and type lists and the name runs: the bytes' start, written as
    /// they are.
    head: Vec<u8>,
    counts: Counts,
    /// Where the joined names' byte count is.
    names_at: usize,
    /// Where each column of [`columns`] starts (its count).
    starts: [usize; 28],
    /// How many bytes in all.
    len: usize,
}

impl Layout {
    /// The layout of columns whose name lists are `tables`' (`shares`, `mixes`, `types`; its
    /// columns are not read), whose names' runs are `runs` and whose sizes are `counts`.
    pub fn new(tables: &JobColumns, runs: &NameRuns, counts: Counts) -> Layout {
        let mut head = MAGIC.to_vec();
        for names in [&tables.shares, &tables.mixes, &tables.types] {
            put_names(names, &mut head);
        }
        head.extend_from_slice(&count(runs.count()));
        for part in runs.parts().flatten() {
            head.extend_from_slice(&part.to_le_bytes());
        }
        let names_at = head.len();
        let mut at = names_at + 4 + counts.name_bytes;
        let mut starts = [0; 28];
        for (start, (_, per, values)) in starts.iter_mut().zip(columns(&JobColumns::default())) {
            *start = at;
            at += 4 + per.len(counts) * values.width();
        }
        Layout {
            head,
            counts,
            names_at,
            starts,
            len: at,
        }
    }

    /// How many bytes the columns come to.
    pub fn byte_len(&self) -> usize {
        self.len
    }

    /// Writes what is not any block's: the head, the counts, and each offset column's end.
    /// `put(at, bytes)` takes bytes for their place.
    pub fn write_frame(&self, put: &mut dyn FnMut(usize, &[u8])) {
        put(0, &self.head);
        put(self.names_at, &count(self.counts.name_bytes));
        for (&start, (_, per, values)) in self.starts.iter().zip(columns(&JobColumns::default())) {
            let len = per.len(self.counts);
            put(start, &count(len));
            if let Some(end) = per.end(self.counts) {
                put(start + 4 + (len - 1) * values.width(), &count(end));
            }
        }
    }

    /// Writes the values of `block`, the jobs after those `before` counts, in pieces of at most
    /// about [`PIECE_BYTES`]; `block`'s share, mix and type indexes must be into this layout's
    /// lists. With [`Layout::write_frame`] and every block, every byte is written once.
    pub fn write_block(
        &self,
        block: &JobColumns,
        before: Counts,
        put: &mut dyn FnMut(usize, &[u8]),
    ) {
        let name_start = self.names_at + 4 + before.name_bytes;
        for (k, part) in block.names.text.as_bytes().chunks(PIECE_BYTES).enumerate() {
            put(name_start + k * PIECE_BYTES, part);
        }
        let counts = Counts::of(block);
        let mut piece = Vec::with_capacity(PIECE_BYTES + 8);
        for (&start, (_, per, values)) in self.starts.iter().zip(columns(block)) {
            let (first, offset) = per.place(before);
            let width = values.width();
            // An offset column's last value, the block's end, is the next block's first, or the
            // frame's end.
            let len = match per {
                Per::AttemptFrom | Per::WaitFrom => counts.jobs,
                _ => per.len(counts),
            };
            let step = PIECE_BYTES / width;
            let mut from = 0;
            while from < len {
                let to = (from + step).min(len);
                piece.clear();
                values.put(from..to, offset, &mut piece);
                put(start + 4 + (first + from) * width, &piece);
                from = to;
            }
        }
    }
}

/// A count as the layout writes it.
fn count(n: usize) -> [u8; 4] {
    super::len32(n).to_le_bytes()
}

/// A list of names: its count, then each name's byte count and bytes.
fn put_names(names: &[Text], out: &mut Vec<u8>) {
    out.extend_from_slice(&count(names.len()));
    for name in names {
        out.extend_from_slice(&count(name.len()));
        out.extend_from_slice(name.as_bytes());
    }
}
