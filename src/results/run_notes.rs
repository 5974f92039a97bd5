//! What a run says about itself: the result's `notes` (docs/FORMAT.md, "Result"), such as an event
//! budget reached, a Kueue instant that would not settle, or what an AWS agreement became when it
//! ran under Kueue's rules. `quotalab run --summary` prints them after its table; here they sit
//! under the KPI cards, in the engine's words, folded behind their count, since a translated
//! agreement has a note for each of its shares.

use crate::results::session::Outcome;
use leptos::prelude::*;
use quotalab_engine::result::numbers::{count, counted};
use std::sync::Arc;

/// The most notes listed; "Result JSON" has every one.
const MOST_LISTED: usize = 50;

#[component]
pub fn RunNotes(#[prop(into)] outcome: Signal<Option<Arc<Outcome>>>) -> impl IntoView {
    let notes = Memo::new(move |_| {
        outcome.with(|o| {
            o.as_ref()
                .map(|o| o.result.notes.clone())
                .unwrap_or_default()
        })
    });
    move || {
        let notes = notes.get();
        (!notes.is_empty()).then(|| {
            let more = notes.len().saturating_sub(MOST_LISTED);
            let items = notes
                .iter()
                .take(MOST_LISTED)
                .map(|note| view! { <li>{note.clone()}</li> })
                .collect_view();
            view! {
                <details class="run-notes" data-testid="run-notes">
                    <summary title="What the engine says about this run: read it before the numbers">
                        {format!("{} on this run", counted(notes.len() as u64, "note"))}
                    </summary>
                    <ul>{items}</ul>
                    {(more > 0).then(|| view! {
                        <p class="hint">{format!("and {} more: Result JSON has every note", count(more as u64))}</p>
                    })}
                </details>
            }
        })
    }
}
