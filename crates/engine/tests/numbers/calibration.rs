//! Calibration (docs/ACCOUNT.md, "Calibration"): observed against simulated, present exactly
//! when jobs carry an `observed` block.

use quotalab_engine::{simulate, Scenario};

fn scenario() -> Scenario {
    Scenario::from_json(include_str!("../fixtures/calibration-two-teams.json")).expect("valid")
}

#[test]
fn start_within_tolerance_counts_observed_starts_only() {
    let result = simulate(&scenario());
    let c = result.calibration.expect("jobs carry observed");
    // b2 has no observed block; b1 never started in reality.
    assert_eq!(c.jobs_compared, 3);
    assert_eq!(c.starts_compared, 2);
    // a1 starts at 0 against 0.1 observed (within 0.25 h); a2 at 0 against 3 (outside 0.3 h).
    assert_eq!(c.start_within_tolerance, Some(0.5));
    // a2 really ran on its second entry; the simulation found its first free.
    assert_eq!(c.types_compared, 2);
    assert_eq!(c.same_instance_type, Some(0.5));
}

#[test]
fn per_share_sides_measure_wait_completion_preemptions_and_fallback() {
    let c = simulate(&scenario()).calibration.expect("calibration");
    let a = &c.shares[0];
    assert_eq!(a.name.as_deref(), Some("a"));
    assert_eq!(a.jobs, 2);
    assert_eq!(a.observed.wait_p50_h, Some(0.1));
    assert_eq!(a.observed.completion_p90_h, Some(4.0));
    assert_eq!(a.observed.preemptions, 1);
    assert_eq!(a.observed.fallback_rate, Some(0.5));
    assert_eq!(a.simulated.wait_p50_h, Some(0.0));
    assert_eq!(a.simulated.completion_p90_h, Some(1.0));
    assert_eq!(a.simulated.fallback_rate, Some(0.0));
    let b = &c.shares[1];
    assert_eq!(b.jobs, 1);
    assert_eq!(b.observed.wait_p50_h, None);
    assert_eq!(b.simulated.wait_p50_h, Some(0.0));
}

#[test]
fn most_deviating_puts_one_sided_starts_first() {
    let c = simulate(&scenario()).calibration.expect("calibration");
    let order: Vec<&str> = c.most_deviating.iter().map(|d| d.job.as_str()).collect();
    assert_eq!(order, ["b1", "a2", "a1"]);
    assert_eq!(c.most_deviating[1].deviation_h, Some(-3.0));
}

#[test]
fn no_observed_block_means_no_calibration_field() {
    let mut plain = scenario();
    for job in plain.jobs.to_mut() {
        job.observed = None;
    }
    let result = simulate(&plain);
    assert!(result.calibration.is_none());
    assert!(!result.to_json().contains("\"calibration\":"));
    // The observed block changes nothing about scheduling.
    let with = simulate(&scenario());
    assert_eq!(with.jobs, result.jobs);
    assert_eq!(with.events, result.events);
}

#[test]
fn observed_times_that_run_backwards_are_errors() {
    let text = include_str!("../fixtures/calibration-two-teams.json").replace(
        "\"first_start_h\": 0.1, \"end_h\": 1.1",
        "\"first_start_h\": 2, \"end_h\": 1",
    );
    let errors = match Scenario::from_json(&text) {
        Ok(_) => panic!("an end before the start must not validate"),
        Err(e) => e.to_string(),
    };
    assert!(errors.contains("jobs[0].observed.end_h"), "{errors}");
}

#[test]
fn unknown_observed_fields_are_refused() {
    let text = include_str!("../fixtures/calibration-two-teams.json")
        .replace("\"reason\": \"Stopped by the user\"", "\"why\": \"x\"");
    assert!(Scenario::from_json(&text).is_err());
}
