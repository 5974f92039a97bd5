//! Utilisation over time, one panel per instance type (`usage`): instances held, stacked by share,
//! own capacity solid and borrowed capacity lighter above it; each share's limit as a dashed line
//! in its colour, the on-demand capacity as a dark line.

use crate::results::charts::canvas::{
    bold_style, empty, house_mesh, svg, Area, DrawResult, ShareKey, GRID, INK,
};
use crate::results::charts::legend::{legend_row, Key};
use crate::results::format::round_for_people;
use plotters::prelude::*;
use quotalab_engine::result::{UsagePoint, UsageSeries};
use quotalab_engine::SimResult;

const PANEL_HEIGHT: u32 = 380;

pub fn draw(result: &SimResult) -> String {
    svg(PANEL_HEIGHT * result.usage.len().max(1) as u32, |area| {
        draw_on(area, result)
    })
}

fn draw_on(area: &Area, result: &SimResult) -> DrawResult {
    if result.usage.is_empty() {
        return empty(area, "No instance type was used.");
    }
    let key = ShareKey::of(result);
    for (series, panel) in result
        .usage
        .iter()
        .zip(area.split_evenly((result.usage.len(), 1)))
    {
        draw_type(&panel, series, &key, result.end_h)?;
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

fn draw_type(area: &Area, series: &UsageSeries, key: &ShareKey, end: f64) -> DrawResult {
    let end = end.max(series.points.last().map_or(1.0, |p| p.t_h));
    let top = series
        .points
        .iter()
        .map(|p| {
            p.capacity
                .max(p.used.iter().sum())
                .max(p.limits.iter().copied().max().unwrap_or(0))
        })
        .max()
        .unwrap_or(1);
    let area = area.titled(
        &format!("{}: instances in use", series.instance_type),
        bold_style(),
    )?;
    let mut keys: Vec<(Key, String)> = Vec::new();
    for s in 0..key.len() {
        keys.push((Key::Fill(key.colours[s]), format!("{} own", key.names[s])));
        keys.push((Key::Light(key.colours[s]), "borrowed".to_owned()));
    }
    keys.extend([
        (Key::Dashed(GRID), "share limits".to_owned()),
        (Key::Line(INK), "on-demand capacity".to_owned()),
    ]);
    let area = legend_row(&area, &keys)?;
    let mut chart = ChartBuilder::on(&area)
        .margin(10)
        .x_label_area_size(56)
        .y_label_area_size(70)
        .build_cartesian_2d(0.0..end.max(1e-3), 0.0..f64::from(top) * 1.15 + 0.5)?;
    house_mesh(&mut chart)
        .x_desc("time (h)")
        .y_desc("instances")
        .x_label_formatter(&|v| round_for_people(*v))
        .y_label_formatter(&|v| round_for_people(*v))
        .draw()?;
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
    chart.draw_series(LineSeries::new(
        steps(&series.points, end, |p| f64::from(p.capacity)),
        INK.stroke_width(2),
    ))?;
    Ok(())
}
