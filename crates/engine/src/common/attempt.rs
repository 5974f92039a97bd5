//! The arithmetic of one attempt: startup, compute with checkpoint pauses, and what an
//! interruption saves or loses (SEMANTICS §3, "Startup", "Checkpoints", "Lost work").

use super::ending::Stop;
use crate::time::Seconds;

/// The timeline of an attempt, fixed when it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    pub start: Seconds,
    pub startup: Seconds,
    /// Compute still needed on this entry.
    pub compute: Seconds,
    /// Checkpoint interval and pause, if the job checkpoints.
    pub checkpoint: Option<(Seconds, Seconds)>,
}

/// What an interruption at some instant leaves behind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interrupted {
    /// Compute saved by checkpoints completed at or before the interruption.
    pub saved: Seconds,
    /// Compute since the last saved checkpoint, lost.
    pub lost: Seconds,
}

impl Interrupted {
    /// The fraction of its work a job has saved after this stop, from `before`, for a job whose
    /// work takes `duration` on the attempt's entry (SEMANTICS §3, "Checkpoints").
    pub fn progress_after(self, before: f64, duration: Seconds) -> f64 {
        (before + self.saved as f64 / duration as f64).min(1.0)
    }
}

impl Plan {
    /// Checkpoints taken: one after every full interval, but none at the moment it would finish.
    fn checkpoints(&self) -> Seconds {
        match self.checkpoint {
            Some((interval, _)) if self.compute > 0 => (self.compute - 1) / interval,
            _ => 0,
        }
    }

    /// When the attempt finishes if nothing interrupts it.
    pub fn end(&self) -> Seconds {
        let pauses = self.checkpoint.map_or(0, |(_, cost)| cost) * self.checkpoints();
        self.start + self.startup + self.compute + pauses
    }

    /// When the attempt's end event falls: right after its startup for one that fails for
    /// memory (SEMANTICS §3, "Startup"), else when its work is done.
    pub fn end_event_at(&self, memory_failure: bool) -> Seconds {
        if memory_failure {
            self.start + self.startup
        } else {
            self.end()
        }
    }

    /// What stopping the attempt at `at` for `stop` saves and loses. An attempt that ends
    /// (succeeded, or failed for memory after its startup) saves and loses nothing: its work is
    /// done or was never possible. One cut at the horizon saves its checkpoints and loses
    /// nothing, our decision (SEMANTICS §3 defines lost work for interruptions only): the job
    /// has simply not finished, and counting its unsaved compute as lost made "lost work" large
    /// in runs where nothing was preempted. Any other stop is an interruption.
    pub fn stopped(&self, at: Seconds, stop: Stop, memory_failure: bool) -> Interrupted {
        if memory_failure || stop == Stop::Succeeded {
            Interrupted { saved: 0, lost: 0 }
        } else if stop == Stop::Cut {
            Interrupted {
                lost: 0,
                ..self.interrupt(at)
            }
        } else {
            self.interrupt(at)
        }
    }

    /// The state of the work if the attempt stops at `at` (before `end()`).
    pub fn interrupt(&self, at: Seconds) -> Interrupted {
        let elapsed = at - self.start - self.startup;
        if elapsed <= 0 {
            return Interrupted { saved: 0, lost: 0 };
        }
        let Some((interval, cost)) = self.checkpoint else {
            return Interrupted {
                saved: 0,
                lost: elapsed.min(self.compute),
            };
        };
        // A checkpoint whose pause completes at or before the interruption counts.
        let done = (elapsed / (interval + cost)).min(self.checkpoints());
        let into_segment = elapsed - done * (interval + cost);
        let segment = if done < self.checkpoints() {
            interval
        } else {
            self.compute - done * interval
        };
        Interrupted {
            saved: done * interval,
            lost: into_segment.min(segment),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    const H: Seconds = 3600;

    #[test]
    fn no_checkpoint_at_the_finish() {
        let p = Plan {
            start: 0,
            startup: 0,
            compute: 4 * H,
            checkpoint: Some((H / 2, 60)),
        };
        // 8 segments of 30 min, 7 checkpoints in between.
        assert_eq!(p.end(), 4 * H + 7 * 60);
    }

    #[test]
    fn interruption_keeps_completed_checkpoints() {
        let p = Plan {
            start: 0,
            startup: 0,
            compute: 4 * H,
            checkpoint: Some((H / 2, 0)),
        };
        assert_eq!(
            p.interrupt(5 * H / 4),
            Interrupted {
                saved: H,
                lost: H / 4
            }
        );
    }

    #[test]
    fn checkpoint_pause_must_complete_to_count() {
        let p = Plan {
            start: 0,
            startup: 600,
            compute: 2 * H,
            checkpoint: Some((H, 300)),
        };
        // Compute from 600 to 4200, pause until 4500: at 4400 the checkpoint is not saved.
        assert_eq!(p.interrupt(4400), Interrupted { saved: 0, lost: H });
        assert_eq!(p.interrupt(4500), Interrupted { saved: H, lost: 0 });
    }

    #[test]
    fn startup_is_not_lost_work() {
        let p = Plan {
            start: 100,
            startup: 600,
            compute: H,
            checkpoint: None,
        };
        assert_eq!(p.interrupt(500), Interrupted { saved: 0, lost: 0 });
        assert_eq!(
            p.interrupt(800),
            Interrupted {
                saved: 0,
                lost: 100
            }
        );
    }
}
