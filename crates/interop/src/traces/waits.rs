//! The waits a trace itself recorded: how long its jobs waited between submission and start on
//! the real cluster. The import's summary shows them beside the capacity it chose (docs/TRACES.md,
//! "Capacity"), since a capacity that makes the simulation's waits differ from these is the
//! first thing to question; a run's `calibration` then compares them job by job.

use super::job::TraceJob;
use quotalab_engine::result::metrics::percentile;
use quotalab_engine::result::numbers::{count, counted, duration};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Observed waits over the imported jobs that the trace shows starting.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ObservedWaits {
    /// Jobs whose start the trace records.
    pub jobs: usize,
    /// Of those, how many waited at all.
    pub waited: usize,
    pub p50_s: i64,
    pub p90_s: i64,
    pub mean_s: f64,
    pub longest_s: i64,
}

impl ObservedWaits {
    /// The waits of `jobs`; `None` when none records a start.
    pub(crate) fn of<'a>(jobs: impl IntoIterator<Item = &'a TraceJob>) -> Option<ObservedWaits> {
        let mut waits: Vec<i64> = jobs
            .into_iter()
            .filter_map(|j| j.observed.as_ref().map(|o| (o.start_s - j.submit_s).max(0)))
            .collect();
        waits.sort_unstable();
        let sorted: Vec<f64> = waits.iter().map(|&w| w as f64).collect();
        Some(ObservedWaits {
            jobs: waits.len(),
            waited: waits.iter().filter(|&&w| w > 0).count(),
            p50_s: percentile(&sorted, 0.5)? as i64,
            p90_s: percentile(&sorted, 0.9)? as i64,
            mean_s: waits.iter().sum::<i64>() as f64 / waits.len() as f64,
            longest_s: *waits.last()?,
        })
    }
}

impl fmt::Display for ObservedWaits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = |s: f64| duration(s / 3600.0);
        write!(
            f,
            "{} of {} waited; p50 {}, p90 {}, mean {}, longest {}",
            count(self.waited as u64),
            counted(self.jobs as u64, "job"),
            h(self.p50_s as f64),
            h(self.p90_s as f64),
            h(self.mean_s),
            h(self.longest_s as f64)
        )
    }
}
