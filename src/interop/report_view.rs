//! "Agreement report": the interop crate's report for the scenario on screen and its current
//! results, as a page over the app that prints on its own (public/report.css: `@media print`
//! shows only this page, A4, one share per page, no buttons).
//!
//! The crate also renders the report as a self-contained HTML document, but that document
//! carries its CSS in a `<style>` element, which the site's Content-Security-Policy forbids
//! (docs/ARCHITECTURE.md). So the page is built from the crate's data model
//! (`quotalab_interop::report::Report`: every sentence and number, already worded and rounded),
//! with Leptos text nodes for every user-typed name, and the charts are the RESULTS zone's own
//! SVGs. "Download Markdown" is the crate's Markdown of the same model.
//!
//! The report shows results only when they belong to the scenario on screen (the same test as
//! the RESULTS panel: the outcome's revision is the state's revision); otherwise it says why
//! there is nothing to report yet instead of showing stale numbers.

use super::report_body::ReportBody;
use crate::components::scenario_files;
use crate::results::export::download_text;
use crate::results::session::{use_session, Outcome, Phase};
use crate::state::use_app_state;
use leptos::html::Div;
use leptos::prelude::*;
use quotalab_engine::result::view::Drawn;
use quotalab_interop::report::Report;
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
    report: Arc<Report>,
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
            Phase::TooLarge { .. } => {
                "The scenario is too large for the browser: quotalab report makes its report."
                    .to_string()
            }
            _ => "The simulation is running; the report appears as soon as its results are ready."
                .to_string(),
        }),
    }
}

#[component]
pub fn AgreementReportView() -> impl IntoView {
    let state = use_app_state();
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
    let report = Memo::new(move |_| match readiness.get() {
        Readiness::Ready(outcome) => Some(Built {
            report: Arc::new(
                state
                    .scenario
                    .with_untracked(|s| Report::build(s, &outcome.result)),
            ),
            result: Arc::new(outcome.result.clone()),
            outcome,
        }),
        Readiness::NotReady(_) => None,
    });
    let page: NodeRef<Div> = NodeRef::new();
    Effect::new(move |_| {
        if let Some(el) = page.get() {
            let _ = el.focus();
        }
    });
    let print = move |_| {
        let _ = window().print();
    };
    let download = move |_| {
        let Some(Built { report, .. }) = report.get_untracked() else {
            return;
        };
        let name = state
            .scenario
            .with_untracked(scenario_files::file_name)
            .trim_end_matches(".json")
            .to_string();
        if download_text(
            &format!("{name}-agreement.md"),
            "text/markdown",
            &report.to_markdown(),
        )
        .is_err()
        {
            state.tell(true, "The browser could not create the Markdown file.");
        }
    };
    let ready = move || report.with(Option::is_some);
    view! {
        <div class="report-page" role="dialog" aria-modal="true" aria-label="Agreement report" tabindex="-1"
            node_ref=page data-testid="agreement-report">
            <nav class="report-toolbar" aria-label="Report">
                <button type="button" class="primary" on:click=print disabled=move || !ready() data-testid="report-print">"Print / Save as PDF"</button>
                <button type="button" on:click=download disabled=move || !ready() data-testid="report-markdown">"Download Markdown"</button>
                <button type="button" on:click=move |_| state.dialog.set(None) data-testid="report-close" title="Back to the scenario (Escape)">"Close"</button>
            </nav>
            {move || match (report.get(), readiness.get()) {
                (Some(Built { report, result, .. }), _) => view! { <ReportBody report result /> }.into_any(),
                (None, Readiness::NotReady(why)) => view! {
                    <article class="report">
                        <h1>{state.scenario.with(|s| s.name.clone())}</h1>
                        <p class="report-not-ready" role="status" data-testid="report-not-ready">{why}</p>
                    </article>
                }.into_any(),
                (None, Readiness::Ready(_)) => ().into_any(),
            }}
        </div>
    }
}
