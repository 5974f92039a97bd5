//! How the engine writes its documents as JSON: with one serializer, serde_json's compact one.
//!
//! Every type's `Serialize` is compiled once per serializer that writes it, and the page's
//! module carries each copy (docs/PERFORMANCE.md, "One writer for every document"). So the
//! indented JSON people read is the compact text indented afterwards ([`pretty`]), byte for
//! byte what `serde_json::to_string_pretty` writes, and a `serde_json::Value` of a document
//! is read back from its compact text ([`value_of`]), not made by a second serializer.

use serde::Serialize;
use serde_json::Value;

/// `value` as indented JSON (two spaces, `"key": value`), the same bytes as
/// `serde_json::to_string_pretty`. While it indents, the compact text (about two thirds of the
/// indented one for a scenario) is in memory beside the result (docs/PERFORMANCE.md, "One
/// writer for every document").
pub fn pretty(value: &impl Serialize) -> String {
    indented(&serde_json::to_string(value).expect("the engine's documents always serialise"))
}

/// `value` as compact JSON, the bytes of `serde_json::to_string`, allocated once at its size: it
/// is written twice, once only to count. At a million listed jobs a scenario's JSON is a quarter
/// of a gigabyte, and a buffer grown by doubling held one and a half times that while it grew
/// (docs/PERFORMANCE.md, "A scenario's JSON written at its size").
pub fn compact(value: &impl Serialize) -> String {
    let mut count = ByteCount::default();
    serde_json::to_writer(&mut count, value).expect("the engine's documents always serialise");
    let mut out = Vec::with_capacity(count.bytes());
    serde_json::to_writer(&mut out, value).expect("the engine's documents always serialise");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// A writer that only counts the bytes written to it: the size of a document, without the
/// document.
#[derive(Debug, Default)]
pub struct ByteCount(usize);

impl ByteCount {
    /// The bytes written so far.
    pub fn bytes(&self) -> usize {
        self.0
    }
}

impl std::io::Write for ByteCount {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0 += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// `value` as a `serde_json::Value`, as `serde_json::to_value` makes it: numbers are written
/// so that they read back exactly (the engine's serde_json reads floats round-trip).
pub fn value_of(value: &impl Serialize) -> Value {
    serde_json::from_str(
        &serde_json::to_string(value).expect("the engine's documents always serialise"),
    )
    .expect("JSON the engine wrote reads back")
}

/// Compact JSON (no whitespace outside strings, as serde_json writes it) indented as
/// serde_json's `PrettyFormatter` does: each member and element on a line of its own, two
/// spaces per level, `": "` after a key, and an empty object or array kept as `{}` or `[]`.
/// The text is walked twice, once to count and once to write, so the result is allocated once at
/// its size: at a million explicit jobs it is hundreds of megabytes, and a growing buffer would
/// hold up to twice that while it grows.
pub fn indented(compact: &str) -> String {
    let mut length = 0;
    walk_indented(compact.as_bytes(), |piece| length += piece.len());
    let mut out = Vec::with_capacity(length);
    walk_indented(compact.as_bytes(), |piece| out.extend_from_slice(piece));
    // Only ASCII bytes were added, and every byte of the text was copied in order.
    String::from_utf8(out).expect("indenting keeps the text UTF-8")
}

/// Hands `emit` the indented text of `compact`, piece by piece, in order.
fn walk_indented(compact: &[u8], mut emit: impl FnMut(&[u8])) {
    const INDENT: &[u8] = b"  ";
    let mut depth = 0usize;
    let new_line = |emit: &mut dyn FnMut(&[u8]), depth: usize| {
        emit(b"\n");
        (0..depth).for_each(|_| emit(INDENT));
    };
    let mut in_string = false;
    let mut i = 0;
    while i < compact.len() {
        let byte = compact[i];
        let this = &compact[i..=i];
        if in_string {
            emit(this);
            match byte {
                b'\\' => {
                    // The escaped character, whatever it is, is part of the string.
                    i += 1;
                    if let Some(escaped) = compact.get(i..=i) {
                        emit(escaped);
                    }
                }
                b'"' => in_string = false,
                _ => {}
            }
            i += 1;
            continue;
        }
        match byte {
            b'"' => {
                in_string = true;
                emit(this);
            }
            b'{' | b'[' => {
                let closer = if byte == b'{' { b'}' } else { b']' };
                emit(this);
                if compact.get(i + 1) == Some(&closer) {
                    emit(&compact[i + 1..=i + 1]);
                    i += 1;
                } else {
                    depth += 1;
                    new_line(&mut emit, depth);
                }
            }
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                new_line(&mut emit, depth);
                emit(this);
            }
            b',' => {
                emit(this);
                new_line(&mut emit, depth);
            }
            b':' => emit(b": "),
            _ => emit(this),
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn indented_text_is_what_serde_json_writes() {
        let values = [
            json!({}),
            json!([]),
            json!({"a": {}, "b": [], "c": [{}], "d": [[], [1, 2.5, -3e-7]]}),
            json!({"name": "a \"quoted\" name, with: {braces} [and] commas \\ and a\nnew line"}),
            json!({"unicode": "ÄŸ – 東京 🚀", "control": "\u{1}\u{1f}", "null": null, "t": true}),
            json!([{"x": [{"y": {"z": [0]}}]}, "tail"]),
            json!("a lone string, with { and ["),
            json!(12.0),
        ];
        for value in values {
            assert_eq!(
                pretty(&value),
                serde_json::to_string_pretty(&value).unwrap(),
                "{value}"
            );
        }
    }

    #[test]
    fn compact_text_is_what_serde_json_writes_in_room_of_its_size() {
        let scenario: crate::Scenario =
            serde_json::from_str(include_str!("../../../scenarios/philly-trace.json")).unwrap();
        let text = compact(&scenario);
        assert_eq!(text, serde_json::to_string(&scenario).unwrap());
        assert_eq!(text.capacity(), text.len());
    }

    #[test]
    fn every_bundled_scenario_and_its_result_indent_as_serde_json_does() {
        for text in [
            include_str!("../../../scenarios/default.json"),
            include_str!("../../../scenarios/kueue-three-teams.json"),
            include_str!("../../../scenarios/philly-trace.json"),
        ] {
            let scenario = crate::Scenario::parse_json(text).unwrap();
            assert_eq!(
                pretty(&scenario),
                serde_json::to_string_pretty(&scenario).unwrap()
            );
            let result = crate::simulate(&scenario);
            assert_eq!(
                pretty(&result),
                serde_json::to_string_pretty(&result).unwrap()
            );
        }
    }

    #[test]
    fn a_value_read_back_from_the_text_is_the_value_serde_json_makes() {
        let scenario =
            crate::Scenario::parse_json(include_str!("../../../scenarios/kueue-three-teams.json"))
                .unwrap();
        assert_eq!(
            value_of(&scenario),
            serde_json::to_value(&scenario).unwrap()
        );
        let awkward = json!({"third": 0.1 + 0.2, "tiny": 5e-324, "big": u64::MAX, "neg": -0.0});
        assert_eq!(value_of(&awkward), awkward);
    }
}
