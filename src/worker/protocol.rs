//! What makes a worker a kind of worker: its requests and replies (each a serde-tagged enum, so
//! page and worker read the same words), and the script the page starts it from. The simulation
//! worker's are `messages::Simulation`; the interop worker's `crate::interop::protocol::Interop`.
//! Everything else, the envelope (`wire`), the page's handle (`handle::Worker`) and the worker's
//! loop (`serve`), is the same for every kind.

use super::carried::Carried;
use serde::de::DeserializeOwned;
use serde::Serialize;

pub use super::boot::Boot;

/// A kind of worker.
pub trait Protocol: 'static {
    /// What the page asks.
    type Request: Serialize + DeserializeOwned + Carries;
    /// What the worker answers.
    type Reply: Serialize + DeserializeOwned + 'static;
    /// Where it runs.
    const SCRIPT: Script;
}

/// A request that may carry one document after its envelope's line (`wire::RequestText`): a
/// scenario or a plan, sent as JSON as it is ([`Carried`]). The field that holds it is left out
/// of the envelope (`#[serde(skip)]`) and given back to the request, as text, when the worker
/// reads it.
pub trait Carries: Sized {
    /// The document sent after the envelope, if this request carries one.
    fn document(&self) -> Option<&Carried> {
        None
    }

    /// This request, read from its envelope, holding the `document` that followed it.
    fn carrying(self, _document: Carried) -> Self {
        self
    }
}

/// A worker's script (worker script names are not hashed), how it starts, and what the page
/// calls it in messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Script {
    pub url: &'static str,
    pub boot: Boot,
    /// "the simulation worker", in sentences about it.
    pub name: &'static str,
    /// What a panic inside it means to the user, before the panic's own message.
    pub stopped: &'static str,
}
