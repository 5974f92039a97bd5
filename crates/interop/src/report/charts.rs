//! The key comparisons across shares, as data: each is a bar chart in the HTML report
//! ([`super::svg`]) and a table in the Markdown one.

use super::numbers;
use super::observed::caused_total;
use quotalab_engine::result::ShareResult;
use quotalab_engine::SimResult;
use serde::{Deserialize, Serialize};

/// A grouped bar chart: one row per share, one bar per series.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Chart {
    pub title: String,
    pub series: Vec<Series>,
    pub rows: Vec<Row>,
}

/// One kind of bar. docs/DESIGN.md: own is solid, borrowed (and the lesser of a pair) lighter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Series {
    pub name: String,
    pub light: bool,
}

/// One share's bars: the values to draw and the same values as displayed (rounded, with unit).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Row {
    pub label: String,
    /// The share's index in `quota_shares`, which picks its colour.
    pub index: usize,
    pub values: Vec<f64>,
    pub shown: Vec<String>,
}

/// The charts for a run with quota shares; none without.
pub fn of_result(result: &SimResult) -> Vec<Chart> {
    if result.shares.is_empty() {
        return Vec::new();
    }
    let currency = result.currency.as_str();
    vec![
        chart(
            "Completion time of succeeded jobs",
            &[("p50", true), ("p90", false)],
            result,
            |s| {
                vec![
                    (
                        s.completion_p50_h.unwrap_or(0.0),
                        numbers::maybe_hours(s.completion_p50_h),
                    ),
                    (
                        s.completion_p90_h.unwrap_or(0.0),
                        numbers::maybe_hours(s.completion_p90_h),
                    ),
                ]
            },
        ),
        chart("Cost", &[("usage cost", false)], result, |s| {
            vec![(s.cost, numbers::money(s.cost, currency))]
        }),
        chart(
            "Preemptions and interruptions",
            &[
                ("preemptions suffered", false),
                ("preemptions caused", true),
                ("interruptions suffered", true),
            ],
            result,
            |s| {
                let caused = caused_total(s);
                vec![
                    (s.preemptions.into(), s.preemptions.to_string()),
                    (caused.into(), caused.to_string()),
                    (s.interruptions.into(), s.interruptions.to_string()),
                ]
            },
        ),
        chart(
            "Borrowed and lent capacity",
            &[("borrowed", true), ("lent", false)],
            result,
            |s| {
                vec![
                    (
                        s.borrowed_instance_h,
                        format!("{:.1} instance-h", s.borrowed_instance_h),
                    ),
                    (
                        s.lent_instance_h,
                        format!("{:.1} instance-h", s.lent_instance_h),
                    ),
                ]
            },
        ),
    ]
}

fn chart(
    title: &'static str,
    series: &[(&'static str, bool)],
    result: &SimResult,
    measure: impl Fn(&ShareResult) -> Vec<(f64, String)>,
) -> Chart {
    Chart {
        title: title.into(),
        series: series
            .iter()
            .map(|&(name, light)| Series {
                name: name.into(),
                light,
            })
            .collect(),
        rows: result
            .shares
            .iter()
            .enumerate()
            .map(|(index, s)| {
                let (values, shown) = measure(s).into_iter().unzip();
                Row {
                    label: s.name.to_string(),
                    index,
                    values,
                    shown,
                }
            })
            .collect(),
    }
}
