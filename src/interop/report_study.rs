//! The study's report in the app: opened while Compare is on screen, it is the interop crate's
//! `StudyReport` of the workspace's variants and the Compare view's comparison of them.
//!
//! The comparison is the Compare view's own run (the view hands it over with [`offer`]), so the
//! report never computes statistics of its own. It is used only when its digest is the digest of
//! the study as it stands now; otherwise the page says the comparison is not computed (or out of
//! date) and offers to compute it, and while it runs it says how far it is: never stale numbers.
//!
//! Building the model simulates each variant once on this page (each variant's own section), so
//! studies whose variants have more than [`REPORT_MAX_JOBS`] jobs between them are left to
//! `quotalab report STUDY.json`.

use super::report_study_body::StudyReportBody;
use super::report_view::{Download, NotReady};
use crate::components::scenario_files;
use crate::state::use_app_state;
use crate::study::run::{StudyPhase, StudyRun};
use leptos::prelude::*;
use quotalab_engine::generate::job_count;
use quotalab_engine::study::{Definition, Study, Summary};
use quotalab_interop::report;
use std::sync::Arc;

/// The most jobs, summed over the variants, the page simulates to build a study's report.
pub const REPORT_MAX_JOBS: u64 = 20_000;

/// The Compare view's run, kept on the root owner so the report page can read and start it.
#[derive(Clone, Copy)]
struct CompareRun(StoredValue<Option<StudyRun>, LocalStorage>);

fn compare_run() -> CompareRun {
    if let Some(run) = use_context::<CompareRun>() {
        return run;
    }
    let mut root = Owner::current().expect("components render inside an owner");
    while let Some(parent) = root.parent() {
        root = parent;
    }
    root.with(|| {
        let run = CompareRun(StoredValue::new_local(None));
        provide_context(run);
        run
    })
}

/// Called by the Compare view with its run: the study's report reports that run's comparison.
pub fn offer(run: StudyRun) {
    compare_run().0.set_value(Some(run));
}

/// What the study's report can show now.
#[derive(Debug, Clone, PartialEq)]
enum Shown {
    Ready(Arc<report::StudyReport>),
    /// The study has errors; the first few of them.
    Invalid(String),
    TooLarge(u64),
    Running {
        done: usize,
        total: usize,
    },
    Failed(String),
    /// Not computed for the study as it stands; `stale` when an older comparison exists.
    NotComputed {
        stale: bool,
    },
}

/// The study as it stands, with the digest of its comparison, or its errors.
fn current(workspace: &crate::state::workspace::Workspace) -> Result<(Study, String), String> {
    let study = workspace.to_study();
    let findings = study.validate();
    if !findings.is_valid() {
        let first: Vec<String> = findings
            .errors
            .iter()
            .take(3)
            .map(ToString::to_string)
            .collect();
        return Err(first.join("; "));
    }
    let digest = Definition::Compare(study.clone()).digest();
    Ok((study, digest))
}

fn shown(run: Option<StudyRun>, study: Result<(Study, String), String>, title: String) -> Shown {
    let (mut study, digest) = match study {
        Ok(current) => current,
        Err(errors) => return Shown::Invalid(errors),
    };
    let jobs: u64 = study.variants.iter().map(job_count).sum();
    if jobs > REPORT_MAX_JOBS {
        return Shown::TooLarge(jobs);
    }
    let Some(run) = run else {
        return Shown::NotComputed { stale: false };
    };
    let finished = run.finished.get();
    let same = finished.as_ref().filter(|f| f.digest == digest);
    if let Some(Summary::Comparison(comparison)) = same.map(|f| &f.summary) {
        study.name = title;
        return match report::StudyReport::build(&study, comparison) {
            Ok(built) => Shown::Ready(Arc::new(built)),
            Err(err) => Shown::Failed(err.to_string()),
        };
    }
    match run.phase.get() {
        StudyPhase::Running { done, total, .. } if run.digest.get() == Some(digest) => {
            Shown::Running { done, total }
        }
        StudyPhase::Failed(message) => Shown::Failed(message),
        _ => Shown::NotComputed {
            stale: finished.is_some(),
        },
    }
}

#[component]
pub fn StudyReport(download: RwSignal<Option<Download>>) -> impl IntoView {
    let state = use_app_state();
    let run = compare_run().0.get_value();
    let title = Signal::derive(move || state.workspace.with(|w| w.study_name()));
    let shown = Memo::new(move |_| {
        let study = state.workspace.with(current);
        shown(run, study, title.get())
    });
    Effect::new(move |_| {
        download.set(match shown.get() {
            Shown::Ready(report) => Some(Download {
                file: state.workspace.with_untracked(|w| {
                    format!(
                        "{}-study-agreement.md",
                        scenario_files::file_name(&w.variants[0]).trim_end_matches(".json")
                    )
                }),
                markdown: Arc::new(report.to_markdown()),
            }),
            _ => None,
        });
    });
    let compute = move |_| {
        if let (Some(run), Ok((study, _))) = (run, state.workspace.with_untracked(current)) {
            run.start(Definition::Compare(study));
        }
    };
    move || {
        let why = match shown.get() {
            Shown::Ready(report) => return view! { <StudyReportBody report /> }.into_any(),
            Shown::Invalid(errors) => format!("The study has errors, so its comparison cannot run: {errors}."),
            Shown::TooLarge(jobs) => format!(
                "These variants have {jobs} jobs between them, more than this page simulates for a report ({REPORT_MAX_JOBS}): save the study and run quotalab report on it."
            ),
            Shown::Running { done, total } => format!(
                "The comparison is running ({done} of {total} runs); the report appears as soon as it is done."
            ),
            Shown::Failed(message) => format!("The comparison failed: {message}."),
            Shown::NotComputed { stale } => if stale {
                "The comparison on hand is of the variants as they were before the last edit, so it is not reported."
            } else {
                "The comparison of these variants has not been computed yet."
            }
            .to_string(),
        };
        let can_compute = matches!(shown.get(), Shown::NotComputed { .. } | Shown::Failed(_));
        view! {
            <NotReady title why>
                {(can_compute && run.is_some()).then(|| view! {
                    <button type="button" class="primary" on:click=compute data-testid="report-compute">
                        "Compute the comparison"
                    </button>
                })}
            </NotReady>
        }
        .into_any()
    }
}
