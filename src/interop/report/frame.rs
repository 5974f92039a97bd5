//! What every agreement report in the app hands its page (docs/REPORT.md, "In the web app"): the
//! [`Download`] the page's "Download Markdown" saves, and the [`NotReady`] notice shown in place
//! of a report whose results are not there yet.
//!
//! The page (`report::view`) picks which report to show, the variant's (`report::variant`) or the
//! study's (`report::study`); both fill in these, so they live apart from all three.

use leptos::prelude::*;
use std::sync::Arc;

/// The Markdown of the report on screen, and the file name to save it as.
#[derive(Debug, Clone, PartialEq)]
pub struct Download {
    pub file: String,
    pub markdown: Arc<String>,
}

/// Why there is no report yet, under the title it will have, with what can be done about it.
#[component]
pub fn NotReady(
    #[prop(into)] title: Signal<String>,
    #[prop(into)] why: Signal<String>,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    view! {
        <article class="report">
            <h1>{title}</h1>
            <p class="report-not-ready" role="status" data-testid="report-not-ready">{why}</p>
            {children.map(|c| c())}
        </article>
    }
}
