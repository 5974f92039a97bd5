//! The path of the member a JSON reader stopped at, as `jobs[3].preferences[0].instance_type`.
//!
//! Documents are read by serde_json alone. When a field does not fit, serde_json says how far
//! into the text it had read (a line and a column), and [`path_of_error`] names the member
//! there, so that a shape error points at the field as the user wrote it (docs/FORMAT.md,
//! "Validation"). A reader that tracks the path as it goes wraps every field's reading code in
//! code of its own: 54 KB of the page's gzipped download (docs/PERFORMANCE.md, "Paths from the
//! place of the error").
//!
//! Which member a place belongs to follows where serde_json stops for each kind of error:
//! - after a value it refused (a string, number, `true`, an object missing a field, an array of
//!   the wrong length): that value;
//! - after a key it refused (an unknown field): that key's member;
//! - after the `:` or the `,` before an object or array it refused without reading it: the
//!   member it was about to read.

/// The path of the member `consumed` bytes into `text` belongs to, `""` for the document
/// itself. `text` is expected to be valid JSON; any other text gives some path, never a panic.
fn path_at(text: &str, consumed: usize) -> String {
    let bytes = text.as_bytes();
    let end = consumed.min(bytes.len());
    let mut open: Vec<Container> = Vec::new();
    // Whether the place is within the innermost open container's current member (its key was
    // read, or its element begun) rather than between its members.
    let mut in_member = true;
    let mut i = 0;
    while i < end {
        match bytes[i] {
            b'{' => {
                open.push(Container::Object { key: None });
                in_member = false;
            }
            b'[' => {
                open.push(Container::Array { index: 0 });
                in_member = true;
            }
            b'}' | b']' => {
                open.pop();
                in_member = true;
            }
            b',' => match open.last_mut() {
                Some(Container::Array { index }) => {
                    *index += 1;
                    in_member = true;
                }
                Some(Container::Object { key }) => {
                    *key = None;
                    in_member = false;
                }
                None => {}
            },
            b'"' => {
                let close = closing_quote(bytes, i);
                if let (false, Some(Container::Object { key })) = (in_member, open.last_mut()) {
                    *key = Some(unescaped(&text[i..=close.min(bytes.len() - 1)]));
                }
                in_member = true;
                i = close;
            }
            b' ' | b'\t' | b'\n' | b'\r' => {}
            _ => in_member = true,
        }
        i += 1;
    }
    let members = if in_member {
        &open[..]
    } else {
        &open[..open.len().saturating_sub(1)]
    };
    let mut path = String::new();
    for container in members {
        match container {
            Container::Object { key: Some(key) } => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
            }
            Container::Object { key: None } => {}
            Container::Array { index } => {
                path.push('[');
                path.push_str(&index.to_string());
                path.push(']');
            }
        }
    }
    path
}

/// The path of the member where serde_json stopped with `error` reading `text`.
///
/// serde_json places an error just after the last byte it read, with two exceptions, which are
/// stepped back over here so that the place is before the refused value, in its member:
/// - it refuses a value by its first byte without reading it, for an enum given an array, a
///   number, `true`, `false` or `null` ("expected value", a syntax error in its words), and
///   places the error at that byte;
/// - a reader that takes any value but not an array (a Kubernetes quantity) refuses it after
///   reading its `[`. An array inside an array that its element refuses unread looks the same
///   up to the byte after the `[`, and is taken to be that.
pub(crate) fn path_of_error(text: &str, error: &serde_json::Error) -> String {
    let bytes = text.as_bytes();
    let mut consumed = offset_of(text, error.line(), error.column()).min(bytes.len());
    let last_read = bytes[..consumed]
        .iter()
        .rposition(|b| !b.is_ascii_whitespace());
    let next = bytes[consumed..].iter().find(|b| !b.is_ascii_whitespace());
    match last_read {
        Some(at)
            if error.classify() == serde_json::error::Category::Syntax
                && at + 1 == consumed
                && matches!(bytes[at], b'[' | b'-' | b'0'..=b'9' | b't' | b'f' | b'n') =>
        {
            consumed = at;
        }
        Some(at)
            if bytes[at] == b'['
                && next != Some(&b'[')
                && error.to_string().starts_with("invalid type: sequence") =>
        {
            consumed = at;
        }
        _ => {}
    }
    path_at(text, consumed)
}

/// The byte offset serde_json's `line` and `column` name: `column` bytes into line `line`,
/// both counted from 1, which is just after the last byte it read. `0` when the error has no
/// place (line 0).
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    if line == 0 {
        return 0;
    }
    let line_start = text
        .bytes()
        .enumerate()
        .filter(|&(_, b)| b == b'\n')
        .nth(line.saturating_sub(2))
        .map_or(0, |(i, _)| i + 1);
    let line_start = if line == 1 { 0 } else { line_start };
    line_start + column
}

/// An object or array that is open at the place, with the member the place is in.
enum Container {
    /// The key of the member being read; `None` between members.
    Object { key: Option<String> },
    /// The index of the element being read, or of the next one.
    Array { index: usize },
}

/// The index of the quote that closes the string opening at `open`, or the text's length if
/// it never closes.
fn closing_quote(bytes: &[u8], open: usize) -> usize {
    let mut i = open + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// A quoted key as the user meant it (`"caf\u00e9"` is `café`).
fn unescaped(quoted: &str) -> String {
    let inner = quoted
        .strip_prefix('"')
        .unwrap_or(quoted)
        .strip_suffix('"')
        .unwrap_or(quoted);
    if inner.contains('\\') {
        serde_json::from_str(quoted).unwrap_or_else(|_| inner.to_string())
    } else {
        inner.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The path where serde_json stopped reading `text` as a `T`.
    fn stop<T: serde::de::DeserializeOwned + std::fmt::Debug>(text: &str) -> String {
        path_of_error(text, &serde_json::from_str::<T>(text).unwrap_err())
    }

    /// Checks each `(text, path)`: reading `text` as a `T` stops at `path`.
    fn stops<T: serde::de::DeserializeOwned + std::fmt::Debug>(cases: &[(&str, &str)]) {
        for (text, path) in cases {
            assert_eq!(stop::<T>(text), *path, "{text}");
        }
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)] // read only to see where reading stops
    struct Job {
        name: String,
        count: u32,
        #[serde(default)]
        tags: Vec<String>,
    }

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Doc {
        jobs: Vec<Job>,
    }

    #[test]
    fn a_refused_value_is_named_by_its_member() {
        stops::<Doc>(&[
            (r#"{"jobs":[{"name":"a","count":"x"}]}"#, "jobs[0].count"),
            (
                r#"{"jobs":[{"name":"a","count":1},{"name":2,"count":1}]}"#,
                "jobs[1].name",
            ),
            (r#"{"jobs":[{"name":"a","count":-1}]}"#, "jobs[0].count"),
            (r#"{"jobs":[{"name":"a","count":true}]}"#, "jobs[0].count"),
            (
                "{\n  \"jobs\": [\n    {\"name\": \"a\", \"count\": 1.5}\n  ]\n}",
                "jobs[0].count",
            ),
        ]);
    }

    #[test]
    fn an_object_or_array_refused_unread_is_named_by_its_member() {
        stops::<Doc>(&[
            (r#"{"jobs":[{"name":"a","count":{}}]}"#, "jobs[0].count"),
            (
                r#"{"jobs":[{"name":"a","count":1,"tags":["x",[1]]}]}"#,
                "jobs[0].tags[1]",
            ),
            (r#"{"jobs":[{"name":"a","count":1},[]]}"#, "jobs[1]"),
            (r#"{"jobs": { }}"#, "jobs"),
        ]);
    }

    #[test]
    fn a_missing_field_names_its_object_and_an_unknown_one_its_key() {
        stops::<Doc>(&[
            (
                r#"{"jobs":[{"name":"a","count":1},{"name":"b"}]}"#,
                "jobs[1]",
            ),
            (
                r#"{"jobs":[{"name":"a","count":1,"colour":1}]}"#,
                "jobs[0].colour",
            ),
            (r#"{}"#, ""),
        ]);
    }

    #[test]
    fn an_enum_refusing_a_value_unread_is_named_by_its_member() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        enum Kind {
            Training,
        }
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Template {
            kind: Kind,
        }
        stops::<Vec<Template>>(&[
            (r#"[{"kind":"Training"},{"kind":[1]}]"#, "[1].kind"),
            (r#"[{"kind": 12}]"#, "[0].kind"),
            (r#"[{"kind":null}]"#, "[0].kind"),
            (r#"[[[1]]]"#, "[0][0]"),
        ]);
    }

    #[test]
    fn an_array_refused_after_its_bracket_is_named_by_its_member() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Limits {
            cpu: crate::quantity::Quantity,
            count: Vec<u32>,
        }
        stops::<Limits>(&[
            (r#"{"cpu":[null],"count":[]}"#, "cpu"),
            ("{\"cpu\": [\n  1\n], \"count\": []}", "cpu"),
            (r#"{"cpu":[],"count":[]}"#, "cpu"),
            (r#"{"cpu":"1","count":[[2]]}"#, "count[0]"),
            (r#"{"cpu":"1","count":[4,[2]]}"#, "count[1]"),
        ]);
    }

    #[test]
    fn keys_are_unescaped_and_strings_may_hold_brackets() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Named {
            #[serde(rename = "n\"[ame")]
            name: u32,
            other: String,
        }
        assert_eq!(
            stop::<Named>(r#"{"other":"]}[{,\"","n\"[ame":"x"}"#),
            "n\"[ame"
        );
    }

    #[test]
    fn offsets_count_lines_from_one() {
        assert_eq!(offset_of("ab\ncd\nef", 1, 2), 2);
        assert_eq!(offset_of("ab\ncd\nef", 2, 1), 4);
        assert_eq!(offset_of("ab\ncd\nef", 3, 2), 8);
        assert_eq!(offset_of("ab", 0, 0), 0);
    }

    #[test]
    fn any_text_gives_a_path() {
        for text in ["", "\"", "{\"a", "[[[", "}}]]", "{\"a\":[1,", "\"\\"] {
            for consumed in 0..=text.len() + 2 {
                path_at(text, consumed);
            }
        }
    }
}
