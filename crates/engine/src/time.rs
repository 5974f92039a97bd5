//! Simulation time: whole seconds (docs/SEMANTICS.md, "Time and rounding").
//!
//! Scenario files give hours; each is converted once, rounding to the nearest second. Every
//! duration the engine derives is rounded the same way, here (docs/SEMANTICS.md, "Time").

/// A point in time or a duration, in seconds since the scenario's start.
pub type Seconds = i64;

/// Seconds in one hour.
pub const HOUR: Seconds = 3600;

/// The latest time a scenario may name (about 114 years), so sums of times cannot overflow.
pub const MAX_TIME_H: f64 = 1.0e6;

/// Hours to the nearest second. Callers validate that `hours` is finite and in range first.
pub fn seconds(hours: f64) -> Seconds {
    nearest_second(hours * HOUR as f64)
}

/// A derived time to the nearest whole second, halves away from zero (docs/SEMANTICS.md, "Time":
/// ours). `libm::round` is that rule, and gives the same bits natively and in wasm.
pub fn nearest_second(seconds: f64) -> Seconds {
    libm::round(seconds) as Seconds
}

/// The compute an attempt still needs when `progress` of the work is saved, on an entry whose
/// whole run takes `duration` (at least one second): rounded to the nearest second, and at least
/// one second and at most `duration` (docs/SEMANTICS.md, "Time").
pub fn compute_needed(progress: f64, duration: Seconds) -> Seconds {
    nearest_second((1.0 - progress) * duration as f64).clamp(1, duration)
}

/// Seconds back to hours, for results and display.
pub fn hours(seconds: Seconds) -> f64 {
    seconds as f64 / HOUR as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_round_away_from_zero() {
        assert_eq!(nearest_second(1.5), 2);
        assert_eq!(nearest_second(2.5), 3);
        assert_eq!(nearest_second(2.4999), 2);
        assert_eq!(nearest_second(-1.5), -2);
        // Half an hour and half a second: 1800.5 s is a tie, and goes up.
        assert_eq!(seconds(1800.5 / 3600.0), 1801);
    }

    #[test]
    fn the_compute_an_attempt_needs_is_rounded_and_bounded() {
        // Half of 3 s is 1.5 s: a tie, rounded up to 2.
        assert_eq!(compute_needed(0.5, 3), 2);
        // A quarter of 7 s is 1.75 s left: 2.
        assert_eq!(compute_needed(0.75, 7), 2);
        // Almost everything saved still needs one second.
        assert_eq!(compute_needed(0.9999, 100), 1);
        assert_eq!(compute_needed(1.0, 100), 1);
        // Nothing saved needs the whole duration, never more.
        assert_eq!(compute_needed(0.0, 100), 100);
        assert_eq!(compute_needed(-0.5, 100), 100);
    }
}
