//! Means over seeds with 90% intervals, and paired differences between variants.
//!
//! Seeds are independent runs, so the mean of a KPI over K seeds has a Student t interval with
//! K - 1 degrees of freedom. Differences are paired: with common random numbers, seed s of a
//! variant and seed s of the baseline saw the same workload, so `d_s = x_s - base_s` removes the
//! luck both share, and the interval of the mean of `d` is far narrower than two separate
//! intervals would suggest. A difference is *significant* when its 90% interval excludes zero.
//!
//! The t quantile is computed (the regularized incomplete beta function, inverted by bisection)
//! with `libm`, so the same numbers come out natively and in wasm.

use super::kpi::Direction;
use serde::{Deserialize, Serialize};

/// The two-sided confidence level of every interval.
pub const CONFIDENCE: f64 = 0.90;

/// A mean over seeds and its 90% interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// How many seeds the value exists in (a share without finished jobs has no p50).
    pub n: u32,
    /// The mean over those seeds.
    pub mean: f64,
    /// Lower end of the 90% interval; equal to `mean` when `n` is 1 (no interval from one run).
    pub lo: f64,
    /// Upper end of the 90% interval; equal to `mean` when `n` is 1.
    pub hi: f64,
}

impl Estimate {
    /// The mean and 90% t-interval of `values`; `None` when there are none.
    pub fn of(values: &[f64]) -> Option<Estimate> {
        let n = values.len();
        if n == 0 {
            return None;
        }
        let mean = values.iter().sum::<f64>() / n as f64;
        if n == 1 {
            return Some(Estimate {
                n: 1,
                mean,
                lo: mean,
                hi: mean,
            });
        }
        let squares: f64 = values.iter().map(|v| (v - mean) * (v - mean)).sum();
        let std_error = libm::sqrt(squares / (n - 1) as f64 / n as f64);
        let half = t_quantile(0.5 + CONFIDENCE / 2.0, (n - 1) as f64) * std_error;
        Some(Estimate {
            n: n as u32,
            mean,
            lo: mean - half,
            hi: mean + half,
        })
    }

    /// Whether the interval is a real interval (two or more seeds).
    pub fn has_interval(&self) -> bool {
        self.n >= 2
    }
}

/// How a variant compares with the baseline on one KPI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Significantly better (for a KPI where lower or higher is better).
    Better,
    /// Significantly worse.
    Worse,
    /// Significantly higher, on a KPI that is neither good nor bad (borrowed, lent).
    Higher,
    /// Significantly lower, on a neutral KPI.
    Lower,
    /// The 90% interval of the difference contains zero (or there is only one seed).
    NoClearDifference,
}

/// A paired difference `variant - baseline` over the seeds where both have the value.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Difference {
    /// Seeds paired.
    pub n: u32,
    /// Mean of the per-seed differences.
    pub mean: f64,
    /// Lower end of its 90% interval.
    pub lo: f64,
    /// Upper end of its 90% interval.
    pub hi: f64,
    /// True when the interval excludes zero (never with a single seed).
    pub significant: bool,
    /// What the difference means for this KPI.
    pub verdict: Verdict,
}

impl Difference {
    /// The paired difference of `pairs` (variant value, baseline value); `None` without pairs.
    pub fn paired(pairs: &[(f64, f64)], direction: Direction) -> Option<Difference> {
        let deltas: Vec<f64> = pairs.iter().map(|(x, base)| x - base).collect();
        let e = Estimate::of(&deltas)?;
        let significant = e.has_interval() && (e.lo > 0.0 || e.hi < 0.0);
        let up = e.mean > 0.0;
        let verdict = match direction {
            _ if !significant => Verdict::NoClearDifference,
            Direction::Neutral if up => Verdict::Higher,
            Direction::Neutral => Verdict::Lower,
            Direction::LowerIsBetter if up => Verdict::Worse,
            Direction::HigherIsBetter if !up => Verdict::Worse,
            _ => Verdict::Better,
        };
        Some(Difference {
            n: e.n,
            mean: e.mean,
            lo: e.lo,
            hi: e.hi,
            significant,
            verdict,
        })
    }
}

/// The `p` quantile of Student's t with `df` degrees of freedom, for `p` in (0.5, 1).
pub fn t_quantile(p: f64, df: f64) -> f64 {
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    while t_cdf(hi, df) < p {
        hi *= 2.0;
    }
    for _ in 0..80 {
        let mid = 0.5 * (lo + hi);
        if t_cdf(mid, df) < p {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// P(T <= t) for t >= 0.
fn t_cdf(t: f64, df: f64) -> f64 {
    1.0 - 0.5 * incomplete_beta(df / (df + t * t), df / 2.0, 0.5)
}

/// The regularized incomplete beta function I_x(a, b) (Numerical Recipes, `betai`).
fn incomplete_beta(x: f64, a: f64, b: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let front = libm::exp(
        libm::lgamma(a + b) - libm::lgamma(a) - libm::lgamma(b)
            + a * libm::log(x)
            + b * libm::log(1.0 - x),
    );
    if x < (a + 1.0) / (a + b + 2.0) {
        front * beta_continued_fraction(x, a, b) / a
    } else {
        1.0 - front * beta_continued_fraction(1.0 - x, b, a) / b
    }
}

/// Lentz's evaluation of the continued fraction of I_x(a, b).
fn beta_continued_fraction(x: f64, a: f64, b: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let mut c = 1.0;
    let mut d = 1.0 - (a + b) * x / (a + 1.0);
    d = 1.0 / if d.abs() < TINY { TINY } else { d };
    let mut h = d;
    for m in 1..=300 {
        let m = f64::from(m);
        for numerator in [
            m * (b - m) * x / ((a + 2.0 * m - 1.0) * (a + 2.0 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2.0 * m) * (a + 2.0 * m + 1.0)),
        ] {
            d = 1.0 + numerator * d;
            d = 1.0 / if d.abs() < TINY { TINY } else { d };
            c = 1.0 + numerator / c;
            if c.abs() < TINY {
                c = TINY;
            }
            h *= d * c;
        }
        if (d * c - 1.0).abs() < 1e-16 {
            break;
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two-sided 90% t quantiles (t at 0.95) from standard tables.
    #[test]
    fn t_quantiles_match_the_tables() {
        for (df, want) in [
            (1.0, 6.313_752),
            (2.0, 2.919_986),
            (4.0, 2.131_847),
            (9.0, 1.833_113),
            (19.0, 1.729_133),
            (30.0, 1.697_261),
            (199.0, 1.652_547),
        ] {
            let got = t_quantile(0.95, df);
            assert!((got - want).abs() < 2e-6, "df {df}: {got} vs {want}");
        }
    }

    /// 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample variance 32/7, standard error sqrt(32/56),
    /// t(0.95, 7) = 1.894579, so the half-width is 1.894579 x 0.755929 = 1.432167.
    #[test]
    fn mean_and_interval_of_a_known_list() {
        let e = Estimate::of(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]).unwrap();
        assert_eq!(e.n, 8);
        assert_eq!(e.mean, 5.0);
        assert!((e.hi - 6.432_167).abs() < 1e-5, "{e:?}");
        assert!((e.lo - 3.567_833).abs() < 1e-5, "{e:?}");
    }

    #[test]
    fn one_value_has_no_interval_and_none_has_no_estimate() {
        let e = Estimate::of(&[3.5]).unwrap();
        assert_eq!(
            (e.mean, e.lo, e.hi, e.has_interval()),
            (3.5, 3.5, 3.5, false)
        );
        assert_eq!(Estimate::of(&[]), None);
    }

    #[test]
    fn equal_pairs_give_exactly_zero_and_no_verdict() {
        let d = Difference::paired(
            &[(1.5, 1.5), (2.0, 2.0), (7.25, 7.25)],
            Direction::LowerIsBetter,
        )
        .unwrap();
        assert_eq!((d.mean, d.lo, d.hi), (0.0, 0.0, 0.0));
        assert!(!d.significant);
        assert_eq!(d.verdict, Verdict::NoClearDifference);
    }

    #[test]
    fn a_consistent_drop_is_better_when_lower_is_better() {
        let pairs = [(1.0, 2.0), (1.1, 2.0), (0.9, 2.1), (1.0, 1.9)];
        let lower = Difference::paired(&pairs, Direction::LowerIsBetter).unwrap();
        assert!(lower.significant && lower.hi < 0.0);
        assert_eq!(lower.verdict, Verdict::Better);
        let higher = Difference::paired(&pairs, Direction::HigherIsBetter).unwrap();
        assert_eq!(higher.verdict, Verdict::Worse);
        let neutral = Difference::paired(&pairs, Direction::Neutral).unwrap();
        assert_eq!(neutral.verdict, Verdict::Lower);
    }
}
