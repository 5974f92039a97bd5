//! Light checks of a job's `observed` block (docs/ACCOUNT.md, "The observed block"). The
//! engine does not schedule by it, so only what would make the calibration meaningless is an
//! error: times that are not times, or that run backwards.

use super::{check_time, Context};
use crate::diagnostic::Report;
use crate::scenario::{JobSpec, ObservedStatus};
use std::fmt::Display;

pub(super) fn check(context: &Context, report: &mut Report, path: &dyn Display, job: &JobSpec) {
    let Some(observed) = &job.observed else {
        return;
    };
    let path = format!("{path}.observed");
    let start = observed
        .first_start_h
        .filter(|&t| check_time(report, &format_args!("{path}.first_start_h"), t));
    let end = observed
        .end_h
        .filter(|&t| check_time(report, &format_args!("{path}.end_h"), t));
    if start.is_some_and(|s| s < job.submit_h) {
        report.error(
            format!("{path}.first_start_h"),
            "the observed first start is before the job's submission (submit_h)",
        );
    }
    if let (Some(s), Some(e)) = (start, end) {
        if e < s {
            report.error(
                format!("{path}.end_h"),
                "the observed end is before the observed first start",
            );
        }
    }
    if observed.status == ObservedStatus::Succeeded && start.is_none() {
        report.error(
            format!("{path}.first_start_h"),
            "a job observed as succeeded must have started",
        );
    }
    if observed.status == ObservedStatus::Unfinished && end.is_some() {
        report.warning(
            format!("{path}.end_h"),
            "an unfinished job has no end; the observed end is ignored",
        );
    }
    if let Some(t) = &observed.instance_type {
        if context.instance_type(t).is_none() {
            report.warning(
                format!("{path}.instance_type"),
                format!("\"{t}\" is neither in instance_types nor in the built-in catalog"),
            );
        }
    }
}
