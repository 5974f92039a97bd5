//! The jobs of a result as compact columns: what the page draws and lists, one typed array per
//! field (docs/PERFORMANCE.md, "1M jobs": the layout).
//!
//! At a million jobs the result's `jobs` are over half a gigabyte of JSON, which neither a wasm
//! string nor the page's parse time can afford, and the page draws only a few numbers of each
//! job. So the worker sends these columns instead: per job its name, share, mix, status and the
//! numbers of the jobs table; per attempt the four the timeline draws; per (job, reason) the
//! hours the waiting chart sums. About 150 bytes a job, where the job's JSON is about 700. A
//! job's whole story (every attempt's entry, what was skipped and why) stays in the worker's
//! result and is asked for when someone opens it.
//!
//! [`JobColumns::of`] reads them off the result, so they cannot say anything the result does
//! not; [`codec`] turns them into bytes and back.

pub mod codec;
mod layout;
pub mod names;
pub mod plan;

use super::{EndReason, JobResult, Outcome, PoolKind, Reason, SimResult, Status, Text};
use names::{JobName, JobNames};

/// An index column's "none" (a job without a share, mix or selected entry).
pub const NONE: u32 = u32::MAX;
/// A small-enum column's "none" (a job without an end reason).
pub const NO_CODE: u8 = u8::MAX;

/// A result's jobs, in result order, as columns. Every per-job column has one value per job;
/// `attempts_from` and `waits_from` have one more, each job's range being `[from[j], from[j+1])`.
/// An absent number (`first_start_h` of a job that never started, say) is NaN, which no result
/// number ever is. A column named after a field of [`JobResult`] (or of its `selected` entry, or
/// of an [`Attempt`](super::Attempt) with `attempt_`) holds that field.
#[allow(missing_docs)] // the fields are the result's, documented there
#[derive(Debug, Clone, Default)]
pub struct JobColumns {
    /// Share names, as `share` indexes them.
    pub shares: Vec<Text>,
    /// Job mix names, as `mix` indexes them.
    pub mixes: Vec<Text>,
    /// Instance type names, as `instance_type` indexes them.
    pub types: Vec<Text>,
    /// Every job's name: a mix's generated names as runs, the others as text.
    pub names: JobNames,
    pub share: Vec<u32>,
    pub mix: Vec<u32>,
    /// Position in [`Status::ALL`].
    pub status: Vec<u8>,
    /// Position in [`EndReason::ALL`], or [`NO_CODE`].
    pub reason: Vec<u8>,
    pub priority: Vec<i32>,
    pub submit_h: Vec<f64>,
    pub first_start_h: Vec<f64>,
    pub end_h: Vec<f64>,
    pub wait_h: Vec<f64>,
    pub completion_h: Vec<f64>,
    /// The selected entry (the last attempt's): its preference index, type, count and pool
    /// (position in [`PoolKind::ALL`]); [`NONE`] / [`NO_CODE`] for a job that never started.
    pub preference: Vec<u32>,
    pub instance_type: Vec<u32>,
    pub instance_count: Vec<u32>,
    pub pool: Vec<u8>,
    pub preemptions: Vec<u32>,
    pub interruptions: Vec<u32>,
    pub lost_h: Vec<f64>,
    pub lost_accelerator_h: Vec<f64>,
    pub cost: Vec<f64>,
    /// Where each job's attempts start in the attempt columns.
    pub attempts_from: Vec<u32>,
    pub attempt_start_h: Vec<f64>,
    pub attempt_end_h: Vec<f64>,
    pub attempt_preference: Vec<u32>,
    /// Position in [`Outcome::ALL`].
    pub attempt_outcome: Vec<u8>,
    /// Where each job's waiting reasons start in the wait columns.
    pub waits_from: Vec<u32>,
    /// Position in [`Reason::ALL`].
    pub wait_reason: Vec<u8>,
    pub wait_h_by_reason: Vec<f64>,
}

/// One job as the columns hold it: the jobs table's and the CSV's fields, each the
/// [`JobResult`] field of its name (`attempts` counts them).
#[allow(missing_docs)] // the fields are the result's, documented there
#[derive(Debug, Clone, PartialEq)]
pub struct JobRow<'c> {
    pub name: JobName<'c>,
    pub share: Option<&'c str>,
    pub mix: Option<&'c str>,
    pub status: Status,
    pub reason: Option<EndReason>,
    pub priority: i32,
    pub submit_h: f64,
    pub first_start_h: Option<f64>,
    pub end_h: Option<f64>,
    pub wait_h: f64,
    pub completion_h: Option<f64>,
    pub selected: Option<SelectedRow<'c>>,
    pub attempts: usize,
    pub preemptions: u32,
    pub interruptions: u32,
    pub lost_h: f64,
    pub lost_accelerator_h: f64,
    pub cost: f64,
}

/// The entry a job's last attempt ran on, as the columns hold it ([`super::Selected`]'s fields).
#[allow(missing_docs)] // the fields are the result's, documented there
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SelectedRow<'c> {
    pub preference: usize,
    pub instance_type: &'c str,
    pub instance_count: u32,
    pub pool: PoolKind,
}

/// One attempt as the timeline draws it ([`super::Attempt`]'s fields).
#[allow(missing_docs)] // the fields are the result's, documented there
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AttemptRow {
    pub start_h: f64,
    pub end_h: f64,
    pub preference: usize,
    pub outcome: Outcome,
}

/// Columns are equal when their bytes are: the NaN of an absent number equals itself.
impl PartialEq for JobColumns {
    fn eq(&self, other: &JobColumns) -> bool {
        self.to_bytes() == other.to_bytes()
    }
}

impl JobColumns {
    /// The columns of `result`'s jobs.
    pub fn of(result: &SimResult) -> JobColumns {
        let mut c = JobColumns::for_result(result);
        for job in &result.jobs {
            c.push(job);
        }
        c
    }

    /// No jobs yet, with the share and type lists of `result` (whose `jobs` are not read), for
    /// the jobs to be pushed one by one.
    pub fn for_result(result: &SimResult) -> JobColumns {
        let mut c = JobColumns {
            shares: result.shares.iter().map(|s| s.name.clone()).collect(),
            types: result
                .instance_types
                .iter()
                .map(|t| t.name.clone())
                .collect(),
            ..JobColumns::default()
        };
        c.attempts_from.push(0);
        c.waits_from.push(0);
        c
    }

    /// Adds the next job, in result order.
    pub fn push(&mut self, job: &JobResult) {
        let (share, mix, instance_type) = self.intern_names(job);
        self.names.push(&job.name, mix, job.mix.as_deref());
        self.share.push(share);
        self.mix.push(mix);
        self.status.push(code(&Status::ALL, Some(job.status)));
        self.reason.push(code(&EndReason::ALL, job.reason));
        self.priority.push(job.priority);
        self.submit_h.push(job.submit_h);
        self.first_start_h.push(or_nan(job.first_start_h));
        self.end_h.push(or_nan(job.end_h));
        self.wait_h.push(job.wait_h);
        self.completion_h.push(or_nan(job.completion_h));
        let selected = job.selected.as_ref();
        self.preference
            .push(selected.map_or(NONE, |s| len32(s.preference)));
        self.instance_type.push(instance_type);
        self.instance_count
            .push(selected.map_or(0, |s| s.instance_count));
        self.pool
            .push(code(&PoolKind::ALL, selected.map(|s| s.pool)));
        self.preemptions.push(job.preemptions);
        self.interruptions.push(job.interruptions);
        self.lost_h.push(job.lost_h);
        self.lost_accelerator_h.push(job.lost_accelerator_h);
        self.cost.push(job.cost);
        for a in &job.attempts {
            self.attempt_start_h.push(a.start_h);
            self.attempt_end_h.push(a.end_h);
            self.attempt_preference.push(len32(a.preference));
            self.attempt_outcome
                .push(code(&Outcome::ALL, Some(a.outcome)));
        }
        self.attempts_from.push(len32(self.attempt_start_h.len()));
        for (reason, hours) in job.waited.iter() {
            self.wait_reason.push(code(&Reason::ALL, Some(reason)));
            self.wait_h_by_reason.push(hours);
        }
        self.waits_from.push(len32(self.wait_reason.len()));
    }

    /// `job`'s share, mix and selected instance type as indexes into the name lists, which take
    /// the names they lack.
    fn intern_names(&mut self, job: &JobResult) -> (u32, u32, u32) {
        let instance_type = job.selected.as_ref().map(|s| &s.instance_type);
        (
            intern(&mut self.shares, job.share.as_ref()),
            intern(&mut self.mixes, job.mix.as_ref()),
            intern(&mut self.types, instance_type),
        )
    }

    /// How many jobs.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether there are no jobs.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Job `j`'s name.
    pub fn name(&self, j: usize) -> JobName<'_> {
        self.names.get(j, &self.mixes)
    }

    /// Job `j`'s share, by its index into `shares`.
    pub fn share_index(&self, j: usize) -> Option<usize> {
        index(self.share[j])
    }

    /// Job `j`'s share.
    pub fn share_name(&self, j: usize) -> Option<&str> {
        self.share_index(j).map(|s| self.shares[s].as_str())
    }

    /// Job `j`'s mix.
    pub fn mix_name(&self, j: usize) -> Option<&str> {
        index(self.mix[j]).map(|m| self.mixes[m].as_str())
    }

    /// Job `j`'s status.
    pub fn status(&self, j: usize) -> Status {
        decode(&Status::ALL, self.status[j]).unwrap_or(Status::Unfinished)
    }

    /// The job called `name`, if any.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.names.find(name, &self.mixes)
    }

    /// Job `j`'s fields.
    pub fn row(&self, j: usize) -> JobRow<'_> {
        let selected = index(self.preference[j]).map(|preference| SelectedRow {
            preference,
            instance_type: index(self.instance_type[j]).map_or("", |t| self.types[t].as_str()),
            instance_count: self.instance_count[j],
            pool: decode(&PoolKind::ALL, self.pool[j]).unwrap_or(PoolKind::OnDemand),
        });
        JobRow {
            name: self.name(j),
            share: self.share_name(j),
            mix: self.mix_name(j),
            status: self.status(j),
            reason: decode(&EndReason::ALL, self.reason[j]),
            priority: self.priority[j],
            submit_h: self.submit_h[j],
            first_start_h: some(self.first_start_h[j]),
            end_h: some(self.end_h[j]),
            wait_h: self.wait_h[j],
            completion_h: some(self.completion_h[j]),
            selected,
            attempts: self.attempt_range(j).len(),
            preemptions: self.preemptions[j],
            interruptions: self.interruptions[j],
            lost_h: self.lost_h[j],
            lost_accelerator_h: self.lost_accelerator_h[j],
            cost: self.cost[j],
        }
    }

    fn attempt_range(&self, j: usize) -> std::ops::Range<usize> {
        self.attempts_from[j] as usize..self.attempts_from[j + 1] as usize
    }

    /// Job `j`'s attempts, in order.
    pub fn attempts(&self, j: usize) -> impl ExactSizeIterator<Item = AttemptRow> + '_ {
        self.attempt_range(j).map(|a| AttemptRow {
            start_h: self.attempt_start_h[a],
            end_h: self.attempt_end_h[a],
            preference: self.attempt_preference[a] as usize,
            outcome: decode(&Outcome::ALL, self.attempt_outcome[a]).unwrap_or(Outcome::Cut),
        })
    }

    /// Job `j`'s hours pending per reason, in the result's order.
    pub fn waited(&self, j: usize) -> impl Iterator<Item = (Reason, f64)> + '_ {
        let range = self.waits_from[j] as usize..self.waits_from[j + 1] as usize;
        range.filter_map(|w| {
            Some((
                decode(&Reason::ALL, self.wait_reason[w])?,
                self.wait_h_by_reason[w],
            ))
        })
    }
}

/// A count or an offset as a column value. Results are bounded far below 4 billion jobs or
/// bytes of names: at most 5,000,000 jobs (`validate::MAX_JOBS`) of at most 128 characters.
fn len32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(NONE)
}

/// The index of `name` in `names`, adding it when new; [`NONE`] for no name.
fn intern(names: &mut Vec<Text>, name: Option<&Text>) -> u32 {
    let Some(name) = name else {
        return NONE;
    };
    match names.iter().position(|n| n == name) {
        Some(i) => len32(i),
        None => {
            names.push(name.clone());
            len32(names.len() - 1)
        }
    }
}

fn index(value: u32) -> Option<usize> {
    (value != NONE).then_some(value as usize)
}

/// A vocabulary word as its position in the type's list of every word.
fn code<T: PartialEq + Copy>(all: &[T], value: Option<T>) -> u8 {
    value
        .and_then(|v| all.iter().position(|&w| w == v))
        .and_then(|i| u8::try_from(i).ok())
        .unwrap_or(NO_CODE)
}

fn decode<T: Copy>(all: &[T], code: u8) -> Option<T> {
    all.get(usize::from(code)).copied()
}

fn or_nan(value: Option<f64>) -> f64 {
    value.unwrap_or(f64::NAN)
}

fn some(value: f64) -> Option<f64> {
    (!value.is_nan()).then_some(value)
}

#[cfg(test)]
mod tests;
