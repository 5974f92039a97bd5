//! The study's report in the app: opened while Compare is on screen, it is the interop crate's
//! `StudyReport` of the workspace's variants and the Compare view's comparison of them.
//!
//! The comparison is the Compare view's own run (the view hands it over with [`offer`]), so the
//! report never computes statistics of its own. It is used only when its digest is the digest of
//! the study as it stands now; otherwise the page says the comparison is not computed (or out of
//! date) and offers to compute it, and while it runs it says how far it is: never stale numbers.
//!
//! Each variant's own section needs that variant simulated once; the simulation workers make
//! those sections (`report::units`) while the page says how far they are, so the page never runs
//! a simulation itself.

use super::frame::{Download, NotReady};
use super::study_body::StudyReportBody;
use super::units::VariantReports;
use crate::components::scenario_files;
use crate::state::use_editor;
use crate::study::run::{Run, StudyPhase, StudyRun};
use leptos::prelude::*;
use quotalab_engine::study::{Comparison, Definition, Study, Summary};
use quotalab_engine::Diagnostic;
use quotalab_interop::report;
use std::sync::Arc;

/// The run that makes the variants' sections.
type SectionsRun = Run<VariantReports>;

/// The Compare view's run, provided by the app root so the report page can read and start it.
#[derive(Clone, Copy)]
pub struct CompareRun(StoredValue<Option<StudyRun>, LocalStorage>);

/// Provides the Compare view's run, none yet (the app root, once).
pub fn provide_compare_run() {
    provide_context(CompareRun(StoredValue::new_local(None)));
}

fn compare_run() -> CompareRun {
    expect_context::<CompareRun>()
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
    Invalid(StudyErrors),
    /// The comparison is running.
    Running {
        done: usize,
        total: usize,
    },
    Failed(String),
    /// The comparison is done and the variants' sections are to be made from it.
    ToMake(Arc<(Study, Comparison, String)>),
    /// The variants' sections are being made.
    Making {
        done: usize,
        total: usize,
    },
    /// Making the sections failed.
    MakingFailed(String),
    /// Not computed for the study as it stands; `stale` when an older comparison exists.
    NotComputed {
        stale: bool,
    },
}

/// The first few errors of a study that does not validate, each with its JSON path.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
struct StudyErrors(Vec<Diagnostic>);

/// The study as it stands, with the digest of its comparison, or its errors.
fn current(workspace: &crate::state::workspace::Workspace) -> Result<(Study, String), StudyErrors> {
    let study = workspace.to_study();
    let findings = study.validate();
    if !findings.is_valid() {
        return Err(StudyErrors(findings.errors.into_iter().take(3).collect()));
    }
    let digest = Definition::Compare(study.clone()).digest();
    Ok((study, digest))
}

fn shown(
    run: Option<StudyRun>,
    sections: SectionsRun,
    study: Result<(Study, String), StudyErrors>,
    title: String,
) -> Shown {
    let (mut study, digest) = match study {
        Ok(current) => current,
        Err(errors) => return Shown::Invalid(errors),
    };
    let Some(run) = run else {
        return Shown::NotComputed { stale: false };
    };
    let finished = run.finished.get();
    let same = finished.as_ref().filter(|f| f.digest == digest);
    if let Some(Summary::Comparison(comparison)) = same.map(|f| &f.summary) {
        if sections.digest.get().as_ref() != Some(&digest) {
            study.name = title;
            return Shown::ToMake(Arc::new((study, comparison.clone(), digest)));
        }
        return match sections.phase.get() {
            StudyPhase::Running { done, total, .. } => Shown::Making { done, total },
            StudyPhase::Failed(message) => Shown::MakingFailed(message),
            StudyPhase::Done { .. } => match sections.finished.get() {
                Some(made) if made.title == title => Shown::Ready(made),
                Some(made) => {
                    let mut renamed = (*made).clone();
                    renamed.title = title;
                    Shown::Ready(Arc::new(renamed))
                }
                None => Shown::MakingFailed("no report was made".into()),
            },
            StudyPhase::Idle | StudyPhase::Cancelled => Shown::MakingFailed("stopped".into()),
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

/// "Simulating each variant once for its own section (1 of 3 variants)…".
fn making(done: usize, total: usize) -> String {
    format!("Simulating each variant once for its own section ({done} of {total} variants); the report appears as soon as they are done.")
}

/// Starts making the sections of `to_make`: the study, its comparison and their digest.
fn make(sections: SectionsRun, to_make: &(Study, Comparison, String)) {
    let (study, comparison, digest) = to_make.clone();
    sections.start(VariantReports {
        study,
        comparison,
        digest,
    });
}

#[component]
pub fn StudyReport(download: RwSignal<Option<Download>>) -> impl IntoView {
    let state = use_editor();
    let run = compare_run().0.get_value();
    let title = Signal::derive(move || state.workspace.with(|w| w.study_name()));
    // Dropped with this view, which terminates its workers: closing the report stops making it.
    let sections = SectionsRun::default();
    let shown = Memo::new(move |_| {
        let study = state.workspace.with(current);
        shown(run, sections, study, title.get())
    });
    Effect::new(move |_| {
        if let Shown::ToMake(to_make) = shown.get() {
            make(sections, &to_make);
        }
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
        if let (Some(run), Ok((study, digest))) = (run, state.workspace.with_untracked(current)) {
            run.start_digested(Definition::Compare(study), digest);
        }
    };
    move || {
        let why = match shown.get() {
            Shown::Ready(report) => return view! { <StudyReportBody report /> }.into_any(),
            Shown::Invalid(errors) => format!("The study has errors, so its comparison cannot run: {errors}."),
            Shown::Running { done, total } => format!(
                "The comparison is running ({done} of {total} runs); the report appears as soon as it is done."
            ),
            Shown::Failed(message) => format!("The comparison failed: {message}."),
            Shown::ToMake(to_make) => making(0, to_make.0.variants.len()),
            Shown::Making { done, total } => making(done, total),
            Shown::MakingFailed(message) => format!("The variants' sections could not be made: {message}."),
            Shown::NotComputed { stale } => if stale {
                "The comparison on hand is of the variants as they were before the last edit, so it is not reported."
            } else {
                "The comparison of these variants has not been computed yet."
            }
            .to_string(),
        };
        let can_compute = matches!(shown.get(), Shown::NotComputed { .. } | Shown::Failed(_));
        let can_retry = matches!(shown.get(), Shown::MakingFailed(_));
        view! {
            <NotReady title why>
                {can_retry.then(|| view! {
                    // Forgetting the sections' digest makes them "to make" again.
                    <button type="button" class="primary" on:click=move |_| sections.digest.set(None) data-testid="report-retry">
                        "Try again"
                    </button>
                })}
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
