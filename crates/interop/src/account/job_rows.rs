//! The account's job documents (AWS service jobs, Kueue Workloads) read with the one row reader
//! (`crate::rows`): each document becomes a job's history or is skipped for a reason, and every
//! skipped one is named on the list of what was not imported (docs/ACCOUNT.md), so nothing read
//! is lost without a word.

use super::history::JobHistory;
use super::pages::Item;
use super::unmapped::UnmappedList;
use crate::rows::{Outcome, Reader};
use std::convert::Infallible;
use std::fmt;

/// Why a job document is not imported.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum JobSkip {
    /// AWS: it belongs to another job queue than the one read.
    OtherQueue,
    /// No `jobName` (AWS) or `metadata.name` (Kueue).
    NoName,
    /// No time of creation, or one that is not a time.
    NoSubmission,
    /// AWS: no `quotaShareName`, in a queue with quota shares.
    NoShare,
    /// AWS: a `quotaShareName` that is not a share read.
    UnknownShare(String),
    /// Kueue: not admitted now, and no LocalQueue names its ClusterQueue.
    NoClusterQueue,
    /// Kueue: a ClusterQueue that was not read.
    UnknownClusterQueue(String),
}

impl JobSkip {
    /// The field the reason is about, as the list of what was not imported names it.
    pub fn field(&self, kueue: bool) -> &'static str {
        match (self, kueue) {
            (JobSkip::OtherQueue, _) => "jobQueue",
            (JobSkip::NoName, false) => "jobName",
            (JobSkip::NoName, true) => "metadata.name",
            (JobSkip::NoSubmission, false) => "createdAt",
            (JobSkip::NoSubmission, true) => "metadata.creationTimestamp",
            (JobSkip::NoShare | JobSkip::UnknownShare(_), _) => "quotaShareName",
            (JobSkip::NoClusterQueue, _) => "spec.queueName",
            (JobSkip::UnknownClusterQueue(_), _) => "status.admission.clusterQueue",
        }
    }
}

impl fmt::Display for JobSkip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JobSkip::OtherQueue => write!(f, "another job queue than the one read"),
            JobSkip::NoName => write!(f, "missing"),
            JobSkip::NoSubmission => write!(f, "missing or not a time"),
            JobSkip::NoShare => write!(f, "missing, and the queue has quota shares"),
            JobSkip::UnknownShare(name) => write!(f, "\"{name}\" is not a quota share that was read"),
            JobSkip::NoClusterQueue => write!(f, "not admitted now, and no LocalQueue names its ClusterQueue (add `localqueues` to the kubectl command)"),
            JobSkip::UnknownClusterQueue(name) => write!(f, "ClusterQueue {name} was not read"),
        }
    }
}

/// Every job document as history, or skipped and listed; `kueue` names Kueue's fields.
pub fn read_jobs<'a>(
    items: impl IntoIterator<Item = &'a Item>,
    kueue: bool,
    unmapped: &mut UnmappedList,
    mut history: impl FnMut(&'a Item, &mut UnmappedList) -> Outcome<JobHistory, JobSkip>,
) -> Vec<JobHistory> {
    let mut reader: Reader<&str, JobSkip, Infallible> = Reader::new(true).listing_skips();
    let records = items.into_iter().map(|item| (item.label.as_str(), item));
    // The parse never calls a document bad, so reading cannot fail.
    let kept = reader
        .rows(records, |_, item| Ok(history(item, unmapped)))
        .unwrap_or_default();
    let what = if kueue { "workload" } else { "job" };
    for (label, skip) in reader.skipped_at() {
        unmapped.push(
            label,
            skip.field(kueue),
            format!("{skip}; the {what} is skipped"),
        );
    }
    kept.into_iter().map(|(_, history)| history).collect()
}
