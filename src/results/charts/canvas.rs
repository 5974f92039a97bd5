//! The common ground of every chart: an SVG string of a fixed size, one font, one set of neutral
//! colours, and the share key (name and colour per series).
//!
//! Charts draw with plotters into a `String`. plotters' SVG backend escapes text and attribute
//! values (`<` becomes `&lt;`), so a user-typed share name ends up as text, never as markup; the
//! `results_charts` test pins that. Text is measured through a canvas on wasm, so charts are drawn
//! on the main thread.

use crate::results::charts::marks::{Mark, Marked};
use crate::results::colours::{rgb, share_colour};
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use quotalab_engine::result::columns::JobColumns;
use quotalab_engine::result::metrics::ALL_JOBS;
use quotalab_engine::result::view::Drawn;
use quotalab_engine::result::ShareResult;
use quotalab_engine::SimResult;
use std::borrow::Cow;
use std::error::Error;

pub type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;
pub type DrawResult = Result<(), Box<dyn Error>>;
/// A chart with numeric axes on an SVG backend, the kind every chart here draws on.
pub type Plot<'a, 'b> =
    ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// Width of every chart in SVG units; CSS scales the picture to its box.
pub const WIDTH: u32 = 960;
pub const FONT: &str = "sans-serif";
/// Axes, grid and text. CSS recolours text for dark mode; lines are a grey that reads on both.
pub const INK: RGBColor = RGBColor(0x33, 0x33, 0x33);
/// The size of legend and label text, in SVG units.
pub const SMALL_SIZE: u32 = 17;
pub const GRID: RGBColor = RGBColor(0x99, 0x99, 0x99);

/// Draws a chart of `WIDTH` x `height` and returns its SVG text. A drawing error (which plotters
/// reports only for impossible layouts) is drawn as a message instead of failing the page.
pub fn svg(height: u32, draw: impl FnOnce(&Area) -> DrawResult) -> String {
    marked(height, |area, _| draw(area)).svg
}

/// Like `svg`, for a chart that also says where its data landed: `draw` pushes a `Mark` per
/// datum it draws, which the page answers on hover and focus (`answers`). A chart that could not
/// be drawn has no marks.
pub fn marked(height: u32, draw: impl FnOnce(&Area, &mut Vec<Mark>) -> DrawResult) -> Marked {
    let mut text = String::new();
    let mut marks = Vec::new();
    {
        let root = SVGBackend::with_string(&mut text, (WIDTH, height)).into_drawing_area();
        let outcome = draw(&root, &mut marks).and_then(|()| root.present().map_err(Into::into));
        if let Err(err) = outcome {
            marks.clear();
            let _ = root.fill(&WHITE);
            let _ = root.draw(&Text::new(
                format!("This chart could not be drawn: {err}"),
                (20, 30),
                label_style(),
            ));
            let _ = root.present();
        }
    }
    Marked {
        svg: text,
        height,
        marks,
    }
}

/// Where the datum `at` of `chart` lands in the picture, in SVG units, for its `Mark`.
pub fn pixel(chart: &Plot, at: (f64, f64)) -> (i32, i32) {
    chart.backend_coord(&at)
}

/// Font sizes are large on purpose: the SVG is scaled to its column, and a room reads it from a
/// projector (plotters writes SVG font sizes as size / 1.24).
pub fn label_style() -> TextStyle<'static> {
    (FONT, 19).into_font().color(&INK)
}

pub fn bold_style() -> TextStyle<'static> {
    (FONT, 21, FontStyle::Bold).into_font().color(&INK)
}

/// The axes and grid of every chart: a faint grid at the labelled values only, axes and labels in
/// ink at the projector-sized font. Callers add their axis descriptions and label formats.
pub fn house_mesh<'a, 'b, 'c>(
    chart: &'c mut Plot<'a, 'b>,
) -> plotters::chart::MeshStyle<'a, 'c, RangedCoordf64, RangedCoordf64, SVGBackend<'b>> {
    let mut mesh = chart.configure_mesh();
    mesh.bold_line_style(GRID.mix(0.35))
        .light_line_style(TRANSPARENT)
        .axis_style(INK)
        .label_style(label_style())
        .axis_desc_style(label_style());
    mesh
}

pub fn small_style() -> TextStyle<'static> {
    (FONT, SMALL_SIZE).into_font().color(&INK)
}

/// Each share's summary, or for a scenario without shares the engine's summary of all its jobs
/// as one (`metrics::all_jobs`, which the worker computes: the page has no job records), so
/// cards and charts have something to show either way.
pub fn share_summaries(result: &Drawn) -> Cow<'_, [ShareResult]> {
    if result.shares.is_empty() {
        Cow::Borrowed(std::slice::from_ref(&result.all_jobs))
    } else {
        Cow::Borrowed(&result.shares)
    }
}

/// One series per share, in the scenario's order, each in its share's colour. A scenario without
/// shares has one series, "all jobs".
#[derive(Debug, Clone, PartialEq)]
pub struct ShareKey {
    pub names: Vec<String>,
    pub colours: Vec<RGBColor>,
}

impl ShareKey {
    pub fn of(result: &SimResult) -> ShareKey {
        let names: Vec<String> = if result.shares.is_empty() {
            vec![ALL_JOBS.to_owned()]
        } else {
            result.shares.iter().map(|s| s.name.to_string()).collect()
        };
        let colours = (0..names.len()).map(|i| rgb(share_colour(i))).collect();
        ShareKey { names, colours }
    }

    /// The series job `j` belongs to. The columns number shares as the result lists them, so
    /// a share's index is its series.
    pub fn index_of(&self, jobs: &JobColumns, j: usize) -> usize {
        jobs.share_index(j).filter(|&s| s < self.len()).unwrap_or(0)
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
}

/// Names down the left of a chart, right-aligned against its y axis, one per `(y, name)` given in
/// the chart's coordinates. plotters' own labels only sit at "nice" numbers, not at categories.
pub fn row_labels(
    area: &Area,
    chart: &Plot,
    rows: &[(f64, String, RGBColor)],
    room: u32,
) -> DrawResult {
    let base = area.get_base_pixel();
    let style = label_style().pos(plotters::style::text_anchor::Pos::new(
        plotters::style::text_anchor::HPos::Right,
        plotters::style::text_anchor::VPos::Center,
    ));
    let fits = (room as usize / 10).max(6);
    for (y, name, colour) in rows {
        let (x, y) = chart.backend_coord(&(chart.x_range().start, *y));
        area.draw(&Text::new(
            shorten(name, fits),
            (x - 10 - base.0, y - base.1),
            style.clone().color(colour),
        ))?;
    }
    Ok(())
}

/// A name cut to `max` characters, with an ellipsis; the full name is in the table and legend.
pub fn shorten(name: &str, max: usize) -> String {
    if name.chars().count() > max {
        format!("{}…", name.chars().take(max - 1).collect::<String>())
    } else {
        name.to_owned()
    }
}

/// A message in place of an empty chart ("No job of any share was preempted").
pub fn empty(area: &Area, message: &str) -> DrawResult {
    let (w, h) = area.dim_in_pixel();
    let style = label_style().pos(plotters::style::text_anchor::Pos::new(
        plotters::style::text_anchor::HPos::Center,
        plotters::style::text_anchor::VPos::Center,
    ));
    area.draw(&Text::new(
        message.to_owned(),
        (w as i32 / 2, h as i32 / 2),
        style,
    ))?;
    Ok(())
}

/// Every `<text>` of a chart as (y, text), for tests that read what a chart labels.
#[cfg(test)]
pub fn svg_texts(svg: &str) -> Vec<(f64, String)> {
    svg.split("<text")
        .skip(1)
        .filter_map(|element| {
            let y = element
                .split(" y=\"")
                .nth(1)?
                .split('"')
                .next()?
                .parse()
                .ok()?;
            let text = element.split('>').nth(1)?.split('<').next()?.trim();
            Some((y, text.to_owned()))
        })
        .collect()
}
