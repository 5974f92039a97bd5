//! The document a request carries after its envelope's line (`wire::RequestText`), or a reply
//! after its header (`outgoing::Body::Document`): JSON text as it is, or a scenario not written
//! yet.
//!
//! A run of a trace of a million listed jobs carries a quarter of a gigabyte of JSON. Written
//! into the page's wasm memory first, and then copied into the buffer that is posted, it sat
//! beside the scenario it was written from, and the page's memory kept that room for good. So
//! the page hands the scenario itself to the request, and the JSON is written only as the
//! message is made, a piece at a time, straight into the posted buffer (docs/PERFORMANCE.md,
//! "A scenario written straight into the posted message"). The worker reads a run's scenario
//! from the posted bytes a piece at a time, and every other document as text.

use crate::js_bytes::JsBytes;
use quotalab_engine::format::pieces::Source;
use quotalab_engine::{json_text, LoadError, Scenario};
use std::sync::Arc;

/// A document a request carries.
#[derive(Debug, Clone, PartialEq)]
pub enum Carried {
    /// JSON as it is: as the worker reads every document, and as a study's and a plan's are
    /// sent, since they are written once for many requests.
    Text(Arc<String>),
    /// A scenario, written as compact JSON (`json_text::compact`'s bytes) when the request is
    /// posted. Its jobs are shared with the page's copies, not copied (`JobList`).
    Scenario(Arc<Scenario>),
    /// The document as the worker received it: the bytes after the envelope's line, still in
    /// the posted buffer (`wire::Incoming`).
    Posted(JsBytes),
}

impl Default for Carried {
    /// No document: a story asked of a run the worker holds goes without one.
    fn default() -> Self {
        Carried::Text(Arc::default())
    }
}

impl From<Scenario> for Carried {
    fn from(scenario: Scenario) -> Self {
        Carried::Scenario(Arc::new(scenario))
    }
}

impl From<String> for Carried {
    fn from(text: String) -> Self {
        Carried::Text(Arc::new(text))
    }
}

impl Carried {
    /// Whether there is no document to send (never so for a scenario).
    pub fn is_empty(&self) -> bool {
        matches!(self, Carried::Text(text) if text.is_empty())
    }

    /// Its length in bytes, as it is sent: a scenario is written once only to count.
    pub fn len(&self) -> usize {
        match self {
            Carried::Text(text) => text.len(),
            Carried::Scenario(scenario) => json_text::byte_count(&**scenario),
            Carried::Posted(bytes) => bytes.len(),
        }
    }

    /// Hands `put` its bytes in order, a piece at a time (`json_text::write`'s pieces, for a
    /// scenario).
    pub fn write(&self, put: &mut dyn FnMut(&[u8])) {
        match self {
            Carried::Text(text) => put(text.as_bytes()),
            Carried::Scenario(scenario) => json_text::write(&**scenario, &mut |piece| {
                put(piece);
                Ok(())
            })
            .expect("a scenario always serialises"),
            Carried::Posted(bytes) => put(&bytes.0.to_vec()),
        }
    }

    /// Its text, written now if it is a scenario, copied out if it is posted: for the worker,
    /// which reads every document but a run's scenario as text, and the browser tests that serve
    /// a request themselves.
    pub fn into_text(self) -> Arc<String> {
        match self {
            Carried::Text(text) => text,
            Carried::Scenario(scenario) => Arc::new(json_text::compact(&*scenario)),
            Carried::Posted(bytes) => Arc::new(bytes.text()),
        }
    }

    /// The scenario it carries, read as `Scenario::parse_json` reads its text; posted bytes a
    /// piece at a time, so a trace's text never stands whole in the worker's memory beside its
    /// jobs (`quotalab_engine::format::pieces`).
    pub fn into_scenario(self) -> Result<Scenario, LoadError> {
        match self {
            Carried::Text(text) => Scenario::parse_json(&text),
            Carried::Scenario(scenario) => Ok(Arc::unwrap_or_clone(scenario)),
            Carried::Posted(bytes) => Scenario::read(&bytes),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(carried: &Carried) -> Vec<u8> {
        let mut bytes = Vec::new();
        carried.write(&mut |piece| bytes.extend_from_slice(piece));
        bytes
    }

    #[test]
    fn a_scenario_is_written_as_its_compact_json() {
        let scenario = crate::state::default_scenario();
        let json = json_text::compact(&scenario);
        let carried = Carried::from(scenario);
        assert_eq!(carried.len(), json.len());
        assert_eq!(written(&carried), json.as_bytes());
        assert!(!carried.is_empty());
        assert_eq!(*carried.into_text(), json);
    }

    #[test]
    fn a_large_scenario_is_handed_on_a_piece_at_a_time() {
        let scenario = crate::state::listed_jobs_scenario(60_000);
        let json = json_text::compact(&scenario);
        let mut pieces = Vec::new();
        Carried::from(scenario).write(&mut |piece| pieces.push(piece.to_vec()));
        assert!(
            pieces.len() > 2,
            "{} pieces of {} bytes",
            pieces.len(),
            json.len()
        );
        assert_eq!(pieces.concat(), json.as_bytes());
    }

    #[test]
    fn text_is_sent_as_it_is_and_empty_text_is_no_document() {
        let text = Carried::from("{\"version\":1}".to_string());
        assert_eq!(
            (text.len(), written(&text)),
            (13, b"{\"version\":1}".to_vec())
        );
        assert!(Carried::default().is_empty());
    }
}
