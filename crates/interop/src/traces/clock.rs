//! A trace's times on the scenario's clock. The engine keeps whole seconds
//! (`quotalab_engine::time`, docs/SEMANTICS.md "Time"), so every importer rounds a trace's times
//! and durations to the second once, here, and writes hours as seconds / 3600 in full precision:
//! `time::seconds` gives back exactly those seconds, and a 1-second job stays 1 second.

/// The nearest whole second of a finite time in seconds.
pub fn whole_seconds(seconds: f64) -> i64 {
    seconds.round() as i64
}

/// A positive duration to the second: never 0, so a job always has work.
pub fn duration_seconds(seconds: f64) -> i64 {
    whole_seconds(seconds).max(1)
}

/// Whole seconds as the scenario's hours.
pub fn hours(seconds: i64) -> f64 {
    seconds as f64 / 3600.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use quotalab_engine::time;

    #[test]
    fn hours_give_back_the_exact_second() {
        for s in [1, 2, 59, 3599, 3601, 86_399, 12_901_761, 123_456_789] {
            assert_eq!(time::seconds(hours(s)), s, "{s} s");
        }
        assert_eq!(duration_seconds(0.2), 1);
        assert_eq!(whole_seconds(303.0), 303);
    }
}
