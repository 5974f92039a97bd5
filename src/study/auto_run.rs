//! When a study view runs its definition: by itself after an edit when the work is small (the
//! workshop sees the comparison follow the edit), after a click when it is large (hundreds of runs
//! of a big trace should not start on every keystroke).

use crate::state::use_editor;
use crate::state::workspace::Workspace;
use crate::study::run::StudyRun;
use leptos::prelude::*;
use quotalab_engine::generate::job_count;
use quotalab_engine::study::Definition;
use quotalab_engine::{Diagnostic, Report};
use std::time::Duration;

/// Runs of this many jobs in total (jobs per run x runs) start without a click.
pub const AUTO_RUN_JOB_RUNS: u64 = 400_000;

/// The quiet time after an edit before an automatic run starts.
const DEBOUNCE: Duration = Duration::from_millis(350);

/// Jobs per run times the runs to make: the size of the work.
pub fn job_runs(definition: &Definition) -> u64 {
    let runs = definition
        .runs_to_make(&definition.units())
        .map_or(0, |runs| runs.len()) as u64;
    let jobs = definition
        .scenarios()
        .map(|s| s.iter().map(job_count).max().unwrap_or(0))
        .unwrap_or(0);
    jobs.saturating_mul(runs)
}

/// A view's definition with its digest, hashed once per edit: whether it already ran, whether
/// the summary on screen is out of date, and the run itself all go by the digest, and a study of
/// a trace is hundreds of megabytes of JSON to hash (docs/PERFORMANCE.md, "A comparison of a
/// trace translated once").
#[derive(Debug, Clone, PartialEq)]
pub struct Digested {
    pub definition: Definition,
    pub digest: String,
}

impl Digested {
    fn of(definition: Definition) -> Digested {
        let digest = definition.digest();
        Digested { definition, digest }
    }

    /// Runs it on `run`.
    pub fn start(self, run: StudyRun) {
        run.start_digested(self.definition, self.digest);
    }
}

/// Starts `work` after the debounce if it is small and not what `run` already ran or is
/// running. Returns whether it will run by itself.
pub fn schedule(
    run: StudyRun,
    work: Digested,
    pending: StoredValue<Option<TimeoutHandle>>,
) -> bool {
    if let Some(handle) = pending.get_value() {
        handle.clear();
    }
    if run.digest.get_untracked().as_deref() == Some(work.digest.as_str()) {
        return true;
    }
    if job_runs(&work.definition) > AUTO_RUN_JOB_RUNS {
        return false;
    }
    let handle = set_timeout_with_handle(move || work.start(run), DEBOUNCE);
    pending.set_value(handle.ok());
    true
}

/// What a study view needs to follow the workspace: whether the current work waits for a click,
/// the Run callback, whether it can run, and whether the summary on screen is out of date.
#[derive(Clone, Copy)]
pub struct Follow {
    pub waits_for_click: RwSignal<bool>,
    pub start: Callback<()>,
    pub can_run: Signal<bool>,
    pub stale: Signal<bool>,
}

/// Why a view's study cannot run: what to do first, or the study's errors with their paths.
#[derive(Debug, Clone, PartialEq)]
pub enum NotRunnable {
    /// The workspace lacks what the view needs (a second variant, a sweep); the sentence says
    /// what to do.
    FirstStep(&'static str),
    /// The study does not validate.
    Invalid(Vec<Diagnostic>),
}

impl NotRunnable {
    /// The lines the view lists, one per problem.
    pub fn lines(&self) -> Vec<String> {
        match self {
            NotRunnable::FirstStep(step) => vec![(*step).to_owned()],
            NotRunnable::Invalid(errors) => errors.iter().map(ToString::to_string).collect(),
        }
    }
}

/// The study of a validation `report`, when it has no errors.
pub fn runnable(
    report: Report,
    definition: impl FnOnce() -> Definition,
) -> Result<Definition, NotRunnable> {
    if report.is_valid() {
        Ok(definition())
    } else {
        Err(NotRunnable::Invalid(report.errors))
    }
}

/// The definition a view shows with its digest, or the problems that stop it running.
pub type Current = Memo<Result<Digested, NotRunnable>>;

/// The definition `define` makes of the workspace, worked out only while the view is `visible`:
/// validating every variant and hashing the study on each edit is work a hidden view must not
/// put on the page's thread. While hidden it keeps its last value; showing it again brings it up
/// to date.
pub fn current_while_visible(
    visible: Signal<bool>,
    define: fn(&Workspace) -> Result<Definition, NotRunnable>,
) -> Current {
    let state = use_editor();
    Memo::new(
        move |last: Option<&Result<Digested, NotRunnable>>| match last {
            Some(last) if !visible.get() => last.clone(),
            _ => state.workspace.with(define).map(Digested::of),
        },
    )
}

/// Runs `current` on `run` by itself when it is small and the view is `visible` (see
/// [`schedule`]), and says what the view's controls need.
pub fn follow(run: StudyRun, visible: Signal<bool>, current: Current) -> Follow {
    let pending = StoredValue::new(None);
    let waits_for_click = RwSignal::new(false);
    Effect::new(move |_| {
        if !visible.get() {
            return;
        }
        if let Ok(work) = current.get() {
            waits_for_click.set(!schedule(run, work, pending));
        }
    });
    let start = Callback::new(move |()| {
        if let Ok(work) = current.get_untracked() {
            work.start(run);
        }
    });
    let stale = Signal::derive(move || {
        current.with(|c| {
            let digest = c.as_ref().ok().map(|work| &work.digest);
            run.finished
                .with(|f| f.as_ref().map(|f| Some(&f.digest) != digest))
                == Some(true)
        })
    });
    Follow {
        waits_for_click,
        start,
        can_run: Signal::derive(move || current.with(Result::is_ok)),
        stale,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quotalab_engine::Severity;

    #[test]
    fn a_study_with_errors_lists_each_with_its_path_and_runs_nothing() {
        let error = Diagnostic {
            severity: Severity::Error,
            path: "variants[1].jobs[0].duration_h".into(),
            message: "must be more than 0".into(),
        };
        let report = Report {
            errors: vec![error],
            ..Report::default()
        };
        let not = runnable(report, || unreachable!("an invalid study is not defined"))
            .expect_err("errors stop the study");
        assert_eq!(
            not.lines(),
            ["variants[1].jobs[0].duration_h: must be more than 0"]
        );
        assert_eq!(
            NotRunnable::FirstStep("Pick a parameter.").lines(),
            ["Pick a parameter."]
        );
    }
}
