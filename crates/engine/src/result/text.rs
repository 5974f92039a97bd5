//! `Text`: the string type of the result document.
//!
//! A 100k-job result names a job, a share, an instance type or a status a few million times. As
//! `String`s, each of those was its own allocation (about 25 per job), and with glibc's malloc
//! allocating and freeing was a fifth of a run's instructions (crates/engine/BENCHMARKS.md).
//! A `Text` is either a word of the format's fixed vocabulary (`"succeeded"`, `"no_capacity"`: a
//! `&'static str`, no allocation) or a name from the scenario, shared: every event and attempt
//! naming the same job points at one allocation. It serialises as a plain JSON string, so the
//! result's bytes do not depend on it.

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Borrow;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::sync::Arc;

/// A string of the result: a vocabulary word or a shared name. Compares, orders and hashes as
/// its text, whichever it is.
#[derive(Clone)]
pub struct Text(Repr);

#[derive(Clone)]
enum Repr {
    Word(&'static str),
    Name(Arc<str>),
}

impl Text {
    /// A word of the format's vocabulary; costs nothing to make or copy.
    pub const fn word(word: &'static str) -> Self {
        Text(Repr::Word(word))
    }

    /// The text as a `&str`.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Word(word) => word,
            Repr::Name(name) => name,
        }
    }
}

impl Default for Text {
    fn default() -> Self {
        Text::word("")
    }
}

impl Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for Text {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for Text {
    fn from(text: &str) -> Self {
        Text(Repr::Name(Arc::from(text)))
    }
}

impl From<String> for Text {
    fn from(text: String) -> Self {
        Text(Repr::Name(Arc::from(text)))
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Text {}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Text {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<Text> for &str {
    fn eq(&self, other: &Text) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<Text> for String {
    fn eq(&self, other: &Text) -> bool {
        self == other.as_str()
    }
}

impl PartialOrd for Text {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Text {
    fn cmp(&self, other: &Self) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for Text {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl Serialize for Text {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Text {
    /// Straight from the input's `&str` into the shared allocation: going through a `String`
    /// would allocate and copy every string of a result twice (the app reads a 10k-job result,
    /// a few hundred thousand strings, from its worker on every run).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct TextVisitor;
        impl Visitor<'_> for TextVisitor {
            type Value = Text;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Text, E> {
                Ok(Text::from(text))
            }
            fn visit_string<E: de::Error>(self, text: String) -> Result<Text, E> {
                Ok(Text::from(text))
            }
        }
        deserializer.deserialize_str(TextVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_and_a_name_with_the_same_text_are_equal_and_hash_alike() {
        let word = Text::word("succeeded");
        let name = Text::from("succeeded".to_string());
        assert_eq!(word, name);
        assert_eq!(word.cmp(&name), Ordering::Equal);
        let hash = |t: &Text| {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            t.hash(&mut h);
            h.finish()
        };
        assert_eq!(hash(&word), hash(&name));
        assert!(word == "succeeded" && "succeeded" == name);
    }

    #[test]
    fn it_orders_as_its_text_and_serialises_as_a_plain_string() {
        let mut texts = vec![Text::from("b"), Text::word("a"), Text::from("ab")];
        texts.sort();
        assert_eq!(texts, ["a", "ab", "b"]);
        let json = serde_json::to_string(&texts).unwrap();
        assert_eq!(json, r#"["a","ab","b"]"#);
        let back: Vec<Text> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, texts);
        let escaped: Text = serde_json::from_str(r#""<b>\"team\" \u00e9</b>""#).unwrap();
        assert_eq!(escaped, "<b>\"team\" é</b>");
        assert!(serde_json::from_str::<Text>("42").is_err());
    }
}
