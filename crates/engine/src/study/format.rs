//! The study document: text -> JSON -> `Study`, and telling a study from a scenario.
//!
//! A study is a sibling of the scenario format (docs/STUDY.md): an object with `"kind": "study"`
//! and its own `version`. Each variant goes through the scenario parser, so an older scenario
//! version inside a study migrates exactly as a lone scenario would, and its errors come back
//! under `variants[i].`.

use super::advise::knobs::AdviseSpec;
use super::validate::variant_count_error;
use super::{
    Study, StudyKind, Sweep, DEFAULT_SEEDS, DEFAULT_WAIT_THRESHOLD_H, STUDY_VERSION, VARIANTS,
};
use crate::diagnostic::LoadError;
use crate::format::{head_of, read_scenario, MAX_SCENARIO_BYTES};
use crate::scenario::Scenario;
use serde::Deserialize;
use serde_json::Value;

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
        if head.kind.as_ref().and_then(Value::as_str) == Some("study") {
            Study::parse_json(text).map(Document::Study)
        } else {
            read_scenario(text, head).map(Document::Scenario)
        }
    }
}

/// The study's own fields; variants stay JSON until the scenario parser takes them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStudy {
    kind: StudyKind,
    version: u32,
    name: String,
    #[serde(default)]
    seeds: Option<u32>,
    #[serde(default)]
    wait_threshold_h: Option<f64>,
    variants: Vec<Value>,
    #[serde(default)]
    sweep: Option<Sweep>,
    #[serde(default)]
    advise: Option<Box<AdviseSpec>>,
}

/// Parses a study document (see [`Study::parse_json`]).
pub fn parse_study(text: &str) -> Result<Study, LoadError> {
    check_version(&parse_value(text)?)?;
    let raw: RawStudy = crate::format::read_typed(text)?;
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
            Scenario::parse_json(&v.to_string()).map_err(|e| under(&format!("variants[{i}]"), e))
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

fn parse_value(text: &str) -> Result<Value, LoadError> {
    if text.len() > MAX_SCENARIO_BYTES {
        return Err(LoadError::TooLarge {
            bytes: text.len(),
            limit: MAX_SCENARIO_BYTES,
        });
    }
    serde_json::from_str(text).map_err(|e| LoadError::Syntax {
        line: e.line(),
        column: e.column(),
        message: e
            .to_string()
            .split(" at line ")
            .next()
            .unwrap_or_default()
            .to_string(),
    })
}

/// The study format version must be present, whole and not newer than this engine's.
pub(super) fn check_version(value: &Value) -> Result<(), LoadError> {
    let version = value.get("version");
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
        None if value.is_object() => Err(LoadError::Version {
            found: None,
            message: format!("missing or not a whole number; write \"version\": {STUDY_VERSION}"),
        }),
        None => Err(LoadError::Shape {
            path: String::new(),
            message: "a study is a JSON object ({ \"kind\": \"study\", \"version\": 1, ... })".into(),
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
