//! The `--summary` table: one line per share and the totals, for people.

use quotalab_engine::result::numbers::{money, percent};
use quotalab_engine::SimResult;
use std::fmt::Write;

pub fn table(result: &SimResult) -> String {
    let mut out = String::new();
    let hours = |h: Option<f64>| h.map_or("-".to_string(), |h| format!("{h:.1} h"));
    let _ = writeln!(
        out,
        "{}  (seed {}, ended at {:.1} h)",
        result.scenario, result.seed, result.end_h
    );
    let _ = writeln!(
        out,
        "{:<20} {:>6} {:>9} {:>9} {:>9} {:>9} {:>9} {:>8} {:>9} {:>10} {:>12}",
        "share",
        "jobs",
        "done",
        "p50",
        "p90",
        "wait",
        "borrowed",
        "preempt",
        "fallback",
        "lost GPU-h",
        "cost"
    );
    for s in &result.shares {
        let _ = writeln!(
            out,
            "{:<20} {:>6} {:>9} {:>9} {:>9} {:>9} {:>9} {:>8} {:>9} {:>10.1} {:>12}",
            truncate(&s.name, 20),
            s.jobs,
            s.succeeded,
            hours(s.completion_p50_h),
            hours(s.completion_p90_h),
            format!("{:.1} h", s.wait_mean_h),
            format!("{:.1} ih", s.borrowed_instance_h),
            s.preempted.reclaim + s.preempted.in_share + s.preempted.limit_lowered,
            percent(s.fallback_rate),
            s.lost_accelerator_h,
            money(s.cost, &result.currency)
        );
    }
    let t = &result.totals;
    let _ = writeln!(
        out,
        "total: {} jobs, {} succeeded, {} failed, {} timed out, {} unfinished; {} preemptions; {:.1} GPU-h lost; fallback rate {}; cost {}{}",
        t.jobs,
        t.succeeded,
        t.failed,
        t.timed_out,
        t.unfinished,
        t.preemptions,
        t.lost_accelerator_h,
        percent(t.fallback_rate),
        money(t.cost, &result.currency),
        if t.upfront_cost > 0.0 {
            format!(" (+ {} plans upfront)", money(t.upfront_cost, &result.currency))
        } else {
            String::new()
        }
    );
    for note in &result.notes {
        let _ = writeln!(out, "note: {note}");
    }
    out
}

fn truncate(name: &str, width: usize) -> String {
    if name.chars().count() <= width {
        name.to_string()
    } else {
        name.chars().take(width - 1).collect::<String>() + "…"
    }
}
