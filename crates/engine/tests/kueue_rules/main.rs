//! Kueue's rules as golden scenarios: Kueue's own table tests ported, our rule fixtures
//! (`tests/kueue`), and the rows of docs/KUEUE.md "Where Kueue and AWS Batch differ" in numbers
//! (`tests/differences`). One test binary per area (docs/ARCHITECTURE.md, "Testing").

#[path = "../golden/mod.rs"]
mod golden;

mod cases;
mod differences;

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
