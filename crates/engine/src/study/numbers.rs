//! How a study's numbers read for people: a KPI value in its unit, an estimate with its 90%
//! interval, and a difference with its sign ("+1.2 h"), rounded by the one formatter of
//! [`crate::result::numbers`]. The app's Compare view and the agreement report both write them
//! with these functions, so the room and the signed document show the same strings.

use super::kpi::{Kpi, Unit as KpiUnit};
use super::stats::{Difference, Estimate, Verdict};
use crate::result::numbers::{count, money, percent, round_for_people};

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

/// A difference in `kpi`'s unit, signed unless it rounds to zero ("+1.2 h", "\u{2212}4%", "0 h":
/// never "\u{2212}0 h").
pub fn signed(kpi: Kpi, x: f64, currency: &str) -> String {
    let text = value(kpi, x.abs(), currency);
    if text == value(kpi, 0.0, currency) {
        text
    } else if x > 0.0 {
        format!("+{text}")
    } else {
        format!("\u{2212}{text}")
    }
}

/// `x` as a KPI card shows it, with the card's narrow unit: "2.4 GPU-h", "12.5%", "1,204",
/// "$12.50".
pub fn short(kpi: Kpi, x: f64, currency: &str) -> String {
    format!("{}{}", bare(kpi, x, currency), kpi.unit().short())
}

/// `x` without its unit, money with its currency: "2.4", "12.5", "1,204", "$12.50".
fn bare(kpi: Kpi, x: f64, currency: &str) -> String {
    match kpi.unit() {
        KpiUnit::Hours | KpiUnit::InstanceHours | KpiUnit::AcceleratorHours => round_for_people(x),
        KpiUnit::Fraction => round_for_people(x * 100.0),
        KpiUnit::Jobs | KpiUnit::Count => count(x.round() as u64),
        KpiUnit::Currency => money(x, currency),
    }
}

/// A change of a KPI between two runs, as a card shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    /// "▲ +1.2": the card names the KPI and its value the unit, so the narrow card shows only
    /// the number.
    pub short: String,
    /// "▲ +1.2 h", with the unit, for the tooltip.
    pub full: String,
    /// Good news (`Some(true)`), bad news (`Some(false)`) or neither (`None`): [`Kpi::judge`].
    pub good: Option<bool>,
}

/// How the change from `before` to `after` reads; `None` when either is missing or nothing
/// changed.
pub fn change(kpi: Kpi, before: Option<f64>, after: Option<f64>, currency: &str) -> Option<Change> {
    let change = after? - before?;
    if change.abs() < 1e-6 {
        return None;
    }
    let (arrow, sign) = if change > 0.0 {
        ("\u{25b2}", "+")
    } else {
        ("\u{25bc}", "\u{2212}")
    };
    Some(Change {
        short: format!("{arrow} {sign}{}", bare(kpi, change.abs(), currency)),
        full: format!("{arrow} {sign}{}", short(kpi, change.abs(), currency)),
        good: kpi.judge(change),
    })
}

/// "2.4 h (2.1 to 2.7)"; without an interval (one seed) just the mean. Every KPI is a quantity
/// that cannot be negative (and a fraction cannot pass 100%), but a t-interval over few seeds can
/// reach past those ends: the end is clamped there, and the text says so.
pub fn estimate(kpi: Kpi, e: &Estimate, currency: &str) -> String {
    if !e.has_interval() {
        return value(kpi, e.mean, currency);
    }
    let top = if kpi.unit() == KpiUnit::Fraction {
        1.0
    } else {
        f64::INFINITY
    };
    let (lo, hi) = (e.lo.max(0.0), e.hi.min(top));
    let note = match (lo != e.lo, hi != e.hi) {
        (false, false) => "",
        (true, false) => "; clamped at 0",
        (false, true) => "; clamped at 100%",
        (true, true) => "; clamped at 0 and 100%",
    };
    format!(
        "{} ({} to {}{note})",
        value(kpi, e.mean.clamp(0.0, top), currency),
        round_kpi(kpi, lo),
        round_kpi(kpi, hi)
    )
}

/// The interval ends without their unit (the mean before them carries it).
fn round_kpi(kpi: Kpi, x: f64) -> String {
    match kpi.unit() {
        KpiUnit::Fraction => round_for_people(x * 100.0),
        _ => round_for_people(x),
    }
}

/// A KPI's label for a table row, with the study's threshold in `P(wait < T)`: "P(wait < 24 h)".
pub fn kpi_label(kpi: Kpi, wait_threshold_h: f64) -> String {
    match kpi {
        Kpi::WaitBelowThreshold => format!("P(wait < {} h)", round_for_people(wait_threshold_h)),
        _ => kpi.label().to_string(),
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
        assert_eq!(value(Kpi::Preemptions, 1.75, "USD"), "1.75");
    }

    #[test]
    fn a_card_writes_narrow_units() {
        assert_eq!(short(Kpi::LostAcceleratorH, 2.4166, "USD"), "2.42 GPU-h");
        assert_eq!(short(Kpi::FallbackRate, 0.125, "USD"), "12.5%");
        assert_eq!(short(Kpi::Preemptions, 1204.0, "USD"), "1,204");
    }

    #[test]
    fn a_longer_p90_is_bad_news() {
        let longer = change(Kpi::CompletionP90H, Some(4.0), Some(5.2), "USD").unwrap();
        assert_eq!(
            (longer.short.as_str(), longer.full.as_str()),
            ("\u{25b2} +1.2", "\u{25b2} +1.2 h")
        );
        assert_eq!(longer.good, Some(false));
    }

    #[test]
    fn a_cheaper_run_keeps_its_currency_in_the_short_form() {
        let cheaper = change(Kpi::Cost, Some(54.88), Some(54.01), "USD").unwrap();
        assert_eq!(cheaper.short, "\u{25bc} \u{2212}$0.87");
        assert_eq!(cheaper.good, Some(true));
    }

    #[test]
    fn no_change_no_delta() {
        let overhead = Kpi::RestartOverheadAcceleratorH;
        assert_eq!(change(overhead, Some(10.0), Some(10.0), "USD"), None);
        assert_eq!(change(Kpi::Cost, None, Some(10.0), "USD"), None);
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

    #[test]
    fn an_interval_past_zero_is_clamped_and_says_so() {
        let e = Estimate {
            n: 3,
            mean: 0.004,
            lo: -0.003,
            hi: 0.011,
        };
        assert_eq!(
            estimate(Kpi::LostAcceleratorH, &e, "USD"),
            "0 accelerator-h (0 to 0.01; clamped at 0)"
        );
        let share = Estimate {
            n: 3,
            mean: 0.98,
            lo: 0.9,
            hi: 1.04,
        };
        assert_eq!(
            estimate(Kpi::WaitBelowThreshold, &share, "USD"),
            "98% (90 to 100; clamped at 100%)"
        );
    }

    #[test]
    fn the_wait_label_carries_its_threshold() {
        assert_eq!(kpi_label(Kpi::WaitBelowThreshold, 24.0), "P(wait < 24 h)");
        assert_eq!(kpi_label(Kpi::FallbackRate, 24.0), "Fallback rate");
    }

    #[test]
    fn a_difference_that_rounds_to_zero_has_no_sign() {
        assert_eq!(signed(Kpi::CompletionP90H, -0.001, "USD"), "0 h");
        assert_eq!(signed(Kpi::Cost, -0.001, "USD"), "$0.00");
        assert_eq!(signed(Kpi::CompletionP90H, 0.5, "USD"), "+0.5 h");
    }
}
