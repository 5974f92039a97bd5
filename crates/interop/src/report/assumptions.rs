//! The assumptions behind the numbers: seed, horizon, capacity, and those engine decisions of
//! docs/SEMANTICS.md that can matter for this scenario. A rule is listed only when the scenario
//! could trigger it (no spot rules without spot), so the list stays short enough to read.

use super::numbers;
use quotalab_engine::scenario::{ActionKind, Queueing, Scenario, Strategy};
use quotalab_engine::SimResult;

/// Every assumption, as one sentence each.
pub fn of(scenario: &Scenario, result: &SimResult) -> Vec<String> {
    let mut out = vec![
        format!(
            "Seed {}: the same scenario and seed give the same result on every platform (SEMANTICS §3).",
            scenario.seed
        ),
        match scenario.horizon_h {
            Some(h) => format!(
                "Horizon {}: jobs not ended by then are unfinished, and running attempts are billed up to it (SEMANTICS §6).",
                numbers::hours(h)
            ),
            None => format!(
                "No horizon: the run ends when nothing more can happen (here at {}).",
                numbers::hours(result.end_h)
            ),
        },
    ];
    out.extend(capacity(scenario));
    out.extend(rules(scenario));
    out.extend(result.notes.iter().map(|n| format!("Engine note: {n}")));
    out
}

/// One line per on-demand type, spot pool and training plan.
fn capacity(scenario: &Scenario) -> Vec<String> {
    let mut out = Vec::new();
    for c in &scenario.capacity {
        let owned = scenario.owned_capacity(&c.instance_type);
        let mut line = format!(
            "Capacity of {}: {} on demand",
            c.instance_type,
            numbers::count(c.count.into(), "instance", "instances")
        );
        if !c.changes.is_empty() {
            let steps: Vec<String> = c
                .changes
                .iter()
                .map(|ch| format!("{} from {}", ch.count, numbers::hours(ch.at_h)))
                .collect();
            line += &format!(" ({})", steps.join(", "));
        }
        if !scenario.quota_shares.is_empty() {
            line += &format!(
                "; shares' limits add up to {owned}, so {} unowned at the start",
                scenario.unowned_capacity(&c.instance_type, c.count)
            );
        }
        out.push(line + ".");
    }
    for s in &scenario.spot {
        out.push(format!(
            "Spot pool of {}: {} at {}% of the on-demand price, {} interruptions per instance-hour.",
            s.instance_type,
            numbers::count(s.count.into(), "instance", "instances"),
            (s.price_factor * 100.0).round(),
            s.interruptions_per_h
        ));
    }
    for p in &scenario.training_plans {
        let blocks: Vec<String> = p
            .blocks
            .iter()
            .map(|b| {
                format!(
                    "{} to {}",
                    numbers::hours(b.start_h),
                    numbers::hours(b.end_h)
                )
            })
            .collect();
        out.push(format!(
            "Training plan {}: {} x {} during {}; upfront cost {}.",
            p.name,
            p.count,
            p.instance_type,
            blocks.join(", "),
            numbers::money(p.upfront_cost, &scenario.currency.0)
        ));
    }
    out
}

/// What about a scenario decides which engine rules its report names.
struct Facts {
    shares: bool,
    strict_fifo: bool,
    lends: bool,
    borrows: bool,
    in_share: bool,
    unowned: bool,
    capacity_drops: bool,
    share_updates: bool,
    checkpoints: bool,
    fallbacks: bool,
    retries: bool,
    can_preempt: bool,
    plans: bool,
    spot: bool,
}

fn facts(scenario: &Scenario) -> Facts {
    let shares = &scenario.quota_shares;
    let lends = shares.iter().any(|s| s.strategy.lends());
    let borrows = shares
        .iter()
        .any(|s| s.strategy == Strategy::LendAndBorrow && s.effective_borrow_limit() != 0);
    let in_share = shares.iter().any(|s| s.in_share_preemption);
    let jobs = quotalab_engine::generate::all_jobs(scenario);
    let unowned = scenario.capacity.iter().any(|c| {
        let unowned = |count| scenario.unowned_capacity(&c.instance_type, count);
        unowned(c.count) > 0 || c.changes.iter().any(|ch| unowned(ch.count) > 0)
    });
    let capacity_drops = scenario.capacity.iter().any(|c| !c.changes.is_empty());
    let share_updates = scenario
        .actions
        .iter()
        .any(|a| matches!(a.kind(), Some(ActionKind::UpdateShare(_))));
    let checkpoints = jobs.iter().any(|j| j.checkpoint_interval_h.is_some());
    let fallbacks = jobs.iter().any(|j| j.preferences.len() > 1);
    let retries = jobs.iter().any(|j| j.preemption_retries.is_some());
    let can_preempt = (lends && borrows)
        || in_share
        || share_updates
        || !scenario.spot.is_empty()
        || !scenario.training_plans.is_empty();
    Facts {
        shares: !shares.is_empty(),
        strict_fifo: scenario.queueing == Queueing::StrictFifo,
        lends,
        borrows,
        in_share,
        unowned,
        capacity_drops,
        share_updates,
        checkpoints,
        fallbacks,
        retries,
        can_preempt,
        plans: !scenario.training_plans.is_empty(),
        spot: !scenario.spot.is_empty(),
    }
}

/// The engine decisions that matter for this scenario.
fn rules(scenario: &Scenario) -> Vec<String> {
    let f = facts(scenario);
    let rules: [(bool, &str); 16] = [
        (f.strict_fifo, "Strict FIFO: a job starts or preempts only when no job ahead of it in its share's queue is still pending (SEMANTICS §4)."),
        (f.shares, "A share uses only the instance types named in its capacity limits, even when borrowing (SEMANTICS §2)."),
        (f.borrows, "Owners start first; idle capacity is then assigned to borrowers FIFO, by submit time, then priority, then name (SEMANTICS §4, AWS idleResourceAssignmentStrategy = FIFO)."),
        (f.borrows && f.lends, "Reclaim takes the biggest borrower first (the job borrowing the most instances), then lower priority, then the most recently started, and only as many jobs as needed (SEMANTICS §5)."),
        (f.borrows && f.unowned, "Unowned capacity (beyond the sum of the shares' limits) can be borrowed and is never reclaimed (SEMANTICS §2)."),
        (f.in_share, "In-share preemption takes the lowest priority first, then the most recently started (SEMANTICS §5)."),
        (f.in_share && f.borrows && f.lends, "On the same entry, reclaim is tried before in-share preemption (SEMANTICS §5)."),
        (f.can_preempt, "Lost work is compute since the last checkpoint; a job without checkpoints restarts from zero. The attempt's instance time is billed all the same (SEMANTICS §3)."),
        (f.can_preempt && f.checkpoints, "A checkpoint pauses the job for its checkpoint cost after every checkpoint interval of compute, and counts once its pause is over (SEMANTICS §3)."),
        (f.retries, "A job preempted more often than its preemption retries ends failed (preemption_retries_exhausted); plan-end and spot interruptions do not count (SEMANTICS §5)."),
        (f.fallbacks, "First fit: a job takes the first entry of its instance preference list that can start now, and is billed at that entry's price (SEMANTICS §3)."),
        (f.capacity_drops, "When on-demand capacity drops, running jobs are not stopped; new starts wait until usage is below the new level (SEMANTICS §1)."),
        (f.share_updates, "When a scripted update leaves a share holding more than it may, its jobs on that type are preempted in in-share victim order (limit lowered), whatever the strategy (SEMANTICS §2)."),
        (f.plans, "Training plan instances are prepaid: usage cost excludes them, and the upfront cost is shown apart. Jobs on a plan block are interrupted from 30 minutes before it ends (SEMANTICS §1)."),
        (f.spot, "Spot jobs are interrupted at random (from the seed) at the pool's rate times their instance count, are billed at the spot price factor, and stop when their max wait runs out (SEMANTICS §3)."),
        (true, "Completion p50 and p90 are nearest-rank percentiles of end minus submit time over the jobs that succeeded; cost is usage cost, including startup, checkpoints and work later lost."),
    ];
    rules
        .into_iter()
        .filter(|(applies, _)| *applies)
        .map(|(_, text)| text.to_string())
        .collect()
}
