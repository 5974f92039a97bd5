//! Jobs' names in the columns. A mix's jobs are called `<mix>-1`, `<mix>-2`, … (`generate`),
//! one after another in scenario order, so the columns keep them as runs: the mix, the first
//! number and how many. Only the other names are kept as text. At five million generated jobs
//! that is about 110 MB less in the worker's reply and as much less in the page's memory
//! (docs/PERFORMANCE.md, "Generated names sent as runs"); an imported trace's jobs, named in
//! full, cost what they did.
//!
//! Whether a name is kept in a run depends on the job alone (its name reads as `<its mix>-<n>`,
//! [`crate::generate::generated_number_in`]), so a block of jobs keeps the same names as text as the
//! whole columns do, and the block writer needs only the runs of the whole (`super::plan`).

use super::len32;
use crate::generate::{digit_count, generated_number_in, Digits};
use crate::result::Text;
use std::cmp::Ordering;
use std::fmt;

/// Consecutive jobs named after their mix with consecutive numbers: jobs `first..first + len`
/// are `<mix>-<number>` to `<mix>-<number + len - 1>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct NameRun {
    first: u32,
    len: u32,
    /// Index into the columns' `mixes`.
    mix: u32,
    number: u32,
    /// How many jobs before `first` are named in text: where the text names after this run
    /// continue. Worked out from the runs before it, never read from bytes.
    texts_before: u32,
}

impl NameRun {
    fn end(&self) -> u32 {
        self.first + self.len
    }
}

/// Which jobs' names are runs, worked out job by job: what a plan counts and the columns keep.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NameRuns {
    runs: Vec<NameRun>,
    jobs: u32,
}

impl NameRuns {
    /// Takes the next job, called `name`, of the mix at index `mix` called `mix_name` (if any);
    /// `true` when its name joins a run, `false` when it is to be kept as text.
    pub fn place(&mut self, name: &str, mix: u32, mix_name: Option<&str>) -> bool {
        let job = self.jobs;
        self.jobs += 1;
        let Some(number) = mix_name.and_then(|m| numbered(name, m)) else {
            return false;
        };
        let texts = job - self.in_runs();
        match self.runs.last_mut() {
            Some(run)
                if run.end() == job
                    && run.mix == mix
                    && run.number.checked_add(run.len) == Some(number) =>
            {
                run.len += 1;
            }
            _ => self.runs.push(NameRun {
                first: job,
                len: 1,
                mix,
                number,
                texts_before: texts,
            }),
        }
        true
    }

    /// How many runs there are.
    pub fn count(&self) -> usize {
        self.runs.len()
    }

    /// How many jobs have been placed.
    pub fn jobs(&self) -> usize {
        self.jobs as usize
    }

    /// How many of them are named in text.
    pub fn texts(&self) -> usize {
        (self.jobs - self.in_runs()) as usize
    }

    /// How many jobs are in runs: the last run's end less the text names before it.
    fn in_runs(&self) -> u32 {
        self.runs.last().map_or(0, |r| r.end() - r.texts_before)
    }

    /// Runs read from bytes, for `jobs` jobs and `mixes` mix names; `None` unless they are in
    /// job order, apart, within the jobs and name a mix, and their numbers fit.
    pub fn from_parts(parts: &[[u32; 4]], jobs: usize, mixes: usize) -> Option<NameRuns> {
        let jobs = u32::try_from(jobs).ok()?;
        let mut runs = Vec::with_capacity(parts.len());
        let mut in_runs = 0u32;
        let mut after = 0u32;
        for &[first, len, mix, number] in parts {
            let end = first.checked_add(len)?;
            let fits = len > 0
                && first >= after
                && end <= jobs
                && (mix as usize) < mixes
                && number.checked_add(len - 1).is_some();
            if !fits {
                return None;
            }
            runs.push(NameRun {
                first,
                len,
                mix,
                number,
                texts_before: first - in_runs,
            });
            in_runs += len;
            after = end;
        }
        Some(NameRuns { runs, jobs })
    }

    /// The runs as they are written: first job, length, mix, first number.
    pub fn parts(&self) -> impl Iterator<Item = [u32; 4]> + '_ {
        self.runs.iter().map(|r| [r.first, r.len, r.mix, r.number])
    }

    /// The job called `name` when a run names it (the runs' mixes named by `mixes`).
    fn find(&self, name: &str, mixes: &[Text]) -> Option<u32> {
        self.runs.iter().find_map(|run| {
            let number = numbered(name, &mixes[run.mix as usize])?;
            let k = number.checked_sub(run.number).filter(|&k| k < run.len)?;
            Some(run.first + k)
        })
    }

    /// The job that is the `t`-th of those named in text: `t` and the jobs of the runs before it.
    fn job_of_text(&self, t: u32) -> u32 {
        let k = self.runs.partition_point(|r| r.texts_before <= t);
        t + k
            .checked_sub(1)
            .map_or(0, |k| self.runs[k].end() - self.runs[k].texts_before)
    }

    /// Job `j`'s place: its number in a run (and the run's mix), or its index among the jobs
    /// named in text.
    fn locate(&self, j: u32) -> Place {
        let k = self.runs.partition_point(|r| r.first <= j);
        let Some(run) = k.checked_sub(1).map(|k| &self.runs[k]) else {
            return Place::Text(j);
        };
        if j < run.end() {
            Place::Run {
                mix: run.mix,
                number: run.number + (j - run.first),
            }
        } else {
            Place::Text(run.texts_before + (j - run.end()))
        }
    }
}

enum Place {
    Run { mix: u32, number: u32 },
    Text(u32),
}

/// `name`'s number when it reads as `<mix>-<number>`, written as `generate` writes it.
fn numbered(name: &str, mix: &str) -> Option<u32> {
    u32::try_from(generated_number_in(name, mix)?).ok()
}

/// Every job's name: the runs, and the others' names joined.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct JobNames {
    /// Which jobs are named in runs, and the runs.
    pub runs: NameRuns,
    /// The names of the jobs not in a run, one after another.
    pub text: String,
    /// Where each of those names ends in `text`.
    pub ends: Vec<u32>,
}

impl JobNames {
    /// Adds the next job's name; `mix` as in [`NameRuns::place`].
    pub fn push(&mut self, name: &str, mix: u32, mix_name: Option<&str>) {
        if !self.runs.place(name, mix, mix_name) {
            self.text.push_str(name);
            self.ends.push(len32(self.text.len()));
        }
    }

    /// How many jobs.
    pub fn len(&self) -> usize {
        self.runs.jobs()
    }

    /// Whether there are no jobs.
    pub fn is_empty(&self) -> bool {
        self.runs.jobs == 0
    }

    /// Job `j`'s name, the runs' mixes named by `mixes`.
    pub fn get<'c>(&'c self, j: usize, mixes: &'c [Text]) -> JobName<'c> {
        match self.runs.locate(len32(j)) {
            Place::Run { mix, number } => JobName::Numbered {
                mix: &mixes[mix as usize],
                number,
            },
            Place::Text(t) => JobName::Text(self.text_name(t as usize)),
        }
    }

    /// The `t`-th of the names kept as text.
    fn text_name(&self, t: usize) -> &str {
        let start = if t == 0 { 0 } else { self.ends[t - 1] };
        &self.text[start as usize..self.ends[t] as usize]
    }

    /// The job called `name`, if any (a result's names are unique). A generated name is looked up among the runs and any other
    /// among the text names, so the page's story drawer, which finds its job again after every
    /// run, does not compare the name with five million jobs' one by one.
    pub fn find(&self, name: &str, mixes: &[Text]) -> Option<usize> {
        let job = self.runs.find(name, mixes).or_else(|| {
            let t = (0..self.ends.len()).find(|&t| self.text_name(t) == name)?;
            Some(self.runs.job_of_text(len32(t)))
        })?;
        Some(job as usize)
    }

    /// Whether the text names and the runs account for every job once and the ends rise, end
    /// at the text's end and fall on character boundaries, so [`JobNames::get`] cannot index
    /// out of bounds.
    pub fn is_sound(&self, jobs: usize) -> bool {
        let ends = &self.ends;
        self.runs.jobs() == jobs
            && self.runs.texts() == ends.len()
            && ends
                .last()
                .map_or(self.text.is_empty(), |&l| l as usize == self.text.len())
            && ends.windows(2).all(|w| w[0] <= w[1])
            && ends.iter().all(|&e| self.text.is_char_boundary(e as usize))
    }
}

/// A job's name as the columns hold it: its text, or its mix and number. It reads, compares and
/// orders as the text `<mix>-<number>` would, without writing it out: the jobs table sorts a
/// million names by it.
#[derive(Debug, Clone, Copy)]
pub enum JobName<'c> {
    /// A name kept as it was written.
    Text(&'c str),
    /// `<mix>-<number>`: a mix's generated job.
    Numbered {
        /// The mix's name.
        mix: &'c str,
        /// The job's number in the mix, from 1.
        number: u32,
    },
}

impl JobName<'_> {
    /// The name's bytes, in order.
    fn bytes(&self) -> impl Iterator<Item = u8> + '_ {
        let (text, number) = match *self {
            JobName::Text(text) => (text, None),
            JobName::Numbered { mix, number } => (mix, Some(number)),
        };
        let suffix = number
            .into_iter()
            .flat_map(|n| std::iter::once(b'-').chain(Digits::of(u64::from(n))));
        text.bytes().chain(suffix)
    }
}

impl fmt::Display for JobName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JobName::Text(text) => f.write_str(text),
            JobName::Numbered { mix, number } => write!(f, "{mix}-{number}"),
        }
    }
}

impl PartialEq for JobName<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for JobName<'_> {}

impl PartialOrd for JobName<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// As the names' text orders, byte by byte. Two names of one mix, what a sort of a generated
/// scenario's jobs compares most, compare by their numbers' digits without writing them out:
/// a sort of a million names by bytes took five times as long as by text.
impl Ord for JobName<'_> {
    fn cmp(&self, other: &Self) -> Ordering {
        match (*self, *other) {
            (JobName::Text(a), JobName::Text(b)) => a.cmp(b),
            (
                JobName::Numbered { mix, number: a },
                JobName::Numbered {
                    mix: other_mix,
                    number: b,
                },
            ) if mix == other_mix => digits_order(a, b),
            _ => self.bytes().cmp(other.bytes()),
        }
    }
}

/// How `a`'s decimal digits order against `b`'s as text: the two numbers left-aligned to the same
/// number of digits, and the shorter first when one's digits begin the other's.
fn digits_order(a: u32, b: u32) -> Ordering {
    let (len_a, len_b) = (digit_count(u64::from(a)), digit_count(u64::from(b)));
    let len = len_a.max(len_b);
    // At most nine places: u32::MAX times 10^9 fits in a u64.
    let aligned = |n: u32, own: u32| u64::from(n) * 10u64.pow(len - own);
    aligned(a, len_a)
        .cmp(&aligned(b, len_b))
        .then(len_a.cmp(&len_b))
}

impl PartialEq<str> for JobName<'_> {
    fn eq(&self, other: &str) -> bool {
        self.bytes().eq(other.bytes())
    }
}

impl PartialEq<&str> for JobName<'_> {
    fn eq(&self, other: &&str) -> bool {
        *self == **other
    }
}

#[cfg(test)]
mod tests;
