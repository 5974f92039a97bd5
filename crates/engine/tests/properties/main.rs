//! Property tests of the simulation: the invariants every run keeps, the scheduling pass against
//! a full rescan, and Kueue's rules on generated queues. One test binary per area
//! (docs/ARCHITECTURE.md, "Testing").

#[path = "../support/mod.rs"]
mod support;

mod kueue;
mod pass;
mod properties;

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
