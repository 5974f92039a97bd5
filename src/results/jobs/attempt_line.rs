//! A job's life on one small time line: pending from submission, then each attempt as a bar in
//! the colour of the preference entry it ran on, ending in a mark when it was cut short.

use crate::results::colours::rank_colour;
use crate::results::format::{counted, hours};
use leptos::prelude::*;
use quotalab_engine::result::JobResult;

#[component]
pub fn AttemptLine(job: JobResult) -> impl IntoView {
    let start = job.submit_h;
    let end = job
        .end_h
        .or(job.attempts.last().map(|a| a.end_h))
        .unwrap_or(start)
        .max(start + 1e-6);
    let pct = move |t: f64| (t - start) / (end - start) * 100.0;
    let bars = job
        .attempts
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let style = format!(
                "left: {:.3}%; width: {:.3}%; background: {}",
                pct(a.start_h),
                (pct(a.end_h) - pct(a.start_h)).max(0.4),
                rank_colour(a.preference)
            );
            let title = format!(
                "attempt {}: {} to {}, entry #{}, {}",
                i + 1,
                hours(a.start_h),
                hours(a.end_h),
                a.preference + 1,
                a.outcome
            );
            let cut = a.outcome.is_interruption();
            view! { <span class="attempt-bar" class:cut=cut style=style title=title></span> }
        })
        .collect_view();
    view! {
        <div class="attempt-line" role="img" aria-label=format!("{} between {} and {}", counted(job.attempts.len() as u64, "attempt"), hours(start), hours(end))>
            <span class="pending-line"></span>
            {bars}
        </div>
        <div class="attempt-axis"><span>{hours(start)}" submitted"</span><span>{hours(end)}</span></div>
    }
}
