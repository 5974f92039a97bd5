//! The part of a trace the user asked for: jobs submitted in the time window, then the sample of
//! those (docs/TRACES.md, "What every import shares"). Every format calls this once, after its
//! own rows are read, so the rows left out are counted the same way everywhere.

use super::clock::hours;
use super::job::TraceJob;
use super::options::ImportOptions;
use super::skip::Skip;
use super::table::RowError;
use crate::rows::{Bad, Line, Reader};

/// The reader every trace format reads its rows with.
pub type TraceReader<'a> = Reader<Line<'a>, Skip, RowError>;

/// A trace's bad row: its file and line, and what is wrong with it.
pub type RowBad<'a> = Bad<Line<'a>, RowError>;

/// Rows read, each with its line.
pub type Placed<'a, T> = Vec<(Line<'a>, T)>;

/// The jobs in the window and the sample; the others are counted by why they were left out.
/// A job may travel with what its format still needs of its row (`T` is a pair then).
pub fn window<'a, T: AsRef<TraceJob>>(
    reader: &mut TraceReader<'a>,
    jobs: Placed<'a, T>,
    options: &ImportOptions,
) -> Placed<'a, T> {
    let mut sampler = options.sampler();
    reader.sift(jobs, |place, job| {
        if !options.in_window(hours(job.as_ref().submit_s)) {
            Some(Skip::OutsideWindow)
        } else if !sampler.keep(place.file, place.line) {
            Some(Skip::SampledOut)
        } else {
            None
        }
    })
}
