//! Cost across instance configurations: instance-hours and money per instance type and pool
//! (`instance_types[].pools`), with the training plans' upfront cost as a bar of its own.

use crate::results::charts::bars::{Bars, Layout, Series};
use crate::results::charts::canvas::{empty, marked, Area, DrawResult};
use crate::results::charts::marks::{Mark, Marked};
use crate::results::colours::{pool_colour, rgb};
use crate::results::format::{money, round_for_people};
use crate::results::jobs::words::pool_kind;
use quotalab_engine::result::PoolKind;
use quotalab_engine::SimResult;
const UPFRONT: &str = "training plans, upfront (prepaid)";

pub fn draw(result: &SimResult) -> Marked {
    let rows = rows(result).len() + 1;
    marked(2 * (140 + 50 * rows as u32), |area, marks| {
        draw_on(area, result, marks)
    })
}

/// (label, pool, instance-hours, cost) per type and pool that was used.
fn rows(result: &SimResult) -> Vec<(String, PoolKind, f64, f64)> {
    let mut rows = Vec::new();
    for t in &result.instance_types {
        for p in &t.pools {
            let label = match &p.training_plan {
                Some(plan) => format!("{} · plan {plan}", t.name),
                None => format!("{} · {}", t.name, pool_kind(p.pool)),
            };
            rows.push((label, p.pool, p.instance_h, p.cost));
        }
    }
    rows
}

/// One series per pool that was used, so the legend names pools; a row has a value in its own
/// pool only.
fn series(
    rows: &[(String, PoolKind, f64, f64)],
    value: impl Fn(&(String, PoolKind, f64, f64)) -> f64,
) -> Vec<Series> {
    PoolKind::ALL
        .into_iter()
        .filter(|&pool| rows.iter().any(|r| r.1 == pool))
        .map(|pool| Series {
            name: pool_kind(pool).to_owned(),
            colour: rgb(pool_colour(pool)),
            values: rows
                .iter()
                .map(|r| if r.1 == pool { value(r) } else { 0.0 })
                .collect(),
        })
        .collect()
}

fn draw_on(area: &Area, result: &SimResult, marks: &mut Vec<Mark>) -> DrawResult {
    let rows = rows(result);
    if rows.is_empty() && result.totals.upfront_cost == 0.0 {
        return empty(area, "No instance was used, so nothing was billed.");
    }
    let (hours_area, money_area) = area.split_vertically(area.dim_in_pixel().1 / 2);
    let mut categories: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
    let hours = series(&rows, |r| r.2);
    Bars {
        title: "Instance-hours by type and pool",
        categories: &categories,
        series: &hours,
        axis: "instance-hours (h)",
        layout: Layout::Stacked,
        label_width: 340,
        reads: &|_, row, h| format!("{}: {} instance-h", categories[row], round_for_people(h)),
    }
    .draw(&hours_area, marks)?;
    let mut costs = series(&rows, |r| r.3);
    if result.totals.upfront_cost > 0.0 {
        categories.push(UPFRONT.to_owned());
        costs.iter_mut().for_each(|s| s.values.push(0.0));
        let upfront = rows
            .iter()
            .map(|_| 0.0)
            .chain([result.totals.upfront_cost])
            .collect();
        costs.push(Series {
            name: "upfront (prepaid)".into(),
            colour: rgb("#B2ABD2"),
            values: upfront,
        });
    }
    let c = &result.currency;
    let title = format!(
        "Cost: {} for usage, {} upfront",
        money(result.totals.cost, c),
        money(result.totals.upfront_cost, c)
    );
    let axis = format!("cost ({c})");
    Bars {
        title: &title,
        categories: &categories,
        series: &costs,
        axis: &axis,
        layout: Layout::Stacked,
        label_width: 340,
        reads: &|_, row, cost| format!("{}: {}", categories[row], money(cost, c)),
    }
    .draw(&money_area, marks)
}
