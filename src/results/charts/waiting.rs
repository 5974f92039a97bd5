//! Waiting time by reason: the hours each share's jobs spent pending, per the engine's reasons
//! (`jobs[].waited`, SEMANTICS §6, read from the job columns), summed over the share's jobs.

use crate::results::charts::bars::{Bars, Layout, Series};
use crate::results::charts::canvas::{empty, marked, Area, DrawResult, ShareKey};
use crate::results::charts::marks::{Mark, Marked};
use crate::results::format::hours;
use crate::results::jobs::words;
use quotalab_engine::result::view::Drawn;
use quotalab_engine::result::Reason;
use std::collections::BTreeMap;

pub fn draw(result: &Drawn) -> Marked {
    let rows = hours_by_reason(result).len();
    marked(170 + 56 * rows as u32, |area, marks| {
        draw_on(area, result, marks)
    })
}

/// Hours waited per reason and share, largest reason first.
fn hours_by_reason(result: &Drawn) -> Vec<(Reason, Vec<f64>)> {
    let key = ShareKey::of(result);
    let jobs = &result.jobs;
    let mut hours: BTreeMap<Reason, Vec<f64>> = BTreeMap::new();
    for j in 0..jobs.len() {
        for (reason, h) in jobs.waited(j) {
            hours.entry(reason).or_insert_with(|| vec![0.0; key.len()])[key.index_of(jobs, j)] += h;
        }
    }
    let mut rows: Vec<(Reason, Vec<f64>)> = hours.into_iter().collect();
    rows.sort_by(|a, b| b.1.iter().sum::<f64>().total_cmp(&a.1.iter().sum::<f64>()));
    rows
}

fn draw_on(area: &Area, result: &Drawn, marks: &mut Vec<Mark>) -> DrawResult {
    let key = ShareKey::of(result);
    let rows = hours_by_reason(result);
    if rows.is_empty() {
        return empty(
            area,
            "No job waited: every job started when it was submitted.",
        );
    }
    let categories: Vec<String> = rows
        .iter()
        .map(|(r, _)| words::reason_label(*r).to_owned())
        .collect();
    let series = Series::per_share(&key, |s| rows.iter().map(|(_, v)| v[s]).collect());
    Bars {
        title: "Hours pending, by the reason the job could not start",
        categories: &categories,
        series: &series,
        axis: "job-hours waited (h)",
        layout: Layout::Grouped,
        label_width: 280,
        reads: &|share, row, h| format!("{share} · {}: {} waited", categories[row], hours(h)),
    }
    .draw(area, marks)
}
