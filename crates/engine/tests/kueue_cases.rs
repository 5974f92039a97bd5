//! Kueue's own table tests, ported: each `tests/kueue/X.json` is the state and the incoming
//! workload of one case of Kueue's test suite, written as a Quota Lab scenario under Kueue's
//! rules (the admitted workloads carry their recorded admission); `X.expected.json` names the
//! Kueue test (`kueue_test`), gives the expected outcome by path as the golden scenarios do, and
//! explains it (`why`). The same suite runs natively and in the browser.

mod golden;
use golden::{check, golden, Golden};

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

macro_rules! kueue_case {
    ($test:ident, $name:literal) => {
        #[cfg_attr(not(target_arch = "wasm32"), test)]
        #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
        fn $test() {
            let failures = check(&golden!("kueue", $name));
            assert!(failures.is_empty(), "{}", failures.join("\n"));
        }
    };
}

kueue_case!(preempt_lowest_priority, "preempt-lowest-priority");
