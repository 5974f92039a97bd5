//! The short reading under each share's numbers: the promise held against what happened, so a
//! reviewer sees at once whether the policy did what it was meant to. Only counts and sums of
//! what the engine reported; no scheduling logic.

use super::numbers;
use super::observed::accelerator_hours;
use quotalab_engine::result::columns::JobColumns;
use quotalab_engine::result::{EndReason, ShareResult};
use quotalab_engine::scenario::{QuotaShare, Strategy};

/// A few plain sentences for `share`, whose measured outcome is `measured`; `jobs` are the run's
/// jobs as columns (what the web page holds of a run, docs/ARCHITECTURE.md), so the app and the
/// CLI count the same jobs.
pub fn of_share(share: &QuotaShare, measured: &ShareResult, jobs: &JobColumns) -> Vec<String> {
    let mut out = Vec::new();
    match share.strategy {
        Strategy::Reserve => out.push(format!(
            "Kept its capacity to itself, as promised: lent {:.1} and borrowed {:.1} instance-h.",
            measured.lent_instance_h, measured.borrowed_instance_h
        )),
        Strategy::Lend | Strategy::LendAndBorrow => out.push(if measured.lent_instance_h > 0.0 {
            format!(
                "Lent {:.1} instance-h of idle capacity, and reclaimed it {} when its own jobs needed it.",
                measured.lent_instance_h,
                numbers::count(measured.reclaims_made.into(), "time", "times")
            )
        } else {
            "Lent nothing: no other share borrowed its idle capacity.".to_string()
        }),
    }
    if share.strategy == Strategy::LendAndBorrow {
        out.push(if measured.borrowed_instance_h > 0.0 {
            format!(
                "Borrowed {:.1} instance-h beyond its limits; {} of its jobs' attempts were reclaimed.",
                measured.borrowed_instance_h, measured.preempted.reclaim
            )
        } else {
            "Did not borrow.".to_string()
        });
    }
    if measured.preempted.in_share > 0 {
        out.push(format!(
            "{} by higher-priority jobs of its own share.",
            numbers::count(
                measured.preempted.in_share.into(),
                "attempt was preempted",
                "attempts were preempted"
            )
        ));
    }
    if measured.lost_accelerator_h > 0.0 {
        out.push(format!(
            "Preemptions and interruptions cost its jobs {} of work.",
            accelerator_hours(measured.lost_accelerator_h)
        ));
    }
    let exhausted = (0..jobs.len())
        .filter(|&j| jobs.share_name(j) == Some(share.name.as_str()))
        .filter(|&j| jobs.row(j).reason == Some(EndReason::PreemptionRetriesExhausted))
        .count() as u64;
    if exhausted > 0 {
        out.push(format!(
            "{} after using up its preemption retries.",
            numbers::count(exhausted, "job failed", "jobs failed")
        ));
    }
    let missed = measured.timed_out + measured.unfinished;
    if missed > 0 {
        out.push(format!(
            "{} did not finish: {} timed out, {} unfinished at the end.",
            numbers::count(missed.into(), "job", "jobs"),
            measured.timed_out,
            measured.unfinished
        ));
    }
    out
}
