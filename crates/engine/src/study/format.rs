//! The study document: text -> JSON -> `Study`, and telling a study from a scenario.
//!
//! A study is a sibling of the scenario format (docs/STUDY.md): an object with `"kind": "study"`
//! and its own `version`. Each variant goes through the scenario parser, so an older scenario
//! version inside a study migrates exactly as a lone scenario would, and its errors come back
//! under `variants[i].`. The parser reads each variant from its own slice of the study's text
//! (a `&RawValue`), never from a `serde_json::Value` of it: a study of a trace holds its
//! hundreds of thousands of jobs in every variant (docs/PERFORMANCE.md, "A study of a trace").

use super::advise::knobs::AdviseSpec;
use super::validate::variant_count_error;
use super::{
    Study, StudyKind, Sweep, DEFAULT_SEEDS, DEFAULT_WAIT_THRESHOLD_H, STUDY_VERSION, VARIANTS,
};
use crate::diagnostic::LoadError;
use crate::format::pieces::{self, Source};
use crate::format::{head_of, head_of_document, read_scenario, read_typed};
use crate::scenario::Scenario;
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;

/// What a study looks like, for the error that a document is not one.
const STUDY_SHAPE: &str = "a study is a JSON object ({ \"kind\": \"study\", \"version\": 1, ... })";

/// A document that is either a scenario or a study.
#[derive(Debug, Clone, PartialEq)]
pub enum Document {
    /// A single scenario (docs/FORMAT.md).
    Scenario(Scenario),
    /// A study of several variants (docs/STUDY.md).
    Study(Study),
}

impl Document {
    /// Parses either kind: an object with `"kind": "study"` is a study, anything else a scenario.
    /// Only the document's head is read to tell them apart: a trace's text is a quarter of a
    /// gigabyte, and a `Value` of it several times that (`crate::format::head_of`).
    pub fn parse_json(text: &str) -> Result<Document, LoadError> {
        let head = head_of(text)?;
        if head.kind() == Some("study") {
            Study::parse_json(text).map(Document::Study)
        } else {
            read_scenario(text, head).map(Document::Scenario)
        }
    }

    /// Reads either kind from bytes held elsewhere (an opened file in the app): a scenario a
    /// piece at a time, anything else from the whole text, with the same result and the same
    /// errors as [`Document::parse_json`] of the text a browser decodes from them
    /// (`format::pieces`).
    pub fn read(source: &(impl Source + ?Sized)) -> Result<Document, LoadError> {
        match pieces::read_scenario(source)? {
            Some(scenario) => Ok(Document::Scenario(scenario)),
            None => Document::parse_json(&source.text()),
        }
    }
}

/// The study's own fields; variants stay text until the scenario parser takes them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStudy<'a> {
    kind: StudyKind,
    version: u32,
    name: String,
    #[serde(default)]
    seeds: Option<u32>,
    #[serde(default)]
    wait_threshold_h: Option<f64>,
    #[serde(borrow)]
    variants: Vec<&'a RawValue>,
    #[serde(default)]
    sweep: Option<Sweep>,
    #[serde(default)]
    advise: Option<Box<AdviseSpec>>,
}

/// Parses a study document (see [`Study::parse_json`]).
pub fn parse_study(text: &str) -> Result<Study, LoadError> {
    check_version(head_of_document(text, STUDY_SHAPE)?.version.as_ref())?;
    let raw: RawStudy = read_typed(text)?;
    // More variants than a study may hold are refused before each is parsed: a document of a
    // thousand variants would otherwise be read in full only to be refused (docs/STUDY.md).
    if raw.variants.len() > *VARIANTS.end() {
        return Err(LoadError::Shape {
            path: "variants".into(),
            message: variant_count_error(raw.variants.len(), *VARIANTS.start()).unwrap_or_default(),
        });
    }
    let variants = raw
        .variants
        .iter()
        .enumerate()
        .map(|(i, v)| {
            Scenario::parse_json(v.get()).map_err(|e| under(&format!("variants[{i}]"), e))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Study {
        kind: raw.kind,
        version: raw.version,
        name: raw.name,
        seeds: raw.seeds.unwrap_or(DEFAULT_SEEDS),
        wait_threshold_h: raw.wait_threshold_h.unwrap_or(DEFAULT_WAIT_THRESHOLD_H),
        variants,
        sweep: raw.sweep,
        advise: raw.advise,
    })
}

/// The study format version (a document's `version`, see `crate::format::head_of`) must be
/// present, whole and not newer than this engine's.
pub(super) fn check_version(version: Option<&Value>) -> Result<(), LoadError> {
    match version.and_then(Value::as_u64) {
        Some(v) if v == u64::from(STUDY_VERSION) => Ok(()),
        Some(v) if v > u64::from(STUDY_VERSION) => Err(LoadError::Version {
            found: Some(v),
            message: format!(
                "this study is format version {v}, written by a newer Quota Lab; this one reads study versions 1 to {STUDY_VERSION}. Update Quota Lab to open it."
            ),
        }),
        Some(v) => Err(LoadError::Version {
            found: Some(v),
            message: format!("study version {v} does not exist; versions start at 1"),
        }),
        None => Err(LoadError::Version {
            found: None,
            message: format!("missing or not a whole number; write \"version\": {STUDY_VERSION}"),
        }),
    }
}

/// A variant's load error, re-pathed under `prefix`.
fn under(prefix: &str, error: LoadError) -> LoadError {
    let join = |path: &str| {
        if path.is_empty() {
            prefix.to_string()
        } else {
            format!("{prefix}.{path}")
        }
    };
    match error {
        LoadError::Shape { path, message } => LoadError::Shape {
            path: join(&path),
            message,
        },
        LoadError::Version { message, .. } => LoadError::Shape {
            path: join("version"),
            message,
        },
        other => LoadError::Shape {
            path: prefix.to_string(),
            message: other.to_string(),
        },
    }
}
