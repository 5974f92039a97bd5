//! Targets in plain words, for every place that shows one to people: the app's target rows and
//! its table of proposals, and the binding target's sentence in the advice (docs/ADVISOR.md,
//! "Binding targets").

use super::evaluate::TOTAL;
use super::target::{Bound, Target, EVERY_SHARE};
use crate::study::kpi::Kpi;
use crate::study::numbers;

/// The KPI's name for people: its label, with the T of P(wait < T) filled in.
pub fn kpi_words(kpi: Kpi, wait_threshold_h: f64) -> String {
    if kpi == Kpi::WaitBelowThreshold {
        format!(
            "P(wait < {})",
            numbers::value(Kpi::WaitMeanH, wait_threshold_h, "")
        )
    } else {
        kpi.label().to_owned()
    }
}

/// "at most" or "at least".
pub fn bound_words(bound: Bound) -> &'static str {
    match bound {
        Bound::AtMost => "at most",
        Bound::AtLeast => "at least",
    }
}

/// A target in plain words: "nlp: Completion p90 at most 24 h"; `*` is "every team" and the
/// total budget "all teams together".
pub fn target_words(t: &Target, wait_threshold_h: f64, currency: &str) -> String {
    let who = match t.share.as_str() {
        EVERY_SHARE => "every team",
        TOTAL => "all teams together",
        share => share,
    };
    format!(
        "{who}: {} {} {}",
        kpi_words(t.kpi, wait_threshold_h),
        bound_words(t.bound),
        numbers::value(t.kpi, t.value, currency)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_read_in_plain_words() {
        let t = Target::parse("*:wait_below_threshold>=0.9").unwrap();
        assert_eq!(
            target_words(&t, 24.0, "USD"),
            "every team: P(wait < 24 h) at least 90%"
        );
        let c = Target::parse("nlp:completion_p90_h<=8").unwrap();
        assert_eq!(
            target_words(&c, 24.0, "USD"),
            "nlp: Completion p90 at most 8 h"
        );
        let budget = Target {
            share: TOTAL.into(),
            kpi: Kpi::Cost,
            bound: Bound::AtMost,
            value: 500.0,
        };
        assert_eq!(
            target_words(&budget, 24.0, "USD"),
            "all teams together: Cost at most $500"
        );
    }
}
