//! Numbers for people (docs/DESIGN.md "Visual language"): rounded, with units, by the engine's one
//! formatter (`quotalab_engine::result::numbers`); the exact value goes in a tooltip.

pub use quotalab_engine::result::numbers::{
    count, counted, duration, hours, money, percent, round_for_people,
};

/// The exact value, for a tooltip.
pub fn exact(x: f64) -> String {
    format!("{x}")
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
    fn csv_fields_are_quoted_and_defused() {
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("=cmd()"), "'=cmd()");
    }
}
