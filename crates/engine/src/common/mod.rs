//! What the two rule sets have in common: AWS Batch's (`crate::sim`) and Kueue's
//! (`crate::kueue`) both build on this module, and it on neither. One event queue and its order
//! (`events.rs`, docs/SEMANTICS.md §4), the loop that applies a run's events instant by instant
//! (`instants.rs`), the arithmetic of an attempt and what stopping it saves and loses
//! (`attempt.rs`, SEMANTICS §3), the steps that end or requeue an attempt (`stopping.rs`), how an
//! attempt stopped and a job ended (`ending.rs`), where a job is (`Phase`) and what the run
//! records of it for the result's event list (`happening.rs`). A rule in one of these is the same rule under either rule set: Kueue's
//! cycles run at the instants of the same loop (docs/KUEUE.md, "Time").

pub(crate) mod attempt;
pub(crate) mod ending;
pub(crate) mod events;
pub(crate) mod happening;
pub(crate) mod instants;
pub(crate) mod stopping;

pub use instants::Progress;

/// Where a job is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    NotSubmitted,
    Pending,
    Running,
    Ended,
}
