//! Why a pending job is not running, per entry (SEMANTICS §6): the result's vocabulary word,
//! used by the pass under this name.

pub use crate::result::Reason;
