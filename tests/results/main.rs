//! The RESULTS zone in a real browser: the charts and their answers, the KPI cards, and the simulation worker's protocol served in the page.
//! One test binary per area (docs/ARCHITECTURE.md, "Testing"); `support` is shared by all.

#[path = "../support/mod.rs"]
mod support;

mod answers;
mod charts;
mod kpi;
mod kueue;
mod worker;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
