//! The steps that end or requeue a running attempt, in the one order both rule sets follow
//! (SEMANTICS §3, "Lost work"; docs/KUEUE.md, "Preemption"): each run supplies its own
//! bookkeeping (capacity or quota released, its record, its pending queues) and these put it
//! together, so the two cannot drift apart.

use super::ending::{Ending, Stop};
use crate::time::Seconds;

/// An index into a rule set's compiled jobs.
type JobId = usize;

/// A run that stops, requeues and ends its jobs' attempts.
pub(crate) trait StopsAttempts {
    /// Whether job `j`'s running attempt fails for memory after its startup.
    fn fails_for_memory(&self, j: JobId) -> bool;

    /// Stops job `j`'s running attempt now, saving its checkpointed progress; returns the
    /// compute lost.
    fn stop_attempt(&mut self, j: JobId, stop: Stop, by: Option<JobId>) -> Seconds;

    /// Marks all of job `j`'s work done.
    fn complete(&mut self, j: JobId);

    /// Records how job `j` ended.
    fn end(&mut self, j: JobId, ending: Ending);

    /// Records job `j` requeued, the instant its attempt stopped, and makes it pending again.
    fn requeue(&mut self, j: JobId);

    /// Job `j`'s attempt ran to its end: it failed for memory after its startup, or succeeded.
    fn attempt_ends(&mut self, j: JobId) {
        let (stop, ending) = Stop::at_end(self.fails_for_memory(j));
        self.stop_attempt(j, stop, None);
        if ending == Ending::Succeeded {
            self.complete(j);
        }
        self.end(j, ending);
    }

    /// Stops job `j`'s attempt and requeues it with its creation time: an interruption, or an
    /// eviction for `by`.
    fn stop_and_requeue(&mut self, j: JobId, stop: Stop, by: Option<JobId>) {
        self.stop_attempt(j, stop, by);
        self.requeue(j);
    }
}
