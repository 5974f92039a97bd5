//! Reading and checking a scenario: every validation rule with its JSON path (under AWS rules and
//! for Kueue objects), and the parser fuzzed with mutated documents. One test binary per area
//! (docs/ARCHITECTURE.md, "Testing").

#[path = "../cases/mod.rs"]
mod cases;
mod fuzz;
mod kueue;
mod paths;
mod rules;

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
