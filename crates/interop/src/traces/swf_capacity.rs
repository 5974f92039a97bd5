//! The size of the machine an SWF log ran on, when its header does not state `MaxProcs`: the
//! largest number of processors the log shows in use at the same time; and the average in use,
//! which the import suggests trying instead (docs/TRACES.md, "Capacity").

/// When a job ran and on how many processors.
pub struct Span {
    pub start_s: f64,
    pub run_s: f64,
    pub processors: u32,
}

/// The peak of processors in use at once. A job ending at the instant another starts frees its
/// processors first, as the scheduler that wrote the log could reuse them.
pub fn observed_peak(spans: &[Span]) -> u32 {
    let mut changes: Vec<(f64, i64)> = spans
        .iter()
        .flat_map(|s| {
            let n = i64::from(s.processors);
            [(s.start_s, n), (s.start_s + s.run_s, -n)]
        })
        .collect();
    // Ends (negative) before starts at the same instant.
    changes.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let mut in_use = 0i64;
    let mut peak = 0i64;
    for (_, change) in changes {
        in_use += change;
        peak = peak.max(in_use);
    }
    u32::try_from(peak).unwrap_or(u32::MAX)
}

/// Processors in use on average from the first start to the last end, rounded; 0 without jobs.
pub fn average_in_use(spans: &[Span]) -> u32 {
    let first = spans
        .iter()
        .map(|s| s.start_s)
        .fold(f64::INFINITY, f64::min);
    let last = spans
        .iter()
        .map(|s| s.start_s + s.run_s)
        .fold(f64::NEG_INFINITY, f64::max);
    if last <= first {
        return 0;
    }
    let used: f64 = spans
        .iter()
        .map(|s| s.run_s * f64::from(s.processors))
        .sum();
    (used / (last - first)).round() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(start_s: f64, run_s: f64, processors: u32) -> Span {
        Span {
            start_s,
            run_s,
            processors,
        }
    }

    #[test]
    fn overlapping_jobs_add_up_and_back_to_back_jobs_do_not() {
        let spans = [span(0.0, 10.0, 4), span(5.0, 10.0, 3), span(15.0, 5.0, 6)];
        assert_eq!(observed_peak(&spans), 7);
        assert_eq!(observed_peak(&[span(0.0, 10.0, 4), span(10.0, 1.0, 4)]), 4);
        assert_eq!(observed_peak(&[]), 0);
        // 4 x 10 + 3 x 10 + 6 x 5 processor-seconds over 20 s.
        assert_eq!(average_in_use(&spans), 5);
        assert_eq!(average_in_use(&[]), 0);
    }
}
