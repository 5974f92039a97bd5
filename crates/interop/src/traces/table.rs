//! Splitting a trace's rows into fields, and reading numbers with messages that say which column
//! was wrong.

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_reads_quoted_commas() {
        assert_eq!(csv_fields("a,\"b,c\",,d"), ["a", "b,c", "", "d"]);
    }
}
