//! Amounts the result reports (costs, hours, lost work) are never negative zero.
//!
//! `-0.0` reaches a result two ways: a user writes a price, factor or cost of `-0.0` (it passes
//! the "0 or more" check, since `-0.0 == 0.0`), or an empty list is summed with `Iterator::sum`,
//! which starts from `-0.0` for floats. Either way the JSON says `-0.0` and the app shows
//! "-0.00 USD". The engine produces its amounts through these two functions instead.

/// `value`, with negative zero made positive; every other value unchanged.
pub fn normalise_zero(value: f64) -> f64 {
    if value == 0.0 {
        0.0
    } else {
        value
    }
}

/// The sum of `values` from `+0.0`, so an empty or all-zero sum is `0.0`. For any other input the
/// bits are those of `Iterator::sum` (adding `+0.0` first changes only the sign of a zero).
pub fn total(values: impl IntoIterator<Item = f64>) -> f64 {
    normalise_zero(values.into_iter().fold(0.0, |sum, v| sum + v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negative_zero_becomes_positive_zero() {
        assert!(normalise_zero(-0.0).is_sign_positive());
        assert_eq!(normalise_zero(-1.5), -1.5);
    }

    #[test]
    fn an_empty_total_is_positive_zero() {
        assert!(std::iter::empty::<f64>().sum::<f64>().is_sign_negative());
        assert!(total(std::iter::empty()).is_sign_positive());
        assert!(total([-0.0, -0.0]).is_sign_positive());
    }

    #[test]
    fn a_total_keeps_the_bits_of_the_plain_sum() {
        let values = [0.1, 0.2, 1e-17, 3.0, 7.25];
        assert_eq!(
            total(values).to_bits(),
            values.iter().sum::<f64>().to_bits()
        );
    }
}
