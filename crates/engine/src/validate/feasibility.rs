//! Warnings about entries that can never run, and agreements that do not do what they seem to.
//!
//! These mirror the reasons an unfinished job carries (SEMANTICS §6): an entry whose type is not
//! in its share's limits or that needs more than the share may ever hold (`quota_limit_exceeded`),
//! more than its pool ever offers (`capacity_exceeded`), or accelerators with too little memory.

use super::Context;
use crate::diagnostic::Report;
use crate::result::numbers::counted;
use crate::scenario::{JobAttributes, QuotaShare, Scenario, Strategy};
use std::fmt::Display;

pub(super) fn check(scenario: &Scenario, context: &Context, report: &mut Report) {
    for (i, job) in scenario.jobs.iter().enumerate() {
        check_job(
            scenario,
            context,
            report,
            &format_args!("jobs[{i}]"),
            job.share.as_deref(),
            &job.attributes(),
        );
    }
    for (i, mix) in scenario.job_mixes.iter().enumerate() {
        check_job(
            scenario,
            context,
            report,
            &format_args!("job_mixes[{i}].template"),
            mix.share.as_deref(),
            &mix.template,
        );
    }
    lenders_without_borrowers(scenario, report);
    overcommitted_types(scenario, report);
}

/// The most instances of a type a share may ever hold under its initial terms, if bounded.
pub(crate) fn share_ceiling(share: &QuotaShare, instance_type: &str) -> Option<Option<u64>> {
    let limit = share
        .capacity_limits
        .iter()
        .find(|l| l.instance_type == instance_type)?;
    let own = u64::from(limit.max_capacity);
    Some(match (share.strategy, share.effective_borrow_limit()) {
        (Strategy::LendAndBorrow, -1) => None,
        (Strategy::LendAndBorrow, percent) => Some(own * (100 + percent as u64) / 100),
        _ => Some(own),
    })
}

/// The most instances the entry's pool ever offers.
pub(crate) fn pool_ceiling(
    scenario: &Scenario,
    instance_type: &str,
    plan: Option<&str>,
    spot: bool,
) -> u64 {
    if let Some(plan) = plan {
        return scenario
            .training_plans
            .iter()
            .find(|p| p.name == plan)
            .map_or(0, |p| u64::from(p.count));
    }
    if spot {
        return scenario
            .spot
            .iter()
            .find(|s| s.instance_type == instance_type)
            .map_or(0, |s| u64::from(s.count));
    }
    scenario
        .capacity
        .iter()
        .find(|c| c.instance_type == instance_type)
        .map_or(0, |c| {
            u64::from(
                c.changes
                    .iter()
                    .map(|ch| ch.count)
                    .chain([c.count])
                    .max()
                    .unwrap_or(0),
            )
        })
}

fn check_job(
    scenario: &Scenario,
    context: &Context,
    report: &mut Report,
    path: &dyn Display,
    share: Option<&str>,
    job: &JobAttributes,
) {
    let share = share.and_then(|name| scenario.quota_shares.iter().find(|s| s.name == name));
    let mut accelerated = false;
    for (k, entry) in job.preferences.iter().enumerate() {
        let ep = format!("{path}.preferences[{k}]");
        let count = u64::from(entry.instance_count.or(job.instance_count).unwrap_or(1));
        let Some(itype) = context.instance_type(&entry.instance_type) else {
            continue;
        };
        accelerated |= itype.is_accelerated();
        if let Some(share) = share {
            match share_ceiling(share, &entry.instance_type) {
                None => report.warning(
                    format!("{ep}.instance_type"),
                    format!("{} is not in share \"{}\"'s capacity limits, so the job can never run on this entry", entry.instance_type, share.name),
                ),
                Some(Some(ceiling)) if count > ceiling => report.warning(
                    format!("{ep}.instance_count"),
                    format!("needs {} but share \"{}\" may hold at most {ceiling} of {} ({})", counted(count, "instance"), share.name, entry.instance_type, share.strategy.as_str()),
                ),
                _ => {}
            }
        }
        let pool = pool_ceiling(
            scenario,
            &entry.instance_type,
            entry.training_plan.as_deref(),
            job.spot,
        );
        // Kueue admits by quota, not by instances (docs/FORMAT.md, "Kueue").
        if count > pool && !context.kueue_agreement {
            let what = if entry.training_plan.is_some() {
                "its training plan reserves"
            } else if job.spot {
                "the spot pool holds"
            } else {
                "on-demand capacity ever offers"
            };
            report.warning(
                format!("{ep}.instance_count"),
                format!(
                    "needs {count} instances of {} but {what} {pool}",
                    entry.instance_type
                ),
            );
        }
        if let Some(need) = job.accelerator_memory_gib {
            if need > itype.accelerator_memory_gib {
                report.warning(
                    format!("{ep}.instance_type"),
                    format!("needs {need} GiB per accelerator but {} has {}; an attempt here fails after startup (insufficient_accelerator_memory)", entry.instance_type, itype.accelerator_memory_gib),
                );
            }
        }
    }
    if let Some(max_pending) = job.max_pending_h {
        if !accelerated {
            report.warning(
                format!("{path}.max_pending_h"),
                "max pending time has no effect: no entry is an accelerated type (AWS)",
            );
        } else if !(2.0..=672.0).contains(&max_pending) {
            report.warning(
                format!("{path}.max_pending_h"),
                "AWS accepts MaxPendingTimeInSeconds of 2 to 672 hours; it would refuse this value",
            );
        }
    }
}

/// A lending share whose types no `LEND_AND_BORROW` share can use lends to nobody.
fn lenders_without_borrowers(scenario: &Scenario, report: &mut Report) {
    for (i, lender) in scenario.quota_shares.iter().enumerate() {
        if !lender.strategy.lends() {
            continue;
        }
        let has_borrower = scenario.quota_shares.iter().enumerate().any(|(j, other)| {
            j != i
                && other.strategy == Strategy::LendAndBorrow
                && other.capacity_limits.iter().any(|l| {
                    lender
                        .capacity_limits
                        .iter()
                        .any(|m| m.instance_type == l.instance_type)
                })
        });
        if !has_borrower {
            report.warning(
                format!("quota_shares[{i}].strategy"),
                format!("share \"{}\" lends to nobody: no other share may borrow its types (only LEND_AND_BORROW shares borrow)", lender.name),
            );
        }
    }
}

/// Limits adding up to more than the on-demand pool promise capacity that does not exist.
fn overcommitted_types(scenario: &Scenario, report: &mut Report) {
    let mut types: Vec<&str> = scenario
        .quota_shares
        .iter()
        .flat_map(|s| s.capacity_limits.iter().map(|l| l.instance_type.as_str()))
        .collect();
    types.sort_unstable();
    types.dedup();
    for t in types {
        let promised: u64 = scenario
            .quota_shares
            .iter()
            .flat_map(|s| &s.capacity_limits)
            .filter(|l| l.instance_type == t)
            .map(|l| u64::from(l.max_capacity))
            .sum();
        let pool = pool_ceiling(scenario, t, None, false);
        if promised > pool {
            report.warning(
                "quota_shares",
                format!("the shares' limits on {t} add up to {promised} instances but on-demand capacity is at most {pool}; some shares can never reach their limit"),
            );
        }
    }
}
