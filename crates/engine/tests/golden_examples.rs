//! The worked examples of `../shared/spec/examples`, every expectation asserted, natively and in
//! the browser (SEMANTICS.md is the contract; these are its worked cases).

mod golden;
use golden::{check, spec_example, Golden};

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

fn assert_golden(golden: Golden) {
    let failures = check(&golden);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

macro_rules! golden_test {
    ($test:ident, $golden:expr) => {
        #[cfg_attr(not(target_arch = "wasm32"), test)]
        #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
        fn $test() {
            assert_golden($golden);
        }
    };
}

golden_test!(spec_two_teams_reclaim, spec_example!("two-teams-reclaim"));
golden_test!(
    spec_in_share_priorities,
    spec_example!("in-share-priorities")
);
golden_test!(
    spec_preference_stockout,
    spec_example!("preference-stockout")
);
