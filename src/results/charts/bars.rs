//! Horizontal bar charts over named categories: the shape shared by the fallback, reclaim, cost
//! and waiting charts. Categories run down the left (long names stay readable); each series is
//! one share (or pool) in its colour, side by side (grouped) or end to end (stacked).

use crate::results::charts::canvas::{
    bold_style, house_mesh, pixel, row_labels, small_style, Area, DrawResult, Plot, ShareKey, INK,
};
use crate::results::charts::legend::{legend_row, Key};
use crate::results::charts::marks::Mark;
use crate::results::format::round_for_people;
use plotters::prelude::*;

/// One series: a name for the legend, a colour, and one value per category.
pub struct Series {
    pub name: String,
    pub colour: RGBColor,
    pub values: Vec<f64>,
}

impl Series {
    /// One series per share of `key`, named and coloured as the key has it, with `values(s)`
    /// for share `s`: the share charts' bars then match their legends and every other chart.
    pub fn per_share(key: &ShareKey, values: impl Fn(usize) -> Vec<f64>) -> Vec<Series> {
        (0..key.len())
            .map(|s| Series {
                name: key.names[s].clone(),
                colour: key.colours[s],
                values: values(s),
            })
            .collect()
    }
}

#[derive(Clone, Copy, PartialEq)]
pub enum Layout {
    Grouped,
    Stacked,
}

/// What a bar says on hover and focus, from its series' name, its category's index and its
/// value: the chart's own sentence, with the unit ("nlp · reclaim: 3 attempts ended").
pub type Reads<'a> = &'a dyn Fn(&str, usize, f64) -> String;

/// What to draw: categories top to bottom, the series, and the value axis' description.
pub struct Bars<'a> {
    pub title: &'a str,
    pub categories: &'a [String],
    pub series: &'a [Series],
    pub axis: &'a str,
    pub layout: Layout,
    /// Room for the category names, in pixels.
    pub label_width: u32,
    pub reads: Reads<'a>,
}

/// Where one bar is, in the chart's coordinates: from `start` to `end` along the value axis,
/// from `top` down to `bottom` across it.
struct Placed {
    start: f64,
    end: f64,
    top: f64,
    bottom: f64,
}

impl Bars<'_> {
    /// Draws the bars and pushes one mark per bar drawn, category by category.
    pub fn draw(&self, area: &Area, marks: &mut Vec<Mark>) -> DrawResult {
        let n = self.categories.len().max(1);
        let max = self.largest().max(1e-9) * 1.12;
        let categories = self.categories;
        let area = area.titled(self.title, bold_style())?;
        let keys: Vec<(Key, String)> = self
            .series
            .iter()
            .map(|s| (Key::Fill(s.colour), s.name.clone()))
            .collect();
        let area = legend_row(&area, &keys)?;
        let mut chart = ChartBuilder::on(&area)
            .margin(12)
            .x_label_area_size(56)
            .y_label_area_size(self.label_width)
            .build_cartesian_2d(0.0..max, 0.0..n as f64)?;
        house_mesh(&mut chart)
            .disable_y_mesh()
            .x_desc(self.axis)
            .x_label_formatter(&|v| round_for_people(*v))
            .y_labels(0)
            .draw()?;
        let rows: Vec<(f64, String, RGBColor)> = categories
            .iter()
            .enumerate()
            .map(|(c, name)| ((n - c) as f64 - 0.5, name.clone(), INK))
            .collect();
        row_labels(&area, &chart, &rows, self.label_width)?;
        for (s, series) in self.series.iter().enumerate() {
            let colour = series.colour;
            let bars = self.bars_of(s).map(|(_, at)| {
                Rectangle::new([(at.start, at.top), (at.end, at.bottom)], colour.filled())
            });
            chart.draw_series(bars)?;
        }
        self.value_labels(&mut chart)?;
        for c in 0..categories.len() {
            for (s, series) in self.series.iter().enumerate() {
                let Some(v) = series.values.get(c).copied().filter(|v| *v > 0.0) else {
                    continue;
                };
                let at = self.place(s, c, v);
                marks.push(Mark::bar(
                    pixel(&chart, (at.start, at.top)),
                    pixel(&chart, (at.end, at.bottom)),
                    (self.reads)(&series.name, c, v),
                ));
            }
        }
        Ok(())
    }

    /// The drawn bars of series `s`: value and place.
    fn bars_of(&self, s: usize) -> impl Iterator<Item = (f64, Placed)> + '_ {
        self.series[s]
            .values
            .iter()
            .enumerate()
            .filter(|(_, v)| **v > 0.0)
            .map(move |(c, v)| (*v, self.place(s, c, *v)))
    }

    /// Series `s`'s bar in category `c`: grouped bars sit side by side in the category's band,
    /// stacked ones end to end.
    fn place(&self, s: usize, c: usize, v: f64) -> Placed {
        let n = self.categories.len().max(1);
        let (lane, start) = match self.layout {
            Layout::Grouped => (s as f64, 0.0),
            Layout::Stacked => (0.0, self.stacked_before(s, c)),
        };
        let top = (n - c) as f64 - 0.1 - self.band() * lane;
        Placed {
            start,
            end: start + v,
            top,
            bottom: top - self.band(),
        }
    }

    /// The height of one bar, in categories.
    fn band(&self) -> f64 {
        let lanes = match self.layout {
            Layout::Grouped => self.series.len().max(1) as f64,
            Layout::Stacked => 1.0,
        };
        0.8 / lanes
    }

    fn largest(&self) -> f64 {
        let per_category = |c: usize| -> f64 {
            let values = self
                .series
                .iter()
                .map(|s| s.values.get(c).copied().unwrap_or(0.0));
            match self.layout {
                Layout::Grouped => values.fold(0.0, f64::max),
                Layout::Stacked => values.sum(),
            }
        };
        (0..self.categories.len())
            .map(per_category)
            .fold(0.0, f64::max)
    }

    fn stacked_before(&self, series: usize, category: usize) -> f64 {
        self.series[..series]
            .iter()
            .map(|s| s.values.get(category).copied().unwrap_or(0.0))
            .sum()
    }

    /// The value at the end of each bar, so a room can read it without the axis.
    fn value_labels(&self, chart: &mut Plot) -> DrawResult {
        for s in 0..self.series.len() {
            let labels = self.bars_of(s).map(|(v, at)| {
                EmptyElement::at((at.end, (at.top + at.bottom) / 2.0))
                    + Text::new(round_for_people(v), (5, -8), small_style())
            });
            chart.draw_series(labels).map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}
