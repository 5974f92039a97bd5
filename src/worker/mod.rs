//! The page's workers, one protocol for all (docs/ARCHITECTURE.md, "From a button to the worker
//! and back").
//!
//! - `protocol`: what makes a kind of worker (its request and reply enums, its script);
//!   `messages`: the simulation worker's requests and replies;
//! - `wire`: how a request and its replies travel (an envelope with an id, a header line and a
//!   body), with the typed refusal of a request a worker cannot read; `carried`: the document a
//!   request carries, a scenario written only as it is posted; `posted`: a reply read
//!   where it lies; `outgoing`: a message as a worker posts it, copied out in pieces;
//! - `handle`: the page's side, a [`Worker`] with an async `ask`; `boot`: how one starts;
//!   `fault`: the failures the e2e tests stage;
//! - `latest`: latest wins, for every line of requests the page makes;
//! - `serve`: the worker's side, the loop every worker runs; `spare`: the buffer of a large reply
//!   the page gave back, for the next; `simulation`: what the simulation worker answers;
//!   `warm_up`: a throw-away run that has the engine compiled for speed.
//!
//! Nothing here knows what a view shows: the session, the baseline, the study runs and the
//! interop dialogs ask, and draw what comes back.

mod boot;
pub mod carried;
pub mod fault;
pub mod handle;
pub mod latest;
pub mod messages;
pub mod outgoing;
pub mod posted;
pub mod protocol;
pub mod serve;
pub mod simulation;
pub mod spare;
pub mod warm_up;
pub mod wire;

pub use handle::{Worker, WorkerError};
pub use latest::{Latest, Ticket};

/// Whether this instance of the module runs in a worker, where there is no page to mount.
pub fn in_worker() -> bool {
    web_sys::window().is_none()
}
