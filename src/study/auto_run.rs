//! When a study view runs its definition: by itself after an edit when the work is small (the
//! workshop sees the comparison follow the edit), after a click when it is large (hundreds of runs
//! of a big trace should not start on every keystroke).

use crate::study::run::StudyRun;
use leptos::prelude::*;
use quotalab_engine::generate::job_count;
use quotalab_engine::study::Definition;
use std::time::Duration;

/// Runs of this many jobs in total (jobs per run x runs) start without a click.
pub const AUTO_RUN_JOB_RUNS: u64 = 400_000;

/// The quiet time after an edit before an automatic run starts.
const DEBOUNCE: Duration = Duration::from_millis(350);

/// Jobs per run times runs: the size of the work.
pub fn job_runs(definition: &Definition) -> u64 {
    let runs = definition.units().len() as u64;
    let jobs = definition
        .scenarios()
        .map(|s| s.iter().map(job_count).max().unwrap_or(0))
        .unwrap_or(0);
    jobs.saturating_mul(runs)
}

/// Starts `definition` after the debounce if it is small and not what `run` already ran or is
/// running. Returns whether it will run by itself.
pub fn schedule(
    run: StudyRun,
    definition: Definition,
    pending: StoredValue<Option<TimeoutHandle>>,
) -> bool {
    if let Some(handle) = pending.get_value() {
        handle.clear();
    }
    if run.digest.get_untracked().as_deref() == Some(definition.digest().as_str()) {
        return true;
    }
    if job_runs(&definition) > AUTO_RUN_JOB_RUNS {
        return false;
    }
    let handle = set_timeout_with_handle(move || run.start(definition), DEBOUNCE);
    pending.set_value(handle.ok());
    true
}
