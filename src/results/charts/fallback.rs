//! Fallback frequency: which entry of their preference list jobs actually got, per share. A
//! category is one configuration (rank, instance type, count, pool); jobs that never started are
//! counted apart.

use crate::results::charts::bars::{Bars, Layout, Series};
use crate::results::charts::canvas::{empty, svg, Area, DrawResult, ShareKey};
use quotalab_engine::result::Selected;
use quotalab_engine::SimResult;
use std::collections::BTreeMap;

const NOT_STARTED: &str = "never started";

pub fn draw(result: &SimResult) -> String {
    let rows = configurations(result).len();
    svg(170 + 56 * rows as u32, |area| draw_on(area, result))
}

/// A configuration's label, e.g. "#1 ml.g5.xlarge ×2 spot"; it sorts by rank first.
fn label(selected: &Selected) -> (usize, String) {
    let pool = match (&selected.training_plan, selected.pool.as_str()) {
        (Some(plan), _) => format!("plan {plan}"),
        (None, "on_demand") => "on-demand".to_owned(),
        (None, other) => other.to_owned(),
    };
    let rank = selected.preference;
    (
        rank,
        format!(
            "#{} {} ×{} {pool}",
            rank + 1,
            selected.instance_type,
            selected.instance_count
        ),
    )
}

/// Jobs per configuration and share.
fn configurations(result: &SimResult) -> BTreeMap<(usize, String), Vec<f64>> {
    let key = ShareKey::of(result);
    let mut counts: BTreeMap<(usize, String), Vec<f64>> = BTreeMap::new();
    for job in &result.jobs {
        let category = job
            .selected
            .as_ref()
            .map(label)
            .unwrap_or((usize::MAX, NOT_STARTED.to_owned()));
        counts
            .entry(category)
            .or_insert_with(|| vec![0.0; key.len()])[key.index_of(job)] += 1.0;
    }
    counts
}

fn draw_on(area: &Area, result: &SimResult) -> DrawResult {
    let key = ShareKey::of(result);
    let counts = configurations(result);
    if counts.is_empty() {
        return empty(area, "The scenario has no jobs.");
    }
    let categories: Vec<String> = counts.keys().map(|(_, l)| l.clone()).collect();
    let series: Vec<Series> = (0..key.len())
        .map(|s| Series {
            name: key.names[s].clone(),
            colour: key.colours[s],
            values: counts.values().map(|v| v[s]).collect(),
        })
        .collect();
    let title = format!(
        "{:.0}% of started jobs fell back from their first choice",
        result.totals.fallback_rate * 100.0
    );
    Bars {
        title: &title,
        categories: &categories,
        series: &series,
        axis: "jobs",
        layout: Layout::Grouped,
        label_width: 340,
    }
    .draw(area)
}
