//! Fallback frequency per team: which entry of their preference list each share's started jobs
//! first ran on (`shares[].started_on`), one group of rows per share, with the share's fallback
//! rate (`shares[].fallback_rate`). Jobs that never started get a row of their own.

use crate::results::charts::bars::{Bars, Layout, Series};
use crate::results::charts::canvas::{empty, marked, share_summaries, Area, DrawResult, ShareKey};
use crate::results::charts::marks::{Mark, Marked};
use crate::results::format::counted;
use crate::results::jobs::words;
use quotalab_engine::result::view::Drawn;
use quotalab_engine::result::{ShareResult, StartedOn};

/// Room for the row names: "nlp · #1 ml.p5.48xlarge ×2 · plan nlp-p5-2wk" fits whole.
const LABEL_WIDTH: u32 = 470;

pub fn draw(result: &Drawn) -> Marked {
    let rows = rows(&share_summaries(result)).len();
    marked(170 + 40 * rows as u32, |area, marks| {
        draw_on(area, result, marks)
    })
}

/// An entry in words, e.g. "#2 ml.g5.12xlarge ×1 · on-demand".
fn entry(row: &StartedOn) -> String {
    format!(
        "#{} {} \u{d7}{} \u{b7} {}",
        row.preference + 1,
        row.instance_type,
        row.instance_count,
        words::pool(row.pool, row.training_plan.as_deref())
    )
}

/// (share index, label, jobs) per row, share by share in scenario order.
fn rows(shares: &[ShareResult]) -> Vec<(usize, String, u32)> {
    let mut rows = Vec::new();
    for (s, share) in shares.iter().enumerate() {
        for got in &share.started_on {
            rows.push((s, format!("{} \u{b7} {}", share.name, entry(got)), got.jobs));
        }
        let never = share.jobs - share.started;
        if never > 0 {
            rows.push((s, format!("{} \u{b7} never started", share.name), never));
        }
    }
    rows
}

/// "nlp 12%, vision 40%": each share's fallback rate.
fn rates(shares: &[ShareResult]) -> String {
    shares
        .iter()
        .map(|s| format!("{} {:.0}%", s.name, s.fallback_rate * 100.0))
        .collect::<Vec<_>>()
        .join(", ")
}

fn draw_on(area: &Area, result: &Drawn, marks: &mut Vec<Mark>) -> DrawResult {
    let key = ShareKey::of(result);
    let shares = share_summaries(result);
    let rows = rows(&shares);
    if rows.is_empty() {
        return empty(area, "The scenario has no jobs.");
    }
    let categories: Vec<String> = rows.iter().map(|(_, label, _)| label.clone()).collect();
    // One series per share, with values on its own rows only, so each row is one full bar in
    // its share's colour and the legend names the shares.
    let series = Series::per_share(&key, |s| {
        rows.iter()
            .map(|&(of, _, jobs)| if of == s { f64::from(jobs) } else { 0.0 })
            .collect()
    });
    let title = format!("Fell back from their first choice: {}", rates(&shares));
    Bars {
        title: &title,
        categories: &categories,
        series: &series,
        axis: "jobs, by the entry they first ran on",
        layout: Layout::Stacked,
        label_width: LABEL_WIDTH,
        reads: &|_, row, jobs| {
            format!(
                "{}: {}",
                categories[row],
                counted(jobs.round() as u64, "job")
            )
        },
    }
    .draw(area, marks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use quotalab_engine::{simulate, Scenario};

    #[test]
    fn rows_are_grouped_by_share_and_add_up_to_its_jobs() {
        let scenario =
            Scenario::from_json(include_str!("../../../scenarios/default.json")).unwrap();
        let result = simulate(&scenario);
        let rows = rows(&result.shares);
        let mut last = 0;
        for (s, share) in result.shares.iter().enumerate() {
            let own: Vec<_> = rows.iter().filter(|r| r.0 == s).collect();
            assert_eq!(own.iter().map(|r| r.2).sum::<u32>(), share.jobs);
            assert!(own.iter().all(|r| r.1.starts_with(share.name.as_str())));
            assert!(rows.iter().position(|r| r.0 == s).unwrap() >= last);
            last = rows.iter().rposition(|r| r.0 == s).unwrap();
        }
        assert!(rows
            .iter()
            .all(|r| r.1.chars().count() <= LABEL_WIDTH as usize / 10));
    }
}
