//! One colour per quota share, everywhere: card border, allocation-bar slice, chart series, Gantt
//! row, table tag (docs/DESIGN.md, "Visual language").
//!
//! The palette is Okabe-Ito's, chosen because it stays distinguishable under the common forms of
//! colour blindness. A share's colour follows its position in `quota_shares`, so adding a share
//! never recolours the others.
//!
//! Okabe-Ito's eighth colour is black, which vanishes on the dark theme's background. The page
//! therefore paints shares with [`share_paint`], a CSS value in which black is the variable
//! `--share-black`: black in the light theme, [`BLACK_ON_DARK`] in the dark one (style.css). The
//! plotters charts are SVG text with the hex colour in their attributes; results.css swaps
//! `#000000` the same way, and an exported chart (drawn on white) keeps the palette's black.

use quotalab_engine::Scenario;

/// Okabe-Ito's black: the palette's eighth colour.
pub const BLACK: &str = "#000000";

/// What black becomes in the dark theme: a light grey, as far from the background as black is
/// in the light theme, and lighter than the unowned grey so the two stay apart.
pub const BLACK_ON_DARK: &str = "#EEEEEE";

/// Okabe-Ito, reordered so the first shares get the most distinct hues.
const OKABE_ITO: [&str; 8] = [
    "#0072B2", // blue
    "#E69F00", // orange
    "#009E73", // bluish green
    "#D55E00", // vermillion
    "#56B4E9", // sky blue
    "#CC79A7", // reddish purple
    "#F0E442", // yellow
    BLACK,
];

/// The CSS value that paints black in the page: follows the theme (style.css defines it).
const BLACK_PAINT: &str = "var(--share-black)";
/// Text on [`BLACK_PAINT`]: white on black, black on the dark theme's light grey.
const BLACK_PAINT_INK: &str = "var(--share-black-ink)";

/// Capacity that belongs to no share (SEMANTICS §2, "unowned").
pub const UNOWNED_GREY: &str = "#BBBBBB";

/// The colour of the share at `index` in `quota_shares`, as `#RRGGBB`: for drawings that leave
/// the page (plotters charts, exports). Past eight shares the hues repeat.
pub fn share_colour(index: usize) -> &'static str {
    OKABE_ITO[index % OKABE_ITO.len()]
}

/// The colour of the share at `index` as a CSS value for the page (a `style`, a custom
/// property), readable in both themes.
pub fn share_paint(index: usize) -> &'static str {
    paint(share_colour(index))
}

/// [`share_paint`] of the share called `name`, or the unowned grey when no share has that name.
pub fn share_paint_by_name(scenario: &Scenario, name: &str) -> &'static str {
    scenario
        .quota_shares
        .iter()
        .position(|share| share.name == name)
        .map_or(UNOWNED_GREY, share_paint)
}

/// A palette colour as the page paints it.
fn paint(colour: &'static str) -> &'static str {
    if colour == BLACK {
        BLACK_PAINT
    } else {
        colour
    }
}

/// Text colour readable on `paint` (one of this palette's paints): black on the light hues.
pub fn ink_on(paint: &str) -> &'static str {
    match paint {
        "#E69F00" | "#56B4E9" | "#F0E442" | UNOWNED_GREY => "#000000",
        BLACK_PAINT => BLACK_PAINT_INK,
        _ => "#FFFFFF",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG relative luminance of `#RRGGBB`.
    fn luminance(hex: &str) -> f64 {
        let channel = |i: usize| {
            let c = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap()) / 255.0;
            if c <= 0.039_28 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
    }

    /// The colours a share is painted with in each theme: `(light, dark)`.
    fn themed(index: usize) -> (&'static str, &'static str) {
        let colour = share_colour(index);
        (
            colour,
            if colour == BLACK {
                BLACK_ON_DARK
            } else {
                colour
            },
        )
    }

    fn contrast(a: &str, b: &str) -> f64 {
        let (a, b) = (luminance(a), luminance(b));
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    #[test]
    fn first_eight_shares_get_distinct_colours() {
        let colours: std::collections::HashSet<_> = (0..8).map(share_colour).collect();
        assert_eq!(colours.len(), 8);
    }

    #[test]
    fn colours_repeat_after_the_palette() {
        assert_eq!(share_colour(8), share_colour(0));
    }

    /// The dark theme's background and panel (style.css `--surface`, `--panel`): every share
    /// colour must stand out from both as WCAG 1.4.11 asks of graphics (3:1). Black alone would
    /// be 1.2:1.
    #[test]
    fn every_share_is_visible_on_the_dark_theme() {
        assert!(contrast(BLACK, "#14181D") < 1.5, "the problem this solves");
        for i in 0..8 {
            let (_, dark) = themed(i);
            for background in ["#14181D", "#1C2229"] {
                let c = contrast(dark, background);
                assert!(c >= 3.0, "share {i} ({dark}) on {background}: {c:.2}:1");
            }
        }
    }

    /// Okabe-Ito stays as it is on the light theme (its yellow is its palest, 1.3:1 on white;
    /// the card border and the legend's name carry it). Black stays black there.
    #[test]
    fn the_light_theme_keeps_okabe_ito() {
        for (i, colour) in OKABE_ITO.iter().enumerate() {
            assert_eq!(themed(i).0, *colour);
            assert!(contrast(colour, "#FFFFFF") > 1.3);
        }
        assert_ne!(themed(7).1, UNOWNED_GREY);
        assert!(contrast(themed(7).1, UNOWNED_GREY) > 1.4);
    }

    #[test]
    fn the_page_paints_black_through_the_theme() {
        assert_eq!(share_paint(7), "var(--share-black)");
        assert_eq!(share_paint(0), "#0072B2");
        assert_eq!(ink_on(share_paint(7)), "var(--share-black-ink)");
    }
}
