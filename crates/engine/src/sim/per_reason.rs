//! Time per waiting reason (SEMANTICS §6): what a job's state and the waiting groups both
//! count in.

use super::reason::Reason;
use crate::time::Seconds;

/// Time per reason, indexed by `Reason::index`; AWS rules give only the first reasons.
pub type PerReason = [Seconds; Reason::AWS.len()];
