//! One job as a trace format read it, on the trace's clock in whole seconds, before it becomes a
//! scenario job: every format hands these to `assemble`, so times are turned into hours, and the
//! trace's own start and end into the job's `observed` block, in one place (docs/TRACES.md, "What
//! every import shares").

use super::clock::hours;
use quotalab_engine::scenario::{JobSpec, Observed, ObservedStatus, Preference};

/// What the trace recorded of a job's run: when it started and ended on the real cluster.
#[derive(Debug, Clone, PartialEq)]
pub struct Seen {
    pub start_s: i64,
    /// `None`: still running when the trace ends.
    pub end_s: Option<i64>,
    pub status: ObservedStatus,
}

/// A job read from a trace.
#[derive(Debug, Clone, PartialEq)]
pub struct TraceJob {
    pub name: String,
    /// The share it belongs to, before `assemble` pools any.
    pub share: String,
    /// Submission, in seconds on the trace's clock.
    pub submit_s: i64,
    pub priority: u32,
    /// The preference list: instance type, instances, seconds of run on it; first choice first.
    pub entries: Vec<(String, u32, i64)>,
    /// Whether later entries keep their own seconds (measured), or the engine derives them from
    /// the first by speed.
    pub measured: bool,
    /// What really happened, when the trace records a start.
    pub observed: Option<Seen>,
}

impl AsRef<TraceJob> for TraceJob {
    fn as_ref(&self) -> &TraceJob {
        self
    }
}

impl<R> AsRef<TraceJob> for (TraceJob, R) {
    fn as_ref(&self) -> &TraceJob {
        &self.0
    }
}

impl TraceJob {
    /// Seconds of run on the first choice.
    pub fn run_s(&self) -> i64 {
        self.entries.first().map_or(0, |e| e.2)
    }

    /// The scenario job, with the window's start (`origin_s`, trace seconds) as time 0: the job
    /// level count when every entry needs the same number of instances, per-entry counts
    /// otherwise (docs/FORMAT.md's rule).
    pub fn into_spec(self, origin_s: i64) -> JobSpec {
        let uniform = self.entries.windows(2).all(|w| w[0].1 == w[1].1);
        let preferences = self
            .entries
            .iter()
            .enumerate()
            .map(|(i, (instance_type, count, seconds))| Preference {
                instance_type: instance_type.as_str().into(),
                instance_count: (!uniform).then_some(*count),
                training_plan: None,
                duration_h: (self.measured && i > 0).then_some(hours(*seconds)),
            })
            .collect();
        let submit_s = self.submit_s - origin_s;
        let run_s = self.run_s();
        let observed = self.observed.map(|seen| {
            // A start logged before the submission (clock skew) is read as at the submission.
            let start_s = seen.start_s - origin_s;
            let start_s = start_s.max(submit_s);
            Observed {
                first_start_h: Some(hours(start_s)),
                end_h: seen.end_s.map(|e| hours((e - origin_s).max(start_s))),
                status: seen.status,
                reason: None,
                instance_type: None,
                preemptions: 0,
            }
        });
        JobSpec {
            name: self.name,
            share: Some(self.share.into()),
            submit_h: hours(submit_s),
            duration_h: hours(run_s),
            kind: Default::default(),
            priority: self.priority as i32,
            instance_count: uniform.then(|| self.entries.first().map_or(1, |e| e.1)),
            preferences,
            observed: observed.map(Box::new),
            ..JobSpec::default()
        }
    }
}
