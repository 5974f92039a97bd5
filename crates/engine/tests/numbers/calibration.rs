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

/// Of many compared jobs only the farthest are named: farthest first, ties by name, none whose
/// start matched. Checked against the deviations worked out from the whole result's jobs.
#[test]
fn most_deviating_names_only_the_farthest_of_many_in_order() {
    let mut many = scenario();
    let template = many.jobs[0].clone();
    let jobs = many.jobs.to_mut();
    for k in 0..30 {
        let mut job = template.clone();
        job.name = format!("c{k:02}");
        job.submit_h = 10.0 + k as f64;
        let observed = job.observed.as_mut().expect("observed");
        // Three jobs each at the same distance, so ties are ordered by name; every seventh
        // started when the simulation starts it.
        let late = if k % 7 == 0 { 0.0 } else { (k / 3) as f64 };
        observed.first_start_h = Some(job.submit_h + late);
        observed.end_h = Some(job.submit_h + late + 1.0);
        jobs.push(job);
    }
    let result = simulate(&many);
    let c = result.calibration.expect("calibration");
    let observed = |name: &str| {
        many.jobs
            .iter()
            .find(|j| j.name == name)
            .unwrap()
            .observed
            .clone()
    };
    let mut expected: Vec<(f64, &str)> = result
        .jobs
        .iter()
        .filter_map(|job| {
            let seen = observed(&job.name)?;
            let (o, s) = (seen.first_start_h, job.first_start_h);
            let size = match o.zip(s) {
                Some((o, s)) if s == o => return None,
                Some((o, s)) => (s - o).abs(),
                None if o.is_none() && s.is_none() => return None,
                None => f64::INFINITY,
            };
            Some((size, job.name.as_str()))
        })
        .collect();
    expected.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    expected.truncate(quotalab_engine::result::calibration::MOST_DEVIATING);
    let named: Vec<(f64, &str)> = c
        .most_deviating
        .iter()
        .map(|d| {
            (
                d.deviation_h.map_or(f64::INFINITY, f64::abs),
                d.job.as_str(),
            )
        })
        .collect();
    assert_eq!(named, expected);
    assert_eq!(named.len(), 10);
    assert_eq!(c.jobs_compared, 33);
    assert!(named.iter().all(|(size, _)| *size > 0.0));
    assert_eq!(
        &named[..3],
        &[(f64::INFINITY, "b1"), (9.0, "c27"), (9.0, "c29")]
    );
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
