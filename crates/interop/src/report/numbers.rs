//! Numbers rounded for people (docs/DESIGN.md: "2.4 h, not 2.4166666 h"), with units: the engine's
//! one formatter, as the app shows them. Both renderers show exactly these strings, so a test can
//! look for the value as displayed.

pub use quotalab_engine::result::numbers::{hours, money, percent};

/// An optional duration; `-` when there is none (no job succeeded).
pub fn maybe_hours(h: Option<f64>) -> String {
    h.map_or_else(|| "-".to_string(), hours)
}

/// `1 job`, `3 jobs`.
pub fn count(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_duration_is_a_dash() {
        assert_eq!(maybe_hours(None), "-");
        assert_eq!(maybe_hours(Some(2.4166666)), "2.42 h");
    }
}
