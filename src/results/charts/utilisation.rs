//! Utilisation over time, one row per instance type (`usage`). Left, the quota: instances each
//! share holds on any pool (what its limits count), own solid and borrowed lighter above it, each
//! share's limit as a dashed line in its colour. Right, the pools: instances in use on demand,
//! on training plans and on spot (`pool_used`), each against what that pool offers
//! (`pool_capacity`), so spot use is never drawn as on-demand capacity.

use crate::results::charts::canvas::{
    bold_style, empty, house_mesh, marked, pixel, Area, DrawResult, Plot, ShareKey, GRID,
};
use crate::results::charts::legend::{legend_row, Key};
use crate::results::charts::marks::{thinned, Mark, Marked, MARKS_PER_SERIES};
use crate::results::colours::{pool_colour, rgb};
use crate::results::format::{hours, round_for_people};
use crate::results::jobs::words::pool_kind;
use plotters::prelude::*;
use quotalab_engine::result::numbers::count;
use quotalab_engine::result::{PoolKind, UsagePoint, UsageSeries};
use quotalab_engine::SimResult;

const PANEL_HEIGHT: u32 = 380;

pub fn draw(result: &SimResult) -> Marked {
    marked(
        PANEL_HEIGHT * result.usage.len().max(1) as u32,
        |area, marks| draw_on(area, result, marks),
    )
}

fn draw_on(area: &Area, result: &SimResult, marks: &mut Vec<Mark>) -> DrawResult {
    if result.usage.is_empty() {
        return empty(area, "No instance type was used.");
    }
    let key = ShareKey::of(result);
    for (series, panel) in result
        .usage
        .iter()
        .zip(area.split_evenly((result.usage.len(), 1)))
    {
        let (quota, pools) = panel.split_horizontally(panel.dim_in_pixel().0 * 3 / 5);
        draw_type(&quota, series, &key, result.end_h, marks)?;
        draw_pools(&pools, series, result.end_h, marks)?;
    }
    Ok(())
}

/// The points as steps: each value holds from its time to the next point's (the last to `end`).
fn steps(points: &[UsagePoint], end: f64, value: impl Fn(&UsagePoint) -> f64) -> Vec<(f64, f64)> {
    let mut out = Vec::with_capacity(points.len() * 2);
    for (i, p) in points.iter().enumerate() {
        let next = points.get(i + 1).map_or(end, |n| n.t_h);
        out.push((p.t_h, value(p)));
        out.push((next, value(p)));
    }
    out
}

/// Layer k of the stack, in order (share 0 own, share 0 borrowed, share 1 own, ...).
fn layer(p: &UsagePoint, k: usize) -> f64 {
    let (share, borrowed) = (k / 2, k % 2 == 1);
    let used = p.used.get(share).copied().unwrap_or(0);
    let over = p.borrowed.get(share).copied().unwrap_or(0);
    f64::from(if borrowed {
        over
    } else {
        used - over.min(used)
    })
}

/// A mark per point of `series` (thinned), at `height` of the point, saying `words` of it.
fn point_marks(
    chart: &Plot,
    series: &UsageSeries,
    height: impl Fn(&UsagePoint) -> f64,
    words: impl Fn(&UsagePoint) -> String,
    marks: &mut Vec<Mark>,
) {
    marks.extend(thinned(series.points.len(), MARKS_PER_SERIES).map(|i| {
        let p = &series.points[i];
        Mark::at(
            pixel(chart, (p.t_h, height(p))),
            format!("{} at {}: {}", series.instance_type, hours(p.t_h), words(p)),
        )
    }));
}

/// "nlp 3 held (1 borrowed), limit 4; vision 0 held, limit 2".
fn held_words(p: &UsagePoint, key: &ShareKey) -> String {
    (0..key.len())
        .map(|s| {
            let used = p.used.get(s).copied().unwrap_or(0);
            let borrowed = p.borrowed.get(s).copied().unwrap_or(0);
            let limit = p.limits.get(s).copied().unwrap_or(0);
            let borrowed = if borrowed > 0 {
                format!(" ({borrowed} borrowed)")
            } else {
                String::new()
            };
            format!("{} {used} held{borrowed}, limit {limit}", key.names[s])
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn draw_type(
    area: &Area,
    series: &UsageSeries,
    key: &ShareKey,
    end: f64,
    marks: &mut Vec<Mark>,
) -> DrawResult {
    let end = end.max(series.points.last().map_or(1.0, |p| p.t_h));
    let top = series
        .points
        .iter()
        .map(|p| {
            p.used
                .iter()
                .sum::<u32>()
                .max(p.limits.iter().copied().max().unwrap_or(0))
        })
        .max()
        .unwrap_or(1);
    let area = area.titled(&quota_title(series), bold_style())?;
    let mut keys: Vec<(Key, String)> = Vec::new();
    for s in 0..key.len() {
        keys.push((Key::Fill(key.colours[s]), format!("{} own", key.names[s])));
        keys.push((Key::Light(key.colours[s]), "borrowed".to_owned()));
    }
    keys.push((Key::Dashed(GRID), "share limits".to_owned()));
    let area = legend_row(&area, &keys)?;
    let mut chart = instances_over_time(&area, end, top)?;
    let layers = key.len() * 2;
    for k in 0..layers {
        let below = |p: &UsagePoint| (0..k).map(|j| layer(p, j)).sum::<f64>();
        let upper = steps(&series.points, end, |p| below(p) + layer(p, k));
        let lower = steps(&series.points, end, below);
        let colour = key.colours[k / 2];
        let style = if k % 2 == 0 {
            colour.filled()
        } else {
            colour.mix(0.35).filled()
        };
        let outline: Vec<(f64, f64)> = upper.into_iter().chain(lower.into_iter().rev()).collect();
        chart.draw_series(std::iter::once(Polygon::new(outline, style)))?;
    }
    for s in 0..key.len() {
        let colour = key.colours[s];
        let limit = steps(&series.points, end, |p| {
            f64::from(p.limits.get(s).copied().unwrap_or(0))
        });
        chart.draw_series(DashedLineSeries::new(limit, 8, 5, colour.stroke_width(2)))?;
    }
    let held = |p: &UsagePoint| f64::from(p.used.iter().sum::<u32>());
    point_marks(&chart, series, held, |p| held_words(p, key), marks);
    Ok(())
}

/// "ml.p3.2xlarge: held per share, any pool", and how many of the run's changes are drawn when
/// the series came thinned to the chart's resolution (`quotalab_engine::result::drawn_usage`).
fn quota_title(series: &UsageSeries) -> String {
    let title = format!("{}: held per share, any pool", series.instance_type);
    match series.points_in_run {
        Some(all) => format!(
            "{title} ({} of {} changes drawn)",
            count(series.points.len() as u64),
            count(all)
        ),
        None => title,
    }
}

/// Axes of instances (up to a bit over `top`) against hours (to `end`).
fn instances_over_time<'a, 'b>(
    area: &'a Area<'b>,
    end: f64,
    top: u32,
) -> Result<Plot<'a, 'b>, Box<dyn std::error::Error>> {
    let mut chart = ChartBuilder::on(area)
        .margin(10)
        .x_label_area_size(56)
        .y_label_area_size(64)
        .build_cartesian_2d(0.0..end.max(1e-3), 0.0..f64::from(top) * 1.15 + 0.5)?;
    house_mesh(&mut chart)
        .x_desc("time (h)")
        .y_desc("instances")
        .x_label_formatter(&|v| round_for_people(*v))
        .y_label_formatter(&|v| round_for_people(*v))
        .draw()?;
    Ok(chart)
}

/// The pool kinds the type has: on demand always, plans and spot when they ever offer or hold
/// an instance.
fn kinds(series: &UsageSeries) -> Vec<PoolKind> {
    PoolKind::ALL
        .into_iter()
        .filter(|&k| {
            k == PoolKind::OnDemand
                || series
                    .points
                    .iter()
                    .any(|p| p.pool_capacity.of(k) + p.pool_used.of(k) > 0)
        })
        .collect()
}

/// In use per pool kind, stacked in pool colours, and what each kind offers as a line in its
/// colour (solid on demand, dashed for plans and spot).
fn draw_pools(area: &Area, series: &UsageSeries, end: f64, marks: &mut Vec<Mark>) -> DrawResult {
    let end = end.max(series.points.last().map_or(1.0, |p| p.t_h));
    let kinds = kinds(series);
    let top = series
        .points
        .iter()
        .map(|p| {
            kinds.iter().map(|&k| p.pool_used.of(k)).sum::<u32>().max(
                kinds
                    .iter()
                    .map(|&k| p.pool_capacity.of(k))
                    .max()
                    .unwrap_or(0),
            )
        })
        .max()
        .unwrap_or(1);
    let area = area.titled("by pool: in use and offered", bold_style())?;
    let keys: Vec<(Key, String)> = kinds
        .iter()
        .map(|&k| (Key::Fill(rgb(pool_colour(k))), pool_kind(k).to_owned()))
        .chain([(Key::Line(GRID), "offered (lines)".to_owned())])
        .collect();
    let area = legend_row(&area, &keys)?;
    let mut chart = instances_over_time(&area, end, top)?;
    for (i, &kind) in kinds.iter().enumerate() {
        let below = |p: &UsagePoint| {
            kinds[..i]
                .iter()
                .map(|&k| f64::from(p.pool_used.of(k)))
                .sum()
        };
        let upper = steps(&series.points, end, |p| {
            below(p) + f64::from(p.pool_used.of(kind))
        });
        let lower = steps(&series.points, end, below);
        let outline: Vec<(f64, f64)> = upper.into_iter().chain(lower.into_iter().rev()).collect();
        let colour = rgb(pool_colour(kind));
        chart.draw_series(std::iter::once(Polygon::new(
            outline,
            colour.mix(0.6).filled(),
        )))?;
    }
    for &kind in &kinds {
        let offered = steps(&series.points, end, |p| f64::from(p.pool_capacity.of(kind)));
        let colour = rgb(pool_colour(kind));
        if kind == PoolKind::OnDemand {
            chart.draw_series(LineSeries::new(offered, colour.stroke_width(2)))?;
        } else {
            chart.draw_series(DashedLineSeries::new(offered, 8, 5, colour.stroke_width(2)))?;
        }
    }
    let in_use = |p: &UsagePoint| kinds.iter().map(|&k| f64::from(p.pool_used.of(k))).sum();
    let words = |p: &UsagePoint| {
        kinds
            .iter()
            .map(|&k| {
                format!(
                    "{} {} in use of {} offered",
                    pool_kind(k),
                    p.pool_used.of(k),
                    p.pool_capacity.of(k)
                )
            })
            .collect::<Vec<_>>()
            .join("; ")
    };
    point_marks(&chart, series, in_use, words, marks);
    Ok(())
}
