//! Splitting trace files into numbered rows and fields, and reading numbers with messages that
//! say which column was wrong.

/// The data lines of a file with their 1-based line numbers, skipping blank lines and lines that
/// start with `comment` (SWF's `;`).
pub fn lines<'a>(
    text: &'a str,
    comment: Option<char>,
) -> impl Iterator<Item = (usize, &'a str)> + 'a {
    text.lines().enumerate().filter_map(move |(i, line)| {
        let line = line.trim_end_matches('\r');
        let trimmed = line.trim();
        if trimmed.is_empty() || comment.is_some_and(|c| trimmed.starts_with(c)) {
            None
        } else {
            Some((i + 1, line))
        }
    })
}

/// Splits one CSV line. The traces here quote nothing, but a quoted field is still read whole.
pub fn csv_fields(line: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(std::mem::take(&mut field)),
            _ => field.push(c),
        }
    }
    fields.push(field);
    fields
}

/// A number from a named column, or a message naming the column and the text found.
pub fn number<T: std::str::FromStr>(text: &str, column: &str) -> Result<T, String> {
    text.trim().parse::<T>().map_err(|_| {
        format!(
            "column {column}: expected a number, found \"{}\"",
            text.trim()
        )
    })
}

/// A finite floating-point number from a named column.
pub fn real(text: &str, column: &str) -> Result<f64, String> {
    let value: f64 = number(text, column)?;
    if value.is_finite() {
        Ok(value)
    } else {
        Err(format!(
            "column {column}: expected a finite number, found \"{}\"",
            text.trim()
        ))
    }
}

/// Hours rounded to the thousandth (3.6 s), so imported scenarios stay readable; never 0 for a
/// positive duration.
pub fn hours(seconds: f64) -> f64 {
    (seconds / 3600.0 * 1000.0).round() / 1000.0
}

/// A positive duration in hours, at least 0.001.
pub fn duration_hours(seconds: f64) -> f64 {
    hours(seconds).max(0.001)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_reads_quoted_commas() {
        assert_eq!(csv_fields("a,\"b,c\",,d"), ["a", "b,c", "", "d"]);
    }

    #[test]
    fn lines_are_numbered_from_one_and_skip_comments() {
        let rows: Vec<_> = lines("; head\n\n1 2\n", Some(';')).collect();
        assert_eq!(rows, [(3, "1 2")]);
    }
}
