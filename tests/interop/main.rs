//! The interop dialogs in a real browser: trace, account and AWS/Kueue imports answered by the interop worker's code in the page, and the agreement report.
//! One test binary per area (docs/ARCHITECTURE.md, "Testing"); `support` is shared by all.

#[path = "../support/mod.rs"]
mod support;

mod dialogs;
mod kueue;
mod summary;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
