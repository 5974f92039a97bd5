//! The two clocks of the documents: AWS Batch's `Long` epoch milliseconds, and the ISO 8601
//! text the AWS CLI prints for SageMaker's `timestamp` and Kubernetes writes for its times.
//! Everything is turned into epoch milliseconds; the scenario's hours count from the earliest
//! submission (docs/ACCOUNT.md, "Time").

use serde_json::Value;

/// Epoch milliseconds from a JSON number (Batch `Long`) or an ISO 8601 string.
pub fn millis(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => n
            .as_i64()
            .or_else(|| n.as_f64().filter(|f| f.is_finite()).map(|f| f as i64)),
        Value::String(s) => iso8601(s),
        _ => None,
    }
}

/// `2026-03-01T10:00:00Z`, `2026-03-01T10:00:00.123456+00:00`, `2026-03-01 10:00:00+01:00`.
pub fn iso8601(text: &str) -> Option<i64> {
    let s = text.trim();
    let date = s.get(..10)?;
    let mut parts = date.split('-');
    let year: i64 = parts.next()?.parse().ok()?;
    let month: i64 = parts.next()?.parse().ok()?;
    let day: i64 = parts.next()?.parse().ok()?;
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return None;
    }
    let rest = s.get(10..)?;
    let rest = rest.strip_prefix(['T', 't', ' ']).unwrap_or(rest);
    let (clock, offset_min) = split_offset(rest)?;
    let mut hms = clock.split(':');
    let hour: i64 = hms
        .next()
        .filter(|h| !h.is_empty())
        .unwrap_or("0")
        .parse()
        .ok()?;
    let minute: i64 = hms.next().unwrap_or("0").parse().ok()?;
    let seconds: f64 = hms.next().unwrap_or("0").parse().ok()?;
    if hour > 23 || minute > 59 || !(0.0..61.0).contains(&seconds) {
        return None;
    }
    let days = days_from_civil(year, month, day);
    let ms = ((days * 24 + hour) * 60 + minute - offset_min) * 60_000
        + (seconds * 1000.0).round() as i64;
    Some(ms)
}

/// The clock part and the offset from UTC in minutes (`Z`, `+hh:mm`, `-hhmm`, or none: UTC).
fn split_offset(rest: &str) -> Option<(&str, i64)> {
    if let Some(clock) = rest.strip_suffix(['Z', 'z']) {
        return Some((clock, 0));
    }
    match rest.rfind(['+', '-']) {
        Some(i) => {
            let (clock, offset) = rest.split_at(i);
            let sign = if offset.starts_with('-') { -1 } else { 1 };
            let digits: String = offset[1..].chars().filter(|c| *c != ':').collect();
            if digits.len() != 4 {
                return None;
            }
            let hours: i64 = digits[..2].parse().ok()?;
            let minutes: i64 = digits[2..].parse().ok()?;
            Some((clock, sign * (hours * 60 + minutes)))
        }
        None => Some((rest, 0)),
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Epoch milliseconds as ISO 8601 UTC with milliseconds, for the scenario's description and
/// for writing describe-style documents in tests.
pub fn to_iso8601(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    let of_day = ms.rem_euclid(86_400_000);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        of_day / 3_600_000,
        of_day / 60_000 % 60,
        of_day / 1000 % 60,
        of_day % 1000
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iso8601_reads_utc_offsets_and_fractions() {
        assert_eq!(iso8601("1970-01-01T00:00:00Z"), Some(0));
        assert_eq!(iso8601("1970-01-01T01:00:00+01:00"), Some(0));
        assert_eq!(
            iso8601("2026-03-01T10:00:00.250000+00:00"),
            Some(1_772_359_200_250)
        );
        assert_eq!(iso8601("2026-03-01"), Some(1_772_323_200_000));
        assert_eq!(iso8601("not a time"), None);
        assert_eq!(iso8601("2026-13-01T00:00:00Z"), None);
        assert_eq!(iso8601("2026-"), None);
    }

    #[test]
    fn iso8601_round_trips() {
        for ms in [0, 1_772_359_200_250, 951_782_400_000, -86_400_000] {
            assert_eq!(iso8601(&to_iso8601(ms)), Some(ms));
        }
    }
}
