//! `Text`: the string type of the result document.
//!
//! A 100k-job result names a job, a share, an instance type or a status a few million times. As
//! `String`s, each of those was its own allocation (about 25 per job), and with glibc's malloc
//! allocating and freeing was a fifth of a run's instructions (crates/engine/BENCHMARKS.md).
//! A `Text` is either a word of the format's fixed vocabulary (`"succeeded"`, `"no_capacity"`: a
//! `&'static str`, no allocation) or a name from the scenario, shared: every event and attempt
//! naming the same job points at one allocation. It serialises as a plain JSON string, so the
//! result's bytes do not depend on it.
//!
//! A scenario names its shares, instance types and training plans with it too: a trace lists a
//! million jobs, each naming its share and the types of its preferences, and while a scenario
//! is read, or an importer makes one ([`sharing_names`]), every name read or made again shares
//! the allocation of the first (docs/PERFORMANCE.md, "A listed job's names shared").

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Borrow;
use std::cell::RefCell;
use std::cmp::Ordering;
use std::collections::BTreeSet;
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

thread_local! {
    /// The names read so far by the scenario being read ([`sharing_names`]), each once.
    static SHARED: RefCell<Option<BTreeSet<Arc<str>>>> = const { RefCell::new(None) };
}

/// Runs `make`, the reading or the making of one scenario (an importer's), so that each name it
/// reads or makes as a `Text` is allocated once, however many jobs name it. A scenario has a few
/// shares and types and may have a million jobs; the names are as few as the things they name,
/// so they are kept in order, not hashed.
pub fn sharing_names<T>(make: impl FnOnce() -> T) -> T {
    let outer = SHARED.replace(Some(BTreeSet::new()));
    let made = make();
    SHARED.set(outer);
    made
}

/// `text` as a `Text`: the allocation of the same name made before, inside
/// [`sharing_names`], or one of its own.
fn named(text: &str) -> Text {
    SHARED.with_borrow_mut(|shared| {
        let Some(names) = shared else {
            return Text(Repr::Name(Arc::from(text)));
        };
        let name = match names.get(text) {
            Some(name) => Arc::clone(name),
            None => {
                let name: Arc<str> = Arc::from(text);
                names.insert(Arc::clone(&name));
                name
            }
        };
        Text(Repr::Name(name))
    })
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
        named(text)
    }
}

impl From<String> for Text {
    fn from(text: String) -> Self {
        named(&text)
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

    fn shares_its_allocation(a: &Text, b: &Text) -> bool {
        std::ptr::eq(a.as_str().as_ptr(), b.as_str().as_ptr())
    }

    #[test]
    fn names_read_while_a_scenario_is_read_share_one_allocation_each() {
        let json = r#"["a100","h100","a100","a\u0031\u00300","h100"]"#;
        let read: Vec<Text> = sharing_names(|| serde_json::from_str(json).unwrap());
        assert_eq!(read, ["a100", "h100", "a100", "a100", "h100"]);
        assert!(shares_its_allocation(&read[0], &read[2]));
        assert!(
            shares_its_allocation(&read[0], &read[3]),
            "an escaped spelling too"
        );
        assert!(shares_its_allocation(&read[1], &read[4]));
        assert!(!shares_its_allocation(&read[0], &read[1]));
        let outside: Vec<Text> = serde_json::from_str(json).unwrap();
        assert!(!shares_its_allocation(&outside[0], &outside[2]));
        let (made, again) = sharing_names(|| (Text::from("a100"), Text::from("a100".to_string())));
        assert!(shares_its_allocation(&made, &again), "names made share too");
    }

    #[test]
    fn a_reading_inside_another_gives_the_outer_its_names_back() {
        let (inner, after): (Vec<Text>, Vec<Text>) = sharing_names(|| {
            let first: Vec<Text> = serde_json::from_str(r#"["x"]"#).unwrap();
            let inner = sharing_names(|| serde_json::from_str(r#"["x"]"#).unwrap());
            let again: Vec<Text> = serde_json::from_str(r#"["x"]"#).unwrap();
            assert!(shares_its_allocation(&first[0], &again[0]));
            (inner, first)
        });
        assert!(!shares_its_allocation(&inner[0], &after[0]));
    }
}
