//! Format versions and loading: text -> version check (migrated) -> typed `Scenario`.
//!
//! docs/FORMAT.md, "Conventions": a newer app opens every older version (migrating it) and
//! refuses a newer one with a clear message. Version 1 is the first format, so there is nothing
//! to migrate yet; `migrate` is where a version 2 would convert a version 1 document.
//!
//! The typed scenario is read from the text itself, not from a `serde_json::Value` of it: a
//! `Value` of a million-job trace weighs several times the text, and every document that holds a
//! scenario (a study, a sweep, an advice plan, an imported trace) reads it through this one
//! reader, so the page's module carries one copy of the scenario's reading code
//! (docs/PERFORMANCE.md, "One reader for every scenario").

pub mod pieces;

use crate::diagnostic::LoadError;
use crate::json_path;
use crate::scenario::Scenario;
use serde::de::{self, IgnoredAny, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::Value;
use std::fmt;

/// The scenario and result format version this engine writes.
pub const FORMAT_VERSION: u64 = 1;

/// The largest scenario document accepted, in bytes. Large traces are many jobs; 256 MiB holds
/// about a million explicit jobs. Links are capped much lower by the app.
pub const MAX_SCENARIO_BYTES: usize = 256 * 1024 * 1024;

/// What a scenario looks like, for the error that a document is not one.
const SCENARIO_SHAPE: &str = "a scenario is a JSON object ({ \"version\": 1, \"name\": ..., ... })";

/// Parses and migrates a scenario document, checking syntax, version and shape, not semantics.
pub fn parse_scenario(text: &str) -> Result<Scenario, LoadError> {
    read_scenario(text, head_of(text)?)
}

/// Reads a scenario whose head `head_of` has read already (a reader that first told a study
/// from a scenario).
pub(crate) fn read_scenario(text: &str, head: Head) -> Result<Scenario, LoadError> {
    migrate(head.version)?;
    let room = room_for_jobs(head.jobs, text.len());
    crate::scenario::job_list::expecting(room, || crate::result::sharing_names(|| read_typed(text)))
}

/// The fewest bytes a job of a document can take: one that names itself and gives its
/// submission and duration, the fields every job has.
const SMALLEST_JOB: &str = r#"{"name":"","submit_h":0,"duration_h":0}"#;

/// The room to read `counted` jobs into, from a document of `text_bytes`: no more than the text
/// could hold, so that a `jobs` array of something else (`[1, 1, 1, …]`), which the reader
/// refuses at its first element, never asks for room of millions of jobs first.
fn room_for_jobs(counted: Option<usize>, text_bytes: usize) -> Option<usize> {
    counted.map(|jobs| jobs.min(text_bytes / SMALLEST_JOB.len()))
}

/// Reads `text` as a `T`, naming the path of the first field that does not fit (found from
/// where the reader stopped, `json_path`). Every reader of a scenario, and of a document
/// holding one, goes through here (see the module's note). A `T` may borrow from `text`: a
/// document that holds scenarios keeps each as a `&RawValue`, its own slice of the text, until
/// the scenario's reader takes it, so no `Value` of a trace's jobs is ever made.
pub(crate) fn read_typed<'a, T: Deserialize<'a>>(text: &'a str) -> Result<T, LoadError> {
    serde_json::from_str(text).map_err(|e| LoadError::Shape {
        path: json_path::path_of_error(text, &e),
        message: shape_message(&without_position(&e.to_string())),
    })
}

/// The two top-level members that say what a document is, and how many jobs it lists.
#[derive(Debug, Default)]
pub(crate) struct Head {
    /// Its `version`, checked by `migrate`.
    pub version: Option<Value>,
    /// Its `kind`: `"study"` for a study (docs/STUDY.md); a scenario has none.
    pub kind: Option<Value>,
    /// How many elements its `jobs` array has, counted in the same pass, so that the list is
    /// read into room of its size (`scenario::job_list::expecting`); none without one.
    pub jobs: Option<usize>,
}

impl Head {
    /// Its `kind`, when that is a string.
    pub fn kind(&self) -> Option<&str> {
        self.kind.as_ref().and_then(Value::as_str)
    }
}

/// The document's `version` and `kind` members and the length of its `jobs`, after checking that
/// the text is within the size limit, JSON and an object. Reads the whole text once, keeping
/// nothing but those, so
/// that syntax and version errors come before any error of shape, as a reader of the document
/// expects, and so that telling a study from a scenario costs no copy of a trace's million jobs.
pub(crate) fn head_of(text: &str) -> Result<Head, LoadError> {
    head_of_document(text, SCENARIO_SHAPE)
}

/// [`head_of`] for a document of another kind, which is not an object unless it looks like
/// `shape` ("a study is a JSON object (…)").
pub(crate) fn head_of_document(text: &str, shape: &str) -> Result<Head, LoadError> {
    if text.len() > MAX_SCENARIO_BYTES {
        return Err(LoadError::TooLarge {
            bytes: text.len(),
            limit: MAX_SCENARIO_BYTES,
        });
    }
    read_head(text)?.ok_or_else(|| LoadError::Shape {
        path: String::new(),
        message: shape.into(),
    })
}

/// [`head_of_document`] without the size limit, for the files of a sharded run and the
/// definitions inside them, which no scenario limit applies to as a whole; `None` when the
/// document is not an object.
pub(crate) fn read_head(text: &str) -> Result<Option<Head>, LoadError> {
    match serde_json::from_str::<HeadProbe>(text) {
        Ok(HeadProbe::Object(head)) => Ok(Some(head)),
        Ok(HeadProbe::Array(_) | HeadProbe::Other) => Ok(None),
        Err(e) => Err(LoadError::Syntax {
            line: e.line(),
            column: e.column(),
            message: syntax_message(&e),
        }),
    }
}

/// What `head_of` keeps of a JSON value: an object's head, an array's length, or neither.
enum HeadProbe {
    Object(Head),
    Array(usize),
    Other,
}

impl<'de> Deserialize<'de> for HeadProbe {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ProbeVisitor)
    }
}

struct ProbeVisitor;

impl<'de> Visitor<'de> for ProbeVisitor {
    type Value = HeadProbe;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON document")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<HeadProbe, A::Error> {
        let mut head = Head::default();
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            match key.as_ref() {
                "version" => head.version = Some(map.next_value()?),
                "kind" => head.kind = Some(map.next_value()?),
                "jobs" => {
                    if let HeadProbe::Array(jobs) = map.next_value()? {
                        head.jobs = Some(jobs);
                    }
                }
                _ => map.next_value::<IgnoredAny>().map(drop)?,
            }
        }
        Ok(HeadProbe::Object(head))
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<HeadProbe, A::Error> {
        let mut elements = 0;
        while seq.next_element::<IgnoredAny>()?.is_some() {
            elements += 1;
        }
        Ok(HeadProbe::Array(elements))
    }

    fn visit_bool<E>(self, _: bool) -> Result<HeadProbe, E> {
        Ok(HeadProbe::Other)
    }
    fn visit_i64<E>(self, _: i64) -> Result<HeadProbe, E> {
        Ok(HeadProbe::Other)
    }
    fn visit_u64<E>(self, _: u64) -> Result<HeadProbe, E> {
        Ok(HeadProbe::Other)
    }
    fn visit_f64<E>(self, _: f64) -> Result<HeadProbe, E> {
        Ok(HeadProbe::Other)
    }
    fn visit_str<E>(self, _: &str) -> Result<HeadProbe, E> {
        Ok(HeadProbe::Other)
    }
    fn visit_unit<E>(self) -> Result<HeadProbe, E> {
        Ok(HeadProbe::Other)
    }
}

/// Checks the version and brings an older document up to `FORMAT_VERSION`. Nothing is older
/// than version 1 yet, so a document that passes needs no change.
fn migrate(version: Option<Value>) -> Result<(), LoadError> {
    let found = match version {
        None | Some(Value::Null) => {
            return Err(LoadError::Version {
                found: None,
                message: format!("missing; this is format version {FORMAT_VERSION}, write \"version\": {FORMAT_VERSION}"),
            })
        }
        Some(v) => v.as_u64().ok_or_else(|| LoadError::Version {
            found: None,
            message: format!("must be a whole number (this app reads versions 1 to {FORMAT_VERSION})"),
        })?,
    };
    match found {
        FORMAT_VERSION => Ok(()),
        v if v > FORMAT_VERSION => Err(LoadError::Version {
            found: Some(v),
            message: format!(
                "this scenario is format version {v}, written by a newer Quota Lab; this one reads versions 1 to {FORMAT_VERSION}. Update Quota Lab to open it."
            ),
        }),
        v => Err(LoadError::Version {
            found: Some(v),
            message: format!("version {v} does not exist; versions start at 1"),
        }),
    }
}

fn syntax_message(error: &serde_json::Error) -> String {
    without_position(&error.to_string())
}

/// serde_json's message without the " at line L column C" it appends: the caller reports the
/// position separately (a syntax error) or as the field's path (a shape error).
fn without_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

/// Turns serde's wording for the untagged enums into what a user can act on.
fn shape_message(message: &str) -> String {
    if message.contains("untagged enum Arrivals") {
        "expected one of { \"poisson_per_h\": r, \"start_h\": s }, { \"every_h\": p, \"start_h\": s } or { \"at_h\": [times] } (rates and periods are positive numbers)".into()
    } else if message.contains("untagged enum DurationSpec") {
        "expected a number of hours, { \"uniform\": { \"min_h\": a, \"max_h\": b } } or { \"lognormal\": { \"median_h\": m, \"p90_h\": p } }".into()
    } else {
        message.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newer_version_is_refused_with_a_clear_message() {
        let err = parse_scenario(r#"{"version": 2, "name": "x"}"#).unwrap_err();
        assert!(err.to_string().contains("newer Quota Lab"), "{err}");
    }

    #[test]
    fn unknown_field_names_the_field_and_its_path() {
        let err = parse_scenario(
            r#"{"version":1,"name":"x","jobs":[{"name":"a","submit_h":0,"duration_h":1,"preferences":[{"instance_type":"ml.g5.xlarge","colour":1}]}]}"#,
        )
        .unwrap_err();
        let text = err.to_string();
        assert!(text.starts_with("jobs[0].preferences[0]"), "{text}");
        assert!(text.contains("colour"), "{text}");
    }

    #[test]
    fn the_head_counts_the_jobs_listed_and_nothing_else() {
        let jobs = |text: &str| head_of(text).unwrap().jobs;
        assert_eq!(
            jobs(r#"{"version":1,"jobs":[{"name":"a"},{},[]],"kind":"x"}"#),
            Some(3)
        );
        assert_eq!(jobs(r#"{"version":1,"jobs":[]}"#), Some(0));
        assert_eq!(jobs(r#"{"version":1,"jobs":null}"#), None);
        assert_eq!(jobs(r#"{"version":1,"job_mixes":[{"jobs":[1]}]}"#), None);
        // A `jobs` of another type is read no differently: the scenario's reader says what is wrong.
        assert_eq!(jobs(r#"{"version":1,"jobs":{"a":1}}"#), None);
        let err = parse_scenario(r#"{"version":1,"name":"x","jobs":5}"#).unwrap_err();
        assert!(err.to_string().contains("expected a sequence"), "{err}");
    }

    #[test]
    fn the_room_for_the_jobs_counted_is_no_more_than_the_text_could_hold() {
        let smallest = SMALLEST_JOB.len();
        assert_eq!(room_for_jobs(Some(3), 10 * smallest), Some(3));
        assert_eq!(room_for_jobs(Some(1_000_000), 10 * smallest + 5), Some(10));
        assert_eq!(room_for_jobs(None, 1_000), None);
        // It is a job, and none of its fields may be left out.
        let job = serde_json::from_str::<crate::scenario::JobSpec>;
        assert!(job(SMALLEST_JOB).is_ok());
        for short in [
            r#"{"submit_h":0,"duration_h":0}"#,
            r#"{"name":"","duration_h":0}"#,
            r#"{"name":"","submit_h":0}"#,
        ] {
            assert!(job(short).is_err(), "{short}");
        }
    }

    #[test]
    fn syntax_error_reports_line_and_column() {
        let err = parse_scenario("{\n \"version\": 1,\n \"name\": }").unwrap_err();
        assert!(matches!(err, LoadError::Syntax { line: 3, .. }), "{err:?}");
    }

    #[test]
    fn a_document_that_is_not_an_object_is_refused_as_one() {
        for text in ["[1, 2]", "3", "\"scenario\"", "null"] {
            let err = parse_scenario(text).unwrap_err();
            assert!(
                err.to_string().contains("a scenario is a JSON object"),
                "{text}: {err}"
            );
        }
    }

    #[test]
    fn a_shape_error_names_the_path_without_a_text_position() {
        let err = parse_scenario(r#"{"version":1,"name":"x","seed":"seven"}"#).unwrap_err();
        let LoadError::Shape { path, message } = err else {
            panic!("{err:?}")
        };
        assert_eq!(path, "seed");
        assert!(!message.contains(" at line "), "{message}");
    }

    #[test]
    fn the_version_is_checked_before_the_shape() {
        let err = parse_scenario(r#"{"version": 2, "name": "x", "colour": 1}"#).unwrap_err();
        assert!(
            matches!(err, LoadError::Version { found: Some(2), .. }),
            "{err:?}"
        );
        let err = parse_scenario(r#"{"name": "x", "colour": 1}"#).unwrap_err();
        assert!(
            matches!(err, LoadError::Version { found: None, .. }),
            "{err:?}"
        );
    }

    #[test]
    fn a_field_given_twice_is_refused_naming_it() {
        let err = parse_scenario(r#"{"version":1,"name":"x","seed":1,"seed":2}"#).unwrap_err();
        assert!(err.to_string().contains("duplicate field `seed`"), "{err}");
    }

    #[test]
    fn a_file_over_the_limit_is_refused_in_words_a_person_reads() {
        let err = LoadError::TooLarge {
            bytes: 465_155_571,
            limit: MAX_SCENARIO_BYTES,
        };
        let message = err.to_string();
        for part in [
            "the scenario is 465,155,571 bytes",
            "the limit is 268,435,456 bytes, about a million jobs listed one by one",
            "--from-h H --to-h H, or --sample N",
        ] {
            assert!(message.contains(part), "{part}: {message}");
        }
    }

    #[test]
    fn null_means_default() {
        let s = parse_scenario(r#"{"version":1,"name":"x","seed":null,"queueing":null}"#).unwrap();
        assert_eq!(s.seed, 0);
    }
}
