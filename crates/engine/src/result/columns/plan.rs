//! The job columns of a run written without ever being held whole (docs/PERFORMANCE.md, "The
//! worker writes the columns a block of jobs at a time").
//!
//! The worker used to make every job's columns, about 150 bytes a job, and then copy them into
//! the message it posts: at a million jobs that was 160 MB of its wasm memory beside the run's
//! history, at the moment it held the most, and wasm memory never shrinks. A [`ColumnsPlan`]
//! instead counts the jobs as they go by once (the worker makes every record once anyway, for
//! the summary of all jobs), which fixes where every column lies ([`Layout`]), and then writes
//! the columns a block of [`BLOCK_JOBS`] jobs at a time straight to their places. The bytes are
//! those of [`JobColumns::to_bytes`] of all the jobs.

use super::layout::{Counts, Layout};
use super::names::NameRuns;
use super::JobColumns;
use crate::result::{JobResult, SimResult};

/// How many jobs a block has: a block's columns are about 150 bytes a job, so under 5 MB.
pub const BLOCK_JOBS: usize = 32_768;

/// The name lists and the counts of a run's jobs, gathered as they are shown to it one by one.
#[derive(Debug, Clone, Default)]
pub struct ColumnsPlan {
    /// The share, mix and type lists (no job yet): each block starts from them, so its indexes
    /// are the whole columns'.
    tables: JobColumns,
    /// Which jobs' names are runs: the layout writes them whole, before any block.
    runs: NameRuns,
    counts: Counts,
}

impl ColumnsPlan {
    /// No job yet, with the share and type lists of `result` ([`JobColumns::for_result`]).
    pub fn for_result(result: &SimResult) -> ColumnsPlan {
        ColumnsPlan {
            tables: JobColumns::for_result(result),
            runs: NameRuns::default(),
            counts: Counts::default(),
        }
    }

    /// Counts the next job, in result order.
    pub fn count(&mut self, job: &JobResult) {
        let (_, mix, _) = self.tables.intern_names(job);
        let in_run = self.runs.place(&job.name, mix, job.mix.as_deref());
        self.counts = self.counts.plus(Counts {
            jobs: 1,
            attempts: job.attempts.len(),
            waits: job.waited.iter().count(),
            texts: usize::from(!in_run),
            name_bytes: if in_run { 0 } else { job.name.len() },
        });
    }

    /// How many bytes the columns come to.
    pub fn byte_len(&self) -> usize {
        self.layout().byte_len()
    }

    fn layout(&self) -> Layout {
        Layout::new(&self.tables, &self.runs, self.counts)
    }

    /// Writes the columns of `jobs`, the jobs counted, in the same order, handing each piece to
    /// `put(at, bytes)` with its place; blocks of `block_jobs` jobs (at least one) are made one
    /// after another.
    pub fn write(
        &self,
        jobs: impl Iterator<Item = JobResult>,
        block_jobs: usize,
        put: &mut dyn FnMut(usize, &[u8]),
    ) {
        let layout = self.layout();
        layout.write_frame(put);
        let mut jobs = jobs.peekable();
        let mut before = Counts::default();
        while jobs.peek().is_some() {
            let mut block = self.tables.clone();
            jobs.by_ref()
                .take(block_jobs.max(1))
                .for_each(|job| block.push(&job));
            layout.write_block(&block, before, put);
            before = before.plus(Counts::of(&block));
        }
        debug_assert_eq!(before, self.counts, "the jobs written are the jobs counted");
    }
}
