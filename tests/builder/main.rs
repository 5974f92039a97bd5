//! The BUILD zone in a real browser: its components, the editor's state (undo, autosave, links) and the presenter view.
//! One test binary per area (docs/ARCHITECTURE.md, "Testing"); `support` is shared by all.

#[path = "../support/mod.rs"]
mod support;

mod components;
mod kueue;
mod presenter;
mod state;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
