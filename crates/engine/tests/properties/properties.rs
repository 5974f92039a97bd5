//! Properties that hold for every valid scenario (docs/SEMANTICS.md), checked on generated ones:
//! no pool starts more than it has, the quota invariant after every decision, one status per
//! job, completed work equals the job's work, cost is attempt time times price, the same seed
//! gives byte-identical results, and nothing panics, not even on mangled input.
//!
//! Natively proptest draws the seeds; in the browser a fixed range of seeds runs the same checks.

use quotalab_engine::result::{Outcome, PoolKind, Status};
use quotalab_engine::scenario::catalog;
use quotalab_engine::{simulate, simulate_audited, Scenario, SimResult};

/// Every property for one generated scenario; `Err` names the first that failed.
fn check_seed(seed: u64) -> Result<(), String> {
    let Some(scenario) = crate::support::scenario(seed) else {
        return Ok(());
    };
    let (result, violations) = simulate_audited(&scenario);
    if let Some(v) = violations.first() {
        return Err(format!("seed {seed}: invariant broken: {v}"));
    }
    statuses_are_exclusive(&result).map_err(|e| format!("seed {seed}: {e}"))?;
    cost_is_time_times_price(&scenario, &result).map_err(|e| format!("seed {seed}: {e}"))?;
    let again = simulate(&scenario).to_json();
    if again != result.to_json() || again != simulate(&scenario).to_json() {
        return Err(format!(
            "seed {seed}: the same scenario and seed gave different bytes"
        ));
    }
    Ok(())
}

fn statuses_are_exclusive(result: &SimResult) -> Result<(), String> {
    for job in &result.jobs {
        let last = job.attempts.last().map(|a| a.outcome);
        let consistent = match job.status {
            Status::Succeeded => last == Some(Outcome::Succeeded) && job.end_h.is_some(),
            Status::Unfinished => {
                job.end_h.is_none() && last.is_none_or(|o| o != Outcome::Succeeded)
            }
            _ => job.end_h.is_some(),
        };
        if !consistent {
            return Err(format!(
                "{} is {} but its last attempt is {last:?}, end {:?}",
                job.name, job.status, job.end_h
            ));
        }
        let completed = job
            .attempts
            .iter()
            .filter(|a| a.outcome == Outcome::Succeeded)
            .count();
        if completed > 1 {
            return Err(format!("{} completed {completed} times", job.name));
        }
    }
    let t = &result.totals;
    let counted = t.succeeded + t.failed + t.timed_out + t.stopped + t.cancelled + t.unfinished;
    if counted != t.jobs {
        return Err(format!("statuses add up to {counted}, not {} jobs", t.jobs));
    }
    Ok(())
}

fn cost_is_time_times_price(scenario: &Scenario, result: &SimResult) -> Result<(), String> {
    let price = |name: &str| {
        catalog::builtin()
            .into_iter()
            .find(|t| t.name == name)
            .map(|t| t.price_per_h)
            .unwrap_or(f64::NAN)
    };
    let spot_factor = |name: &str| {
        scenario
            .spot
            .iter()
            .find(|s| s.instance_type == name)
            .map_or(1.0, |s| s.price_factor)
    };
    let mut total = 0.0;
    for job in &result.jobs {
        let mut job_cost = 0.0;
        for a in &job.attempts {
            let factor = match a.pool {
                PoolKind::OnDemand => 1.0,
                PoolKind::Spot => spot_factor(&a.instance_type),
                PoolKind::TrainingPlan => 0.0,
            };
            let expected = (a.end_h - a.start_h)
                * f64::from(a.instance_count)
                * price(&a.instance_type)
                * factor;
            if (expected - a.cost).abs() > 1e-6 {
                return Err(format!(
                    "{} attempt at {} costs {} but time x price is {expected}",
                    job.name, a.start_h, a.cost
                ));
            }
            job_cost += a.cost;
        }
        if (job_cost - job.cost).abs() > 1e-6 {
            return Err(format!(
                "{} costs {} but its attempts add up to {job_cost}",
                job.name, job.cost
            ));
        }
        total += job.cost;
    }
    if (total - result.totals.cost).abs() > 1e-6 {
        return Err(format!(
            "total cost {} but jobs add up to {total}",
            result.totals.cost
        ));
    }
    Ok(())
}

/// Replaces the `k`-th number in a JSON text with `value`: valid syntax, often invalid meaning.
fn mangle(text: &str, k: usize, value: &str) -> String {
    let mut out = String::new();
    let mut seen = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let starts_number = (c.is_ascii_digit() || c == '-')
            && !text[..i].ends_with(|p: char| p.is_alphanumeric() || p == '_' || p == '.');
        if starts_number {
            let mut end = i + c.len_utf8();
            while let Some(&(j, d)) = chars.peek() {
                if d.is_ascii_digit() || matches!(d, '.' | 'e' | 'E' | '-' | '+') {
                    end = j + d.len_utf8();
                    chars.next();
                } else {
                    break;
                }
            }
            out.push_str(if seen == k { value } else { &text[i..end] });
            seen += 1;
        } else {
            out.push(c);
        }
    }
    out
}

/// Mangled scenarios load or fail with an error, and when they load they run, without panicking.
fn mangled_input_never_panics(seed: u64, k: usize, value: &str) {
    let Some(scenario) = crate::support::scenario(seed) else {
        return;
    };
    let text = mangle(&scenario.to_json_pretty(), k, value);
    if let Ok(s) = Scenario::from_json(&text) {
        simulate(&s);
    }
}

const ODD_NUMBERS: [&str; 8] = [
    "-1",
    "0",
    "1e300",
    "-0.5",
    "99999999999",
    "4294967296",
    "0.0001",
    "1e-300",
];

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        #[test]
        fn generated_scenarios_keep_every_invariant(seed in any::<u64>()) {
            prop_assert!(check_seed(seed).is_ok(), "{}", check_seed(seed).unwrap_err());
        }

        #[test]
        fn mangled_numbers_never_panic(seed in any::<u64>(), k in 0usize..60, v in 0usize..ODD_NUMBERS.len()) {
            mangled_input_never_panics(seed, k, ODD_NUMBERS[v]);
        }

        #[test]
        fn arbitrary_text_never_panics(text in ".{0,200}") {
            let _ = Scenario::parse_json(&text);
        }
    }

    #[test]
    fn generator_produces_mostly_valid_scenarios() {
        let valid = (0..200)
            .filter(|&s| crate::support::scenario(s).is_some())
            .count();
        assert!(
            valid > 100,
            "only {valid} of 200 generated scenarios are valid; the properties would test little"
        );
    }
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn generated_scenarios_keep_every_invariant_in_the_browser() {
        for seed in 0..200 {
            if let Err(e) = check_seed(seed) {
                panic!("{e}");
            }
        }
    }

    #[wasm_bindgen_test]
    fn mangled_numbers_never_panic_in_the_browser() {
        for seed in 0..20 {
            for k in (0..60).step_by(7) {
                mangled_input_never_panics(
                    seed,
                    k,
                    ODD_NUMBERS[(seed as usize + k) % ODD_NUMBERS.len()],
                );
            }
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn generated_scenarios_exercise_preemption_and_fallback() {
    // The properties only mean something if the generator reaches the interesting rules.
    let results: Vec<SimResult> = (0..300)
        .filter_map(crate::support::scenario)
        .map(|s| simulate(&s))
        .collect();
    let preempted = results.iter().filter(|r| r.totals.preemptions > 0).count();
    let fell_back = results
        .iter()
        .filter(|r| r.totals.fallback_rate > 0.0)
        .count();
    let statuses: std::collections::BTreeSet<Status> = results
        .iter()
        .flat_map(|r| r.jobs.iter().map(|j| j.status))
        .collect();
    assert!(
        preempted >= 10,
        "only {preempted} generated scenarios preempt anything"
    );
    assert!(
        fell_back >= 10,
        "only {fell_back} generated scenarios fall back"
    );
    assert!(statuses.len() >= 5, "statuses reached: {statuses:?}");
}
