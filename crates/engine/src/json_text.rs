//! How the engine writes its documents as JSON: through one writer, serde_json's compact
//! serializer handing its text on a piece at a time ([`write`]).
//!
//! Every type's `Serialize` is compiled once per serializer that writes it, and a serializer's
//! type includes the writer it writes to: a document written into a `Vec`, one only counted and
//! one handed to the page's posted buffer were three copies of a scenario's writing code in the
//! page's module, 69 KB (docs/PERFORMANCE.md, "One writer for every document"). So every
//! document, whatever receives it, goes through [`write`]; the indented JSON people read is the
//! compact text indented as it is written ([`write_pretty`]), byte for byte what
//! `serde_json::to_string_pretty` writes; and a `serde_json::Value` of a document is read back
//! from its compact text ([`value_of`]), not made by a second serializer.

use serde::Serialize;
use serde_json::Value;
use std::io;

/// What is gathered before it is handed on: a quarter of a gigabyte is a few hundred pieces,
/// and a short document is one piece of its own size.
const PIECE_BYTES: usize = 1 << 20;

/// Receives a document's text in order, a piece at a time; a piece may end inside a character.
pub type Put<'a> = dyn FnMut(&[u8]) -> io::Result<()> + 'a;

/// Writes `value` as compact JSON, the bytes of `serde_json::to_string`, handing `put` the text
/// in pieces of about [`PIECE_BYTES`] or less. The one serializer of every document (see the
/// module's note). Fails only with `put`'s own error.
pub fn write<T: Serialize + ?Sized>(value: &T, put: &mut Put<'_>) -> io::Result<()> {
    let mut pieces = Pieces {
        pending: Vec::new(),
        put,
    };
    serde_json::to_writer(&mut pieces, value).map_err(io::Error::from)?;
    pieces.hand_on()
}

/// [`write`] for people: the same text indented as `serde_json::to_string_pretty` indents it.
pub fn write_pretty<T: Serialize + ?Sized>(value: &T, put: &mut Put<'_>) -> io::Result<()> {
    let mut indenter = Indenter::default();
    write(value, &mut |piece| indenter.feed(piece, put))?;
    indenter.finish(put)
}

/// The length in bytes of `value`'s compact JSON, counted without keeping the text.
pub fn byte_count<T: Serialize + ?Sized>(value: &T) -> usize {
    counted(|put| write(value, put))
}

/// The length in bytes of `value`'s indented JSON, counted without keeping the text.
pub fn pretty_byte_count<T: Serialize + ?Sized>(value: &T) -> usize {
    counted(|put| write_pretty(value, put))
}

/// `value` as compact JSON, allocated once at its size: it is written twice, once only to
/// count. At a million listed jobs a scenario's JSON is a quarter of a gigabyte, and a buffer
/// grown by doubling held one and a half times that while it grew (docs/PERFORMANCE.md, "A
/// scenario's JSON written at its size").
pub fn compact<T: Serialize + ?Sized>(value: &T) -> String {
    gathered(byte_count(value), |put| write(value, put))
}

/// `value` as indented JSON (two spaces, `"key": value`), the same bytes as
/// `serde_json::to_string_pretty`, allocated once at its size, as [`compact`] is.
pub fn pretty<T: Serialize + ?Sized>(value: &T) -> String {
    gathered(pretty_byte_count(value), |put| write_pretty(value, put))
}

/// `value` as a `serde_json::Value`, as `serde_json::to_value` makes it: numbers are written
/// so that they read back exactly (the engine's serde_json reads floats round-trip).
pub fn value_of<T: Serialize + ?Sized>(value: &T) -> Value {
    serde_json::from_str(&compact(value)).expect("JSON the engine wrote reads back")
}

/// The string `value` is written as: a unit variant's name as the documents spell it
/// (`completion_p90_h`, `StrictFIFO`, `<=`); empty for a value not written as a string.
pub fn word_of<T: Serialize + ?Sized>(value: &T) -> String {
    match value_of(value) {
        Value::String(word) => word,
        _ => String::new(),
    }
}

/// How many bytes `write` hands on.
fn counted(write: impl FnOnce(&mut Put<'_>) -> io::Result<()>) -> usize {
    let mut bytes = 0;
    write(&mut |piece| {
        bytes += piece.len();
        Ok(())
    })
    .expect("the engine's documents always serialise");
    bytes
}

/// The text `write` hands on, in room for the `bytes` it was counted to be.
fn gathered(bytes: usize, write: impl FnOnce(&mut Put<'_>) -> io::Result<()>) -> String {
    let mut out = Vec::with_capacity(bytes);
    write(&mut |piece| {
        out.extend_from_slice(piece);
        Ok(())
    })
    .expect("the engine's documents always serialise");
    String::from_utf8(out).expect("serde_json writes UTF-8, and indenting adds only ASCII")
}

/// The writer of [`write`]: gathers what serde_json writes, a few bytes at a time, into pieces.
struct Pieces<'a, 'p> {
    pending: Vec<u8>,
    put: &'a mut Put<'p>,
}

impl Pieces<'_, '_> {
    /// Hands on what is gathered.
    fn hand_on(&mut self) -> io::Result<()> {
        if !self.pending.is_empty() {
            (self.put)(&self.pending)?;
            self.pending.clear();
        }
        Ok(())
    }

    /// `bytes`, which would take the piece past its size: what is gathered goes first, and
    /// `bytes` with it or, if they are a piece's size themselves, after it.
    #[cold]
    #[inline(never)]
    fn overflow(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.hand_on()?;
        if bytes.len() >= PIECE_BYTES {
            (self.put)(bytes)
        } else {
            self.pending.extend_from_slice(bytes);
            Ok(())
        }
    }
}

/// serde_json writes a few bytes at a time, so gathering them is the path every byte takes:
/// kept inline, and handing a piece on kept out of it.
impl io::Write for Pieces<'_, '_> {
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.write_all(bytes)?;
        Ok(bytes.len())
    }

    #[inline]
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        if self.pending.len() + bytes.len() > PIECE_BYTES {
            self.overflow(bytes)
        } else {
            self.pending.extend_from_slice(bytes);
            Ok(())
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Indents compact JSON (no whitespace outside strings, as serde_json writes it) as serde_json's
/// `PrettyFormatter` does: each member and element on a line of its own, two spaces per level,
/// `": "` after a key, and an empty object or array kept as `{}` or `[]`. It takes the text in
/// pieces, which may end anywhere, even inside an escape.
#[derive(Default)]
struct Indenter {
    depth: usize,
    in_string: bool,
    /// The last byte was a backslash inside a string: this one is escaped, whatever it is.
    escaped: bool,
    /// An opening brace or bracket, held until the next byte says whether it is empty.
    opening: Option<u8>,
    out: Vec<u8>,
}

impl Indenter {
    /// Indents `compact`, the next piece of the text, handing `put` what has gathered. A run
    /// of bytes that changes nothing (inside a string up to its next quote or backslash, outside
    /// one up to the next structural character) is copied at once.
    fn feed(&mut self, compact: &[u8], put: &mut Put<'_>) -> io::Result<()> {
        let mut rest = compact;
        while let Some(&first) = rest.first() {
            let plain = if self.opening.is_some() || self.escaped {
                Some(0)
            } else if self.in_string {
                rest.iter().position(|&b| b == b'"' || b == b'\\')
            } else {
                rest.iter().position(|&b| b"\"{}[],:".contains(&b))
            }
            .unwrap_or(rest.len());
            if plain > 0 {
                self.out.extend_from_slice(&rest[..plain]);
                rest = &rest[plain..];
            } else {
                self.byte(first);
                rest = &rest[1..];
            }
        }
        if self.out.len() >= PIECE_BYTES {
            put(&self.out)?;
            self.out.clear();
        }
        Ok(())
    }

    /// Hands `put` the rest, once the text has ended.
    fn finish(mut self, put: &mut Put<'_>) -> io::Result<()> {
        self.out.extend(self.opening.take());
        if self.out.is_empty() {
            Ok(())
        } else {
            put(&self.out)
        }
    }

    fn byte(&mut self, byte: u8) {
        if let Some(opening) = self.opening.take() {
            let closing = if opening == b'{' { b'}' } else { b']' };
            if byte == closing {
                self.out.extend_from_slice(&[opening, closing]);
                return;
            }
            self.out.push(opening);
            self.depth += 1;
            self.new_line();
        }
        if self.in_string {
            self.out.push(byte);
            if self.escaped {
                self.escaped = false;
            } else if byte == b'\\' {
                self.escaped = true;
            } else if byte == b'"' {
                self.in_string = false;
            }
            return;
        }
        match byte {
            b'"' => {
                self.in_string = true;
                self.out.push(byte);
            }
            b'{' | b'[' => self.opening = Some(byte),
            b'}' | b']' => {
                self.depth = self.depth.saturating_sub(1);
                self.new_line();
                self.out.push(byte);
            }
            b',' => {
                self.out.push(byte);
                self.new_line();
            }
            b':' => self.out.extend_from_slice(b": "),
            _ => self.out.push(byte),
        }
    }

    fn new_line(&mut self) {
        self.out.push(b'\n');
        for _ in 0..self.depth {
            self.out.extend_from_slice(b"  ");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Values whose text has every turn the indenter takes.
    fn awkward_values() -> Vec<Value> {
        vec![
            json!({}),
            json!([]),
            json!({"a": {}, "b": [], "c": [{}], "d": [[], [1, 2.5, -3e-7]]}),
            json!({"name": "a \"quoted\" name, with: {braces} [and] commas \\ and a\nnew line"}),
            json!({"unicode": "ÄŸ – 東京 🚀", "control": "\u{1}\u{1f}", "null": null, "t": true}),
            json!([{"x": [{"y": {"z": [0]}}]}, "tail"]),
            json!("a lone string, with { and ["),
            json!({"ends in an escape \\": "\\", "{}": "[]"}),
            json!(12.0),
        ]
    }

    #[test]
    fn indented_text_is_what_serde_json_writes() {
        for value in awkward_values() {
            let expected = serde_json::to_string_pretty(&value).unwrap();
            assert_eq!(pretty(&value), expected, "{value}");
            assert_eq!(pretty_byte_count(&value), expected.len(), "{value}");
        }
    }

    #[test]
    fn text_indented_a_byte_at_a_time_is_the_text_indented_whole() {
        for value in awkward_values() {
            let compact = serde_json::to_string(&value).unwrap();
            let mut out = Vec::new();
            let mut put = |piece: &[u8]| {
                out.extend_from_slice(piece);
                Ok(())
            };
            let mut indenter = Indenter::default();
            for byte in compact.as_bytes() {
                indenter.feed(std::slice::from_ref(byte), &mut put).unwrap();
            }
            indenter.finish(&mut put).unwrap();
            assert_eq!(
                String::from_utf8(out).unwrap(),
                serde_json::to_string_pretty(&value).unwrap()
            );
        }
    }

    #[test]
    fn a_long_document_is_handed_on_in_pieces_of_at_most_the_piece_size() {
        let names: Vec<String> = (0..200_000).map(|i| format!("job \"{i}\"")).collect();
        let expected = serde_json::to_string(&names).unwrap();
        assert!(expected.len() > 2 * PIECE_BYTES, "{} bytes", expected.len());
        let mut pieces = Vec::new();
        write(&names, &mut |piece| {
            pieces.push(piece.to_vec());
            Ok(())
        })
        .unwrap();
        assert!(pieces.len() > 2, "{} pieces", pieces.len());
        assert!(pieces.iter().all(|piece| piece.len() <= PIECE_BYTES));
        assert_eq!(pieces.concat(), expected.as_bytes());
        assert_eq!(byte_count(&names), expected.len());
    }

    #[test]
    fn the_receivers_error_stops_the_writing_and_is_returned() {
        let mut calls = 0;
        let error = write(&awkward_values(), &mut |_| {
            calls += 1;
            Err(io::Error::other("the disk is full"))
        })
        .unwrap_err();
        assert_eq!((calls, error.to_string()), (1, "the disk is full".into()));
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
    fn a_word_is_the_string_a_value_is_written_as() {
        assert_eq!(
            word_of(&crate::scenario::Strategy::LendAndBorrow),
            "LEND_AND_BORROW"
        );
        assert_eq!(word_of(&crate::study::Kpi::Cost), "cost");
        assert_eq!(word_of(&json!({"not": "a word"})), "");
        assert_eq!(word_of(&12), "");
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
