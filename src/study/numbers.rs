//! How a study's numbers read: a KPI value in its unit, an estimate with its 90% interval, and a
//! difference with its sign ("+1.2 h"), all rounded for people like the rest of the app.

use crate::results::format::{money, percent, round_for_people};
use quotalab_engine::study::{Difference, Estimate, Kpi, KpiUnit, Verdict};

/// `x` in `kpi`'s unit: "2.4 h", "93%", "$1,204", "12 jobs".
pub fn value(kpi: Kpi, x: f64, currency: &str) -> String {
    match kpi.unit() {
        KpiUnit::Currency => money(x, currency),
        KpiUnit::Fraction => percent(x),
        // A bare number reads better than "1.75 count".
        KpiUnit::Count => round_for_people(x),
        unit => format!("{} {}", round_for_people(x), unit.as_str()),
    }
}

/// A difference in `kpi`'s unit, always signed: "+1.2 h", "\u{2212}4%".
pub fn signed(kpi: Kpi, x: f64, currency: &str) -> String {
    let text = value(kpi, x.abs(), currency);
    if x > 0.0 {
        format!("+{text}")
    } else if x < 0.0 {
        format!("\u{2212}{text}")
    } else {
        text
    }
}

/// "2.4 h (2.1 to 2.7)"; without an interval (one seed) just the mean.
pub fn estimate(kpi: Kpi, e: &Estimate, currency: &str) -> String {
    if e.has_interval() {
        format!(
            "{} ({} to {})",
            value(kpi, e.mean, currency),
            round_kpi(kpi, e.lo),
            round_kpi(kpi, e.hi)
        )
    } else {
        value(kpi, e.mean, currency)
    }
}

/// The interval ends without their unit (the mean before them carries it).
fn round_kpi(kpi: Kpi, x: f64) -> String {
    match kpi.unit() {
        KpiUnit::Fraction => round_for_people(x * 100.0),
        _ => round_for_people(x),
    }
}

/// The words for a difference: what it is and whether the seeds say it is real.
pub fn verdict_words(d: &Difference) -> &'static str {
    match d.verdict {
        Verdict::Better => "better",
        Verdict::Worse => "worse",
        Verdict::Higher => "higher",
        Verdict::Lower => "lower",
        Verdict::NoClearDifference => "no clear difference",
    }
}

/// The CSS class colouring a difference: only significant ones get a colour.
pub fn verdict_class(d: &Difference) -> &'static str {
    match d.verdict {
        Verdict::Better => "diff better",
        Verdict::Worse => "diff worse",
        Verdict::Higher | Verdict::Lower => "diff changed",
        Verdict::NoClearDifference => "diff same",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_carry_their_units() {
        assert_eq!(value(Kpi::CompletionP90H, 2.4166, "USD"), "2.42 h");
        assert_eq!(value(Kpi::WaitBelowThreshold, 0.934, "USD"), "93.4%");
        assert_eq!(value(Kpi::Cost, 1204.2, "USD"), "$1,204");
        assert_eq!(signed(Kpi::CompletionP90H, -1.5, "USD"), "\u{2212}1.5 h");
        assert_eq!(signed(Kpi::JobsDone, 3.0, "USD"), "+3 jobs");
        assert_eq!(value(Kpi::PreemptionsSuffered, 1.75, "USD"), "1.75");
    }

    #[test]
    fn an_estimate_shows_its_interval() {
        let e = Estimate {
            n: 20,
            mean: 2.5,
            lo: 2.0,
            hi: 3.0,
        };
        assert_eq!(estimate(Kpi::CompletionP50H, &e, "USD"), "2.5 h (2 to 3)");
    }
}
