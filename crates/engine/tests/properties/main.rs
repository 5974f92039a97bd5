//! Property tests of the simulation: the invariants every run keeps, and the scheduling pass
//! against a full rescan. One test binary per area (docs/ARCHITECTURE.md, "Testing").

#[path = "../support/mod.rs"]
mod support;

mod pass;
mod properties;

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
