//! Files and text brought to the page without the Import button: a file dropped anywhere on the
//! page, or a scenario (JSON) or Kueue YAML pasted while no field has focus, opens as Import
//! would open it (`scenario_files::open_text`). A paste into a field stays that field's.
//!
//! The event's `clipboardData` and `dataTransfer` are read through `Reflect`, so the app needs no
//! extra web-sys features for them.

use super::scenario_files;
use crate::state::Editor;
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

/// Listens on the window for the app's lifetime.
pub fn install(state: Editor) {
    let paste = window_event_listener(leptos::ev::paste, move |ev| {
        if in_a_field(ev.target()) {
            return;
        }
        let Some(text) = pasted_text(&ev) else { return };
        let text = text.trim().to_string();
        if text.starts_with('{') || crate::interop::kueue_yaml::is_kueue_yaml("", &text) {
            ev.prevent_default();
            let origin = "the pasted text".to_string();
            leptos::task::spawn_local(scenario_files::open_text(state, origin, "", text));
        }
    });
    // A drop is only allowed where dragover was cancelled.
    let over = window_event_listener(leptos::ev::dragover, |ev| ev.prevent_default());
    // Only a dropped file is ours: text dropped into a field stays that field's.
    let drop = window_event_listener(leptos::ev::drop, move |ev| {
        if let Some(file) = dropped_file(&ev) {
            ev.prevent_default();
            leptos::task::spawn_local(scenario_files::import(state, file));
        }
    });
    on_cleanup(move || {
        paste.remove();
        over.remove();
        drop.remove();
    });
}

/// Whether the event happened in a text field, select or editable element.
fn in_a_field(target: Option<web_sys::EventTarget>) -> bool {
    target
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|e| {
            matches!(
                e.tag_name().to_ascii_lowercase().as_str(),
                "input" | "textarea" | "select"
            ) || e.get_attribute("contenteditable").is_some()
        })
}

/// `event.clipboardData.getData("text")`.
fn pasted_text(ev: &JsValue) -> Option<String> {
    let data = js_sys::Reflect::get(ev, &"clipboardData".into()).ok()?;
    let get: js_sys::Function = js_sys::Reflect::get(&data, &"getData".into())
        .ok()?
        .dyn_into()
        .ok()?;
    get.call1(&data, &"text".into()).ok()?.as_string()
}

/// `event.dataTransfer.files[0]`.
fn dropped_file(ev: &JsValue) -> Option<web_sys::File> {
    let data = js_sys::Reflect::get(ev, &"dataTransfer".into()).ok()?;
    let files: web_sys::FileList = js_sys::Reflect::get(&data, &"files".into())
        .ok()?
        .dyn_into()
        .ok()?;
    files.get(0)
}
