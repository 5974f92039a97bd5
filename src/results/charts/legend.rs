//! Legends: a row of keys along the top of a chart, outside the plot, so a legend never hides
//! data (plotters' own legend box sits inside the plotting area).

use crate::results::charts::canvas::{small_style, Area, DrawResult, INK};
use plotters::prelude::*;
use std::error::Error;

/// How a legend entry is drawn.
#[derive(Clone, Copy)]
pub enum Key {
    /// A filled box: a bar or area in this colour.
    Fill(RGBColor),
    /// A lighter box: borrowed capacity.
    Light(RGBColor),
    Line(RGBColor),
    Dashed(RGBColor),
    Dot(RGBColor),
    Triangle(RGBColor),
    Cross,
    Ring,
}

/// The legend as a row (wrapping when needed) along the top of `area`, outside the plot so it
/// never hides data. Returns the area left below it.
pub fn legend_row<'a>(
    area: &Area<'a>,
    items: &[(Key, String)],
) -> Result<Area<'a>, Box<dyn Error>> {
    let (width, _) = area.dim_in_pixel();
    let style = small_style();
    let mut placed = Vec::with_capacity(items.len());
    let (mut x, mut line) = (12i32, 0i32);
    for (key, text) in items {
        let text_width = area
            .estimate_text_size(text, &style)
            .map(|(w, _)| w as i32)
            .unwrap_or(8 * text.len() as i32);
        let item_width = 26 + text_width + 18;
        if x + item_width > width as i32 && x > 12 {
            (x, line) = (12, line + 1);
        }
        placed.push((*key, text, x, 14 + line * 28));
        x += item_width;
    }
    let height = 32 + line as u32 * 28;
    let (top, rest) = area.split_vertically(height);
    for (key, text, x, y) in placed {
        draw_key(&top, key, (x, y))?;
        top.draw(&Text::new(text.clone(), (x + 24, y - 10), style.clone()))?;
    }
    Ok(rest)
}

fn draw_key(area: &Area, key: Key, (x, y): (i32, i32)) -> DrawResult {
    match key {
        Key::Fill(c) => area.draw(&Rectangle::new([(x, y - 7), (x + 16, y + 7)], c.filled()))?,
        Key::Light(c) => area.draw(&Rectangle::new(
            [(x, y - 7), (x + 16, y + 7)],
            c.mix(0.35).filled(),
        ))?,
        Key::Line(c) => area.draw(&PathElement::new([(x, y), (x + 18, y)], c.stroke_width(3)))?,
        Key::Dashed(c) => {
            area.draw(&PathElement::new([(x, y), (x + 6, y)], c.stroke_width(2)))?;
            area.draw(&PathElement::new(
                [(x + 11, y), (x + 18, y)],
                c.stroke_width(2),
            ))?
        }
        Key::Dot(c) => area.draw(&Circle::new((x + 8, y), 6, c.filled()))?,
        Key::Triangle(c) => area.draw(&TriangleMarker::new((x + 8, y), 8, c.filled()))?,
        Key::Cross => area.draw(&Cross::new((x + 8, y), 5, INK.stroke_width(2)))?,
        Key::Ring => area.draw(&Circle::new((x + 8, y), 5, INK.stroke_width(2)))?,
    }
    Ok(())
}
