//! Numbers for people (DESIGN.md "Visual language"): rounded, with units; the exact value goes in
//! a tooltip.

/// Hours, rounded to what a person reads: "42 s" is never shown; "0.25 h", "2.4 h", "130 h".
pub fn hours(h: f64) -> String {
    format!("{} h", round_for_people(h))
}

/// Money in the scenario's currency: "$1,204" or "1,204 EUR".
pub fn money(amount: f64, currency: &str) -> String {
    // Sums of float costs can land on -0.0 or a hair below zero; nobody pays "-$0.00".
    let amount = if amount.abs() < 0.005 { 0.0 } else { amount };
    let rounded = if amount.abs() >= 100.0 {
        grouped(amount.round())
    } else {
        format!("{amount:.2}")
    };
    if currency == "USD" {
        format!("${rounded}")
    } else {
        format!("{rounded} {currency}")
    }
}

/// A count with thousands separators: "12,000".
pub fn count(n: u64) -> String {
    grouped(n as f64)
}

/// A number with 2 significant digits below 10, one decimal below 100, none above. What rounds
/// to zero reads "0", never "-0".
pub fn round_for_people(x: f64) -> String {
    let a = x.abs();
    if a < 0.005 {
        "0".into()
    } else if a < 10.0 {
        trim_zeros(&format!("{x:.2}"))
    } else if a < 100.0 {
        trim_zeros(&format!("{x:.1}"))
    } else {
        grouped(x.round())
    }
}

/// The exact value, for a tooltip.
pub fn exact(x: f64) -> String {
    format!("{x}")
}

fn trim_zeros(s: &str) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        s.to_owned()
    }
}

fn grouped(x: f64) -> String {
    let digits = format!("{:.0}", x.abs());
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if x < 0.0 {
        format!("-{out}")
    } else {
        out
    }
}

/// A string as one CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A
/// leading `=`, `+`, `-` or `@` is prefixed with `'` so spreadsheets do not run user-typed names
/// as formulas.
pub fn csv_field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@']) {
        format!("'{s}")
    } else {
        s.to_owned()
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_for_people() {
        assert_eq!(hours(2.4166666), "2.42 h");
        assert_eq!(hours(42.26), "42.3 h");
        assert_eq!(hours(1234.4), "1,234 h");
        assert_eq!(money(12345.6, "USD"), "$12,346");
        assert_eq!(money(12.5, "EUR"), "12.50 EUR");
        assert_eq!(hours(-0.001), "0 h", "never \u{2212}0 h");
        assert_eq!(round_for_people(-0.0), "0");
    }

    #[test]
    fn csv_fields_are_quoted_and_defused() {
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("=cmd()"), "'=cmd()");
    }
}
