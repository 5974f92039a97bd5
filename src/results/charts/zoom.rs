//! The Gantt's time window and how it moves: zoom around a point (the pointer, or the middle for
//! the buttons and keys), pan by a share of the window or by a drag, and map a pointer's position
//! on the picture to an hour. Pure arithmetic, so it is tested natively.

/// The visible span of hours, `from < to`, inside `[0, end]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Window {
    pub from: f64,
    pub to: f64,
}

/// How far in one can zoom: the run's length over this.
const MAX_ZOOM: f64 = 512.0;

impl Window {
    /// The whole run, `[0, end]`.
    pub fn whole(end: f64) -> Window {
        Window {
            from: 0.0,
            to: end.max(1e-3),
        }
    }

    pub fn span(self) -> f64 {
        self.to - self.from
    }

    pub fn middle(self) -> f64 {
        (self.from + self.to) / 2.0
    }

    /// A window of `span` hours starting at `from`, kept inside the run: the span between
    /// `end / 512` and `end`, then moved (not shrunk) to fit `[0, end]`.
    fn fitted(from: f64, span: f64, end: f64) -> Window {
        let end = end.max(1e-3);
        let span = span.clamp(end / MAX_ZOOM, end);
        let from = from.clamp(0.0, end - span);
        Window {
            from,
            to: from + span,
        }
    }

    /// Scales the span by `factor` (below 1 zooms in) keeping the hour `anchor` where it is on
    /// screen, as a map zooms around the pointer.
    pub fn zoom_at(self, anchor: f64, factor: f64, end: f64) -> Window {
        let anchor = anchor.clamp(self.from, self.to);
        let span = (self.span() * factor).clamp(end.max(1e-3) / MAX_ZOOM, end.max(1e-3));
        // The anchor keeps its fraction of the way across the window.
        let at = (anchor - self.from) / self.span();
        Window::fitted(anchor - at * span, span, end)
    }

    /// Moves the window by `hours` (negative is earlier), stopping at the run's ends.
    pub fn pan(self, hours: f64, end: f64) -> Window {
        Window::fitted(self.from + hours, self.span(), end)
    }
}

/// The zoom factor for a wheel turn of `delta_y` pixels: one notch (100 px) zooms by about 1.25,
/// scrolling down (positive) zooms out. Trackpads send many small deltas; they add up the same.
pub fn wheel_factor(delta_y: f64) -> f64 {
    (delta_y * 0.0022).exp().clamp(0.25, 4.0)
}

/// The hour under a pointer at `x` SVG units, on a plot whose time axis runs from `plot.0` to
/// `plot.1` SVG units and shows `window`. Off the axis it is the nearest end.
pub fn hour_at(x: f64, plot: (i32, i32), window: Window) -> f64 {
    let (left, right) = (f64::from(plot.0), f64::from(plot.1));
    if right <= left {
        return window.middle();
    }
    let t = ((x - left) / (right - left)).clamp(0.0, 1.0);
    window.from + t * window.span()
}

/// How many hours a drag of `dx` SVG units moves the window: the content follows the pointer,
/// so dragging right shows earlier hours.
pub fn drag_hours(dx: f64, plot: (i32, i32), window: Window) -> f64 {
    let width = f64::from(plot.1 - plot.0).max(1.0);
    -dx / width * window.span()
}

/// What a key does to the window when the chart has focus, or `None` for keys it leaves alone.
pub fn on_key(key: &str, window: Window, end: f64) -> Option<Window> {
    let step = window.span() / 10.0;
    Some(match key {
        "+" | "=" => window.zoom_at(window.middle(), 0.5, end),
        "-" | "_" => window.zoom_at(window.middle(), 2.0, end),
        "ArrowLeft" => window.pan(-step, end),
        "ArrowRight" => window.pan(step, end),
        "Home" | "0" => Window::whole(end),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn zooming_keeps_the_anchor_under_the_pointer() {
        let w = Window {
            from: 10.0,
            to: 30.0,
        };
        let z = w.zoom_at(15.0, 0.5, 100.0);
        assert!(close(z.span(), 10.0), "{z:?}");
        // 15 h was a quarter of the way across before and still is.
        assert!(close((15.0 - z.from) / z.span(), 0.25), "{z:?}");
        let back = z.zoom_at(15.0, 2.0, 100.0);
        assert!(close(back.from, 10.0) && close(back.to, 30.0), "{back:?}");
    }

    #[test]
    fn zoom_stays_inside_the_run_and_its_limits() {
        let whole = Window::whole(100.0);
        assert_eq!(whole.zoom_at(50.0, 3.0, 100.0), whole);
        let deep = (0..20).fold(whole, |w, _| w.zoom_at(99.0, 0.5, 100.0));
        assert!(close(deep.span(), 100.0 / 512.0), "{deep:?}");
        assert!(deep.to <= 100.0 && deep.from >= 0.0, "{deep:?}");
        // Zooming out near an end shifts the window back inside instead of past 0.
        let near_start = Window {
            from: 1.0,
            to: 11.0,
        }
        .zoom_at(2.0, 4.0, 100.0);
        assert!(
            close(near_start.from, 0.0) && close(near_start.span(), 40.0),
            "{near_start:?}"
        );
    }

    #[test]
    fn panning_stops_at_the_ends() {
        let w = Window {
            from: 10.0,
            to: 20.0,
        };
        assert_eq!(
            w.pan(-50.0, 100.0),
            Window {
                from: 0.0,
                to: 10.0
            }
        );
        assert_eq!(
            w.pan(500.0, 100.0),
            Window {
                from: 90.0,
                to: 100.0
            }
        );
        assert_eq!(
            w.pan(5.0, 100.0),
            Window {
                from: 15.0,
                to: 25.0
            }
        );
    }

    #[test]
    fn pointer_positions_map_to_hours() {
        let w = Window {
            from: 10.0,
            to: 20.0,
        };
        assert!(close(hour_at(200.0, (200, 900), w), 10.0));
        assert!(close(hour_at(550.0, (200, 900), w), 15.0));
        assert!(close(hour_at(2000.0, (200, 900), w), 20.0));
        // Dragging right by a tenth of the axis shows a tenth of the window earlier.
        assert!(close(drag_hours(70.0, (200, 900), w), -1.0));
    }

    #[test]
    fn wheel_down_zooms_out_and_up_zooms_in() {
        assert!(wheel_factor(100.0) > 1.2 && wheel_factor(100.0) < 1.3);
        assert!(close(wheel_factor(-100.0) * wheel_factor(100.0), 1.0));
        assert_eq!(wheel_factor(10_000.0), 4.0);
    }

    #[test]
    fn keys_zoom_pan_and_reset() {
        let w = Window {
            from: 10.0,
            to: 30.0,
        };
        assert_eq!(
            on_key("+", w, 100.0),
            Some(Window {
                from: 15.0,
                to: 25.0
            })
        );
        assert_eq!(
            on_key("-", w, 100.0),
            Some(Window {
                from: 0.0,
                to: 40.0
            })
        );
        assert_eq!(
            on_key("ArrowRight", w, 100.0),
            Some(Window {
                from: 12.0,
                to: 32.0
            })
        );
        assert_eq!(on_key("Home", w, 100.0), Some(Window::whole(100.0)));
        assert_eq!(on_key("x", w, 100.0), None);
    }
}
