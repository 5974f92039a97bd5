//! # quotalab-mutate
//!
//! Inputs for the fuzz tests of every reader a user can feed: the scenario parser, the link
//! decoder and the importers. Each test takes a valid document and mutates it, so the
//! mutations reach deep into the reader instead of failing at the first byte:
//!
//! - [`bytes`]: bit flips, truncations, deleted, duplicated and inserted spans, for any text;
//! - [`json`]: random edits of a JSON document's values (hostile numbers, long strings, wrong
//!   types, deep nesting), for the readers of JSON.
//!
//! [`pointers`] names the places in a JSON document, for the tests that edit them one at a time.
//!
//! [`bundled_scenarios`] lists the valid scenarios the repository ships, for the tests of every
//! crate that go through all of them.
//!
//! A reader passes when it returns a value for every input: proptest reports a panic as a
//! failure with the smallest input that causes it.
//!
//! ```
//! use proptest::prelude::*;
//! proptest!(|(edits in quotalab_mutate::bytes())| {
//!     let text = quotalab_mutate::apply_to_text("{\"a\": 1}", &edits);
//!     let _ = serde_json::from_str::<serde_json::Value>(&text);
//! });
//! ```

use proptest::prelude::*;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The scenarios the repository ships: `scenarios/*.json` (whatever the gallery holds now) and
/// the worked examples of `crates/engine/tests/examples`, without their expectations, sorted.
/// The engine's translation tests and the interop crate's round trips both go through all of
/// them, so a scenario added to either folder is tested by both.
pub fn bundled_scenarios() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut paths = Vec::new();
    for dir in [
        root.join("scenarios"),
        root.join("crates/engine/tests/examples"),
    ] {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.ends_with(".json") && !name.ends_with(".expected.json") {
                paths.push(path);
            }
        }
    }
    paths.sort();
    paths
}

/// One change to a byte string. Positions are taken modulo the length, so every mutation
/// applies to every document.
#[derive(Debug, Clone)]
pub enum ByteEdit {
    FlipBit { at: usize, bit: u8 },
    Truncate { at: usize },
    Delete { at: usize, len: usize },
    Duplicate { at: usize, len: usize },
    Insert { at: usize, bytes: Vec<u8> },
}

/// One to four byte edits.
pub fn bytes() -> impl Strategy<Value = Vec<ByteEdit>> {
    let edit = prop_oneof![
        4 => (any::<usize>(), 0u8..8).prop_map(|(at, bit)| ByteEdit::FlipBit { at, bit }),
        1 => any::<usize>().prop_map(|at| ByteEdit::Truncate { at }),
        2 => (any::<usize>(), 1usize..64).prop_map(|(at, len)| ByteEdit::Delete { at, len }),
        2 => (any::<usize>(), 1usize..256).prop_map(|(at, len)| ByteEdit::Duplicate { at, len }),
        2 => (any::<usize>(), prop::collection::vec(any::<u8>(), 1..16))
            .prop_map(|(at, bytes)| ByteEdit::Insert { at, bytes }),
    ];
    prop::collection::vec(edit, 1..5)
}

/// `document` with `edits` applied in order.
pub fn apply(document: &[u8], edits: &[ByteEdit]) -> Vec<u8> {
    let mut out = document.to_vec();
    for edit in edits {
        let at = |i: usize, len: usize| if len == 0 { 0 } else { i % len };
        let len = out.len();
        match edit {
            ByteEdit::FlipBit { at: i, bit } if len > 0 => out[at(*i, len)] ^= 1 << bit,
            ByteEdit::FlipBit { .. } => {}
            ByteEdit::Truncate { at: i } => out.truncate(at(*i, len + 1)),
            ByteEdit::Delete { at: i, len: n } => {
                let from = at(*i, len);
                out.drain(from..(from + n).min(len));
            }
            ByteEdit::Duplicate { at: i, len: n } => {
                let from = at(*i, len);
                let span: Vec<u8> = out[from..(from + n).min(len)].to_vec();
                out.splice(from..from, span);
            }
            ByteEdit::Insert { at: i, bytes } => {
                let from = at(*i, len + 1);
                out.splice(from..from, bytes.iter().copied());
            }
        }
    }
    out
}

/// `document` with `edits` applied, read back as text (invalid UTF-8 replaced), for readers
/// that take `&str`.
pub fn apply_to_text(document: &str, edits: &[ByteEdit]) -> String {
    String::from_utf8_lossy(&apply(document.as_bytes(), edits)).into_owned()
}

/// One change to a JSON document: the value at the `target`-th place (counting every value
/// depth first, modulo their number) becomes `value`.
#[derive(Debug, Clone)]
pub struct JsonEdit {
    pub target: usize,
    pub value: Value,
}

/// Values a user, a bug or an attacker might put anywhere.
fn hostile_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        prop::num::f64::NORMAL.prop_map(Value::from),
        prop_oneof![
            Just(-0.0),
            Just(1e308),
            Just(-1e308),
            Just(f64::MIN_POSITIVE),
            Just(4294967296.0)
        ]
        .prop_map(Value::from),
        "[a-z ._-]{0,12}".prop_map(Value::from),
        (1usize..300).prop_map(|n| Value::from("x".repeat(n))),
        Just(Value::Array(Vec::new())),
        Just(serde_json::json!({})),
        (1usize..40).prop_map(|depth| (0..depth).fold(Value::Null, |v, _| Value::Array(vec![v]))),
    ]
}

/// One to four JSON edits.
pub fn json() -> impl Strategy<Value = Vec<JsonEdit>> {
    prop::collection::vec(
        (any::<usize>(), hostile_value()).prop_map(|(target, value)| JsonEdit { target, value }),
        1..5,
    )
}

/// `document` with `edits` applied in order.
pub fn apply_json(document: &Value, edits: &[JsonEdit]) -> Value {
    let mut out = document.clone();
    for edit in edits {
        let places = count(&out);
        let mut index = edit.target % places;
        replace(&mut out, &mut index, &edit.value);
    }
    out
}

/// The JSON pointer of every value in `document` that `keep` accepts, depth first, a value before
/// the values inside it (the document itself is `""`): the places a test edits one at a time.
pub fn pointers(document: &Value, keep: &dyn Fn(&Value) -> bool) -> Vec<String> {
    let mut out = Vec::new();
    collect_pointers(document, String::new(), keep, &mut out);
    out
}

fn collect_pointers(
    value: &Value,
    at: String,
    keep: &dyn Fn(&Value) -> bool,
    out: &mut Vec<String>,
) {
    if keep(value) {
        out.push(at.clone());
    }
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                let key = k.replace('~', "~0").replace('/', "~1");
                collect_pointers(v, format!("{at}/{key}"), keep, out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                collect_pointers(v, format!("{at}/{i}"), keep, out);
            }
        }
        _ => {}
    }
}

fn count(value: &Value) -> usize {
    1 + match value {
        Value::Array(items) => items.iter().map(count).sum(),
        Value::Object(map) => map.values().map(count).sum(),
        _ => 0,
    }
}

/// Replaces the `index`-th value depth first; returns whether it was found.
fn replace(value: &mut Value, index: &mut usize, with: &Value) -> bool {
    if *index == 0 {
        *value = with.clone();
        return true;
    }
    *index -= 1;
    match value {
        Value::Array(items) => items.iter_mut().any(|v| replace(v, index, with)),
        Value::Object(map) => map.values_mut().any(|v| replace(v, index, with)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers_name_each_kept_value_depth_first_with_keys_escaped() {
        let doc = serde_json::json!({"a/b": [1, {"c~d": 2}], "e": "x"});
        assert_eq!(
            pointers(&doc, &Value::is_number),
            ["/a~1b/0", "/a~1b/1/c~0d"]
        );
        assert_eq!(pointers(&doc, &Value::is_object), ["", "/a~1b/1"]);
        for pointer in pointers(&doc, &|_| true) {
            assert!(doc.pointer(&pointer).is_some(), "{pointer}");
        }
    }

    #[test]
    fn byte_edits_apply_to_any_length() {
        let edits = [
            ByteEdit::Truncate { at: 3 },
            ByteEdit::FlipBit { at: 7, bit: 0 },
            ByteEdit::Duplicate { at: 1, len: 9 },
            ByteEdit::Insert {
                at: 99,
                bytes: vec![b'!'],
            },
            ByteEdit::Delete { at: 0, len: 1 },
        ];
        // "abc", "acc", "acccc", "acc!cc", "cc!cc"
        assert_eq!(apply(b"abcdef", &edits), b"cc!cc".to_vec());
        assert_eq!(apply(b"", &edits), b"".to_vec());
    }

    #[test]
    fn a_json_edit_replaces_the_value_it_counts_to() {
        let doc = serde_json::json!({ "a": [1, 2], "b": 3 });
        let edit = |target| JsonEdit {
            target,
            value: Value::Null,
        };
        assert_eq!(
            apply_json(&doc, &[edit(2)]),
            serde_json::json!({ "a": [null, 2], "b": 3 })
        );
        assert_eq!(
            apply_json(&doc, &[edit(4)]),
            serde_json::json!({ "a": [1, 2], "b": null })
        );
        assert_eq!(apply_json(&doc, &[edit(5)]), Value::Null);
    }
}
