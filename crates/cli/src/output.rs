//! Writing a command's output: to the file `-o` names, or to standard output.

use crate::failure::Failure;
use std::io::Write;

/// Writes to `path`, or to standard output without one (or with `-`).
pub fn write_output(path: Option<&str>, text: &str) -> Result<(), Failure> {
    match path {
        Some(p) if p != "-" => {
            std::fs::write(p, text).map_err(|e| Failure::Other(format!("cannot write {p}: {e}")))
        }
        _ => std::io::stdout()
            .write_all(text.as_bytes())
            .map_err(|e| Failure::Other(format!("cannot write the output: {e}"))),
    }
}

/// A study's two outputs: `table` for people on standard output (on standard error when the JSON
/// goes to standard output, so the two never mix) and `json` to `path`, `-` for standard output.
pub fn write_table_and_json(table: &str, json: &str, path: &str) -> Result<(), Failure> {
    if path == "-" {
        eprint!("{table}");
    } else {
        print!("{table}");
    }
    write_output(Some(path), &(json.to_string() + "\n"))?;
    if path != "-" {
        eprintln!("quotalab: wrote {path}");
    }
    Ok(())
}
