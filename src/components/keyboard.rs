//! Global shortcuts (docs/DESIGN.md, "The keyboard works"): Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y, "?",
//! "P", "I" (import a trace), "R" (agreement report) and Escape, which closes the one thing on
//! top: a dialog first, then the presenter view, then the job story. Typing in a field is never
//! hijacked except for undo and redo, which act on the scenario because every keystroke already
//! edited it; the JSON text area keeps its own.

use crate::state::{Dialog, Editor};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Listens on the window for the app's lifetime.
pub fn install(state: Editor) {
    let handle = window_event_listener(leptos::ev::keydown, move |ev| on_key(state, &ev));
    on_cleanup(move || handle.remove());
}

fn on_key(state: Editor, ev: &web_sys::KeyboardEvent) {
    let target = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    let tag = target
        .as_ref()
        .map(|t| t.tag_name().to_ascii_lowercase())
        .unwrap_or_default();
    let typing = matches!(tag.as_str(), "input" | "textarea" | "select");
    let command = ev.ctrl_key() || ev.meta_key();
    let key = ev.key();
    match key.as_str() {
        "z" | "Z" if command && tag != "textarea" => {
            ev.prevent_default();
            if ev.shift_key() {
                state.redo()
            } else {
                state.undo()
            }
        }
        "y" | "Y" if command && tag != "textarea" => {
            ev.prevent_default();
            state.redo();
        }
        "Escape" if state.screen.dialog.with_untracked(Option::is_some) => {
            ev.prevent_default();
            state.screen.dialog.set(None);
        }
        "Escape" if state.screen.presentation.get_untracked() => {
            ev.prevent_default();
            state.screen.toggle_presentation();
        }
        "Escape" if state.screen.selected_job.with_untracked(Option::is_some) => {
            ev.prevent_default();
            state.screen.selected_job.set(None);
        }
        "?" if !typing && !command => state.screen.dialog.set(Some(Dialog::Shortcuts)),
        "p" | "P" if !typing && !command && !ev.alt_key() => state.screen.toggle_presentation(),
        "i" | "I" if !typing && !command && !ev.alt_key() => {
            state.screen.dialog.set(Some(Dialog::TraceImport))
        }
        "r" | "R" if !typing && !command && !ev.alt_key() => {
            state.screen.dialog.set(Some(Dialog::AgreementReport))
        }
        _ => {}
    }
}
