//! The report of the variant on screen and its current results: the interop crate's
//! `AgreementReport` for that scenario, shown only when the results belong to it (the same test as
//! the RESULTS panel: the outcome's revision is the state's revision); otherwise it says why there
//! is nothing to report yet instead of showing stale numbers.

use super::body::ReportBody;
use super::frame::{Download, NotReady};
use crate::components::scenario_files;
use crate::results::session::{use_session, Outcome, Phase};
use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::result::view::Drawn;
use quotalab_interop::report::AgreementReport;
use std::sync::Arc;

/// Whether the results on hand can be reported, and if not, why.
#[derive(Debug, Clone)]
pub enum Readiness {
    Ready(Arc<Outcome>),
    NotReady(String),
}

/// Outcomes are compared by identity: a new run is a new `Arc`, and comparing two results field
/// by field on every change would cost more than it saves.
impl PartialEq for Readiness {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Readiness::Ready(a), Readiness::Ready(b)) => Arc::ptr_eq(a, b),
            (Readiness::NotReady(a), Readiness::NotReady(b)) => a == b,
            _ => false,
        }
    }
}

/// The report of one outcome, and that outcome's result for the charts.
#[derive(Debug, Clone)]
struct Built {
    report: Arc<AgreementReport>,
    result: Arc<Drawn>,
    outcome: Arc<Outcome>,
}

impl PartialEq for Built {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.outcome, &other.outcome)
    }
}

/// The report needs the outcome of the revision on screen; `phase` says why it is missing.
pub fn readiness(phase: &Phase, current: Option<&Arc<Outcome>>, revision: u64) -> Readiness {
    if let Phase::Invalid { errors } = phase {
        return Readiness::NotReady(format!(
            "The scenario has {errors} error{} and has not run: fix {} to see the report.",
            if *errors == 1 { "" } else { "s" },
            if *errors == 1 { "it" } else { "them" }
        ));
    }
    match current {
        Some(outcome) if outcome.revision == revision => Readiness::Ready(outcome.clone()),
        _ => Readiness::NotReady(match phase {
            Phase::Failed { message } => format!("The simulation failed: {message}."),
            Phase::Cancelled => {
                "The run was cancelled: run the scenario to see its report.".to_string()
            }
            _ => "The simulation is running; the report appears as soon as its results are ready."
                .to_string(),
        }),
    }
}

/// The variant on screen's report, or why it is not ready; offers its Markdown through
/// `download` while it is shown.
#[component]
pub fn VariantReport(download: RwSignal<Option<Download>>) -> impl IntoView {
    let state = use_editor();
    let session = use_session();
    let readiness = Memo::new(move |_| {
        let revision = state.revision.get();
        session.phase.with(|phase| {
            session
                .current
                .with(|c| readiness(phase, c.as_ref(), revision))
        })
    });
    // Built once per outcome, and only while the outcome is current.
    let built = Memo::new(move |_| match readiness.get() {
        Readiness::Ready(outcome) => Some(Built {
            report: Arc::new(state.scenario.with_untracked(|s| {
                AgreementReport::build(s, &outcome.result, &outcome.result.jobs)
            })),
            result: Arc::new(outcome.result.clone()),
            outcome,
        }),
        Readiness::NotReady(_) => None,
    });
    Effect::new(move |_| {
        download.set(built.with(|b| {
            b.as_ref().map(|b| Download {
                file: state.scenario.with_untracked(|s| {
                    format!(
                        "{}-agreement.md",
                        scenario_files::file_name(s).trim_end_matches(".json")
                    )
                }),
                markdown: Arc::new(b.report.to_markdown()),
            })
        }));
    });
    move || match (built.get(), readiness.get()) {
        (Some(Built { report, result, .. }), _) => {
            view! { <ReportBody report result /> }.into_any()
        }
        (None, Readiness::NotReady(why)) => {
            let title = Signal::derive(move || state.scenario.with(|s| s.name.clone()));
            view! { <NotReady title why /> }.into_any()
        }
        (None, Readiness::Ready(_)) => ().into_any(),
    }
}
