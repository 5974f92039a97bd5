//! Why Kueue YAML could not be read, in the user's words: the line and column of text that is
//! not YAML, or the object's kind, name and field path (`ClusterQueue research:
//! spec.resourceGroups[0].flavors[1].name: flavor a100 is not a ResourceFlavor in the file`).

/// A Kueue import's failure.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum KueueError {
    /// The text is not YAML.
    #[error("Kueue YAML, line {line}, column {column}: not YAML: {message}")]
    NotYaml {
        line: usize,
        column: usize,
        message: String,
    },
    /// The file is refused before parsing (too large, nested too deep).
    #[error("Kueue YAML: {0}")]
    Refused(#[from] super::nesting::NestingError),
    /// A document that is not a Kubernetes object.
    #[error("{place}: {message}")]
    Document { place: String, message: String },
    /// An object whose field is wrong or names something the file lacks.
    #[error("{kind} {name}: {field}: {message}")]
    Object {
        kind: String,
        name: String,
        field: String,
        message: String,
    },
    /// No ClusterQueue at all: there is no agreement to read.
    #[error("no ClusterQueue found in the Kueue YAML; the agreement needs at least one")]
    NoClusterQueue,
}

impl KueueError {
    /// A problem with `field` of the object `kind` `name`.
    pub fn object(
        kind: &str,
        name: &str,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> KueueError {
        KueueError::Object {
            kind: kind.to_string(),
            name: name.to_string(),
            field: field.into(),
            message: message.into(),
        }
    }
}
