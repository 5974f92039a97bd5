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
        "{:<20} {:>6} {:>9} {:>9} {:>9} {:>9} {:>9} {:>8} {:>9} {:>9} {:>10} {:>12}",
        "share",
        "jobs",
        "done",
        "p50",
        "p90",
        "wait",
        "borrowed",
        "preempt",
        "interrupt",
        "fallback",
        "lost GPU-h",
        "cost"
    );
    for s in &result.shares {
        let _ = writeln!(
            out,
            "{:<20} {:>6} {:>9} {:>9} {:>9} {:>9} {:>9} {:>8} {:>9} {:>9} {:>10.1} {:>12}",
            truncate(&s.name, 20),
            s.jobs,
            s.succeeded,
            hours(s.completion_p50_h),
            hours(s.completion_p90_h),
            format!("{:.1} h", s.wait_mean_h),
            format!("{:.1} ih", s.borrowed_instance_h),
            s.preemptions,
            s.interruptions,
            percent(s.fallback_rate),
            s.lost_accelerator_h,
            money(s.cost, &result.currency)
        );
    }
    let t = &result.totals;
    let _ = writeln!(
        out,
        "total: {} jobs, {} succeeded, {} failed, {} timed out, {} unfinished; {} preemptions, {} interruptions; {:.1} GPU-h lost; fallback rate {}; cost {}{}",
        t.jobs,
        t.succeeded,
        t.failed,
        t.timed_out,
        t.unfinished,
        t.preemptions,
        t.interruptions,
        t.lost_accelerator_h,
        percent(t.fallback_rate),
        money(t.cost, &result.currency),
        if t.upfront_cost > 0.0 {
            format!(" (+ {} plans upfront)", money(t.upfront_cost, &result.currency))
        } else {
            String::new()
        }
    );
    if let Some(c) = &result.calibration {
        calibration(&mut out, c);
    }
    for note in &result.notes {
        let _ = writeln!(out, "note: {note}");
    }
    out
}

/// Observed against simulated (docs/ACCOUNT.md, "Calibration"): the totals, then one line per
/// share with the observed value before the simulated one.
fn calibration(out: &mut String, c: &quotalab_engine::result::calibration::Calibration) {
    let percent = |f: Option<f64>| f.map_or("-".to_string(), |f| format!("{:.0}%", f * 100.0));
    let hours = |h: Option<f64>| h.map_or("-".to_string(), |h| format!("{h:.1}"));
    let _ = writeln!(
        out,
        "calibration: {} jobs compared; first start within max(0.25 h, 10% of the wait): {} of {}; same instance type: {} of {}",
        c.jobs_compared,
        percent(c.start_within_tolerance),
        c.starts_compared,
        percent(c.same_instance_type),
        c.types_compared
    );
    let _ = writeln!(
        out,
        "{:<20} {:>6} {:>15} {:>15} {:>11} {:>13}",
        "observed/simulated", "jobs", "wait p50 h", "p90 h", "preempt", "fallback"
    );
    for s in &c.shares {
        let (o, m) = (&s.observed, &s.simulated);
        let _ = writeln!(
            out,
            "{:<20} {:>6} {:>15} {:>15} {:>11} {:>13}",
            truncate(s.name.as_deref().unwrap_or("all jobs"), 20),
            s.jobs,
            format!("{} / {}", hours(o.wait_p50_h), hours(m.wait_p50_h)),
            format!(
                "{} / {}",
                hours(o.completion_p90_h),
                hours(m.completion_p90_h)
            ),
            format!("{} / {}", o.preemptions, m.preemptions),
            format!(
                "{} / {}",
                percent(o.fallback_rate),
                percent(m.fallback_rate)
            ),
        );
    }
    for d in c.most_deviating.iter().take(3) {
        let _ = writeln!(
            out,
            "deviates: {} first start observed {} h, simulated {} h",
            d.job,
            hours(d.observed_first_start_h),
            hours(d.simulated_first_start_h)
        );
    }
}

fn truncate(name: &str, width: usize) -> String {
    if name.chars().count() <= width {
        name.to_string()
    } else {
        name.chars().take(width - 1).collect::<String>() + "…"
    }
}
