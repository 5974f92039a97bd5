//! One row reader for every importer that reads records one by one: the trace formats' lines
//! (docs/TRACES.md, "What every import shares") and the account's job documents
//! (docs/ACCOUNT.md). Each record has a place (a file's line, a document's label), and becomes a
//! kept value, a row skipped on purpose with its reason, or a bad row with its message. Skip
//! reasons are each importer's own enum; the reader counts them, so "nothing lost" holds by
//! construction: rows read = kept + skipped + bad.
//!
//! Without `keep_going` the first bad row fails the import with its place; with it, bad rows are
//! listed and the rest read on. Lookup tables (a throughput table, a node list) are read by the
//! same loop with [`Reader::table`]: their good records are not rows of jobs, but a bad one is
//! listed with the bad rows and so counted as a row read, or the account would not add up
//! (docs/TRACES.md, "What every import shares").

mod lines;

pub use lines::{lines, Line};

use std::collections::BTreeMap;

/// What one record became.
pub enum Outcome<T, S> {
    Keep(T),
    Skip(S),
}

/// A record that could not be read: where, and what is wrong with it (each importer's own typed
/// error, which renders the message shown after the place).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bad<P, E> {
    pub place: P,
    pub error: E,
}

/// The row loop's account: rows read, bad rows, skips by reason, notes. `E` is why a record is
/// bad.
#[derive(Debug)]
pub struct Reader<P, S, E> {
    keep_going: bool,
    rows: usize,
    bad: Vec<Bad<P, E>>,
    skipped: BTreeMap<S, usize>,
    /// Every skipped record's place, only for readers that name each one (`listing_skips`).
    skipped_at: Option<Vec<(P, S)>>,
    notes: Vec<String>,
}

impl<P: Clone, S: Ord + Clone, E> Reader<P, S, E> {
    pub fn new(keep_going: bool) -> Self {
        Reader {
            keep_going,
            rows: 0,
            bad: Vec::new(),
            skipped: BTreeMap::new(),
            skipped_at: None,
            notes: Vec::new(),
        }
    }

    /// A reader that also keeps the place of every skipped record, for imports that name each
    /// (the account's list of what was not imported) rather than only count them.
    pub fn listing_skips(mut self) -> Self {
        self.skipped_at = Some(Vec::new());
        self
    }

    /// Reads records of jobs: each counts as a row; `parse` keeps it, skips it with a reason,
    /// or calls it bad.
    pub fn rows<R, T>(
        &mut self,
        records: impl IntoIterator<Item = (P, R)>,
        mut parse: impl FnMut(&P, R) -> Result<Outcome<T, S>, E>,
    ) -> Result<Vec<(P, T)>, Bad<P, E>> {
        let mut kept = Vec::new();
        for (place, record) in records {
            self.rows += 1;
            match parse(&place, record) {
                Ok(Outcome::Keep(value)) => kept.push((place, value)),
                Ok(Outcome::Skip(reason)) => self.skip(&place, reason),
                Err(error) => self.bad(place, error)?,
            }
        }
        Ok(kept)
    }

    /// Reads a lookup table's records: a good one is not a row of jobs and is not counted; a bad
    /// one is listed as [`Reader::rows`] lists it, and counted as a row read so that rows read =
    /// kept + skipped + bad still holds. A record `parse` returns `None` for (a blank value) is
    /// passed over.
    pub fn table<R, T>(
        &mut self,
        records: impl IntoIterator<Item = (P, R)>,
        mut parse: impl FnMut(R) -> Result<Option<T>, E>,
    ) -> Result<Vec<T>, Bad<P, E>> {
        let mut kept = Vec::new();
        for (place, record) in records {
            match parse(record) {
                Ok(Some(value)) => kept.push(value),
                Ok(None) => {}
                Err(error) => {
                    self.rows += 1;
                    self.bad(place, error)?
                }
            }
        }
        Ok(kept)
    }

    /// A later step over kept rows: those `check` gives a reason for are skipped and counted.
    pub fn sift<T>(
        &mut self,
        rows: Vec<(P, T)>,
        mut check: impl FnMut(&P, &T) -> Option<S>,
    ) -> Vec<(P, T)> {
        let mut kept = Vec::with_capacity(rows.len());
        for (place, value) in rows {
            match check(&place, &value) {
                Some(reason) => self.skip(&place, reason),
                None => kept.push((place, value)),
            }
        }
        kept
    }

    /// A bad row: the import's failure without `keep_going`, else listed.
    pub fn bad(&mut self, place: P, error: E) -> Result<(), Bad<P, E>> {
        let bad = Bad { place, error };
        if self.keep_going {
            self.bad.push(bad);
            Ok(())
        } else {
            Err(bad)
        }
    }

    fn skip(&mut self, place: &P, reason: S) {
        *self.skipped.entry(reason.clone()).or_default() += 1;
        if let Some(list) = &mut self.skipped_at {
            list.push((place.clone(), reason));
        }
    }

    pub fn note(&mut self, note: impl Into<String>) {
        self.notes.push(note.into());
    }

    /// Records of jobs read.
    pub fn rows_read(&self) -> usize {
        self.rows
    }

    pub fn bad_rows(&self) -> &[Bad<P, E>] {
        &self.bad
    }

    /// Rows skipped on purpose, counted by reason.
    pub fn skipped(&self) -> &BTreeMap<S, usize> {
        &self.skipped
    }

    /// The places of the skipped rows, when the reader lists them.
    pub fn skipped_at(&self) -> &[(P, S)] {
        self.skipped_at.as_deref().unwrap_or(&[])
    }

    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    pub fn into_notes(self) -> Vec<String> {
        self.notes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
    enum Why {
        Odd,
    }

    /// A record that is not a number.
    #[derive(Debug, PartialEq)]
    struct NotANumber(String);

    fn parse(_: &usize, text: &str) -> Result<Outcome<u32, Why>, NotANumber> {
        let n: u32 = text.parse().map_err(|_| NotANumber(text.to_string()))?;
        Ok(if n % 2 == 1 {
            Outcome::Skip(Why::Odd)
        } else {
            Outcome::Keep(n)
        })
    }

    #[test]
    fn every_row_is_kept_skipped_or_bad() {
        let mut reader = Reader::new(true).listing_skips();
        let records = ["2", "3", "x", "4"].into_iter().enumerate();
        let kept = reader.rows(records, parse).unwrap();
        assert_eq!(kept, [(0, 2), (3, 4)]);
        assert_eq!(reader.rows_read(), 4);
        assert_eq!(reader.skipped()[&Why::Odd], 1);
        assert_eq!(reader.skipped_at(), [(1, Why::Odd)]);
        assert_eq!(reader.bad_rows()[0].place, 2);
    }

    #[test]
    fn without_keep_going_the_first_bad_row_fails() {
        let mut reader: Reader<usize, Why, NotANumber> = Reader::new(false);
        let records = ["2", "x", "y"].into_iter().enumerate();
        let bad = reader.rows(records, parse).unwrap_err();
        assert_eq!((bad.place, bad.error), (1, NotANumber("x".into())));
    }

    #[test]
    fn a_tables_good_records_are_not_rows_of_jobs_but_its_bad_ones_are_read() {
        let mut reader: Reader<usize, Why, NotANumber> = Reader::new(true);
        let values = reader
            .table(["1", "", "x"].into_iter().enumerate(), |t: &str| {
                if t.is_empty() {
                    return Ok(None);
                }
                t.parse::<u32>().map(Some).map_err(|_| NotANumber(t.into()))
            })
            .unwrap();
        assert_eq!(values, [1]);
        // Only the bad record counts: it is listed with the bad rows.
        assert_eq!(reader.rows_read(), 1);
        assert_eq!(reader.bad_rows().len(), 1);
    }
}
