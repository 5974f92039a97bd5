//! A scenario read from bytes held outside the reader's memory, a piece at a time.
//!
//! The page reads an opened file, and the simulation worker a run's request, from a JavaScript
//! buffer. Copied into wasm memory whole, a million-job trace's text (a quarter of a gigabyte)
//! stood there beside the jobs read from it, and each side's memory kept that room for good
//! (docs/PERFORMANCE.md, "A trace read a piece at a time"). Here only the document without its
//! jobs is copied, and then one job at a time.
//!
//! The bytes are read three times: once to find the `jobs` array and count its elements, once
//! for the document around it (read by the scenario's one reader, `format::read_scenario`, with
//! `"jobs": []`), and once for the jobs, each read as the whole text's reader reads it. Anything
//! this does not read exactly as the whole text would be read (a syntax or shape error, a
//! `jobs` member written twice or spelled with escapes, a study) answers none: the caller then
//! reads the whole text, and its errors, as before.

use super::{head_of, migrate, read_typed, MAX_SCENARIO_BYTES};
use crate::diagnostic::LoadError;
use crate::scenario::job_list::expecting;
use crate::scenario::{JobList, JobSpec, Scenario};

/// How many bytes a piece copies at a time; a few in the tests, so that every element and
/// name is cut somewhere.
const PIECE: usize = if cfg!(test) { 7 } else { 1 << 20 };

/// Bytes that can be copied out a piece at a time: a JavaScript buffer in the app, a slice in
/// the tests.
pub trait Source {
    /// How many bytes there are.
    fn len(&self) -> usize;

    /// Whether there are none.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Copies the bytes from `offset` into the whole of `into`; the caller keeps within `len`.
    fn copy_to(&self, offset: usize, into: &mut [u8]);

    /// All the bytes as text, decoded as a browser decodes a file's text: a leading byte-order
    /// mark dropped, and bytes that are not UTF-8 replaced (U+FFFD).
    fn text(&self) -> String {
        let mut bytes = vec![0; self.len()];
        self.copy_to(0, &mut bytes);
        let start = if bytes.starts_with(b"\xEF\xBB\xBF") {
            3
        } else {
            0
        };
        bytes.drain(..start);
        String::from_utf8(bytes)
            .unwrap_or_else(|invalid| String::from_utf8_lossy(invalid.as_bytes()).into_owned())
    }
}

impl Source for [u8] {
    fn len(&self) -> usize {
        <[u8]>::len(self)
    }

    fn copy_to(&self, offset: usize, into: &mut [u8]) {
        into.copy_from_slice(&self[offset..offset + into.len()]);
    }
}

/// Reads the scenario in `source` a piece at a time (see the module's note): the scenario,
/// exactly as the whole text reads it, or none where the whole text is to be read instead, since
/// the document is not a scenario with a `jobs` array that reads cleanly, and the whole text's
/// reader says what it is or what is wrong with it. A document over the size limit is refused
/// without being copied at all.
pub fn read_scenario(source: &(impl Source + ?Sized)) -> Result<Option<Scenario>, LoadError> {
    if source.len() > MAX_SCENARIO_BYTES {
        return Err(LoadError::TooLarge {
            bytes: source.len(),
            limit: MAX_SCENARIO_BYTES,
        });
    }
    Ok(find_jobs(source).and_then(|jobs| read_around(source, &jobs)))
}

/// Where the document's one `jobs` array is: from its `[` to just after its `]`, and how many
/// elements it has.
struct JobsArray {
    open: usize,
    end: usize,
    elements: usize,
}

/// The scenario read from the document around its jobs and from each job; none where either
/// does not read cleanly.
fn read_around(source: &(impl Source + ?Sized), jobs: &JobsArray) -> Option<Scenario> {
    let mut around = vec![0; jobs.open + 1 + (source.len() - (jobs.end - 1))];
    source.copy_to(0, &mut around[..=jobs.open]);
    source.copy_to(jobs.end - 1, &mut around[jobs.open + 1..]);
    let around = String::from_utf8(around).ok()?;
    let head = head_of(&around).ok()?;
    if head.kind.is_some() {
        return None;
    }
    migrate(head.version).ok()?;
    crate::result::sharing_names(|| {
        let mut scenario: Scenario = expecting(Some(0), || read_typed(&around)).ok()?;
        drop(around);
        scenario.jobs = read_jobs(source, jobs)?;
        Some(scenario)
    })
}

/// Each element of the array read as a job, straight from a piece or two of the bytes: none at
/// the first that does not read, or where the commas between them are not one each. Read as
/// text, as the whole document is: serde_json's readers of text and of bytes are two copies of
/// a job's reading code, and the page's module carries one (docs/PERFORMANCE.md, "One reader
/// for every scenario").
fn read_jobs(source: &(impl Source + ?Sized), jobs: &JobsArray) -> Option<JobList> {
    let mut list = Vec::with_capacity(jobs.elements);
    let mut unread = Unread {
        text: String::with_capacity(PIECE),
        at: 0,
        cut: Vec::new(),
        next: jobs.open + 1,
        last: jobs.end - 1,
    };
    let mut comma_due = false;
    let mut element_due = false;
    loop {
        let bytes = unread.text.as_bytes();
        while unread.at < bytes.len() && is_space(bytes[unread.at]) {
            unread.at += 1;
        }
        if unread.at == bytes.len() {
            if unread.fill(source)? {
                continue;
            }
            break;
        }
        if comma_due {
            if bytes[unread.at] != b',' {
                return None;
            }
            unread.at += 1;
            comma_due = false;
            element_due = true;
            continue;
        }
        let mut stream =
            serde_json::Deserializer::from_str(&unread.text[unread.at..]).into_iter::<JobSpec>();
        match stream.next() {
            Some(Ok(job)) => {
                unread.at += stream.byte_offset();
                list.push(job);
                comma_due = true;
                element_due = false;
            }
            Some(Err(error)) if error.is_eof() && unread.fill(source)? => {}
            _ => return None,
        }
    }
    (!element_due && unread.cut.is_empty() && list.len() == jobs.elements)
        .then(|| JobList::from(list))
}

/// The array's text not yet read as jobs: `text[at..]`, then the bytes of a character that the
/// last piece cut, then the source from `next` to `last` (the array's `]`).
struct Unread {
    text: String,
    at: usize,
    cut: Vec<u8>,
    next: usize,
    last: usize,
}

impl Unread {
    /// Lets go of what is read and adds the next piece's text after what is not: false when the
    /// array has no more, none where its bytes are not UTF-8.
    fn fill(&mut self, source: &(impl Source + ?Sized)) -> Option<bool> {
        if self.next >= self.last {
            return Some(false);
        }
        self.text.drain(..self.at);
        self.at = 0;
        let piece = PIECE.min(self.last - self.next);
        let mut bytes = std::mem::take(&mut self.cut);
        let kept = bytes.len();
        bytes.resize(kept + piece, 0);
        source.copy_to(self.next, &mut bytes[kept..]);
        self.next += piece;
        let whole = match std::str::from_utf8(&bytes) {
            Ok(_) => bytes.len(),
            Err(error) if error.error_len().is_none() => error.valid_up_to(),
            Err(_) => return None,
        };
        self.cut = bytes.split_off(whole);
        self.text.push_str(std::str::from_utf8(&bytes).ok()?);
        Some(true)
    }
}

/// JSON's white space.
fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r')
}

/// Calls `visit` with each piece of `source` and its offset; stops where `visit` says false.
fn pieces(source: &(impl Source + ?Sized), mut visit: impl FnMut(usize, &[u8]) -> bool) {
    let mut buffer = vec![0; PIECE.min(source.len())];
    let mut offset = 0;
    while offset < source.len() {
        let piece = &mut buffer[..PIECE.min(source.len() - offset)];
        source.copy_to(offset, piece);
        if !visit(offset, piece) {
            return;
        }
        offset += piece.len();
    }
}

/// A walk through the document's bytes that follows strings and brackets, for the one
/// top-level `"jobs": [...]` (the member's name written plainly) and the commas between its
/// elements.
#[derive(Default)]
struct Walk {
    depth: usize,
    in_string: bool,
    escaped: bool,
    /// The top-level string being read, or the last one read.
    key: Vec<u8>,
    /// Whether the last top-level string was `"jobs"` and, then, whether its colon came.
    key_is_jobs: bool,
    after_colon: bool,
    /// The array, once found; `end` is set as it closes.
    found: Option<JobsArray>,
    in_jobs: bool,
    commas: usize,
    any_element: bool,
    /// Brackets that close more than opened, or a second `jobs`: read the whole text.
    off: bool,
}

impl Walk {
    /// Takes a piece that starts at `offset`; false once the walk is off.
    fn take(&mut self, offset: usize, piece: &[u8]) -> bool {
        let mut i = 0;
        while i < piece.len() {
            if self.in_string {
                i += self.through_string(&piece[i..]);
                continue;
            }
            let byte = piece[i];
            if !self.outside_string(offset + i, byte) {
                self.off = true;
                return false;
            }
            i += 1;
        }
        true
    }

    /// Reads string bytes up to and with its closing quote, if the piece has it; how many.
    fn through_string(&mut self, bytes: &[u8]) -> usize {
        let keep = self.depth == 1;
        if self.escaped {
            self.escaped = false;
            if keep {
                self.key.push(bytes[0]);
            }
            return 1;
        }
        let Some(k) = bytes.iter().position(|&b| b == b'"' || b == b'\\') else {
            if keep {
                self.key.extend_from_slice(bytes);
            }
            return bytes.len();
        };
        if keep {
            self.key.extend_from_slice(&bytes[..k]);
        }
        if bytes[k] == b'"' {
            self.in_string = false;
            if keep {
                self.key_is_jobs = self.key == b"jobs";
            }
        } else {
            self.escaped = true;
            if keep {
                self.key.push(b'\\');
            }
        }
        k + 1
    }

    /// Takes a byte outside any string at `at`; false where the walk is off.
    fn outside_string(&mut self, at: usize, byte: u8) -> bool {
        if self.in_jobs {
            match byte {
                b'"' => self.in_string = true,
                b'{' | b'[' => self.depth += 1,
                b'}' | b']' => self.depth -= 1,
                b',' if self.depth == 2 => self.commas += 1,
                _ => {}
            }
            if self.depth == 1 {
                self.in_jobs = false;
                if let Some(jobs) = self.found.as_mut() {
                    jobs.end = at + 1;
                }
            } else if !is_space(byte) {
                self.any_element = true;
            }
            return true;
        }
        let top_level = self.depth == 1;
        match byte {
            b'"' => {
                self.in_string = true;
                if top_level {
                    self.key.clear();
                    self.key_is_jobs = false;
                    self.after_colon = false;
                }
                return true;
            }
            b'{' | b'[' => self.depth += 1,
            b'}' | b']' => match self.depth.checked_sub(1) {
                Some(depth) => self.depth = depth,
                None => return false,
            },
            _ => {}
        }
        if !top_level {
            return true;
        }
        match byte {
            b':' => self.after_colon = self.key_is_jobs,
            b'[' if self.after_colon => {
                if self.found.is_some() {
                    return false;
                }
                self.found = Some(JobsArray {
                    open: at,
                    end: 0,
                    elements: 0,
                });
                self.in_jobs = true;
            }
            byte if is_space(byte) => {}
            _ => {
                self.key_is_jobs = false;
                self.after_colon = false;
            }
        }
        true
    }
}

/// The document's one top-level `"jobs": [...]` and how many elements it has: none where there
/// is none, where there are two, or where the brackets do not balance.
fn find_jobs(source: &(impl Source + ?Sized)) -> Option<JobsArray> {
    let mut walk = Walk::default();
    pieces(source, |offset, piece| walk.take(offset, piece));
    if walk.off || walk.depth != 0 || walk.in_jobs {
        return None;
    }
    let mut jobs = walk.found?;
    jobs.elements = if walk.any_element { walk.commas + 1 } else { 0 };
    Some(jobs)
}

#[cfg(test)]
mod tests;
