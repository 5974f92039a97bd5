//! The steps that end or requeue a running attempt, in the one order both rule sets follow
//! (SEMANTICS §3, "Lost work"; docs/KUEUE.md, "Preemption"): each run supplies its own
//! bookkeeping (capacity or quota released, its record, its pending queues) and these put it
//! together, so the two cannot drift apart.

use super::ending::{Ending, Stop};
use super::Phase;
use crate::result::Reason;
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

    /// How many jobs the run has.
    fn job_count(&self) -> usize;

    /// Where job `j` is in its life.
    fn phase(&self, j: JobId) -> Phase;

    /// Takes pending job `j` out of its queues as the run ends; returns why it never started,
    /// or the last reason it waited (SEMANTICS §6).
    fn leave_pending_at_end(&mut self, j: JobId) -> Option<Reason>;

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

    /// At the end of the run: whatever has not ended is unfinished (SEMANTICS §6).
    fn end_unfinished(&mut self) {
        for j in 0..self.job_count() {
            match self.phase(j) {
                Phase::Ended => {}
                Phase::Running => {
                    self.stop_attempt(j, Stop::Cut, None);
                    self.end(j, Ending::Unfinished(None));
                }
                Phase::Pending => {
                    let reason = self.leave_pending_at_end(j);
                    self.end(j, Ending::Unfinished(reason));
                }
                Phase::NotSubmitted => self.end(j, Ending::Unfinished(None)),
            }
        }
    }
}

/// The part of [`StopsAttempts`] that is the same for every run whose fields are named as both
/// rule sets name them: `jobs` (with `phase`, `progress` and `running.memory_failure`), `now`,
/// `log` and `make_pending`.
macro_rules! attempt_fields {
    () => {
        fn fails_for_memory(&self, j: usize) -> bool {
            self.jobs[j]
                .running
                .as_ref()
                .is_some_and(|r| r.memory_failure)
        }

        fn complete(&mut self, j: usize) {
            self.jobs[j].progress = 1.0;
        }

        fn requeue(&mut self, j: usize) {
            self.log.requeued(self.now, j);
            self.make_pending(j);
        }

        fn job_count(&self) -> usize {
            self.jobs.len()
        }

        fn phase(&self, j: usize) -> $crate::common::Phase {
            self.jobs[j].phase
        }
    };
}
pub(crate) use attempt_fields;
