//! The `--summary` table: one line per share, the totals and the wait of all jobs, for people.
//! Durations are in the unit that keeps two significant digits (`numbers::duration`), so the
//! seconds a short job waits are not shown as "0.0 h" (docs/CLI.md, "run").

use quotalab_engine::result::numbers::{count, counted, duration, money, percent};
use quotalab_engine::Run;
use std::fmt::Write;

/// A duration in hours for people, or "-" when there is none.
fn maybe(h: Option<f64>) -> String {
    h.map_or("-".to_string(), duration)
}

/// The table of a finished run: its summary's figures, and the waits of its jobs.
pub fn table(run: &Run) -> String {
    let result = run.summary();
    let mut out = String::new();
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
            maybe(s.completion_p50_h),
            maybe(s.completion_p90_h),
            duration(s.wait_mean_h),
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
        "total: {}, {} succeeded, {} failed, {} timed out, {} unfinished; {}, {}; {:.1} GPU-h lost; fallback rate {}; cost {}{}",
        counted(u64::from(t.jobs), "job"),
        count(u64::from(t.succeeded)),
        count(u64::from(t.failed)),
        count(u64::from(t.timed_out)),
        count(u64::from(t.unfinished)),
        counted(u64::from(t.preemptions), "preemption"),
        counted(u64::from(t.interruptions), "interruption"),
        t.lost_accelerator_h,
        percent(t.fallback_rate),
        money(t.cost, &result.currency),
        if t.upfront_cost > 0.0 {
            format!(" (+ {} plans upfront)", money(t.upfront_cost, &result.currency))
        } else {
            String::new()
        }
    );
    if let Some(w) = run.waits() {
        let _ = writeln!(
            out,
            "wait (all jobs): p50 {}, p90 {}, mean {}",
            duration(w.p50_h),
            duration(w.p90_h),
            duration(w.mean_h)
        );
    }
    if let Some(c) = &result.calibration {
        calibration(&mut out, c);
    }
    for note in &result.notes {
        let _ = writeln!(out, "note: {note}");
    }
    out
}

/// Observed against simulated (docs/ACCOUNT.md, "Calibration"; docs/TRACES.md, "The model's
/// gap"): the totals, then one line for all jobs and one per share, each observed value before
/// the simulated one.
fn calibration(out: &mut String, c: &quotalab_engine::result::calibration::Calibration) {
    let percent = |f: Option<f64>| f.map_or("-".to_string(), |f| format!("{:.0}%", f * 100.0));
    let _ = writeln!(
        out,
        "calibration: {} compared; first start within max(0.25 h, 10% of the wait): {} of {}; same instance type: {} of {}",
        counted(u64::from(c.jobs_compared), "job"),
        percent(c.start_within_tolerance),
        count(u64::from(c.starts_compared)),
        percent(c.same_instance_type),
        count(u64::from(c.types_compared))
    );
    let _ = writeln!(
        out,
        "{:<20} {:>6} {:>17} {:>17} {:>17} {:>17} {:>17} {:>11} {:>11}",
        "observed/simulated",
        "jobs",
        "wait p50",
        "wait p90",
        "wait mean",
        "completion p50",
        "completion p90",
        "preempt",
        "fallback"
    );
    let pair = |o: Option<f64>, m: Option<f64>| format!("{} / {}", maybe(o), maybe(m));
    let rows = std::iter::once(("all jobs", c.jobs_compared, &c.observed, &c.simulated)).chain(
        c.shares.iter().map(|s| {
            let name = s.name.as_deref().unwrap_or("no share");
            (name, s.jobs, &s.observed, &s.simulated)
        }),
    );
    for (name, jobs, o, m) in rows {
        let _ = writeln!(
            out,
            "{:<20} {:>6} {:>17} {:>17} {:>17} {:>17} {:>17} {:>11} {:>11}",
            truncate(name, 20),
            jobs,
            pair(o.wait_p50_h, m.wait_p50_h),
            pair(o.wait_p90_h, m.wait_p90_h),
            pair(o.wait_mean_h, m.wait_mean_h),
            pair(o.completion_p50_h, m.completion_p50_h),
            pair(o.completion_p90_h, m.completion_p90_h),
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
            "deviates: {} first start observed {}, simulated {}",
            d.job,
            at(d.observed_first_start_h),
            at(d.simulated_first_start_h)
        );
    }
}

/// An instant on the scenario's clock, in hours: "12.3 h", or "never".
fn at(h: Option<f64>) -> String {
    h.map_or("never".to_string(), |h| format!("{h:.1} h"))
}

fn truncate(name: &str, width: usize) -> String {
    if name.chars().count() <= width {
        name.to_string()
    } else {
        name.chars().take(width - 1).collect::<String>() + "…"
    }
}
