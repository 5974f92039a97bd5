//! Job endings between AWS and the scenario, both ways. AWS service jobs end `SUCCEEDED` or
//! `FAILED` and nothing else: a job that ran out of pending time, was cancelled or stopped is
//! `FAILED`, and its `statusReason` says why (docs/AWS_EXPORT.md, "Job status").

use quotalab_engine::scenario::ObservedStatus;

/// `statusReason` texts Quota Lab writes, and recognises among AWS's own.
pub const REASON_TIMED_OUT: &str = "MaxPendingTimeInSeconds exceeded";
pub const REASON_STOPPED: &str = "MaxWaitTimeInSeconds exceeded";
pub const REASON_CANCELLED: &str = "Cancelled by user";

/// An AWS service-job `status` and `statusReason` as an observed ending.
pub fn from_aws(status: &str, reason: Option<&str>) -> Option<ObservedStatus> {
    let reason = reason.unwrap_or("").to_ascii_lowercase();
    Some(match status {
        "SUCCEEDED" => ObservedStatus::Succeeded,
        "FAILED" if reason.contains("maxpendingtime") || reason.contains("pending time") => {
            ObservedStatus::TimedOut
        }
        "FAILED" if reason.contains("maxwaittime") => ObservedStatus::Stopped,
        "FAILED" if reason.contains("cancel") => ObservedStatus::Cancelled,
        "FAILED" => ObservedStatus::Failed,
        "SUBMITTED" | "PENDING" | "RUNNABLE" | "SCHEDULED" | "STARTING" | "RUNNING" => {
            ObservedStatus::Unfinished
        }
        _ => return None,
    })
}

/// The AWS `status` and `statusReason` of an ending (a result's status word); `reason` is the
/// result's own reason, kept when the status alone says why.
pub fn to_aws(status: ObservedStatus, reason: Option<&str>) -> (&'static str, Option<String>) {
    match status {
        ObservedStatus::Succeeded => ("SUCCEEDED", None),
        ObservedStatus::Failed => ("FAILED", reason.map(str::to_string)),
        ObservedStatus::TimedOut => ("FAILED", Some(REASON_TIMED_OUT.into())),
        ObservedStatus::Stopped => ("FAILED", Some(REASON_STOPPED.into())),
        ObservedStatus::Cancelled => ("FAILED", Some(REASON_CANCELLED.into())),
        ObservedStatus::Unfinished => ("RUNNING", None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_unsuccessful_ending_is_failed_with_its_reason_and_back() {
        for status in [
            ObservedStatus::Succeeded,
            ObservedStatus::Failed,
            ObservedStatus::TimedOut,
            ObservedStatus::Stopped,
            ObservedStatus::Cancelled,
            ObservedStatus::Unfinished,
        ] {
            let (aws, reason) = to_aws(status, Some("preemption_retries_exhausted"));
            assert!(["SUCCEEDED", "FAILED", "RUNNING"].contains(&aws));
            assert_eq!(from_aws(aws, reason.as_deref()), Some(status));
        }
        assert_eq!(from_aws("TIMED_OUT", None), None);
    }
}
