//! Studies in a real browser: variants, sweeps and the advisor's settings in the workspace, its undo history and its links.
//! One test binary per area (docs/ARCHITECTURE.md, "Testing"); `support` is shared by all.

#[path = "../support/mod.rs"]
mod support;

mod advise;
mod state;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
