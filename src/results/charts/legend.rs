//! Legends: a row of keys along the top of a chart, outside the plot, so a legend never hides
//! data (plotters' own legend box sits inside the plotting area).

use crate::results::charts::canvas::{small_style, Area, DrawResult, INK};
use plotters::prelude::*;
use std::cell::RefCell;
use std::collections::HashMap;
use std::error::Error;

/// How many legend texts [`text_width`] remembers; past it, it starts again.
const REMEMBERED_WIDTHS: usize = 512;

thread_local! {
    /// Legend texts already measured, with their widths in pixels: every run redraws the same
    /// share names, so each is measured once.
    static WIDTHS: RefCell<HashMap<String, i32>> = RefCell::new(HashMap::new());
}

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
        let text_width = text_width(area, text);
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

/// `text`'s width in the legend's style, measured once per text.
fn text_width(area: &Area, text: &str) -> i32 {
    if let Some(width) = WIDTHS.with_borrow(|widths| widths.get(text).copied()) {
        return width;
    }
    let width = measured_width(area, text).unwrap_or(8 * text.len() as i32);
    WIDTHS.with_borrow_mut(|widths| {
        if widths.len() >= REMEMBERED_WIDTHS {
            widths.clear();
        }
        widths.insert(text.to_owned(), width);
    });
    width
}

/// `text`'s width in the legend's style, measured by a canvas that is never shown. Plotters'
/// own measure on wasm lays out a span in the page, which makes the browser lay out the whole
/// page there and then: at the first chart, the whole page just built (docs/PERFORMANCE.md,
/// "The chart before the builder").
#[cfg(target_arch = "wasm32")]
fn measured_width(_area: &Area, text: &str) -> Option<i32> {
    use crate::results::charts::canvas::{FONT, SMALL_SIZE};
    use wasm_bindgen::JsCast;
    use web_sys::CanvasRenderingContext2d;
    thread_local! {
        static CONTEXT: Option<CanvasRenderingContext2d> = {
            let canvas = leptos::prelude::document().create_element("canvas").ok();
            let context = canvas
                .and_then(|c| c.dyn_into::<web_sys::HtmlCanvasElement>().ok())
                .and_then(|c| c.get_context("2d").ok().flatten())
                .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok());
            if let Some(context) = &context {
                context.set_font(&format!("{SMALL_SIZE}px {FONT}"));
            }
            context
        };
    }
    CONTEXT.with(|context| {
        let metrics = context.as_ref()?.measure_text(text).ok()?;
        Some(metrics.width().round() as i32)
    })
}

/// `text`'s width in the legend's style, as plotters estimates it off the browser.
#[cfg(not(target_arch = "wasm32"))]
fn measured_width(area: &Area, text: &str) -> Option<i32> {
    area.estimate_text_size(text, &small_style())
        .ok()
        .map(|(w, _)| w as i32)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::charts::canvas::WIDTH;

    #[test]
    fn a_text_is_measured_once_and_the_remembered_widths_stay_bounded() {
        let mut svg = String::new();
        let area = SVGBackend::with_string(&mut svg, (WIDTH, 100)).into_drawing_area();
        WIDTHS.with_borrow_mut(HashMap::clear);
        let width = text_width(&area, "background");
        assert!(width > 0);
        WIDTHS.with_borrow_mut(|widths| widths.insert("background".into(), width + 1));
        assert_eq!(
            text_width(&area, "background"),
            width + 1,
            "read back, not measured again"
        );

        for n in 0..REMEMBERED_WIDTHS {
            text_width(&area, &format!("share {n}"));
        }
        assert_eq!(
            WIDTHS.with_borrow(HashMap::len),
            1,
            "started again once full"
        );
    }
}
