//! Numbers for people, the one formatter the app, the report and the CLI summary share: rounded
//! ("2.4 h", not "2.4166666 h"), thousands grouped, money in the scenario's currency ("$1,204",
//! "12.50 EUR"). JSON keeps the exact numbers; these are for reading. A value that rounds to zero
//! never shows a sign: sums of float costs land on -0.0 or a hair below zero, and nobody pays
//! "-$0.00".

/// Money in `currency`: whole units from 100 up ("$1,204"), cents below ("$12.50"); a dollar
/// sign for USD, the code after the number otherwise ("1,204 EUR").
pub fn money(amount: f64, currency: &str) -> String {
    let rounded = if amount.abs() >= 99.995 {
        grouped(amount.round())
    } else {
        unsigned_zero(format!("{amount:.2}"))
    };
    if currency == "USD" {
        match rounded.strip_prefix('-') {
            Some(positive) => format!("-${positive}"),
            None => format!("${rounded}"),
        }
    } else {
        format!("{rounded} {currency}")
    }
}

/// A count with thousands separators: "12,000".
pub fn count(n: u64) -> String {
    grouped(n as f64)
}

/// A count of things, the noun in the plural unless there is one: "1 step", "1,246 simulations".
pub fn counted(n: u64, noun: &str) -> String {
    format!("{} {noun}{}", count(n), if n == 1 { "" } else { "s" })
}

/// Two decimals below 10, one below 100, none above, trailing zeros dropped: "0.25", "42.3",
/// "1,234".
pub fn round_for_people(x: f64) -> String {
    let a = x.abs();
    if a < 9.995 {
        trim_zeros(&unsigned_zero(format!("{x:.2}")))
    } else if a < 99.95 {
        trim_zeros(&format!("{x:.1}"))
    } else {
        grouped(x.round())
    }
}

/// Hours, rounded for people: "2.42 h", "130 h".
pub fn hours(h: f64) -> String {
    format!("{} h", round_for_people(h))
}

/// A duration given in hours, in the unit that keeps two significant digits: "45 s", "2.5 min",
/// "1.3 h", "65 h". Short jobs' waits are seconds or minutes, and "0.0 h" would hide them
/// (docs/CLI.md, "run"). A unit is left for the next as soon as the value would round to 60 of it.
pub fn duration(h: f64) -> String {
    let seconds = h * 3600.0;
    if seconds.abs() < 59.5 {
        format!("{} s", significant(seconds))
    } else if seconds.abs() < 59.5 * 60.0 {
        format!("{} min", significant(seconds / 60.0))
    } else {
        format!("{} h", significant(h))
    }
}

/// At least two significant digits: one decimal from 1 to 10, two below 1, whole numbers (grouped)
/// from 10 up; trailing zeros dropped.
fn significant(x: f64) -> String {
    let a = x.abs();
    if a < 0.995 {
        trim_zeros(&unsigned_zero(format!("{x:.2}")))
    } else if a < 9.95 {
        trim_zeros(&unsigned_zero(format!("{x:.1}")))
    } else {
        grouped(x.round())
    }
}

/// A fraction as a percentage, rounded for people: "93.4%".
pub fn percent(fraction: f64) -> String {
    format!("{}%", round_for_people(fraction * 100.0))
}

/// `text` without its minus sign when every digit is 0 ("-0.00" is "0.00").
fn unsigned_zero(text: String) -> String {
    match text.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| matches!(c, '0' | '.' | ',')) => rest.to_owned(),
        _ => text,
    }
}

fn trim_zeros(s: &str) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        s.to_owned()
    }
}

/// A whole number with thousands separators; no sign on zero.
fn grouped(x: f64) -> String {
    let digits = format!("{:.0}", x.abs());
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if x < 0.0 && digits != "0" {
        format!("-{out}")
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_of_things_is_singular_only_for_one() {
        assert_eq!(counted(1, "step"), "1 step");
        assert_eq!(counted(0, "step"), "0 steps");
        assert_eq!(counted(1246, "simulation"), "1,246 simulations");
    }

    #[test]
    fn durations_keep_two_significant_digits_in_their_unit() {
        let s = 1.0 / 3600.0;
        assert_eq!(duration(0.0), "0 s");
        assert_eq!(duration(s), "1 s");
        assert_eq!(duration(3.6 * s), "3.6 s");
        assert_eq!(duration(45.0 * s), "45 s");
        assert_eq!(duration(59.7 * s), "1 min");
        assert_eq!(duration(104.0 * s), "1.7 min");
        assert_eq!(duration(387.0 * s), "6.5 min");
        assert_eq!(duration(0.9999), "1 h");
        assert_eq!(duration(1.26), "1.3 h");
        assert_eq!(duration(65.0), "65 h");
        assert_eq!(duration(1234.4), "1,234 h");
        assert_eq!(duration(-0.0), "0 s");
        assert_eq!(duration(0.4 * s), "0.4 s");
    }

    #[test]
    fn money_reads_as_people_write_it() {
        assert_eq!(money(12345.6, "USD"), "$12,346");
        assert_eq!(money(1204.0, "USD"), "$1,204");
        assert_eq!(money(12.5, "EUR"), "12.50 EUR");
        assert_eq!(money(99.999, "USD"), "$100");
        assert_eq!(money(-1500.0, "USD"), "-$1,500");
        assert_eq!(money(-2.5, "EUR"), "-2.50 EUR");
    }

    #[test]
    fn zero_never_carries_a_sign() {
        for x in [-0.0, -0.001, -0.004_999, 0.0] {
            assert_eq!(money(x, "USD"), "$0.00", "{x}");
            assert_eq!(money(x, "EUR"), "0.00 EUR", "{x}");
            assert_eq!(round_for_people(x), "0", "{x}");
        }
        assert_eq!(round_for_people(-0.4), "-0.4");
        assert_eq!(hours(-0.0001), "0 h");
        assert_eq!(percent(-0.0), "0%");
        assert_eq!(count(0), "0");
    }

    #[test]
    fn numbers_are_rounded_for_people() {
        assert_eq!(hours(2.4166666), "2.42 h");
        assert_eq!(hours(42.26), "42.3 h");
        assert_eq!(hours(1234.4), "1,234 h");
        assert_eq!(round_for_people(9.999), "10");
        assert_eq!(round_for_people(99.96), "100");
        assert_eq!(percent(0.934), "93.4%");
        assert_eq!(count(1_234_567), "1,234,567");
    }
}
