//! The shared time axis of the pictures in BUILD (capacity steps, plan blocks, actions): the
//! same horizon and width everywhere, so pictures stacked in a column line up in time.

use leptos::prelude::*;
use quotalab_engine::Scenario;

/// Drawing width of every timeline, in SVG units.
pub const WIDTH: f64 = 400.0;

/// The time span the pictures show: the scenario's horizon, else far enough to show every
/// scripted time (and at least two days).
pub fn horizon(scenario: &Scenario) -> f64 {
    if let Some(h) = scenario.horizon_h.filter(|h| h.is_finite() && *h > 0.0) {
        return h;
    }
    let times = scenario
        .capacity
        .iter()
        .flat_map(|c| c.changes.iter().map(|ch| ch.at_h))
        .chain(
            scenario
                .training_plans
                .iter()
                .flat_map(|p| p.blocks.iter().map(|b| b.end_h)),
        )
        .chain(scenario.actions.iter().map(|a| a.at_h));
    times.filter(|t| t.is_finite()).fold(48.0, f64::max) * 1.1
}

/// Room left and right of the axis for the first and last hour labels.
const MARGIN: f64 = 14.0;

/// The `viewBox` of a timeline `height` tall: the axis plus a margin for its labels.
pub fn view_box(height: f64) -> String {
    format!("{} 0 {} {height}", -MARGIN, WIDTH + 2.0 * MARGIN)
}

/// Where hour `t` is drawn.
pub fn x(t: f64, horizon: f64) -> f64 {
    (t / horizon).clamp(0.0, 1.0) * WIDTH
}

/// About five round tick values from 0 to `horizon`.
pub fn ticks(horizon: f64) -> Vec<f64> {
    let raw = horizon / 5.0;
    let step = [
        1.0, 2.0, 3.0, 6.0, 12.0, 24.0, 48.0, 72.0, 168.0, 336.0, 720.0,
    ]
    .into_iter()
    .find(|s| *s >= raw)
    .unwrap_or(raw.ceil());
    (0..)
        .map(|k| k as f64 * step)
        .take_while(|t| *t <= horizon + 1e-9)
        .collect()
}

/// Tick marks and hour labels along the bottom of a picture `height` tall.
#[component]
pub fn TimeTicks(horizon: f64, height: f64) -> impl IntoView {
    let marks = ticks(horizon)
        .into_iter()
        .map(|t| {
            let at = x(t, horizon);
            view! {
                <line class="tick" x1=at x2=at y1="0" y2=height - 10.0 />
                <text class="tick-label" x=at y=height - 1.0>{format!("{t} h")}</text>
            }
        })
        .collect_view();
    view! { <g class="time-axis">{marks}</g> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_hours() {
        assert_eq!(ticks(48.0), vec![0.0, 12.0, 24.0, 36.0, 48.0]);
        assert_eq!(ticks(10.0), vec![0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
    }

    #[test]
    fn times_are_clamped_to_the_picture() {
        assert_eq!(x(96.0, 48.0), WIDTH);
        assert_eq!(x(-1.0, 48.0), 0.0);
    }
}
