//! Every error and warning in one list at the top of BUILD; clicking one takes you to its field.

use super::focus::focus_path;
use super::jobs_table::JobsPage;
use crate::state::place::place;
use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::Severity;

#[component]
pub fn DiagnosticsSummary() -> impl IntoView {
    let state = use_editor();
    let jobs_page = expect_context::<JobsPage>();
    let items = move || {
        state.report.with(|r| {
            r.all()
                .map(|d| {
                    let path = d.path.clone();
                    let class = if d.severity == Severity::Error {
                        "error"
                    } else {
                        "warning"
                    };
                    // The place in the scenario's words first, the JSON path second.
                    let place = state.scenario.with(|s| place(s, &d.path));
                    view! {
                        <li class=class>
                            <button type="button" class="link-button" on:click=move |_| {
                                // A job past the first page is rendered only once its page is.
                                jobs_page.reveal(&path);
                                focus_path(state, path.clone())
                            }>
                                <strong class="place">{place}</strong>": "{d.message.clone()}" "
                                <code class="json-path">{d.path.clone()}</code>
                            </button>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let counts = move || state.report.with(|r| (r.errors.len(), r.warnings.len()));
    view! {
        {move || {
            let (errors, warnings) = counts();
            let open = errors > 0;
            (errors + warnings > 0).then(|| view! {
                <details class="diagnostics" open=open data-testid="diagnostics">
                    <summary>{super::status_bar::describe(errors, warnings)}</summary>
                    <ul>{items}</ul>
                </details>
            })
        }}
    }
}
