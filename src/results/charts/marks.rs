//! What a chart answers on hover and keyboard focus: its marks. A mark is a place on the picture
//! (in SVG units, where plotters drew the datum) and the exact values there, in words made by the
//! engine's formatter from the numbers the chart was drawn from, never worked out again.
//!
//! Every chart returns its marks with its SVG (`Marked`); `answers` lays one shared hover and
//! focus layer over any of them. This module is the arithmetic of that layer (which mark is under
//! the pointer, which comes next on an arrow key), pure so it is tested natively.

/// One datum a chart can name: where it is drawn and what it says.
#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    /// The point the focus ring circles, in SVG units.
    pub x: i32,
    pub y: i32,
    /// The box the pointer may be anywhere in to pick this mark (a bar's rectangle), if any:
    /// `(left, top, right, bottom)` in SVG units.
    pub area: Option<(i32, i32, i32, i32)>,
    /// The readout: "nlp: 50% of succeeded jobs done by 12.3 h".
    pub text: String,
}

impl Mark {
    pub fn at((x, y): (i32, i32), text: String) -> Mark {
        Mark {
            x,
            y,
            area: None,
            text,
        }
    }

    /// A mark for a bar from corner `a` to corner `b`, ringed at its far end's middle.
    pub fn bar(a: (i32, i32), b: (i32, i32), text: String) -> Mark {
        let (left, right) = (a.0.min(b.0), a.0.max(b.0));
        let (top, bottom) = (a.1.min(b.1), a.1.max(b.1));
        Mark {
            x: right,
            y: (top + bottom) / 2,
            area: Some((left, top, right, bottom)),
            text,
        }
    }

    /// Squared distance from `(x, y)`: zero inside the mark's box.
    fn distance2(&self, (x, y): (f64, f64)) -> f64 {
        let (dx, dy) = match self.area {
            Some((l, t, r, b)) => (
                (f64::from(l) - x).max(x - f64::from(r)).max(0.0),
                (f64::from(t) - y).max(y - f64::from(b)).max(0.0),
            ),
            None => (x - f64::from(self.x), y - f64::from(self.y)),
        };
        dx * dx + dy * dy
    }
}

/// A chart as drawn: its SVG, its height in SVG units (the width is `canvas::WIDTH`), and its
/// marks in reading order, which is the order the arrow keys walk.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Marked {
    pub svg: String,
    pub height: u32,
    pub marks: Vec<Mark>,
}

/// How far from a mark (SVG units) the pointer still picks it: about a finger's width once the
/// chart is scaled to its column.
pub const REACH: f64 = 48.0;

/// The mark nearest the pointer at `at` (SVG units), if one is within `REACH`.
pub fn nearest(marks: &[Mark], at: (f64, f64)) -> Option<usize> {
    marks
        .iter()
        .enumerate()
        .map(|(i, m)| (i, m.distance2(at)))
        .filter(|(_, d)| *d <= REACH * REACH)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

/// Which arrow keys walk the marks: all four, or only Up and Down where Left and Right already
/// pan the chart (the timeline).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Walk {
    AllArrows,
    UpDown,
}

/// The mark a key moves to from `current` among `len` marks, or `None` when the key is not one
/// of the walk's. Right and Down go on, Left and Up go back, Home and End go to the ends; from no
/// mark, any of them starts at the first. The walk stops at the ends rather than wrapping, so a
/// screen reader hears the last value again instead of jumping back to the start.
pub fn step(key: &str, walk: Walk, current: Option<usize>, len: usize) -> Option<usize> {
    if len == 0 {
        return None;
    }
    let last = len - 1;
    let horizontal = walk == Walk::AllArrows;
    let forward = key == "ArrowDown" || (horizontal && key == "ArrowRight");
    let back = key == "ArrowUp" || (horizontal && key == "ArrowLeft");
    let to = match (current, key) {
        (_, "Home") if horizontal => 0,
        (_, "End") if horizontal => last,
        (None, _) if forward || back => 0,
        (Some(i), _) if forward => (i + 1).min(last),
        (Some(i), _) if back => i.saturating_sub(1),
        _ => return None,
    };
    Some(to.min(last))
}

/// At most `most` evenly spread indices of `len` items, always the last among them: a series of
/// thousands of points answers at a few hundred of them, each with its exact values, instead of
/// making a readout per job.
pub fn thinned(len: usize, most: usize) -> impl Iterator<Item = usize> {
    let most = most.max(1);
    let stride = len.div_ceil(most).max(1);
    (0..len)
        .step_by(stride)
        .chain((len > 0 && !(len - 1).is_multiple_of(stride)).then(|| len - 1))
}

/// The most marks one series of points gets (see `thinned`).
pub const MARKS_PER_SERIES: usize = 400;

#[cfg(test)]
mod tests {
    use super::*;

    fn point(x: i32, y: i32) -> Mark {
        Mark::at((x, y), format!("{x},{y}"))
    }

    #[test]
    fn the_pointer_picks_the_nearest_mark_within_reach() {
        let marks = [point(100, 100), point(200, 100)];
        assert_eq!(nearest(&marks, (140.0, 110.0)), Some(0));
        assert_eq!(nearest(&marks, (160.0, 90.0)), Some(1));
        assert_eq!(nearest(&marks, (100.0, 100.0 + REACH + 1.0)), None);
        assert_eq!(nearest(&[], (0.0, 0.0)), None);
    }

    #[test]
    fn anywhere_on_a_bar_picks_that_bar() {
        let marks = [Mark::bar((10, 10), (400, 30), "long".into()), point(60, 40)];
        // Over the bar's far left, nearer the point's centre than the bar's end.
        assert_eq!(nearest(&marks, (50.0, 29.0)), Some(0));
        assert_eq!(marks[0].x, 400);
        assert_eq!(marks[0].y, 20);
    }

    #[test]
    fn arrows_walk_the_marks_and_stop_at_the_ends() {
        assert_eq!(step("ArrowRight", Walk::AllArrows, None, 3), Some(0));
        assert_eq!(step("ArrowRight", Walk::AllArrows, Some(0), 3), Some(1));
        assert_eq!(step("ArrowDown", Walk::AllArrows, Some(2), 3), Some(2));
        assert_eq!(step("ArrowLeft", Walk::AllArrows, Some(0), 3), Some(0));
        assert_eq!(step("End", Walk::AllArrows, Some(0), 3), Some(2));
        assert_eq!(step("Home", Walk::AllArrows, Some(2), 3), Some(0));
        assert_eq!(step("a", Walk::AllArrows, Some(1), 3), None);
        assert_eq!(step("ArrowRight", Walk::AllArrows, None, 0), None);
        // A mark index from an older, longer drawing is brought back inside.
        assert_eq!(step("ArrowUp", Walk::AllArrows, Some(9), 3), Some(2));
    }

    #[test]
    fn the_timeline_keeps_left_and_right_for_panning() {
        assert_eq!(step("ArrowLeft", Walk::UpDown, Some(1), 3), None);
        assert_eq!(step("Home", Walk::UpDown, Some(1), 3), None);
        assert_eq!(step("ArrowDown", Walk::UpDown, Some(1), 3), Some(2));
        assert_eq!(step("ArrowUp", Walk::UpDown, Some(1), 3), Some(0));
    }

    #[test]
    fn thinning_spreads_the_indices_and_keeps_the_last() {
        assert_eq!(thinned(5, 10).collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
        let few: Vec<usize> = thinned(1000, 10).collect();
        assert_eq!(few.len(), 11);
        assert_eq!(few.first(), Some(&0));
        assert_eq!(few.last(), Some(&999));
        assert_eq!(thinned(0, 10).count(), 0);
        assert_eq!(
            thinned(21, 10).collect::<Vec<_>>(),
            [0, 3, 6, 9, 12, 15, 18, 20]
        );
    }
}
