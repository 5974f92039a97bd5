//! Upper bounds on money and rates (docs/FORMAT.md, "Limits"). Costs are products of a price, an
//! instance count and hours, summed over up to `MAX_JOBS` jobs; with every factor at its bound
//! the sum stays far below `f64::MAX`, so a result never holds an infinite cost.

use crate::diagnostic::Report;
use std::fmt::Display;

/// On-demand price per instance-hour, in the scenario's currency.
pub const MAX_PRICE_PER_H: f64 = 1.0e6;
/// Spot price as a fraction of on-demand; above 1 models a spot premium.
pub const MAX_PRICE_FACTOR: f64 = 100.0;
/// A training plan's upfront cost.
pub const MAX_UPFRONT_COST: f64 = 1.0e12;
/// Spot interruptions per instance-hour: one a second.
pub const MAX_INTERRUPTIONS_PER_H: f64 = 3600.0;
/// Poisson arrivals per hour: one a millisecond.
pub const MAX_ARRIVALS_PER_H: f64 = 3.6e6;
/// Memory per accelerator, in GiB.
pub const MAX_ACCELERATOR_MEMORY_GIB: f64 = 1.0e6;
/// Relative speed per accelerator (A10G = 1); durations derive from ratios of speeds.
pub const MAX_SPEED: f64 = 1.0e6;

/// Instances: in any one count (a pool, a plan, a job's entry, a share's `max_capacity`), and of
/// one type over all its pools together. The engine counts instances in `u32`; with 20 shares
/// and every pool at this bound no sum of counts comes near `u32::MAX`.
pub const MAX_INSTANCES: u32 = 1_000_000;

/// A count of instances no larger than [`MAX_INSTANCES`].
pub(crate) fn check_count(report: &mut Report, path: &dyn Display, count: u32) {
    if count > MAX_INSTANCES {
        report.error(
            path.to_string(),
            format!("at most {MAX_INSTANCES} instances; this is {count}"),
        );
    }
}

/// A count of instances from 1 to [`MAX_INSTANCES`]: a pool, plan, job or share limit of none
/// would hold or run nothing, so 0 is refused with `zero`, which says so in the field's own words.
pub(crate) fn check_instances(report: &mut Report, path: &dyn Display, count: u32, zero: &str) {
    if count == 0 {
        report.error(path.to_string(), zero);
    }
    check_count(report, path, count);
}

/// An amount from 0 to `max`: finite, not negative, not above the bound. The message names the
/// allowed range so the user can see how far off the value is.
pub(crate) fn check_amount(
    report: &mut Report,
    path: &dyn Display,
    value: f64,
    what: &str,
    max: f64,
) {
    if !(value.is_finite() && (0.0..=max).contains(&value)) {
        let message = format!("{what} must be a number from 0 to {}", bound(max));
        report.error(path.to_string(), message);
    }
}

/// A number more than 0 and at most `max`.
pub(crate) fn check_positive(
    report: &mut Report,
    path: &dyn Display,
    value: f64,
    what: &str,
    max: f64,
) {
    if !(value.is_finite() && value > 0.0 && value <= max) {
        let message = format!("{what} must be more than 0 and at most {}", bound(max));
        report.error(path.to_string(), message);
    }
}

/// A bound as people write it: `100`, `3600`, `1e6`, `1e12`.
fn bound(max: f64) -> String {
    if max >= 1.0e6 {
        format!("{max:e}")
    } else {
        format!("{max}")
    }
}
