//! The study's pictures (plotters SVG, drawn on the main thread like every chart):
//! - per share, the completion-time CDFs of every variant overlaid;
//! - cost per share and variant, with the 90% interval over seeds;
//! - a sweep metric against the swept value, one line per share with its interval, and the
//!   Young/Daly estimate for checkpoint-interval sweeps.
//!
//! Shares keep their one colour; variants are told apart by line pattern (solid for the
//! baseline, then dashes) or bar shade, and are named "V1", "V2"… in legends and tables.

use crate::results::charts::canvas::{
    empty, house_mesh, marked, pixel, small_style, Area, DrawResult, INK,
};
use crate::results::charts::completion::completion_plot;
use crate::results::charts::legend::{legend_row, Key};
use crate::results::charts::marks::{thinned, Mark, Marked, MARKS_PER_SERIES};
use crate::results::colours::{rgb, share_colour};
use crate::results::format::{hours, percent, round_for_people};
pub use crate::state::workspace::variant_tag;
use crate::study::numbers::estimate;
use plotters::prelude::*;
use quotalab_engine::study::{Comparison, Estimate, Kpi, SweepSummary};

/// (dash length, gap) per variant after the baseline; the baseline is solid.
const DASHES: [(u32, u32); 5] = [(14, 7), (4, 6), (24, 8), (9, 4), (2, 4)];

/// The colour of the share called `share` in the comparison: its position among the baseline's
/// shares (then the others'), the same rule as the single-run charts.
pub fn share_index(comparison: &Comparison, share: &str) -> usize {
    let mut names: Vec<&str> = Vec::new();
    for variant in &comparison.variants {
        for s in &variant.shares {
            if !names.contains(&s.share.as_str()) {
                names.push(&s.share);
            }
        }
    }
    names.iter().position(|n| *n == share).unwrap_or(0)
}

/// Every share of the comparison, in colour order.
pub fn share_names(comparison: &Comparison) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for share in comparison.variants.iter().flat_map(|v| &v.shares) {
        if !names.contains(&share.share) {
            names.push(share.share.clone());
        }
    }
    names
}

/// "V2 more spot": a variant as legends and readouts name it.
fn variant_title(comparison: &Comparison, index: usize) -> String {
    format!("{} {}", variant_tag(index), comparison.variants[index].name)
}

/// The completion-time CDFs of `share` in every variant that has it; a mark per point of each
/// curve (thinned) gives the variant, the hours and the fraction done.
pub fn completion_overlay(comparison: &Comparison, share: &str) -> Marked {
    marked(360, |area, marks| {
        draw_overlay(area, comparison, share, marks)
    })
}

fn draw_overlay(
    area: &Area,
    comparison: &Comparison,
    share: &str,
    marks: &mut Vec<Mark>,
) -> DrawResult {
    let colour = rgb(share_colour(share_index(comparison, share)));
    let curves: Vec<(usize, &[(f64, f64)])> = comparison
        .variants
        .iter()
        .enumerate()
        .filter_map(|(i, v)| {
            let s = v.shares.iter().find(|s| s.share == share)?;
            Some((i, s.completion_cdf.as_slice()))
        })
        .collect();
    let longest = curves
        .iter()
        .flat_map(|(_, c)| c.iter().map(|p| p.0))
        .fold(0.0, f64::max);
    if longest <= 0.0 {
        return empty(area, "No job of this share succeeded in any variant.");
    }
    let keys: Vec<(Key, String)> = curves
        .iter()
        .map(|(i, _)| {
            let key = if *i == 0 {
                Key::Line(colour)
            } else {
                Key::Dashed(colour)
            };
            (key, variant_title(comparison, *i))
        })
        .collect();
    let area = legend_row(area, &keys)?;
    let mut chart = completion_plot(&area, longest, 56, "jobs done (%, all seeds)")?;
    for &(i, cdf) in &curves {
        let points: Vec<(f64, f64)> = std::iter::once((0.0, 0.0))
            .chain(cdf.iter().map(|&(h, f)| (h, f * 100.0)))
            .collect();
        let style = colour.stroke_width(3);
        match i.checked_sub(1).map(|k| DASHES[k % DASHES.len()]) {
            None => chart
                .draw_series(LineSeries::new(points, style))
                .map(|_| ())?,
            Some((dash, gap)) => chart
                .draw_series(DashedLineSeries::new(points, dash, gap, style))
                .map(|_| ())?,
        }
    }
    for (i, cdf) in curves {
        let title = variant_title(comparison, i);
        marks.extend(thinned(cdf.len(), MARKS_PER_SERIES).map(|k| {
            let (h, done) = cdf[k];
            Mark::at(
                pixel(&chart, (h, done * 100.0)),
                format!("{title}: {} of jobs done by {}", percent(done), hours(h)),
            )
        }));
    }
    Ok(())
}

/// Cost per share, one bar per variant with its 90% interval; a bar's mark gives the share, the
/// variant, the mean and the interval.
pub fn cost_bars(comparison: &Comparison) -> Marked {
    marked(380, |area, marks| draw_cost(area, comparison, marks))
}

fn draw_cost(area: &Area, comparison: &Comparison, marks: &mut Vec<Mark>) -> DrawResult {
    let shares = share_names(comparison);
    let variants = comparison.variants.len();
    let cost = |v: usize, share: &str| -> Option<Estimate> {
        comparison.variants[v]
            .shares
            .iter()
            .find(|s| s.share == share)?
            .kpis
            .iter()
            .find(|k| k.kpi == Kpi::Cost)?
            .estimate
    };
    let top = (0..variants)
        .flat_map(|v| shares.iter().filter_map(move |s| cost(v, s)))
        .map(|e| e.hi.max(e.mean))
        .fold(0.0, f64::max);
    if top <= 0.0 {
        return empty(area, "No variant spent anything: no job ran.");
    }
    let keys: Vec<(Key, String)> = (0..variants)
        .map(|v| (Key::Fill(grey(v)), variant_title(comparison, v)))
        .collect();
    let area = legend_row(area, &keys)?;
    let groups = shares.len() as f64;
    let mut chart = ChartBuilder::on(&area)
        .margin(14)
        .x_label_area_size(56)
        .y_label_area_size(96)
        .build_cartesian_2d(0.0..groups, 0.0..top * 1.1)?;
    let names = shares.clone();
    house_mesh(&mut chart)
        .disable_x_mesh()
        .x_labels(shares.len() * 2 + 1)
        .x_label_formatter(&move |x| {
            let i = x.floor() as usize;
            if (x - i as f64 - 0.5).abs() < 0.01 && i < names.len() {
                names[i].clone()
            } else {
                String::new()
            }
        })
        .y_desc(format!("cost ({}, mean of seeds)", comparison.currency))
        .y_label_formatter(&|v| round_for_people(*v))
        .draw()?;
    let width = 0.8 / variants as f64;
    for (g, share) in shares.iter().enumerate() {
        let colour = rgb(share_colour(share_index(comparison, share)));
        for v in 0..variants {
            let Some(e) = cost(v, share) else { continue };
            let x0 = g as f64 + 0.1 + width * v as f64;
            let x1 = x0 + width * 0.9;
            chart.draw_series(std::iter::once(Rectangle::new(
                [(x0, 0.0), (x1, e.mean)],
                colour.mix(shade(v)).filled(),
            )))?;
            let mid = (x0 + x1) / 2.0;
            chart.draw_series(std::iter::once(PathElement::new(
                [(mid, e.lo), (mid, e.hi)],
                INK.stroke_width(2),
            )))?;
            chart.draw_series(std::iter::once(Text::new(
                variant_tag(v),
                (x0, e.hi.max(e.mean) + top * 0.02),
                small_style(),
            )))?;
            marks.push(Mark::bar(
                pixel(&chart, (x0, e.hi.max(e.mean))),
                pixel(&chart, (x1, 0.0)),
                format!(
                    "{share} · {}: cost {}",
                    variant_title(comparison, v),
                    estimate(Kpi::Cost, &e, &comparison.currency)
                ),
            ));
        }
    }
    Ok(())
}

/// Bars of later variants are lighter, so the baseline reads first; the steps are wide enough
/// that six variants stay apart (from fully opaque down to 20%).
fn shade(variant: usize) -> f64 {
    1.0 - 0.16 * variant as f64
}

/// The legend's grey for a variant's shade (the bars themselves are in each share's colour): the
/// page's dark ink at that opacity over white, as the bars are drawn.
fn grey(variant: usize) -> RGBColor {
    let level = (255.0 - 221.0 * shade(variant)).round() as u8;
    RGBColor(level, level, level)
}

/// Which number of a sweep point a chart shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SweepMetric {
    CompletionP50,
    CompletionP90,
    LostWork,
    Cost,
}

impl SweepMetric {
    pub const ALL: [SweepMetric; 4] = [
        SweepMetric::CompletionP50,
        SweepMetric::CompletionP90,
        SweepMetric::LostWork,
        SweepMetric::Cost,
    ];

    pub fn title(self) -> &'static str {
        match self {
            SweepMetric::CompletionP50 => "p50 completion",
            SweepMetric::CompletionP90 => "p90 completion",
            SweepMetric::LostWork => "Lost work",
            SweepMetric::Cost => "Cost",
        }
    }

    /// The KPI whose unit and interval rules the metric's numbers follow.
    fn kpi(self) -> Kpi {
        match self {
            SweepMetric::CompletionP50 => Kpi::CompletionP50H,
            SweepMetric::CompletionP90 => Kpi::CompletionP90H,
            SweepMetric::LostWork => Kpi::LostAcceleratorH,
            SweepMetric::Cost => Kpi::Cost,
        }
    }

    fn axis(self) -> &'static str {
        match self {
            SweepMetric::CompletionP50 => "p50 completion (h)",
            SweepMetric::CompletionP90 => "p90 completion (h)",
            SweepMetric::LostWork => "lost work (accelerator-h)",
            SweepMetric::Cost => "cost",
        }
    }

    /// The summary's field the metric reads, as the sweep's JSON and CSV name it.
    pub fn field(self) -> &'static str {
        match self {
            SweepMetric::CompletionP50 => "completion_p50_h",
            SweepMetric::CompletionP90 => "completion_p90_h",
            SweepMetric::LostWork => "lost_accelerator_h",
            SweepMetric::Cost => "cost",
        }
    }

    pub fn pick(self, share: &quotalab_engine::study::SweepShare) -> Option<Estimate> {
        match self {
            SweepMetric::CompletionP50 => share.completion_p50_h,
            SweepMetric::CompletionP90 => share.completion_p90_h,
            SweepMetric::LostWork => share.lost_accelerator_h,
            SweepMetric::Cost => share.cost,
        }
    }
}

/// Every share's `metric` against the swept value, with 90% intervals as whiskers. Its marks walk
/// each share's line point by point ("nlp at limit = 12: p90 completion 14 h (12 to 16)"); the
/// second list gives each mark's point, an index into `summary.points`. Money is in `currency`.
pub fn sweep_chart(
    summary: &SweepSummary,
    metric: SweepMetric,
    currency: &str,
) -> (Marked, Vec<usize>) {
    let mut points = Vec::new();
    let chart = marked(360, |area, marks| {
        draw_sweep(area, summary, metric, (currency, marks, &mut points))
    });
    points.truncate(chart.marks.len());
    (chart, points)
}

fn draw_sweep(
    area: &Area,
    summary: &SweepSummary,
    metric: SweepMetric,
    (currency, marks, points_of): (&str, &mut Vec<Mark>, &mut Vec<usize>),
) -> DrawResult {
    let mut shares: Vec<&str> = Vec::new();
    for point in &summary.points {
        for s in &point.shares {
            if !shares.contains(&s.share.as_str()) {
                shares.push(&s.share);
            }
        }
    }
    // Per share, (point index, value, estimate) of the points where it has one.
    let series: Vec<Vec<(usize, f64, Estimate)>> = shares
        .iter()
        .map(|name| {
            summary
                .points
                .iter()
                .enumerate()
                .filter_map(|(k, p)| {
                    let share = p.shares.iter().find(|s| s.share == *name)?;
                    Some((k, p.value, metric.pick(share)?))
                })
                .collect()
        })
        .collect();
    let estimates = || series.iter().flatten().map(|(_, _, e)| e);
    let top = estimates().map(|e| e.hi.max(e.mean)).fold(0.0, f64::max);
    let bottom = estimates().map(|e| e.lo.min(e.mean)).fold(0.0, f64::min);
    let (lo_x, hi_x) = summary
        .points
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), p| {
            (a.min(p.value), b.max(p.value))
        });
    if series.iter().all(Vec::is_empty) || lo_x >= hi_x {
        return empty(area, "No share has a value to show at these points.");
    }
    let mut keys: Vec<(Key, String)> = shares
        .iter()
        .enumerate()
        .map(|(i, name)| (Key::Line(rgb(share_colour(i))), (*name).to_owned()))
        .collect();
    let young_daly = summary
        .young_daly
        .as_ref()
        .and_then(|y| y.optimum_interval_h);
    if let Some(optimum) = young_daly {
        keys.push((
            Key::Dashed(INK),
            format!("Young/Daly \u{2248} {} h", round_for_people(optimum)),
        ));
    }
    let area = legend_row(area, &keys)?;
    let span = hi_x - lo_x;
    let height = (top - bottom).max(1e-9);
    let mut chart = ChartBuilder::on(&area)
        .margin(14)
        .x_label_area_size(56)
        .y_label_area_size(86)
        .build_cartesian_2d(
            lo_x - span * 0.03..hi_x + span * 0.03,
            bottom..top + height * 0.08,
        )?;
    // A count (instances, a limit, seeds…) reads badly with ticks at 2.5: when every point is a
    // whole number, ask for about one tick per whole number and leave fractional ticks unlabelled.
    let whole_numbers = summary.points.iter().all(|p| p.value.fract() == 0.0);
    let x_ticks = if whole_numbers {
        (span as usize + 1).clamp(2, 11)
    } else {
        11 // plotters' default
    };
    house_mesh(&mut chart)
        .x_desc(summary.label.clone())
        .y_desc(metric.axis())
        .x_labels(x_ticks)
        .x_label_formatter(&|v| {
            if whole_numbers && v.fract() != 0.0 {
                String::new()
            } else {
                round_for_people(*v)
            }
        })
        .y_label_formatter(&|v| round_for_people(*v))
        .draw()?;
    for (i, points) in series.iter().enumerate() {
        let colour = rgb(share_colour(i));
        chart.draw_series(LineSeries::new(
            points.iter().map(|(_, x, e)| (*x, e.mean)),
            colour.stroke_width(3),
        ))?;
        chart.draw_series(
            points
                .iter()
                .map(|(_, x, e)| Circle::new((*x, e.mean), 5, colour.filled())),
        )?;
        chart.draw_series(
            points.iter().map(|(_, x, e)| {
                PathElement::new([(*x, e.lo), (*x, e.hi)], colour.stroke_width(2))
            }),
        )?;
        for (k, x, e) in points {
            marks.push(Mark::at(
                pixel(&chart, (*x, e.mean)),
                format!(
                    "{} at {} = {}: {} {}",
                    shares[i],
                    summary.label,
                    round_for_people(*x),
                    metric.title(),
                    estimate(metric.kpi(), e, currency)
                ),
            ));
            points_of.push(*k);
        }
    }
    if let Some(optimum) = young_daly.filter(|o| (lo_x..=hi_x).contains(o)) {
        chart.draw_series(DashedLineSeries::new(
            [(optimum, bottom), (optimum, top + height * 0.08)],
            10,
            6,
            INK.stroke_width(2),
        ))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn each_variant_has_its_own_legend_grey() {
        let levels: Vec<u8> = (0..6).map(|v| super::grey(v).0).collect();
        assert!(
            levels.windows(2).all(|w| w[1] >= w[0] + 30),
            "greys too close to tell apart: {levels:?}"
        );
    }

    use super::*;
    use crate::results::charts::canvas::svg_texts;
    use crate::state::default_scenario;
    use quotalab_engine::study::{Definition, Summary, Sweep, SweepPlan};

    fn sweep_of(param: &str, values: Vec<f64>) -> SweepSummary {
        let scenario = default_scenario();
        let sweep = Sweep {
            param: param.into(),
            values,
        };
        let definition = Definition::Sweep(Box::new(SweepPlan::new(scenario, sweep, 3)));
        let samples = definition.run(&definition.units()).unwrap();
        match definition.summarize(&samples).unwrap() {
            Summary::Sweep(summary) => summary,
            Summary::Comparison(_) => unreachable!("a sweep summarises as a sweep"),
        }
    }

    /// The numbers on the x axis: the numeric labels of the lowest row of text.
    fn x_tick_labels(svg: &str) -> Vec<String> {
        let mut labels = svg_texts(svg);
        labels.retain(|(_, text)| text.parse::<f64>().is_ok());
        let lowest = labels.iter().map(|(y, _)| *y).fold(f64::MIN, f64::max);
        labels.retain(|(y, _)| *y == lowest);
        labels.into_iter().map(|(_, text)| text).collect()
    }

    #[test]
    fn a_sweep_of_whole_numbers_has_whole_number_ticks() {
        let summary = sweep_of("capacity[0].count", vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let labels = x_tick_labels(
            &sweep_chart(&summary, SweepMetric::CompletionP50, "USD")
                .0
                .svg,
        );
        assert_eq!(labels, ["1", "2", "3", "4", "5", "6"], "{labels:?}");
    }

    #[test]
    fn a_sweep_of_fractions_keeps_fractional_ticks() {
        let summary = sweep_of(
            "job_mixes[0].template.checkpoint_interval_h",
            vec![1.0, 1.5, 2.0],
        );
        let labels = x_tick_labels(
            &sweep_chart(&summary, SweepMetric::CompletionP50, "USD")
                .0
                .svg,
        );
        assert!(labels.iter().any(|l| l.contains('.')), "{labels:?}");
    }
}
