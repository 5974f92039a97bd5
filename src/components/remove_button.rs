//! The ✕ button that removes one item of a list (a card, a row, a block): the same look, tooltip
//! and accessible name everywhere, and the removal is one edit, so one undo step.

use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::Scenario;

#[component]
pub fn RemoveButton(
    /// The tooltip, "Remove this …"; also the accessible name unless `label` gives another.
    title: &'static str,
    /// An accessible name that tells the item apart from its siblings ("Remove share research").
    #[prop(optional, into)]
    label: Option<Signal<String>>,
    /// The edit that removes the item (through `edits::remove_item`, for a list).
    remove: impl Fn(&mut Scenario) + Send + Sync + 'static,
) -> impl IntoView {
    let state = use_editor();
    let label = move || label.map_or_else(|| title.to_string(), |l| l.get());
    view! {
        <button type="button" class="icon-button" on:click=move |_| state.edit(|s| remove(s))
            aria-label=label title=title>"\u{2715}"</button>
    }
}
