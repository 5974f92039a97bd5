//! The job timeline (Gantt): one row per lane, lanes grouped by share; each attempt is a bar
//! coloured by the preference rank it ran on, and an attempt cut short ends in a mark: a cross for
//! a preemption, a circle for an interruption (plan end, spot).
//!
//! Besides the SVG it returns where each bar landed, in SVG units, so the component can lay
//! clickable targets over the picture (plotters draws no interactive elements).

use crate::results::charts::canvas::{
    empty, house_mesh, row_labels, svg, Area, DrawResult, ShareKey, INK,
};
use crate::results::charts::legend::{legend_row, Key};
use crate::results::charts::marks::{Mark, Marked};
use crate::results::colours::{rank_colour, rgb};
use crate::results::format::{hours, round_for_people};
use plotters::prelude::*;
use quotalab_engine::result::columns::names::JobName;
use quotalab_engine::result::view::Drawn;
use quotalab_engine::result::Outcome;

/// More bars than this make the page slow and the picture unreadable; zoom in to see the rest.
pub const MAX_BARS: usize = 1500;
const MAX_LANES: usize = 60;
const LANE_HEIGHT: u32 = 20;

/// A clickable bar: the job it belongs to, its rectangle in SVG units, and what it says on hover
/// and focus.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    pub job: String,
    pub text: String,
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Timeline {
    pub svg: String,
    pub height: u32,
    pub hits: Vec<Hit>,
    /// Where the time axis runs, in SVG units (left, right): the pointer's position maps to an
    /// hour through it when zooming and dragging.
    pub plot_x: (i32, i32),
    /// Said under the chart when not every bar could be drawn.
    pub note: Option<String>,
}

impl Timeline {
    /// The bars as marks for the hover and focus readout, in drawing order.
    pub fn marks(&self) -> Vec<Mark> {
        self.hits
            .iter()
            .map(|h| Mark::bar((h.x, h.y), (h.x + h.w, h.y + h.h), h.text.clone()))
            .collect()
    }

    /// The picture and its marks, as every other chart gives them.
    pub fn marked(&self) -> Marked {
        Marked {
            svg: self.svg.clone(),
            height: self.height,
            marks: self.marks(),
        }
    }
}

/// One attempt placed on a lane.
struct Bar<'r> {
    job: JobName<'r>,
    lane: usize,
    start: f64,
    end: f64,
    rank: usize,
    mark: Option<bool>, // Some(true): preempted, Some(false): interrupted
}

impl Bar<'_> {
    /// "job-3: preference #1, 2 h to 5 h, preempted".
    fn words(&self) -> String {
        let ending = match self.mark {
            Some(true) => ", preempted",
            Some(false) => ", interrupted",
            None => "",
        };
        format!(
            "{}: preference #{}, {} to {}{ending}",
            self.job,
            self.rank + 1,
            hours(self.start),
            hours(self.end)
        )
    }
}

/// Assigns each started job a lane within its share (first free lane, by first start), so a
/// job's attempts share one row. Presentation only: which jobs overlap in time.
fn place<'r>(result: &'r Drawn, key: &ShareKey) -> (Vec<Bar<'r>>, Vec<(usize, usize)>) {
    let columns = &result.jobs;
    let mut lanes_end: Vec<Vec<f64>> = vec![Vec::new(); key.len()];
    let first_start = |j: usize| columns.attempt_start_h[columns.attempts_from[j] as usize];
    let mut jobs: Vec<usize> = (0..columns.len())
        .filter(|&j| columns.attempts(j).len() > 0)
        .collect();
    jobs.sort_by(|&a, &b| first_start(a).total_cmp(&first_start(b)));
    let per_share_cap = (MAX_LANES / key.len().max(1)).max(2);
    let mut placed = Vec::new();
    for j in jobs {
        let s = key.index_of(columns, j);
        let (start, end) = (
            first_start(j),
            columns.attempts(j).last().map_or(0.0, |a| a.end_h),
        );
        let lanes = &mut lanes_end[s];
        let lane = match lanes.iter().position(|e| *e <= start) {
            Some(l) => l,
            None if lanes.len() < per_share_cap => {
                lanes.push(0.0);
                lanes.len() - 1
            }
            None => (0..lanes.len())
                .min_by(|a, b| lanes[*a].total_cmp(&lanes[*b]))
                .unwrap_or(0),
        };
        lanes[lane] = lanes[lane].max(end);
        placed.push((s, lane, j));
    }
    // Lane numbers run on across shares, share 0 at the top.
    let mut first = vec![0usize; key.len()];
    let counts: Vec<usize> = lanes_end.iter().map(|l| l.len().max(1)).collect();
    for s in 1..key.len() {
        first[s] = first[s - 1] + counts[s - 1];
    }
    let starts = &first;
    let bars = placed
        .into_iter()
        .flat_map(|(s, lane, j)| {
            columns.attempts(j).map(move |a| Bar {
                job: columns.name(j),
                lane: starts[s] + lane,
                start: a.start_h,
                end: a.end_h,
                rank: a.preference,
                mark: match a.outcome {
                    Outcome::Preempted => Some(true),
                    Outcome::Interrupted => Some(false),
                    _ => None,
                },
            })
        })
        .collect();
    let bands = first.into_iter().zip(counts).collect();
    (bars, bands)
}

/// Draws the attempts that overlap the window `[from, to]` hours.
pub fn draw(result: &Drawn, from: f64, to: f64) -> Timeline {
    let key = ShareKey::of(result);
    let (bars, bands) = place(result, &key);
    let lanes: usize = bands.iter().map(|(_, n)| n).sum::<usize>().max(1);
    let height = 170 + LANE_HEIGHT * lanes as u32;
    let visible: Vec<&Bar> = bars
        .iter()
        .filter(|b| b.end >= from && b.start <= to)
        .collect();
    let note = (visible.len() > MAX_BARS).then(|| {
        format!(
            "Showing the first {MAX_BARS} of {} attempts in this window; zoom in to see them all.",
            visible.len()
        )
    });
    let mut hits = Vec::new();
    let mut plot_x = (0, 0);
    let svg = svg(height, |area| {
        if bars.is_empty() {
            return empty(area, "No job started, so there is nothing on the timeline.");
        }
        draw_on(
            area,
            (&key, &bands, lanes),
            &visible[..visible.len().min(MAX_BARS)],
            (from, to),
            (&mut hits, &mut plot_x),
        )
    });
    Timeline {
        svg,
        height,
        hits,
        plot_x,
        note,
    }
}

fn draw_on(
    area: &Area,
    (key, bands, lanes): (&ShareKey, &[(usize, usize)], usize),
    bars: &[&Bar],
    (from, to): (f64, f64),
    (hits, plot_x): (&mut Vec<Hit>, &mut (i32, i32)),
) -> DrawResult {
    let n = lanes as f64;
    let middles: Vec<f64> = bands
        .iter()
        .map(|(first, count)| n - (*first as f64 + *count as f64 / 2.0))
        .collect();
    let area = legend(area, bars)?;
    let mut chart = ChartBuilder::on(&area)
        .margin(12)
        .x_label_area_size(56)
        .y_label_area_size(180)
        .build_cartesian_2d(from..to.max(from + 1e-3), 0.0..n)?;
    house_mesh(&mut chart)
        .disable_y_mesh()
        .x_desc("time (h)")
        .x_label_formatter(&|v| round_for_people(*v))
        .y_labels(0)
        .draw()?;
    *plot_x = (
        chart.backend_coord(&(from, 0.0)).0,
        chart.backend_coord(&(to, 0.0)).0,
    );
    let names: Vec<(f64, String, RGBColor)> = middles
        .iter()
        .enumerate()
        .map(|(s, m)| (*m, key.names[s].clone(), key.colours[s]))
        .collect();
    row_labels(&area, &chart, &names, 180)?;
    // A strip in the share's colour at the left edge of its lanes.
    let strip = (to - from) * 0.006;
    chart.draw_series(bands.iter().enumerate().map(|(s, (first, count))| {
        Rectangle::new(
            [
                (from, n - *first as f64),
                (from + strip, n - (first + count) as f64),
            ],
            key.colours[s].filled(),
        )
    }))?;
    for b in bars {
        let (top, bottom) = (n - b.lane as f64 - 0.1, n - b.lane as f64 - 0.9);
        let (start, end) = (b.start.max(from), b.end.min(to));
        chart.draw_series(std::iter::once(Rectangle::new(
            [(start, top), (end, bottom)],
            rgb(rank_colour(b.rank)).filled(),
        )))?;
        // A white edge keeps back-to-back attempts apart.
        chart.draw_series(std::iter::once(Rectangle::new(
            [(start, top), (end, bottom)],
            WHITE.stroke_width(1),
        )))?;
        let (x0, y0) = chart.backend_coord(&(start, top));
        let (x1, y1) = chart.backend_coord(&(end, bottom));
        hits.push(Hit {
            job: b.job.to_string(),
            text: b.words(),
            x: x0,
            y: y0,
            w: (x1 - x0).max(3),
            h: (y1 - y0).max(3),
        });
        match b.mark {
            Some(true) if b.end <= to => chart.draw_series(std::iter::once(Cross::new(
                (b.end, n - b.lane as f64 - 0.5),
                5,
                INK.stroke_width(2),
            )))?,
            Some(false) if b.end <= to => chart.draw_series(std::iter::once(Circle::new(
                (b.end, n - b.lane as f64 - 0.5),
                5,
                INK.stroke_width(2),
            )))?,
            _ => continue,
        };
    }
    Ok(())
}

/// The ranks that appear, and the two marks.
fn legend<'a>(area: &Area<'a>, bars: &[&Bar]) -> Result<Area<'a>, Box<dyn std::error::Error>> {
    let highest = bars.iter().map(|b| b.rank).max().unwrap_or(0);
    let mut keys: Vec<(Key, String)> = (0..=highest)
        .map(|r| {
            (
                Key::Fill(rgb(rank_colour(r))),
                format!("preference #{}", r + 1),
            )
        })
        .collect();
    keys.extend([
        (Key::Cross, "preempted".to_owned()),
        (Key::Ring, "interrupted (plan end, spot)".to_owned()),
    ]);
    legend_row(area, &keys)
}
