//! Keyboard movement in a WAI-ARIA tab list, shared by the BUILD tabs and the chart tabs: one tab
//! stop for the whole list (the selected tab has `tabindex=0`, the others `-1`), Left/Right move
//! to the previous/next tab and wrap, Home/End go to the first/last. Selection follows focus,
//! because switching a tab is cheap here.

use wasm_bindgen::JsCast;

/// The tab a key press on the tab list moves to from `current`, or `None` for keys the tab list
/// leaves alone (Tab, Enter, letters…), and when `current` is not one of `tabs`.
pub fn tab_after<T: Copy + PartialEq>(tabs: &[T], current: T, key: &str) -> Option<T> {
    let at = tabs.iter().position(|t| *t == current)?;
    let last = tabs.len() - 1;
    let to = match key {
        "ArrowRight" => (at + 1) % tabs.len(),
        "ArrowLeft" => (at + last) % tabs.len(),
        "Home" => 0,
        "End" => last,
        _ => return None,
    };
    Some(tabs[to])
}

/// The `tabindex` of a tab: only the selected one is a tab stop.
pub fn tab_stop(selected: bool) -> &'static str {
    if selected {
        "0"
    } else {
        "-1"
    }
}

/// Handles a key press on a tab list: selects and focuses the tab it moves to (found by the id
/// `id_of` gives it), and keeps the key from scrolling the page.
pub fn on_tab_key<T: Copy + PartialEq>(
    ev: &web_sys::KeyboardEvent,
    tabs: &[T],
    current: T,
    id_of: impl Fn(T) -> String,
    select: impl Fn(T),
) {
    let Some(next) = tab_after(tabs, current, &ev.key()) else {
        return;
    };
    ev.prevent_default();
    select(next);
    // Looked up inside the tab list that heard the key, not in the whole document.
    let tab = ev
        .current_target()
        .and_then(|list| list.dyn_into::<web_sys::Element>().ok())
        .and_then(|list| {
            list.query_selector(&format!("#{}", id_of(next)))
                .ok()
                .flatten()
        })
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(tab) = tab {
        let _ = tab.focus();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABS: [char; 4] = ['a', 'b', 'c', 'd'];

    #[test]
    fn arrows_wrap_and_home_end_jump() {
        assert_eq!(tab_after(&TABS, 'a', "ArrowRight"), Some('b'));
        assert_eq!(tab_after(&TABS, 'd', "ArrowRight"), Some('a'));
        assert_eq!(tab_after(&TABS, 'a', "ArrowLeft"), Some('d'));
        assert_eq!(tab_after(&TABS, 'c', "Home"), Some('a'));
        assert_eq!(tab_after(&TABS, 'b', "End"), Some('d'));
    }

    #[test]
    fn other_keys_and_unknown_tabs_move_nowhere() {
        assert_eq!(tab_after(&TABS, 'b', "Tab"), None);
        assert_eq!(tab_after(&TABS, 'b', "Enter"), None);
        assert_eq!(tab_after(&TABS, 'z', "ArrowRight"), None);
    }
}
