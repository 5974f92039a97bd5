//! A text file as numbered records: its data lines, with the place each is reported at.

use std::fmt;

/// A line of a file: the file's display name and the 1-based line number, counting every line
/// (headers and comments too), as an editor shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line<'a> {
    pub file: &'a str,
    pub line: usize,
}

impl fmt::Display for Line<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// The data lines of `text`: blank lines and lines starting with `comment` (SWF's `;`) left out,
/// and the first `header` data lines too (a CSV header).
pub fn lines<'a>(
    file: &'a str,
    text: &'a str,
    comment: Option<char>,
    header: usize,
) -> impl Iterator<Item = (Line<'a>, &'a str)> + 'a {
    text.lines()
        .enumerate()
        .filter_map(move |(i, line)| {
            let line_text = line.trim_end_matches('\r');
            let trimmed = line_text.trim();
            let data = !trimmed.is_empty() && !comment.is_some_and(|c| trimmed.starts_with(c));
            data.then_some((Line { file, line: i + 1 }, line_text))
        })
        .skip(header)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_numbered_from_one_and_skip_comments_and_headers() {
        let rows: Vec<_> = lines("f", "; head\n\n1 2\n", Some(';'), 0).collect();
        assert_eq!(rows, [(Line { file: "f", line: 3 }, "1 2")]);
        let csv: Vec<_> = lines("f", "a,b\n1,2\r\n", None, 1).collect();
        assert_eq!(csv, [(Line { file: "f", line: 2 }, "1,2")]);
        assert_eq!(Line { file: "f", line: 2 }.to_string(), "f:2");
    }
}
