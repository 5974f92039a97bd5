//! The few browser facilities the state needs: the URL fragment and the clock.
//!
//! Kept apart so the rest of `state` stays plain Rust that native tests can run.

/// The page's `location.hash` (`#s=…`), or empty.
pub fn hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Replaces the URL fragment without adding a browser history entry or firing `hashchange`
/// (the app already shows what the new fragment describes). An empty `fragment` removes it.
pub fn replace_hash(fragment: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let base = format!(
        "{}{}",
        location.pathname().unwrap_or_default(),
        location.search().unwrap_or_default()
    );
    if let Ok(history) = window.history() {
        // Failing to rewrite the address bar loses nothing: the scenario is autosaved.
        let _ = history.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{base}{fragment}")),
        );
    }
}

/// The page URL with `fragment`, as a user would paste it.
pub fn url_with(fragment: &str) -> String {
    let Some(window) = web_sys::window() else {
        return fragment.to_string();
    };
    let location = window.location();
    let origin = location.origin().unwrap_or_default();
    let path = location.pathname().unwrap_or_default();
    format!("{origin}{path}{fragment}")
}

/// Milliseconds on the page's clock (`performance.now`), the one clock of the app: undo steps
/// coalesce by it, the status bar and the study and import timings measure by it, and so does
/// the simulation worker, which has no window and so reads `Date.now`.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or_else(js_sys::Date::now, |p| p.now())
}
