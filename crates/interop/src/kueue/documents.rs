//! Kueue YAML as a list of Kubernetes objects: every document of a multi-document file, and
//! every item of a `kind: List` (what `kubectl get ... -o yaml` prints), each with its place in
//! the file for messages, which the import reads as records of the one row reader
//! (`import::skip`), so it can say what it skipped.

use super::error::KueueError;
use super::nesting;
use serde::Deserialize;
use serde_json::Value;

/// One object of the file.
pub(crate) struct Document {
    /// "document 3", or "document 1, item 4" inside a List.
    pub place: String,
    pub value: Value,
}

impl Document {
    pub fn kind(&self) -> &str {
        self.value.get("kind").and_then(Value::as_str).unwrap_or("")
    }

    /// `metadata.name`, or the place when it has none.
    pub fn name(&self) -> String {
        self.value
            .pointer("/metadata/name")
            .and_then(Value::as_str)
            .map_or_else(|| self.place.clone(), str::to_string)
    }
}

/// Every object of the YAML text, Lists opened.
pub(crate) fn read(yaml: &str) -> Result<Vec<Document>, KueueError> {
    nesting::check(yaml)?;
    let mut out = Vec::new();
    for (index, document) in serde_yaml_ng::Deserializer::from_str(yaml).enumerate() {
        let value = serde_yaml_ng::Value::deserialize(document).map_err(not_yaml)?;
        if value.is_null() {
            continue;
        }
        let place = format!("document {}", index + 1);
        let value = serde_json::to_value(&value).map_err(|e| KueueError::Document {
            place: place.clone(),
            message: format!("not a Kubernetes object: {e}"),
        })?;
        if value.get("kind").and_then(Value::as_str) == Some("List") {
            let items = value
                .get("items")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            for (i, item) in items.into_iter().enumerate() {
                out.push(Document {
                    place: format!("{place}, item {}", i + 1),
                    value: item,
                });
            }
        } else {
            out.push(Document { place, value });
        }
    }
    Ok(out)
}

fn not_yaml(e: serde_yaml_ng::Error) -> KueueError {
    let (line, column) = e.location().map_or((0, 0), |l| (l.line(), l.column()));
    KueueError::NotYaml {
        line,
        column,
        message: e.to_string(),
    }
}
