//! A capacity far above what the real cluster's jobs ever held at once: the node list's, a
//! header's or one given with `--capacity`. With that much room the simulated jobs hardly
//! contend, so the import says so, with what the jobs held and a capacity to try
//! (docs/TRACES.md, "Capacity").

use super::catalog::GpuCatalog;
use super::job::TraceJob;
use super::swf_capacity::{observed_peak, Span};
use super::waits::ObservedWaits;
use quotalab_engine::result::numbers::count;

/// How many times the most held at once a capacity must be before the note is given: below
/// that, the simulation's queues can still form at the trace's busiest hours.
const FAR_ABOVE: u32 = 2;

/// The most accelerators the jobs held at once on the real cluster, from the starts and ends the
/// trace records (a job still running when the trace ends holds its own until the trace's last
/// instant); `None` when no job records a start.
pub fn held_at_once(jobs: &[TraceJob], catalog: &GpuCatalog) -> Option<u32> {
    let seen: Vec<(&TraceJob, i64, Option<i64>)> = jobs
        .iter()
        .filter_map(|j| j.observed.as_ref().map(|o| (j, o.start_s, o.end_s)))
        .collect();
    let last_s = seen
        .iter()
        .map(|&(_, start, end)| end.unwrap_or(start).max(start))
        .max()?;
    let spans: Vec<Span> = seen
        .iter()
        .map(|&(job, start, end)| Span {
            start_s: start as f64,
            run_s: (end.unwrap_or(last_s) - start).max(0) as f64,
            processors: job
                .entries
                .first()
                .map_or(0, |(t, n, _)| n * catalog.accelerators(t)),
        })
        .collect();
    Some(observed_peak(&spans))
}

/// The note for a capacity of `capacity` accelerators when the jobs held at most `held` at once,
/// or `None` when it is not far above that.
pub fn note(capacity: u32, held: u32, waits: Option<&ObservedWaits>) -> Option<String> {
    let held = held.max(1);
    if capacity < FAR_ABOVE * held {
        return None;
    }
    let real = match waits {
        Some(w) => format!(" (on the real cluster {w})"),
        None => String::new(),
    };
    Some(format!(
        "capacity is {} accelerators, {} times the most the imported jobs ever held at once on the real cluster ({}). With that much room the simulated jobs hardly contend for capacity, so expect simulated waits near 0{real}. For contention, try a smaller capacity: --capacity {} is the most held at once",
        count(u64::from(capacity)),
        count(u64::from(capacity / held)),
        count(u64::from(held)),
        count(u64::from(held)),
    ))
}

#[cfg(test)]
mod tests {
    use super::super::job::Seen;
    use super::*;
    use quotalab_engine::scenario::ObservedStatus;

    fn job(start_s: i64, end_s: Option<i64>, instances: u32) -> TraceJob {
        TraceJob {
            name: "j".into(),
            share: "s".into(),
            submit_s: 0,
            priority: 0,
            entries: vec![("ml.g5.xlarge".into(), instances, 10)],
            measured: false,
            observed: Some(Seen {
                start_s,
                end_s,
                status: ObservedStatus::Succeeded,
            }),
        }
    }

    #[test]
    fn what_the_jobs_held_counts_overlaps_and_jobs_still_running() {
        let catalog = GpuCatalog::default();
        let jobs = [job(0, Some(10), 2), job(5, Some(20), 3), job(15, None, 4)];
        // 2 + 3 at 5 s; 3 + 4 from 15 s, the last job running to the trace's end (20 s).
        assert_eq!(held_at_once(&jobs, &catalog), Some(7));
        let mut unseen = job(0, Some(10), 2);
        unseen.observed = None;
        assert_eq!(held_at_once(&[unseen], &catalog), None);
    }

    #[test]
    fn the_note_is_given_only_far_above_what_was_held() {
        assert_eq!(note(13, 7, None), None);
        let words = note(1_064, 71, None).unwrap();
        assert!(words.starts_with("capacity is 1,064 accelerators, 14 times the most the imported jobs ever held at once on the real cluster (71)"), "{words}");
        assert!(words.contains("simulated waits near 0"), "{words}");
        assert!(
            words.ends_with("--capacity 71 is the most held at once"),
            "{words}"
        );
    }
}
