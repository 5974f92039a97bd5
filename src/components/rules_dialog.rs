//! "Switch to Kueue's rules?": the engine's translation of the agreement (docs/KUEUE-TRANSLATION.md)
//! and its notes, what was approximated or dropped first, before it applies. Applying is one edit
//! (`Editor::edit`), so Undo brings back the agreement as it was.

use super::modal::Modal;
use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::translate::{Note, NoteKind, Translation};

#[component]
pub fn SwitchRulesDialog(translation: Translation) -> impl IntoView {
    let state = use_editor();
    let target = translation.scenario.rules.title();
    let from = state.scenario.with_untracked(|s| s.rules.title());
    let of_kind = |kind: NoteKind| -> Vec<Note> {
        translation
            .notes
            .iter()
            .filter(|n| n.kind == kind)
            .cloned()
            .collect()
    };
    let lost = [NoteKind::Dropped, NoteKind::Approximated]
        .into_iter()
        .flat_map(of_kind)
        .collect::<Vec<_>>();
    let carried = of_kind(NoteKind::Carried);
    let scenario = StoredValue::new(translation.scenario);
    let apply = move |_| {
        state.screen.dialog.set(None);
        state.edit(|s| *s = scenario.get_value());
        state.screen.tell(
            false,
            format!("The scenario now runs under {target}'s rules. Undo (Ctrl+Z) brings back the {from} agreement."),
        );
    };
    let summary = format!(
        "{} carried exactly, {} approximated, {} dropped.",
        carried.len(),
        lost.iter()
            .filter(|n| n.kind == NoteKind::Approximated)
            .count(),
        lost.iter().filter(|n| n.kind == NoteKind::Dropped).count()
    );
    let carried_count = carried.len();
    view! {
        <Modal title="Switch the rules?" testid="rules-dialog">
            <p>
                {format!("The agreement is rewritten from {from} to {target} by the engine's translation, part by part: ")}
                <strong data-testid="rules-summary">{summary}</strong>
            </p>
            {(!lost.is_empty()).then(|| view! {
                <h3>"What changes or cannot be carried over"</h3>
                <NoteList notes=lost testid="rules-lost" />
            })}
            {(carried_count > 0).then(|| view! {
                <details>
                    <summary>{format!("Carried exactly ({carried_count})")}</summary>
                    <NoteList notes=carried testid="rules-carried" />
                </details>
            })}
            <div class="dialog-actions">
                <button type="button" class="primary" on:click=apply data-testid="confirm-rules">
                    {format!("Switch to {target}")}
                </button>
                <button type="button" on:click=move |_| state.screen.dialog.set(None) data-testid="keep-rules">
                    {format!("Keep {from}")}
                </button>
            </div>
        </Modal>
    }
}

/// Notes as the CLI prints them: kind, the JSON path in the source, and what it became. Paths and
/// words may hold names users typed: they are text nodes.
#[component]
fn NoteList(notes: Vec<Note>, testid: &'static str) -> impl IntoView {
    let items = notes
        .into_iter()
        .map(|n| {
            view! {
                <li class=format!("note note-{}", n.kind.as_str())>
                    <span class="note-kind">{n.kind.as_str()}</span>" "
                    <code>{n.path}</code>": "{n.text}
                </li>
            }
        })
        .collect_view();
    view! { <ul class="translation-notes" data-testid=testid>{items}</ul> }
}
