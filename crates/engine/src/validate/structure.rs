//! Checks of the document's frame: name and horizon, instance types, pools, shares and actions.

use super::limits::{
    check_amount, check_count, check_instances, check_positive, MAX_ACCELERATOR_MEMORY_GIB,
    MAX_INSTANCES, MAX_INTERRUPTIONS_PER_H, MAX_PRICE_FACTOR, MAX_PRICE_PER_H, MAX_SPEED,
    MAX_UPFRONT_COST,
};
use super::{check_duration, check_name, check_time, Context, Names, MAX_PRIORITY, MAX_SHARES};
use crate::diagnostic::Report;
use crate::scenario::{ActionKind, CapacityLimit, Scenario, Strategy, UpdateShare};
use std::collections::{BTreeMap, HashSet};
use std::fmt::Display;

pub(super) fn check(scenario: &Scenario, context: &Context, report: &mut Report) {
    if scenario.name.trim().is_empty() {
        report.error("name", "the scenario needs a name");
    } else {
        check_name(
            report,
            &"name",
            &scenario.name,
            &mut Names::default(),
            "scenario",
        );
    }
    if let Some(h) = scenario.horizon_h {
        check_duration(report, &"horizon_h", h, false);
    }
    if scenario.currency.0.trim().is_empty() || scenario.currency.0.chars().count() > 8 {
        report.error(
            "currency",
            "a currency code such as USD or EUR, at most 8 characters",
        );
    }
    instance_types(scenario, report);
    capacity(scenario, context, report);
    spot(scenario, context, report);
    training_plans(scenario, context, report);
    instance_totals(scenario, report);
    shares(scenario, context, report);
    actions(scenario, context, report);
}

fn instance_types(scenario: &Scenario, report: &mut Report) {
    let mut seen = Names::default();
    for (i, t) in scenario.instance_types.iter().enumerate() {
        let path = format!("instance_types[{i}]");
        check_name(
            report,
            &format_args!("{path}.name"),
            &t.name,
            &mut seen,
            "instance type",
        );
        check_amount(
            report,
            &format_args!("{path}.accelerator_memory_gib"),
            t.accelerator_memory_gib,
            "accelerator memory",
            MAX_ACCELERATOR_MEMORY_GIB,
        );
        check_amount(
            report,
            &format_args!("{path}.price_per_h"),
            t.price_per_h,
            "the price per instance-hour",
            MAX_PRICE_PER_H,
        );
        check_positive(
            report,
            &format_args!("{path}.speed"),
            t.speed,
            "relative speed per accelerator",
            MAX_SPEED,
        );
    }
}

fn capacity(scenario: &Scenario, context: &Context, report: &mut Report) {
    let mut seen = HashSet::new();
    for (i, c) in scenario.capacity.iter().enumerate() {
        let path = format!("capacity[{i}]");
        context.check_type(
            report,
            &format_args!("{path}.instance_type"),
            &c.instance_type,
        );
        check_count(report, &format_args!("{path}.count"), c.count);
        if !seen.insert(c.instance_type.as_str()) {
            report.error(format!("{path}.instance_type"), format!("capacity for \"{}\" is already given; list each type once and use changes for steps", c.instance_type));
        }
        let mut previous: Option<f64> = None;
        for (k, change) in c.changes.iter().enumerate() {
            check_count(
                report,
                &format_args!("{path}.changes[{k}].count"),
                change.count,
            );
            let at = format!("{path}.changes[{k}].at_h");
            if check_time(report, &at, change.at_h) {
                if previous.is_some_and(|p| change.at_h <= p) {
                    report.error(
                        at,
                        "changes must be sorted by at_h, each later than the one before",
                    );
                }
                previous = Some(change.at_h);
            }
        }
    }
}

fn spot(scenario: &Scenario, context: &Context, report: &mut Report) {
    let mut seen = HashSet::new();
    for (i, s) in scenario.spot.iter().enumerate() {
        let path = format!("spot[{i}]");
        context.check_type(
            report,
            &format_args!("{path}.instance_type"),
            &s.instance_type,
        );
        check_count(report, &format_args!("{path}.count"), s.count);
        if !seen.insert(s.instance_type.as_str()) {
            report.error(
                format!("{path}.instance_type"),
                format!(
                    "a spot pool for \"{}\" is already given; one pool per type",
                    s.instance_type
                ),
            );
        }
        check_amount(
            report,
            &format_args!("{path}.price_factor"),
            s.price_factor,
            "the spot price factor",
            MAX_PRICE_FACTOR,
        );
        check_amount(
            report,
            &format_args!("{path}.interruptions_per_h"),
            s.interruptions_per_h,
            "the interruption rate",
            MAX_INTERRUPTIONS_PER_H,
        );
    }
}

fn training_plans(scenario: &Scenario, context: &Context, report: &mut Report) {
    let mut seen = Names::default();
    for (i, plan) in scenario.training_plans.iter().enumerate() {
        let path = format!("training_plans[{i}]");
        check_name(
            report,
            &format_args!("{path}.name"),
            &plan.name,
            &mut seen,
            "training plan",
        );
        context.check_type(
            report,
            &format_args!("{path}.instance_type"),
            &plan.instance_type,
        );
        let zero = "a training plan reserves at least 1 instance";
        check_instances(report, &format_args!("{path}.count"), plan.count, zero);
        if let Some(owner) = &plan.owner_share {
            if !scenario.quota_shares.iter().any(|s| &s.name == owner) {
                report.error(
                    format!("{path}.owner_share"),
                    format!("the plan's owner \"{owner}\" is not a quota share of this scenario"),
                );
            }
        }
        check_amount(
            report,
            &format_args!("{path}.upfront_cost"),
            plan.upfront_cost,
            "the upfront cost",
            MAX_UPFRONT_COST,
        );
        if plan.blocks.is_empty() || plan.blocks.len() > 5 {
            report.error(
                format!("{path}.blocks"),
                format!(
                    "a plan has 1 to 5 blocks; this one has {}",
                    plan.blocks.len()
                ),
            );
        }
        let mut previous_end: Option<f64> = None;
        for (k, block) in plan.blocks.iter().enumerate() {
            let bp = format!("{path}.blocks[{k}]");
            let ok = check_time(report, &format!("{bp}.start_h"), block.start_h)
                & check_time(report, &format!("{bp}.end_h"), block.end_h);
            if !ok {
                continue;
            }
            if block.end_h <= block.start_h {
                report.error(format!("{bp}.end_h"), "a block ends after it starts");
            } else if previous_end.is_some_and(|end| block.start_h < end) {
                report.error(
                    format!("{bp}.start_h"),
                    "blocks must be in time order and must not overlap",
                );
            } else if block.end_h - block.start_h <= 0.5 {
                report.warning(format!("{bp}.end_h"), "the block is 30 minutes or shorter: jobs stop 30 minutes before a block ends, so nothing can run on it");
            }
            previous_end = Some(block.end_h);
        }
    }
}

/// Instances of one type over all its pools: on demand at its highest level, spot, and every
/// training plan, at most [`MAX_INSTANCES`] (docs/FORMAT.md, "Limits").
fn instance_totals(scenario: &Scenario, report: &mut Report) {
    let on_demand = scenario.capacity.iter().map(|c| {
        let highest = c.changes.iter().map(|ch| ch.count).fold(c.count, u32::max);
        (c.instance_type.as_str(), highest)
    });
    let spot = scenario
        .spot
        .iter()
        .map(|s| (s.instance_type.as_str(), s.count));
    let plans = scenario
        .training_plans
        .iter()
        .map(|p| (p.instance_type.as_str(), p.count));
    let mut totals: BTreeMap<&str, u64> = BTreeMap::new();
    for (name, count) in on_demand.chain(spot).chain(plans) {
        *totals.entry(name).or_default() += u64::from(count);
    }
    for (name, total) in totals {
        if total > u64::from(MAX_INSTANCES) {
            report.error(
                "capacity",
                format!("\"{name}\" has {total} instances over its pools (on demand at its highest, spot and training plans); at most {MAX_INSTANCES}"),
            );
        }
    }
}

fn shares(scenario: &Scenario, context: &Context, report: &mut Report) {
    if scenario.quota_shares.len() > MAX_SHARES {
        report.error(
            "quota_shares",
            format!(
                "at most {MAX_SHARES} quota shares (AWS); this scenario has {}",
                scenario.quota_shares.len()
            ),
        );
    }
    let mut seen = Names::default();
    for (i, share) in scenario.quota_shares.iter().enumerate() {
        let path = format!("quota_shares[{i}]");
        check_name(
            report,
            &format_args!("{path}.name"),
            &share.name,
            &mut seen,
            "quota share",
        );
        check_limits(
            report,
            context,
            &format_args!("{path}.capacity_limits"),
            &share.capacity_limits,
        );
        check_borrow_limit(
            report,
            &format_args!("{path}.borrow_limit"),
            share.strategy,
            share.borrow_limit,
        );
    }
}

/// AWS `CapacityLimit` rules: 1 to 5 limits, `max_capacity >= 1`, types unique and known.
fn check_limits(
    report: &mut Report,
    context: &Context,
    path: &dyn Display,
    limits: &[CapacityLimit],
) {
    if limits.is_empty() || limits.len() > 5 {
        report.error(
            path.to_string(),
            format!(
                "a share has 1 to 5 capacity limits; this one has {}",
                limits.len()
            ),
        );
    }
    let mut seen = HashSet::new();
    for (k, limit) in limits.iter().enumerate() {
        let lp = format!("{path}[{k}]");
        context.check_type(report, &format!("{lp}.instance_type"), &limit.instance_type);
        if !seen.insert(limit.instance_type.as_str()) {
            report.error(
                format!("{lp}.instance_type"),
                format!(
                    "\"{}\" already has a limit in this share; types must be unique",
                    limit.instance_type
                ),
            );
        }
        let zero = "max_capacity is at least 1 instance (AWS)";
        check_instances(
            report,
            &format!("{lp}.max_capacity"),
            limit.max_capacity,
            zero,
        );
    }
}

/// SEMANTICS §2: a borrow limit is an integer >= -1, and only with `LEND_AND_BORROW`.
fn check_borrow_limit(
    report: &mut Report,
    path: &dyn Display,
    strategy: Strategy,
    borrow_limit: Option<i64>,
) {
    let Some(limit) = borrow_limit else { return };
    if strategy != Strategy::LendAndBorrow {
        report.error(
            path.to_string(),
            format!(
                "a borrow limit applies only with LEND_AND_BORROW; this share is {}",
                strategy.as_str()
            ),
        );
    } else if limit < -1 {
        report.error(
            path.to_string(),
            "the borrow limit is a percentage of 0 or more, or -1 for no cap",
        );
    }
}

fn actions(scenario: &Scenario, context: &Context, report: &mut Report) {
    for (i, action) in scenario.actions.iter().enumerate() {
        let path = format!("actions[{i}]");
        check_time(report, &format_args!("{path}.at_h"), action.at_h);
        match action.kind() {
            None => report.error(
                path,
                "an action holds exactly one of set_priority, update_share or cancel",
            ),
            Some(ActionKind::SetPriority(p)) => {
                check_job_ref(
                    report,
                    context,
                    &format_args!("{path}.set_priority.job"),
                    &p.job,
                );
                if !context.kueue_agreement && !(0..=MAX_PRIORITY as i32).contains(&p.priority) {
                    report.error(
                        format!("{path}.set_priority.priority"),
                        format!("priority is 0 to {MAX_PRIORITY}"),
                    );
                }
            }
            Some(ActionKind::Cancel(c)) => {
                check_job_ref(report, context, &format_args!("{path}.cancel.job"), &c.job)
            }
            Some(ActionKind::UpdateShare(u)) => check_update(
                scenario,
                context,
                report,
                &format_args!("{path}.update_share"),
                u,
            ),
        }
    }
}

fn check_job_ref(report: &mut Report, context: &Context, path: &dyn Display, job: &str) {
    if !context.has_job(job) {
        report.error(path.to_string(), format!("no job is called \"{job}\""));
    }
}

/// Under Kueue objects there are no shares to update, which `validate::kueue` reports.
fn check_update(
    scenario: &Scenario,
    context: &Context,
    report: &mut Report,
    path: &dyn Display,
    update: &UpdateShare,
) {
    if context.kueue_agreement {
        return;
    }
    let Some(&index) = context.shares.get(update.share.as_str()) else {
        report.error(
            format!("{path}.share"),
            format!("no quota share is called \"{}\"", update.share),
        );
        return;
    };
    if let Some(limits) = &update.capacity_limits {
        check_limits(
            report,
            context,
            &format_args!("{path}.capacity_limits"),
            limits,
        );
    }
    // The borrow limit must suit the strategy the share has after the update.
    let strategy = update
        .strategy
        .unwrap_or(scenario.quota_shares[index].strategy);
    check_borrow_limit(
        report,
        &format_args!("{path}.borrow_limit"),
        strategy,
        update.borrow_limit,
    );
}
