//! The result's numbers: no negative zero, money within its limits, and the calibration of
//! simulated against observed times. One test binary per area (docs/ARCHITECTURE.md, "Testing").

mod calibration;
mod money_limits;
mod negative_zero;

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
