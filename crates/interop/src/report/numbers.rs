//! Numbers rounded for people (DESIGN.md: "2.4 h, not 2.4166666 h"), with units. Both renderers
//! show exactly these strings, so a test can look for the value as displayed.

/// Hours with one decimal: `2.4 h`.
pub fn hours(h: f64) -> String {
    format!("{h:.1} h")
}

/// An optional duration; `-` when there is none (no job succeeded).
pub fn maybe_hours(h: Option<f64>) -> String {
    h.map_or_else(|| "-".to_string(), hours)
}

/// Money in the scenario's currency, two decimals and thousands separators: `25,000.00 USD`.
pub fn money(amount: f64, currency: &str) -> String {
    let fixed = format!("{:.2}", amount.abs());
    let (whole, cents) = fixed.split_once('.').unwrap_or((&fixed, "00"));
    let mut grouped = String::new();
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    let sign = if amount < 0.0 && fixed != "0.00" {
        "-"
    } else {
        ""
    };
    format!("{sign}{grouped}.{cents} {currency}")
}

/// A fraction as a whole percentage: `93%`.
pub fn percent(fraction: f64) -> String {
    format!("{:.0}%", fraction * 100.0)
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
    fn money_groups_thousands() {
        assert_eq!(money(25000.0, "USD"), "25,000.00 USD");
        assert_eq!(money(41.2, "EUR"), "41.20 EUR");
        assert_eq!(money(1234567.891, "USD"), "1,234,567.89 USD");
    }

    #[test]
    fn hours_have_one_decimal() {
        assert_eq!(hours(2.4166666), "2.4 h");
        assert_eq!(maybe_hours(None), "-");
    }
}
