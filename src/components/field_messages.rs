//! The engine's errors and warnings for one control, shown right under it.

use crate::state::paths::{control_id, diagnostics_at};
use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::Severity;

/// The diagnostics at `path` (and, unless `exact`, inside it), plus an input's own complaint
/// (`local`: text that is not a number). The list's id is the control's id + `-msg`, for
/// `aria-describedby`.
#[component]
pub fn FieldMessages(
    #[prop(into)] path: String,
    #[prop(optional)] exact: bool,
    #[prop(optional, into)] local: Option<Signal<Option<String>>>,
    /// The control's id scope (`NumberInput::id_scope`), so the list's id follows the control's.
    #[prop(optional, into)]
    id_scope: String,
) -> impl IntoView {
    let state = use_editor();
    let id = format!("{id_scope}{}-msg", control_id(&path));
    let found = Memo::new(move |_| state.report.with(|r| diagnostics_at(r.all(), &path, exact)));
    view! {
        <ul class="messages" id=id aria-live="polite">
            {move || local.and_then(|l| l.get()).map(|text| view! { <li class="error">{text}</li> })}
            {move || {
                found.get().into_iter().map(|d| {
                    let class = if d.severity == Severity::Error { "error" } else { "warning" };
                    view! { <li class=class>{d.message}</li> }
                }).collect_view()
            }}
        </ul>
    }
}
