//! Splitting a trace's rows into fields, and reading numbers with messages that say which column
//! was wrong: a bad row's [`RowError`], shown after its file and line (docs/TRACES.md, "What
//! every import shares").

/// Why a trace's row could not be read, in the words the report shows after `file:line:`.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RowError {
    /// Too few or too many fields; `expected` names them ("7 tab-separated fields (...)").
    #[error("expected {expected}, found {found}")]
    Fields {
        expected: &'static str,
        found: usize,
    },
    /// Not a number where one is needed.
    #[error("column {column}: expected a number, found \"{found}\"")]
    NotANumber { column: String, found: String },
    /// A number, but infinite or NaN.
    #[error("column {column}: expected a finite number, found \"{found}\"")]
    NotFinite { column: String, found: String },
    /// Not one of the words the column allows.
    #[error("column {column}: expected {allowed}, found \"{found}\"")]
    NotOneOf {
        column: &'static str,
        allowed: &'static str,
        found: String,
    },
    /// Philly: a job type the throughput table has no row for on any GPU type mapped.
    #[error("job type \"{job_type}\" has no throughput for any mapped GPU type")]
    NoThroughput { job_type: String },
    /// A number outside what the column allows ("more than 0").
    #[error("column {column}: must be {allowed}")]
    OutOfRange {
        column: &'static str,
        allowed: &'static str,
    },
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

/// A CSV line's fields, which must be exactly `count`; otherwise the row's error says what the
/// table's rows hold (`expected`, "5 columns (sn, ...)"). Every CSV table of the traces refuses a
/// short or long row through here, in the same words.
pub fn csv_row(line: &str, count: usize, expected: &'static str) -> Result<Vec<String>, RowError> {
    let fields = csv_fields(line);
    if fields.len() != count {
        return Err(RowError::Fields {
            expected,
            found: fields.len(),
        });
    }
    Ok(fields)
}

/// A number from a named column, or a message naming the column and the text found.
pub fn number<T: std::str::FromStr>(text: &str, column: &str) -> Result<T, RowError> {
    text.trim().parse::<T>().map_err(|_| RowError::NotANumber {
        column: column.to_string(),
        found: text.trim().to_string(),
    })
}

/// A finite floating-point number from a named column.
pub fn real(text: &str, column: &str) -> Result<f64, RowError> {
    let value: f64 = number(text, column)?;
    if value.is_finite() {
        Ok(value)
    } else {
        Err(RowError::NotFinite {
            column: column.to_string(),
            found: text.trim().to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_number_names_its_column_and_the_text_found() {
        let error = number::<u32>(" x ", "gpu").unwrap_err();
        assert_eq!(
            error.to_string(),
            "column gpu: expected a number, found \"x\""
        );
        let error = real("inf", "arrival_time_s").unwrap_err();
        assert_eq!(
            error.to_string(),
            "column arrival_time_s: expected a finite number, found \"inf\""
        );
    }

    #[test]
    fn csv_reads_quoted_commas() {
        assert_eq!(csv_fields("a,\"b,c\",,d"), ["a", "b,c", "", "d"]);
    }
}
