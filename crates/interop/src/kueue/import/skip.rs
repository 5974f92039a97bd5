//! What the Kueue import passes over, read with the one row reader (`crate::rows`): every object
//! of the file and every Workload is a record with its place, kept, skipped for a reason counted
//! here, or the import's error (docs/FORMAT.md, "Kueue"; docs/TRACES.md, "What every import
//! shares" for the reader the trace formats share).

use super::super::error::KueueError;
use crate::rows::Reader;
use std::fmt;

/// Why an object or a Workload of the file is not imported.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum KueueSkip {
    /// A kind the import does not read (Jobs, Pods, AdmissionChecks...); empty for a document
    /// without a kind.
    Kind(String),
    /// A ConfigMap that holds neither Kueue's manager configuration nor Quota Lab's scenario.
    ConfigMap,
    /// `spec.active: false`.
    Deactivated,
    /// Finished, with `--from-state`, which reads what is queued or admitted.
    Finished,
    /// No `spec.queueName` and no admission: Kueue does not queue it.
    NoQueueName,
}

impl fmt::Display for KueueSkip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KueueSkip::Kind(kind) => write!(
                f,
                "{}: not an object of Kueue's agreement or workload",
                if kind.is_empty() {
                    "a document without a kind"
                } else {
                    kind
                }
            ),
            KueueSkip::ConfigMap => write!(
                f,
                "ConfigMap: neither Kueue's configuration nor Quota Lab's scenario"
            ),
            KueueSkip::Deactivated => write!(f, "Workload: deactivated (spec.active: false)"),
            KueueSkip::Finished => write!(
                f,
                "Workload: finished (--from-state reads what is queued or admitted)"
            ),
            KueueSkip::NoQueueName => {
                write!(f, "Workload: no spec.queueName, so Kueue does not queue it")
            }
        }
    }
}

/// The reader of a Kueue file: places are a document's ("document 3, item 2") or a Workload's
/// `namespace/name`; the first error ends the import, as a wrong field makes the agreement
/// unreadable.
pub(crate) type KueueReader = Reader<String, KueueSkip, KueueError>;

/// A reader that stops at the first error.
pub(crate) fn reader() -> KueueReader {
    Reader::new(false)
}

/// One note per reason, with its count: "skipped 2 x Workload: deactivated (...)".
pub(crate) fn notes(reader: &KueueReader) -> impl Iterator<Item = String> + '_ {
    reader
        .skipped()
        .iter()
        .map(|(why, n)| format!("skipped {n} x {why}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rows::Outcome;

    #[test]
    fn skips_are_counted_by_reason_and_an_error_ends_the_reading() {
        let mut reader = reader();
        let records = ["Job", "Job", "", "Pod"].map(|k| (k.to_string(), k));
        let kept = reader
            .rows(records, |_, kind| match kind {
                "Pod" => Ok(Outcome::Keep(())),
                kind => Ok(Outcome::Skip(KueueSkip::Kind(kind.to_string()))),
            })
            .unwrap();
        assert_eq!(kept.len(), 1);
        assert_eq!(
            notes(&reader).collect::<Vec<_>>(),
            [
                "skipped 1 x a document without a kind: not an object of Kueue's agreement or workload",
                "skipped 2 x Job: not an object of Kueue's agreement or workload",
            ]
        );
        let bad = reader
            .rows([("document 9".to_string(), ())], |_, ()| {
                Err::<Outcome<(), KueueSkip>, _>(KueueError::NoClusterQueue)
            })
            .unwrap_err();
        assert_eq!(
            (bad.place.as_str(), bad.error),
            ("document 9", KueueError::NoClusterQueue)
        );
    }
}
