//! Kubernetes quantities ("500m", "64Gi", "8", "1e3"), as Kueue's quotas and requests are written
//! (docs/KUEUE.md, "Quantities").
//!
//! A quantity is kept exactly, in billionths of a unit (Kubernetes' finest suffix is `n`), with
//! the notation it was written in, so it is shown again the way Kubernetes shows it: canonical,
//! in the same notation ("1000m" reads back as "1", "1024Mi" as "1Gi"). Kueue does its
//! arithmetic in whole numbers per resource, milli-units for `cpu` and units, rounded up, for
//! everything else (Kueue's `resources.ResourceValue`); [`Quantity::amount_of`] gives that number.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Billionths of a unit in one unit.
const NANOS: i128 = 1_000_000_000;
/// The largest quantity accepted: 2^53 units, far beyond any cluster and exact in a JSON number.
const MAX_UNITS: i128 = 1 << 53;

/// How a quantity was written, which decides how it is written back (Kubernetes keeps it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Powers of 1000 with SI suffixes: `m`, none, `k`, `M`, `G`, `T`, `P`, `E` (and `n`, `u`).
    DecimalSi,
    /// Powers of 1024: `Ki`, `Mi`, `Gi`, `Ti`, `Pi`, `Ei`.
    BinarySi,
    /// A decimal exponent: `1e3`, `5E-3`.
    DecimalExponent,
}

/// A Kubernetes quantity, exact. Two quantities are equal when their values are, whatever
/// their notation ("0.5Ki" is "512"), as in Kubernetes.
#[derive(Debug, Clone, Copy)]
pub struct Quantity {
    nanos: i128,
    notation: Notation,
}

impl PartialEq for Quantity {
    fn eq(&self, other: &Self) -> bool {
        self.nanos == other.nanos
    }
}

impl Eq for Quantity {}

impl std::hash::Hash for Quantity {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.nanos.hash(state);
    }
}

impl PartialOrd for Quantity {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Quantity {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.nanos.cmp(&other.nanos)
    }
}

/// Why a text is not a quantity.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuantityError {
    /// Empty text.
    #[error("a quantity cannot be empty; write a number such as \"8\", \"500m\" or \"64Gi\"")]
    Empty,
    /// Not the shape of a quantity.
    #[error("\"{0}\" is not a Kubernetes quantity; write a number with an optional suffix (m, k, M, G, Ki, Mi, Gi, ...), such as \"500m\" or \"64Gi\"")]
    Malformed(String),
    /// Negative, which no quota or request may be.
    #[error("\"{0}\" is negative; quotas and requests are 0 or more")]
    Negative(String),
    /// Beyond what the engine keeps exactly.
    #[error("\"{0}\" is too large; the most is 2^53 units")]
    TooLarge(String),
}

impl Quantity {
    /// Whole units, in decimal notation ("8").
    pub fn units(n: u64) -> Quantity {
        Quantity {
            nanos: i128::from(n) * NANOS,
            notation: Notation::DecimalSi,
        }
    }

    /// Milli-units, in decimal notation ("500m").
    pub fn millis(n: u64) -> Quantity {
        Quantity {
            nanos: i128::from(n) * (NANOS / 1000),
            notation: Notation::DecimalSi,
        }
    }

    /// Zero.
    pub fn zero() -> Quantity {
        Quantity::units(0)
    }

    /// Parses Kubernetes' quantity syntax: a decimal number, then a suffix or an exponent.
    pub fn parse(text: &str) -> Result<Quantity, QuantityError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(QuantityError::Empty);
        }
        let malformed = || QuantityError::Malformed(text.to_string());
        let (sign, unsigned) = match text.as_bytes()[0] {
            b'-' => (-1, &text[1..]),
            b'+' => (1, &text[1..]),
            _ => (1, text),
        };
        let number_end = unsigned
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(unsigned.len());
        let (number, suffix) = unsigned.split_at(number_end);
        let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
        if (whole.is_empty() && fraction.is_empty()) || fraction.contains('.') {
            return Err(malformed());
        }
        let (notation, scale) = suffix_scale(suffix).ok_or_else(malformed)?;
        let digits = format!("{whole}{fraction}");
        let digits = digits.trim_start_matches('0');
        if digits.len() > 30 {
            return Err(QuantityError::TooLarge(text.to_string()));
        }
        let mantissa: i128 = if digits.is_empty() {
            0
        } else {
            digits.parse().map_err(|_| malformed())?
        };
        let nanos = scale
            .apply(mantissa, fraction.len() as i32)
            .ok_or_else(|| QuantityError::TooLarge(text.to_string()))?;
        if sign < 0 && nanos > 0 {
            return Err(QuantityError::Negative(text.to_string()));
        }
        if nanos > MAX_UNITS * NANOS {
            return Err(QuantityError::TooLarge(text.to_string()));
        }
        Ok(Quantity { nanos, notation })
    }

    /// The number Kueue computes with for `resource`: milli-units for `cpu`, whole units
    /// rounded up for every other resource (Kueue's `resources.ResourceValue`).
    pub fn amount_of(&self, resource: &str) -> i64 {
        let per = if resource == "cpu" {
            NANOS / 1000
        } else {
            NANOS
        };
        // Exact and in range: MAX_UNITS bounds nanos.
        ((self.nanos + per - 1) / per) as i64
    }

    /// The quantity Kueue's `amount` of `resource` stands for (the inverse of `amount_of`), in
    /// the notation Kueue prints it in: binary for memory, storage and huge pages.
    pub fn from_amount(resource: &str, amount: i64) -> Quantity {
        let amount = amount.max(0) as u64;
        if resource == "cpu" {
            return Quantity::millis(amount);
        }
        let binary = matches!(resource, "memory" | "ephemeral-storage")
            || resource.starts_with("hugepages-");
        Quantity {
            notation: if binary {
                Notation::BinarySi
            } else {
                Notation::DecimalSi
            },
            ..Quantity::units(amount)
        }
    }

    /// The sum, in this quantity's notation, at most the largest quantity (2^53 units): a pod's
    /// requests are its containers' added up (Kubernetes' rule).
    pub fn plus(&self, other: &Quantity) -> Quantity {
        Quantity {
            nanos: (self.nanos + other.nanos).min(MAX_UNITS * NANOS),
            notation: self.notation,
        }
    }

    /// The value as a float of units, for charts and costs (never for quota arithmetic).
    pub fn as_f64(&self) -> f64 {
        self.nanos as f64 / NANOS as f64
    }

    /// Whether it is zero.
    pub fn is_zero(&self) -> bool {
        self.nanos == 0
    }

    /// How it was written.
    pub fn notation(&self) -> Notation {
        self.notation
    }
}

/// What a suffix multiplies by.
#[derive(Clone, Copy)]
enum Scale {
    /// 10^exponent.
    Decimal(i32),
    /// 1024^power.
    Binary(u32),
}

impl Scale {
    /// `mantissa / 10^fraction_digits * scale`, in nanos; `None` when it overflows or when the
    /// result has finer precision than a nano (Kubernetes rounds those up; so do we).
    fn apply(self, mantissa: i128, fraction_digits: i32) -> Option<i128> {
        let mut value = mantissa;
        let mut exponent: i32 = 9 - fraction_digits; // to nanos
        if let Scale::Binary(power) = self {
            value = value.checked_mul(1024_i128.checked_pow(power)?)?;
        } else if let Scale::Decimal(e) = self {
            exponent += e;
        }
        if exponent >= 0 {
            value.checked_mul(10_i128.checked_pow(exponent as u32)?)
        } else {
            let divisor = 10_i128.checked_pow((-exponent) as u32)?;
            Some((value + divisor - 1) / divisor)
        }
    }
}

fn suffix_scale(suffix: &str) -> Option<(Notation, Scale)> {
    use Notation::*;
    let decimal = |e| Some((DecimalSi, Scale::Decimal(e)));
    match suffix {
        "n" => decimal(-9),
        "u" => decimal(-6),
        "m" => decimal(-3),
        "" => decimal(0),
        "k" => decimal(3),
        "M" => decimal(6),
        "G" => decimal(9),
        "T" => decimal(12),
        "P" => decimal(15),
        "E" => decimal(18),
        "Ki" => Some((BinarySi, Scale::Binary(1))),
        "Mi" => Some((BinarySi, Scale::Binary(2))),
        "Gi" => Some((BinarySi, Scale::Binary(3))),
        "Ti" => Some((BinarySi, Scale::Binary(4))),
        "Pi" => Some((BinarySi, Scale::Binary(5))),
        "Ei" => Some((BinarySi, Scale::Binary(6))),
        _ => {
            let exponent = suffix.strip_prefix(['e', 'E'])?;
            let e: i32 = exponent.parse().ok()?;
            (-9..=18)
                .contains(&e)
                .then_some((DecimalExponent, Scale::Decimal(e)))
        }
    }
}

impl fmt::Display for Quantity {
    /// Kubernetes' canonical form in the quantity's own notation: the largest suffix that keeps
    /// the number whole; a binary quantity that is not a whole number of bytes reads in decimal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.nanos == 0 {
            return f.pad("0");
        }
        if self.notation == Notation::BinarySi && self.nanos % NANOS == 0 {
            let mut units = self.nanos / NANOS;
            let mut power = 0;
            while power < 6 && units % 1024 == 0 {
                units /= 1024;
                power += 1;
            }
            let suffix = ["", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"][power];
            return f.pad(&format!("{units}{suffix}"));
        }
        // Decimal: the largest multiple of three as the exponent, from nano up to exa.
        let mut exponent = -9;
        let mut mantissa = self.nanos;
        while exponent < 18 && mantissa % 1000 == 0 {
            mantissa /= 1000;
            exponent += 3;
        }
        let suffix = if self.notation == Notation::DecimalExponent {
            if exponent == 0 {
                String::new()
            } else {
                format!("e{exponent}")
            }
        } else {
            match exponent {
                -9 => "n",
                -6 => "u",
                -3 => "m",
                0 => "",
                3 => "k",
                6 => "M",
                9 => "G",
                12 => "T",
                15 => "P",
                _ => "E",
            }
            .to_string()
        };
        f.pad(&format!("{mantissa}{suffix}"))
    }
}

impl std::str::FromStr for Quantity {
    type Err = QuantityError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Quantity::parse(s)
    }
}

impl Serialize for Quantity {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Quantity {
    /// A string in quantity syntax, or a plain JSON number (YAML writes `8` as a number).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(QuantityVisitor)
    }
}

/// Reads a quantity from a string or a number; anything else is refused with what is allowed,
/// so that the loader's error names the field's path and the remedy (docs/FORMAT.md, "Kueue").
struct QuantityVisitor;

impl QuantityVisitor {
    fn parsed<E: serde::de::Error>(text: &str) -> Result<Quantity, E> {
        Quantity::parse(text).map_err(E::custom)
    }
}

impl serde::de::Visitor<'_> for QuantityVisitor {
    type Value = Quantity;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(
            "a Kubernetes quantity: a string such as \"8\", \"500m\" or \"64Gi\", or a number",
        )
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Quantity, E> {
        Self::parsed(text)
    }

    fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Quantity, E> {
        Self::parsed(&n.to_string())
    }

    fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Quantity, E> {
        Self::parsed(&n.to_string())
    }

    fn visit_f64<E: serde::de::Error>(self, x: f64) -> Result<Quantity, E> {
        Self::parsed(&format!("{x}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(text: &str) -> Quantity {
        Quantity::parse(text).unwrap()
    }

    #[test]
    fn kueue_computes_cpu_in_millis_and_the_rest_in_whole_units_rounded_up() {
        assert_eq!(q("500m").amount_of("cpu"), 500);
        assert_eq!(q("2").amount_of("cpu"), 2000);
        assert_eq!(q("64Gi").amount_of("memory"), 64 << 30);
        assert_eq!(q("500m").amount_of("memory"), 1);
        assert_eq!(q("8").amount_of("nvidia.com/gpu"), 8);
        assert_eq!(q("1.5k").amount_of("pods"), 1500);
        assert_eq!(q("1e3").amount_of("pods"), 1000);
    }

    #[test]
    fn shown_again_as_kubernetes_writes_them() {
        for (written, shown) in [
            ("1000m", "1"),
            ("1500m", "1500m"),
            ("0.5", "500m"),
            ("1024Mi", "1Gi"),
            ("1536Mi", "1536Mi"),
            ("1.5Gi", "1536Mi"),
            ("64Gi", "64Gi"),
            ("2000", "2k"),
            ("8", "8"),
            ("1e3", "1e3"),
            ("0", "0"),
            ("0.5Ki", "512"),
            ("12.5m", "12500u"),
        ] {
            assert_eq!(q(written).to_string(), shown, "{written}");
            assert_eq!(
                q(shown),
                q(written),
                "{shown} parses back to the same value"
            );
        }
    }

    #[test]
    fn bad_quantities_say_what_is_allowed() {
        assert_eq!(Quantity::parse(""), Err(QuantityError::Empty));
        for bad in ["abc", "5x", "1.2.3", ".", "Gi", "5 Gi", "1e99"] {
            assert!(
                matches!(Quantity::parse(bad), Err(QuantityError::Malformed(_))),
                "{bad}"
            );
        }
        assert!(matches!(
            Quantity::parse("-1"),
            Err(QuantityError::Negative(_))
        ));
        assert!(matches!(
            Quantity::parse("100Ei"),
            Err(QuantityError::TooLarge(_))
        ));
        assert_eq!(q("-0"), Quantity::zero());
    }

    #[test]
    fn sums_keep_the_first_notation() {
        assert_eq!(q("500m").plus(&q("1.5")).to_string(), "2");
        assert_eq!(q("1Gi").plus(&q("512Mi")).to_string(), "1536Mi");
        assert_eq!(
            q("8P").plus(&q("8P")),
            q("8P").plus(&q("8P")).plus(&q("1")),
            "capped"
        );
    }

    #[test]
    fn json_numbers_and_strings_read_alike() {
        let from_number: Quantity = serde_json::from_str("8").unwrap();
        let from_text: Quantity = serde_json::from_str("\"8\"").unwrap();
        assert_eq!(from_number, from_text);
        let half: Quantity = serde_json::from_str("0.5").unwrap();
        assert_eq!(half.amount_of("cpu"), 500);
        assert_eq!(serde_json::to_string(&q("64Gi")).unwrap(), "\"64Gi\"");
        let negative: Result<Quantity, _> = serde_json::from_str("-2");
        assert!(negative.unwrap_err().to_string().contains("negative"));
    }

    #[test]
    fn other_json_values_say_what_a_quantity_is() {
        for bad in ["true", "[8]", "{}", "null"] {
            let error = serde_json::from_str::<Quantity>(bad)
                .unwrap_err()
                .to_string();
            assert!(error.contains("a Kubernetes quantity"), "{bad}: {error}");
        }
    }
}
