//! Taking the user to the control a diagnostic names: switch to its tab, then focus the control
//! with the path's id, or the nearest enclosing one that has an id (a card, a list).

use crate::state::paths::{ancestors, control_id, section_of};
use crate::state::Editor;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

pub fn focus_path(state: Editor, path: String) {
    state.screen.section.set(section_of(&path));
    // The tab renders on this tick; look for the control on the next frame.
    request_animation_frame(move || {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let target = ancestors(&path)
            .iter()
            .find_map(|p| document.get_element_by_id(&control_id(p)));
        if let Some(element) = target.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
            element.scroll_into_view();
            let _ = element.focus();
        }
    });
}
