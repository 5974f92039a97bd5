//! Completion time by share: the cumulative distribution of `completion_h` over each share's
//! succeeded jobs (read from the job columns), with the engine's p50 and p90 marked on it.

use crate::results::charts::canvas::{
    empty, house_mesh, marked, pixel, share_summaries, small_style, Area, DrawResult, Plot,
    ShareKey, GRID,
};
use crate::results::charts::legend::{legend_row, Key};
use crate::results::charts::marks::{thinned, Mark, Marked, MARKS_PER_SERIES};
use crate::results::format::{hours, percent, round_for_people};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use quotalab_engine::result::view::Drawn;
use quotalab_engine::result::Status;
use std::error::Error;

pub fn draw(result: &Drawn) -> Marked {
    marked(480, |area, marks| draw_on(area, result, marks))
}

/// Each share's succeeded completion times, sorted (the CDF's steps).
fn completions(result: &Drawn, key: &ShareKey) -> Vec<Vec<f64>> {
    let jobs = &result.jobs;
    let mut per_share = vec![Vec::new(); key.len()];
    for j in (0..jobs.len()).filter(|&j| jobs.status(j) == Status::Succeeded) {
        let c = jobs.completion_h[j];
        if !c.is_nan() {
            per_share[key.index_of(jobs, j)].push(c);
        }
    }
    per_share.iter_mut().for_each(|v| v.sort_by(f64::total_cmp));
    per_share
}

/// The axes of a completion-time chart, the run's or the study's: the hours from 0 to a little
/// past the `longest` across, the percent of jobs done by then (`y_desc` says which jobs) up,
/// both labelled for people. `x_label_area` is the room under the chart for the hours' labels.
/// The study's per-share chart draws the same measure as the run's, so it reads on the same frame.
pub fn completion_plot<'a, 'b>(
    area: &'a Area<'b>,
    longest: f64,
    x_label_area: u32,
    y_desc: &str,
) -> Result<Plot<'a, 'b>, Box<dyn Error>> {
    let mut chart = ChartBuilder::on(area)
        .margin(14)
        .x_label_area_size(x_label_area)
        .y_label_area_size(76)
        .build_cartesian_2d(0.0..longest * 1.05, 0.0..100.0)?;
    house_mesh(&mut chart)
        .x_desc("completion time: end minus submit (h)")
        .y_desc(y_desc)
        .x_label_formatter(&|v| round_for_people(*v))
        .y_label_formatter(&|v| round_for_people(*v))
        .draw()?;
    Ok(chart)
}

fn draw_on(area: &Area, result: &Drawn, marks: &mut Vec<Mark>) -> DrawResult {
    let key = ShareKey::of(result);
    let per_share = completions(result, &key);
    let longest = per_share.iter().flatten().copied().fold(0.0, f64::max);
    if longest == 0.0 {
        return empty(
            area,
            "No job has succeeded yet, so there is no completion time to show.",
        );
    }
    let mut keys: Vec<(Key, String)> = (0..key.len())
        .map(|s| {
            (
                Key::Line(key.colours[s]),
                format!("{} ({} succeeded)", key.names[s], per_share[s].len()),
            )
        })
        .collect();
    keys.extend([
        (Key::Dot(GRID), "p50".to_owned()),
        (Key::Triangle(GRID), "p90".to_owned()),
    ]);
    let area = legend_row(area, &keys)?;
    let mut chart = completion_plot(&area, longest, 60, "succeeded jobs done (%)")?;
    for (s, times) in per_share.iter().enumerate() {
        let colour = key.colours[s];
        let n = times.len() as f64;
        // A step up at each completion: the share of jobs done by then.
        let steps = times
            .iter()
            .enumerate()
            .flat_map(|(i, t)| [(*t, i as f64 / n * 100.0), (*t, (i + 1) as f64 / n * 100.0)]);
        let line = std::iter::once((0.0, 0.0))
            .chain(steps)
            .chain(std::iter::once((longest * 1.05, 100.0)));
        let drawn = if times.is_empty() {
            Vec::new()
        } else {
            pixel_path(&chart, line)
        };
        chart.draw_series(LineSeries::new(drawn, colour.stroke_width(3)))?;
    }
    mark_percentiles(&mut chart, result, &key)?;
    for (s, times) in per_share.iter().enumerate() {
        marks.extend(step_marks(&chart, &key.names[s], times));
    }
    Ok(())
}

/// The points of `line`, a staircase that only rises and moves right, that change its picture.
/// The chart is drawn in whole SVG units (plotters rounds every point), so a point on the same
/// unit as the one before, or between two others on one straight vertical or horizontal run,
/// draws nothing of its own: a million jobs' steps are
/// two million points on a chart 960 units wide, which made an SVG of tens of megabytes that
/// looked the same as one of a few thousand points (docs/PERFORMANCE.md, "The completion chart
/// draws what shows").
fn pixel_path(chart: &Plot, line: impl Iterator<Item = (f64, f64)>) -> Vec<(f64, f64)> {
    let mut kept: Vec<((f64, f64), (i32, i32))> = Vec::new();
    for point in line {
        let at = pixel(chart, point);
        match kept.as_slice() {
            [.., (_, last)] if *last == at => continue,
            [.., (_, a), (_, b)] if (a.0 == b.0 && b.0 == at.0) || (a.1 == b.1 && b.1 == at.1) => {
                // `b` lies on the straight run from `a` to here: the run now ends here.
                let end = kept.len() - 1;
                kept[end] = (point, at);
            }
            _ => kept.push((point, at)),
        }
    }
    kept.into_iter().map(|(point, _)| point).collect()
}

/// A mark at the top of each step (thinned for large runs): by `times[i]` hours, `i + 1` of the
/// share's succeeded jobs were done.
fn step_marks(chart: &Plot, share: &str, times: &[f64]) -> Vec<Mark> {
    let n = times.len() as f64;
    thinned(times.len(), MARKS_PER_SERIES)
        .map(|i| {
            let done = (i + 1) as f64 / n;
            Mark::at(
                pixel(chart, (times[i], done * 100.0)),
                format!(
                    "{share}: {} of succeeded jobs done by {}",
                    percent(done),
                    hours(times[i])
                ),
            )
        })
        .collect()
}

/// The engine's p50 (circle) and p90 (triangle) per share, labelled with their value. Labels are
/// staggered by share so equal percentiles stay readable, and turn left near the right edge.
fn mark_percentiles(chart: &mut Plot, result: &Drawn, key: &ShareKey) -> DrawResult {
    let right_edge = chart.x_range().end * 0.85;
    for share in share_summaries(result).iter() {
        let Some(s) = key.names.iter().position(|n| *n == share.name) else {
            continue;
        };
        let colour = key.colours[s];
        let marks = [
            (share.completion_p50_h, 50.0, "p50"),
            (share.completion_p90_h, 90.0, "p90"),
        ];
        for (value, pct, label) in marks
            .into_iter()
            .filter_map(|(v, p, l)| v.map(|v| (v, p, l)))
        {
            let (dx, anchor) = if value > right_edge {
                (-10, HPos::Right)
            } else {
                (10, HPos::Left)
            };
            let style = small_style().pos(Pos::new(anchor, VPos::Center));
            let text = Text::new(
                format!("{label} {} h", round_for_people(value)),
                (dx, 14 + 20 * s as i32),
                style,
            );
            let marker: DynElement<SVGBackend, (f64, f64)> = if label == "p50" {
                (EmptyElement::at((value, pct)) + Circle::new((0, 0), 6, colour.filled()) + text)
                    .into_dyn()
            } else {
                (EmptyElement::at((value, pct))
                    + TriangleMarker::new((0, 0), 8, colour.filled())
                    + text)
                    .into_dyn()
            };
            chart
                .plotting_area()
                .draw(&marker)
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{draw, pixel_path};
    use crate::results::charts::canvas::svg_texts;
    use plotters::prelude::*;
    use quotalab_engine::result::metrics::ALL_JOBS;
    use quotalab_engine::result::view::Drawn;
    use quotalab_engine::{simulate, Scenario};

    #[test]
    fn a_scenario_without_shares_gets_its_percentiles_marked() {
        let scenario = Scenario::from_json(include_str!(
            "../../../scenarios/training-plan-fallback.json"
        ))
        .unwrap();
        let result = Drawn::of(simulate(&scenario), ALL_JOBS);
        assert!(result.shares.is_empty());
        let labels: Vec<String> = svg_texts(&draw(&result).svg)
            .into_iter()
            .map(|(_, t)| t)
            .collect();
        for mark in ["p50 ", "p90 "] {
            assert!(
                labels
                    .iter()
                    .any(|l| l.starts_with(mark) && l.ends_with(" h")),
                "no {mark}label in {labels:?}"
            );
        }
    }

    /// Whether `p` lies on the segment from `a` to `b`.
    fn on_segment(p: (i32, i32), a: (i32, i32), b: (i32, i32)) -> bool {
        let cross = i64::from(b.0 - a.0) * i64::from(p.1 - a.1)
            - i64::from(b.1 - a.1) * i64::from(p.0 - a.0);
        cross == 0
            && (a.0.min(b.0)..=a.0.max(b.0)).contains(&p.0)
            && (a.1.min(b.1)..=a.1.max(b.1)).contains(&p.1)
    }

    #[test]
    fn a_long_staircase_keeps_only_the_points_that_change_its_picture() {
        let mut svg = String::new();
        let root = SVGBackend::with_string(&mut svg, (960, 480)).into_drawing_area();
        let chart = ChartBuilder::on(&root)
            .build_cartesian_2d(0.0..1000.0, 0.0..100.0)
            .unwrap();
        // A CDF's steps: 100,000 completion times, bunched and spread.
        let n = 100_000;
        let times: Vec<f64> = (0..n)
            .map(|i| (i as f64 / n as f64).powi(3) * 990.0)
            .collect();
        let line: Vec<(f64, f64)> = std::iter::once((0.0, 0.0))
            .chain(times.iter().enumerate().flat_map(|(i, t)| {
                [
                    (*t, i as f64 / n as f64 * 100.0),
                    (*t, (i + 1) as f64 / n as f64 * 100.0),
                ]
            }))
            .chain(std::iter::once((1000.0, 100.0)))
            .collect();
        let kept = pixel_path(&chart, line.iter().copied());
        assert!(kept.len() < 2 * (960 + 480), "{} points kept", kept.len());
        assert_eq!(kept.first(), line.first());
        assert_eq!(kept.last(), line.last());
        // Every point of the line lies on the kept path, in order: the picture is the same.
        let px = |p: &(f64, f64)| chart.backend_coord(p);
        let kept: Vec<(i32, i32)> = kept.iter().map(px).collect();
        let mut k = 0;
        for point in &line {
            let p = px(point);
            while !on_segment(p, kept[k], kept[(k + 1).min(kept.len() - 1)]) {
                k += 1;
                assert!(k < kept.len(), "{p:?} is off the kept path");
            }
        }
    }
}
