//! Simulation time: whole seconds (docs/SEMANTICS.md, "Time and rounding").
//!
//! Scenario files give hours; each is converted once, rounding to the nearest second. Every
//! duration the engine derives is rounded the same way, here (docs/SEMANTICS.md, "Time").

/// A point in time or a duration, in seconds since the scenario's start.
pub type Seconds = i64;

/// Seconds in one hour.
pub const HOUR: Seconds = 3600;

/// A moment that may not have come, in the 8 bytes of [`Seconds`] where `Option<Seconds>` takes
/// 16: a pending job holds three, and five million jobs can have two million pending at once
/// (docs/PERFORMANCE.md, "The CLI at one and five million jobs").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MaybeSeconds(Seconds);

impl MaybeSeconds {
    /// No moment. No time of a run is `Seconds::MIN`: every time is within [`MAX_TIME_H`] hours of
    /// the scenario's start.
    pub const NONE: MaybeSeconds = MaybeSeconds(Seconds::MIN);

    /// The moment `at`.
    pub fn at(at: Seconds) -> MaybeSeconds {
        debug_assert_ne!(at, Seconds::MIN, "a run's time");
        MaybeSeconds(at)
    }

    /// The moment, if there is one.
    pub fn get(self) -> Option<Seconds> {
        (self != MaybeSeconds::NONE).then_some(self.0)
    }

    /// Whether there is a moment.
    pub fn is_some(self) -> bool {
        self != MaybeSeconds::NONE
    }

    /// The moment, if any, leaving none.
    pub fn take(&mut self) -> Option<Seconds> {
        std::mem::replace(self, MaybeSeconds::NONE).get()
    }
}

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

    #[test]
    fn a_maybe_moment_holds_any_time_of_a_run_or_none() {
        let latest = seconds(MAX_TIME_H);
        for t in [0, 1, -1, latest, -latest] {
            let mut moment = MaybeSeconds::at(t);
            assert!(moment.is_some());
            assert_eq!(moment.get(), Some(t));
            assert_eq!(moment.take(), Some(t));
            assert_eq!(moment, MaybeSeconds::NONE);
            assert_eq!(moment.take(), None);
        }
        assert!(!MaybeSeconds::NONE.is_some());
        assert_eq!(std::mem::size_of::<MaybeSeconds>(), 8);
    }
}
