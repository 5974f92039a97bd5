//! "Agreement report": a page over the app that prints on its own (public/report.css:
//! `@media print` shows only this page, A4, a share or variant per page, no buttons), with
//! "Print / Save as PDF" and "Download Markdown".
//!
//! Opened while Compare is on screen in a study, it is the study's report (`report::study`): the
//! comparison with its intervals, what changed, every variant. Otherwise it is the report of the
//! variant on screen (`report::variant`). Either way the page is built from the interop crate's
//! model, every user-typed name a Leptos text node: the crate's own HTML carries its CSS in a
//! `<style>` element, which the site's Content-Security-Policy forbids (docs/ARCHITECTURE.md).
//! "Download Markdown" is the crate's Markdown of the same model.

use super::frame::Download;
use super::study::StudyReport;
use super::variant::VariantReport;
use crate::download::download_text;
use crate::state::use_editor;
use crate::state::view::Tab;
use crate::state::workspace::Workspace;
use leptos::html::Div;
use leptos::prelude::*;

#[component]
pub fn AgreementReportView() -> impl IntoView {
    let state = use_editor();
    // Decided once, when the page opens: the page covers the tabs, so they cannot change under it.
    let of_study = state.screen.tab.get_untracked() == Tab::Compare
        && state.workspace.with_untracked(Workspace::is_study);
    let download = RwSignal::new(None::<Download>);
    let page: NodeRef<Div> = NodeRef::new();
    Effect::new(move |_| {
        if let Some(el) = page.get() {
            let _ = el.focus();
        }
    });
    let print = move |_| {
        let _ = window().print();
    };
    let save = move |_| {
        let Some(Download { file, markdown }) = download.get_untracked() else {
            return;
        };
        if download_text(&file, "text/markdown", &markdown).is_err() {
            state
                .screen
                .tell(true, "The browser could not create the Markdown file.");
        }
    };
    let ready = move || download.with(Option::is_some);
    let body = if of_study {
        view! { <StudyReport download /> }.into_any()
    } else {
        view! { <VariantReport download /> }.into_any()
    };
    view! {
        <div class="report-page" role="dialog" aria-modal="true" aria-label="Agreement report" tabindex="-1"
            node_ref=page data-testid="agreement-report" data-scope=if of_study { "study" } else { "variant" }>
            <nav class="report-toolbar" aria-label="Report">
                <button type="button" class="primary" on:click=print disabled=move || !ready() data-testid="report-print">"Print / Save as PDF"</button>
                <button type="button" on:click=save disabled=move || !ready() data-testid="report-markdown">"Download Markdown"</button>
                <button type="button" on:click=move |_| state.screen.dialog.set(None) data-testid="report-close" title="Back to the scenario (Escape)">"Close"</button>
            </nav>
            {body}
        </div>
    }
}
