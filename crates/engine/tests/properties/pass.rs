//! The scheduling pass is idempotent (docs/SEMANTICS.md §4), checked on 10,000 generated
//! scenarios: after every pass no pending job that may start fits an entry without preempting
//! (so under best-effort FIFO nothing that fits is left waiting), and a second pass at the same
//! instant, over every pending job and type, starts and preempts nothing. Both checks run inside
//! audited runs (`simulate_audited`), after every pass of the run.

use quotalab_engine::simulate_audited;

/// Runs generated scenarios from seed 0 on until `wanted` valid ones have run; returns the
/// first violation found.
fn check_scenarios(wanted: usize) -> Result<usize, String> {
    let mut ran = 0;
    for seed in 0.. {
        if ran == wanted {
            break;
        }
        let Some(scenario) = crate::support::scenario(seed) else {
            continue;
        };
        ran += 1;
        let (_, violations) = simulate_audited(&scenario);
        if let Some(v) = violations.first() {
            return Err(format!("seed {seed}: {v}"));
        }
    }
    Ok(ran)
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn a_second_pass_at_any_instant_changes_nothing_on_10000_scenarios() {
    assert_eq!(check_scenarios(10_000), Ok(10_000));
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen_test::wasm_bindgen_test]
fn a_second_pass_at_any_instant_changes_nothing_in_the_browser() {
    assert_eq!(check_scenarios(300), Ok(300));
}
