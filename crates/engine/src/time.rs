//! Simulation time: whole seconds (docs/SEMANTICS.md, "Time and rounding").
//!
//! Scenario files give hours; each is converted once, rounding to the nearest second.

/// A point in time or a duration, in seconds since the scenario's start.
pub type Seconds = i64;

/// Seconds in one hour.
pub const HOUR: Seconds = 3600;

/// The latest time a scenario may name (about 114 years), so sums of times cannot overflow.
pub const MAX_TIME_H: f64 = 1.0e6;

/// Hours to the nearest second. Callers validate that `hours` is finite and in range first.
pub fn seconds(hours: f64) -> Seconds {
    libm::round(hours * HOUR as f64) as Seconds
}

/// Seconds back to hours, for results and display.
pub fn hours(seconds: Seconds) -> f64 {
    seconds as f64 / HOUR as f64
}
