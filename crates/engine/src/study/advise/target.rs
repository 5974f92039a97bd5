//! Targets (`nlp:completion_p90_h<=24`, `*:wait_below_threshold>=0.9`) and budgets, parsed
//! from the words people write on the command line and keep in a study's `advise` field
//! (docs/ADVISOR.md, "Targets and knobs").

use crate::study::kpi::Kpi;
use serde::{Deserialize, Serialize};

/// Which way a bound holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Bound {
    /// The KPI must be at most the bound (`<=`).
    #[serde(rename = "<=")]
    AtMost,
    /// The KPI must be at least the bound (`>=`).
    #[serde(rename = ">=")]
    AtLeast,
}

impl Bound {
    fn symbol(self) -> &'static str {
        match self {
            Bound::AtMost => "<=",
            Bound::AtLeast => ">=",
        }
    }
}

/// One share's KPI held to a bound.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Target {
    /// The share, or `*` for every share of the scenario.
    pub share: String,
    /// The KPI, as `quotalab compare` names it.
    pub kpi: Kpi,
    /// `<=` or `>=`.
    pub bound: Bound,
    /// The value.
    pub value: f64,
}

/// The share name that stands for every share.
pub const EVERY_SHARE: &str = "*";

/// Why a target or a budget as written does not parse: each names the text and what to write
/// instead, the words `quotalab advise` and the Advise view both show.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TargetError {
    /// No `SHARE:` before the KPI.
    #[error("\"{0}\" has no share; write SHARE:KPI<=VALUE, e.g. nlp:completion_p90_h<=24 (* for every share)")]
    NoShare(String),
    /// Neither `<=` nor `>=`.
    #[error("\"{0}\" has no bound; write <= or >= and a number")]
    NoBound(String),
    /// A KPI name `quotalab compare` does not know.
    #[error("\"{0}\" is not a KPI; use one of {names}", names = kpi_names())]
    NotAKpi(String),
    /// A bound that is not a finite number.
    #[error("\"{0}\" is not a finite number")]
    NotANumber(String),
    /// `:KPI<=VALUE`, with nothing before the colon.
    #[error("\"{0}\" has an empty share name; use * for every share")]
    EmptyShare(String),
    /// A budget that is not a positive amount.
    #[error("\"{0}\" is not a budget; write an amount (the total, e.g. 5000) or SHARE:AMOUNT (nlp:1200), positive")]
    NotABudget(String),
}

/// The KPIs a target may bound, by name, for the error that lists them.
fn kpi_names() -> String {
    let names: Vec<String> = Kpi::COMPARED.iter().map(|k| k.name()).collect();
    names.join(", ")
}

impl Target {
    /// Parses `SHARE:KPI<=VALUE` or `SHARE:KPI>=VALUE`; the error says what was expected.
    pub fn parse(text: &str) -> Result<Target, TargetError> {
        let (share, rest) = text
            .split_once(':')
            .ok_or_else(|| TargetError::NoShare(text.to_owned()))?;
        let (kpi, bound, value) = [Bound::AtMost, Bound::AtLeast]
            .into_iter()
            .find_map(|b| rest.split_once(b.symbol()).map(|(k, v)| (k, b, v)))
            .ok_or_else(|| TargetError::NoBound(text.to_owned()))?;
        let kpi = kpi.trim();
        let kpi = Kpi::from_name(kpi).ok_or_else(|| TargetError::NotAKpi(kpi.to_owned()))?;
        let value: f64 = value
            .trim()
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite())
            .ok_or_else(|| TargetError::NotANumber(value.trim().to_owned()))?;
        let share = share.trim();
        if share.is_empty() {
            return Err(TargetError::EmptyShare(text.to_owned()));
        }
        Ok(Target {
            share: share.to_string(),
            kpi,
            bound,
            value,
        })
    }

    /// Back to the words it was parsed from (`nlp:completion_p90_h<=24`).
    pub fn text(&self) -> String {
        format!(
            "{}:{}{}{}",
            self.share,
            self.kpi.name(),
            self.bound.symbol(),
            self.value
        )
    }

    /// How far `value` is inside the bound, in units of the bound (negative: outside). Scaling
    /// by the bound makes margins of hours, fractions and money comparable, so the worst target
    /// is the one furthest outside in relative terms.
    pub fn margin(&self, value: f64) -> f64 {
        let scale = self.value.abs().max(1e-9);
        match self.bound {
            Bound::AtMost => (self.value - value) / scale,
            Bound::AtLeast => (value - self.value) / scale,
        }
    }

    /// The end of a 90% interval `(lo, hi)` that is least favourable for this target.
    pub fn pessimistic(&self, lo: f64, hi: f64) -> f64 {
        match self.bound {
            Bound::AtMost => hi,
            Bound::AtLeast => lo,
        }
    }

    /// This target for each share in `shares` when it names `*`, else itself.
    pub fn expand(&self, shares: &[String]) -> Vec<Target> {
        if self.share != EVERY_SHARE {
            return vec![self.clone()];
        }
        shares
            .iter()
            .map(|s| Target {
                share: s.clone(),
                ..self.clone()
            })
            .collect()
    }
}

/// A budget on the mean cost of a run: the total (usage plus purchased capacity) or one share's
/// usage cost.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Budget {
    /// The share it applies to; none for the total.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub share: Option<String>,
    /// The most the mean cost may be, in the scenario's currency.
    pub max: f64,
}

impl Budget {
    /// Parses `AMOUNT` (the total) or `SHARE:AMOUNT`.
    pub fn parse(text: &str) -> Result<Budget, TargetError> {
        let (share, amount) = match text.rsplit_once(':') {
            Some((s, a)) => (Some(s.trim().to_string()), a),
            None => (None, text),
        };
        let max = amount
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|m| m.is_finite() && *m > 0.0)
            .ok_or_else(|| TargetError::NotABudget(text.to_owned()))?;
        Ok(Budget { share, max })
    }

    /// A share's budget is a target on its `cost`; the total budget is not (it is checked
    /// against the whole run's cost, see [`super::evaluate`]).
    pub fn as_target(&self) -> Option<Target> {
        self.share.as_ref().map(|share| Target {
            share: share.clone(),
            kpi: Kpi::Cost,
            bound: Bound::AtMost,
            value: self.max,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_parse_and_print_back() {
        let t = Target::parse("nlp:completion_p90_h<=24").unwrap();
        assert_eq!(
            (t.share.as_str(), t.kpi, t.bound, t.value),
            ("nlp", Kpi::CompletionP90H, Bound::AtMost, 24.0)
        );
        assert_eq!(t.text(), "nlp:completion_p90_h<=24");
        let w = Target::parse("*:wait_below_threshold>=0.9").unwrap();
        assert_eq!((w.bound, w.value), (Bound::AtLeast, 0.9));
        assert_eq!(
            w.expand(&["a".into(), "b".into()])
                .iter()
                .map(Target::text)
                .collect::<Vec<_>>(),
            ["a:wait_below_threshold>=0.9", "b:wait_below_threshold>=0.9"]
        );
        assert_eq!(
            Target::parse("v:fallback_rate<=0.2").unwrap().kpi,
            Kpi::FallbackRate
        );
    }

    #[test]
    fn bad_targets_say_what_is_wrong() {
        for (target, says) in [
            ("completion_p90_h<=24", "no share"),
            ("nlp:p90<=24", "not a KPI"),
            ("nlp:cost<24", "no bound"),
            ("nlp:cost<=lots", "not a finite number"),
        ] {
            let error = Target::parse(target).unwrap_err().to_string();
            assert!(error.contains(says), "{target}: {error}");
        }
    }

    #[test]
    fn margins_are_relative_and_signed() {
        let t = Target::parse("a:completion_p90_h<=20").unwrap();
        assert_eq!(t.margin(15.0), 0.25);
        assert_eq!(t.margin(30.0), -0.5);
        assert_eq!(t.pessimistic(1.0, 2.0), 2.0);
        let g = Target::parse("a:jobs_done>=10").unwrap();
        assert_eq!(g.margin(12.0), 0.2);
        assert_eq!(g.pessimistic(1.0, 2.0), 1.0);
    }

    #[test]
    fn budgets_are_totals_or_per_share() {
        assert_eq!(
            Budget::parse("5000").unwrap(),
            Budget {
                share: None,
                max: 5000.0
            }
        );
        let b = Budget::parse("nlp:1200").unwrap();
        assert_eq!(b.as_target().unwrap().text(), "nlp:cost<=1200");
        assert!(Budget::parse("-3").is_err());
    }
}
