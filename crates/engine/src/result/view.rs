//! What the app draws, as distinct from the whole result document (docs/ARCHITECTURE.md, "The
//! page's view of a result").
//!
//! The event list is most of a result's bytes (about three quarters at 10,000 jobs) and nothing
//! on the page draws it; at a million jobs the whole document is over a gigabyte of JSON, more
//! than a 32-bit wasm string can hold. So the browser's worker sends [`drawn_json`]: the same
//! document, written by the same serde code, with the event list left empty. The whole document
//! is written only when someone asks for it ("Result JSON"), with [`SimResult::write_json`] in
//! pieces, never as one string. [`Footprint`] says beforehand how big a run will be, so the app
//! can refuse what a browser tab cannot hold.

use crate::result::SimResult;
use crate::Scenario;

/// The result without its event list, as compact JSON: what the page draws. The result is
/// borrowed mutably only to set its events aside while it is written; they are put back.
pub fn drawn_json(result: &mut SimResult) -> String {
    let mut bytes = Vec::new();
    write_drawn(result, &mut bytes).expect("writing to memory cannot fail");
    String::from_utf8(bytes).expect("serde_json writes UTF-8")
}

/// The same bytes as [`drawn_json`], appended to `out` as they are made, so a caller that
/// prefixes them (the worker's reply header) copies nothing. It is the result's own derived
/// serialisation with the event list set aside, so every field the result has, now or later, is
/// in it.
pub fn write_drawn(result: &mut SimResult, out: impl std::io::Write) -> std::io::Result<()> {
    let events = std::mem::take(&mut result.events);
    let written = serde_json::to_writer(out, &*result);
    result.events = events;
    written.map_err(std::io::Error::from)
}

/// How big a run of a scenario will be, known before running it.
///
/// A result's size is its attempts (each job has one, and one more per preemption or
/// interruption) and its jobs. Which jobs will be preempted is only known by running, so this
/// counts one extra attempt per job when anything in the scenario can preempt or interrupt
/// (borrowing, in-share preemption, spot, training plans, actions), which is more than the
/// scaled default scenario's runs show (docs/PERFORMANCE.md, "Memory").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Footprint {
    /// Jobs, generated ones included.
    pub jobs: u64,
    /// Attempts expected: the jobs, or twice as many when jobs can be preempted.
    pub attempts: u64,
}

/// Attempts a browser tab runs at most. Measured in headless Chromium (docs/PERFORMANCE.md,
/// "Memory"): at 100,000 jobs of one attempt each the worker's wasm memory grew to 523 MB and the
/// page's to 451 MB, and a 32-bit wasm instance has 4 GiB at most, so about 700,000 jobs fit the
/// worker. Counting preemptible scenarios' attempts twice makes this conservative for them;
/// beyond it the CLI (`quotalab run`) runs the scenario.
pub const BROWSER_MAX_ATTEMPTS: u64 = 700_000;

impl Footprint {
    /// The footprint of `scenario`.
    pub fn of(scenario: &Scenario) -> Footprint {
        let jobs = crate::generate::job_count(scenario);
        let can_preempt = !scenario.spot.is_empty()
            || !scenario.training_plans.is_empty()
            || !scenario.actions.is_empty()
            || scenario.quota_shares.iter().any(|s| {
                s.in_share_preemption || s.strategy == crate::scenario::Strategy::LendAndBorrow
            });
        Footprint {
            jobs,
            attempts: if can_preempt { jobs * 2 } else { jobs },
        }
    }

    /// Whether a browser tab can run it (see [`BROWSER_MAX_ATTEMPTS`]).
    pub fn fits_browser(&self) -> bool {
        self.attempts <= BROWSER_MAX_ATTEMPTS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simulate;

    const DEFAULT: &str = include_str!("../../../../scenarios/default.json");

    #[test]
    fn the_drawn_result_is_the_result_without_its_events() {
        let mut result = simulate(&Scenario::from_json(DEFAULT).expect("default is valid"));
        assert!(!result.events.is_empty(), "the default scenario has events");
        let whole = result.clone();
        let drawn_text = drawn_json(&mut result);
        assert_eq!(result, whole, "the events are put back");
        let drawn: SimResult = serde_json::from_str(&drawn_text).expect("parses");
        let mut expected = whole;
        expected.events.clear();
        assert_eq!(drawn, expected);
        // Same serde code: without events, the bytes are those of the whole document.
        assert_eq!(drawn_text, expected.to_json());
    }

    #[test]
    fn the_footprint_counts_generated_jobs() {
        let scenario = Scenario::from_json(DEFAULT).expect("default is valid");
        let footprint = Footprint::of(&scenario);
        let result = simulate(&scenario);
        assert_eq!(footprint.jobs, result.jobs.len() as u64);
        let attempts: usize = result.jobs.iter().map(|j| j.attempts.len()).sum();
        assert!(
            footprint.attempts >= attempts as u64,
            "{footprint:?} < {attempts}"
        );
        assert!(footprint.fits_browser());
    }

    #[test]
    fn millions_of_preemptible_jobs_do_not_fit_a_browser() {
        let mut scenario = Scenario::from_json(DEFAULT).expect("default is valid");
        scenario.job_mixes[0].count = Some(3_000_000);
        let footprint = Footprint::of(&scenario);
        assert!(footprint.jobs > 3_000_000);
        assert!(!footprint.fits_browser(), "{footprint:?}");
    }
}
