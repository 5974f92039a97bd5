//! The translation between AWS and Kueue (docs/KUEUE-TRANSLATION.md) on every bundled scenario
//! and on generated ones: both directions give scenarios that validate, never panic, and an AWS
//! agreement that goes to Kueue and back is the same agreement where Kueue can state it.
#![cfg(not(target_arch = "wasm32"))]

mod support;

use proptest::prelude::*;
use quotalab_engine::scenario::kueue::accelerator_resource;
use quotalab_engine::scenario::{QuotaShare, Rules, Scenario, Strategy};
use quotalab_engine::translate::{for_rules, to_aws, to_kueue};
use std::collections::BTreeMap;
use std::path::Path;

/// A scenario's validation errors, as `path: message`.
fn errors_of(s: &Scenario) -> Vec<String> {
    s.validate()
        .errors
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// What a job keeps both ways: name, share, times, priority, spot, entry types and counts.
type JobTerms = (
    String,
    Option<String>,
    String,
    i32,
    bool,
    Vec<(String, Option<u32>)>,
    Option<u32>,
);

fn job_terms(j: &quotalab_engine::scenario::JobSpec) -> JobTerms {
    (
        j.name.clone(),
        j.share.as_deref().map(String::from),
        format!(
            "{} {} {:?}",
            j.submit_h, j.duration_h, j.checkpoint_interval_h
        ),
        j.priority,
        j.spot,
        j.preferences
            .iter()
            .map(|p| (p.instance_type.to_string(), p.instance_count))
            .collect(),
        j.instance_count,
    )
}

/// A share's name, limits, strategy, borrow limit and in-share preemption.
type ShareTerms = (String, Vec<(String, u32)>, Strategy, Option<i64>, bool);

/// The part of an AWS agreement Kueue can state: shares (name, limits, strategy, borrow limit
/// for LEND_AND_BORROW, in-share preemption), on-demand capacity at time 0 (at least what the
/// shares own: Kueue admits by quota), spot pool sizes, queueing, and each job's share.
#[derive(Debug, PartialEq)]
struct Terms {
    shares: Vec<ShareTerms>,
    capacity: BTreeMap<String, u32>,
    spot: BTreeMap<String, u32>,
    queueing: quotalab_engine::scenario::Queueing,
    jobs: Vec<JobTerms>,
    mixes: Vec<(String, Option<String>)>,
}

/// The borrow limit as it comes back: Kueue's `borrowingLimit` is a whole number of
/// accelerators (or pods), floor(nominal x b / 100), and reads back from the largest flavor as
/// round(100 x limit / nominal) (docs/KUEUE-TRANSLATION.md, "Borrow limits").
fn kept_borrow_limit(s: &Scenario, q: &QuotaShare) -> i64 {
    let b = q.effective_borrow_limit();
    let nominal = q
        .capacity_limits
        .iter()
        .map(|l| {
            let per = s
                .instance_type(&l.instance_type)
                .filter(|t| accelerator_resource(t).is_some())
                .map_or(1, |t| u64::from(t.accelerators));
            u64::from(l.max_capacity) * per
        })
        .max()
        .unwrap_or(1);
    if b < 0 {
        return b;
    }
    let limit = u128::from(nominal) * b as u128 / 100;
    ((limit as f64) * 100.0 / nominal as f64).round() as i64
}

/// The terms of `s`; with `expected`, as they should come back from Kueue (borrow limits rounded
/// as Kueue states them).
fn terms(s: &Scenario, expected: bool) -> Terms {
    let mut capacity: BTreeMap<String, u32> = BTreeMap::new();
    for c in &s.capacity {
        capacity.insert(
            c.instance_type.clone(),
            c.count.max(s.owned_capacity(&c.instance_type)),
        );
    }
    for l in s.quota_shares.iter().flat_map(|q| &q.capacity_limits) {
        capacity
            .entry(l.instance_type.clone())
            .or_insert(s.owned_capacity(&l.instance_type));
    }
    capacity.retain(|_, n| *n > 0);
    Terms {
        shares: s
            .quota_shares
            .iter()
            .map(|q| {
                // A borrowing limit of 0 is LEND's: LEND_AND_BORROW at 0% is the same agreement.
                let (strategy, borrow) = match q.strategy {
                    Strategy::LendAndBorrow => match if expected {
                        kept_borrow_limit(s, q)
                    } else {
                        q.effective_borrow_limit()
                    } {
                        0 => (Strategy::Lend, None),
                        b => (Strategy::LendAndBorrow, Some(b)),
                    },
                    other => (other, None),
                };
                (
                    q.name.clone(),
                    q.capacity_limits
                        .iter()
                        .map(|l| (l.instance_type.clone(), l.max_capacity))
                        .collect(),
                    strategy,
                    borrow,
                    q.in_share_preemption,
                )
            })
            .collect(),
        capacity,
        spot: s
            .spot
            .iter()
            .map(|p| (p.instance_type.clone(), p.count))
            .collect(),
        queueing: s.queueing,
        jobs: s.jobs.iter().map(job_terms).collect(),
        mixes: s
            .job_mixes
            .iter()
            .map(|m| (m.name.clone(), m.share.clone()))
            .collect(),
    }
}

fn round_trip(label: &str, aws: &Scenario) -> Result<(), String> {
    let kueue = to_kueue(aws);
    if kueue.scenario.rules != Rules::Kueue || kueue.scenario.kueue.is_none() {
        return Err(format!(
            "{label}: to_kueue did not give a Kueue-form scenario"
        ));
    }
    let errors = errors_of(&kueue.scenario);
    if !errors.is_empty() {
        return Err(format!(
            "{label}: the Kueue form does not validate: {errors:?}"
        ));
    }
    let back = to_aws(&kueue.scenario);
    let errors = errors_of(&back.scenario);
    if !errors.is_empty() {
        return Err(format!(
            "{label}: back in AWS form it does not validate: {errors:?}"
        ));
    }
    if back.scenario.rules != Rules::Aws || back.scenario.kueue.is_some() {
        return Err(format!("{label}: to_aws did not give an AWS-form scenario"));
    }
    let (want, got) = (terms(aws, true), terms(&back.scenario, false));
    if want != got {
        return Err(format!(
            "{label}: the agreement changed:\n want {want:?}\n  got {got:?}"
        ));
    }
    Ok(())
}

#[test]
fn every_bundled_scenario_goes_to_the_other_rules_and_back() {
    let paths = quotalab_mutate::bundled_scenarios();
    assert!(paths.len() >= 10, "{paths:?}");
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let scenario =
            Scenario::from_json(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let label = path.display().to_string();
        if scenario.kueue.is_some() {
            kueue_to_aws_and_back(&label, &scenario).unwrap();
        } else {
            round_trip(&label, &scenario).unwrap();
        }
    }
}

/// A bundled scenario written as Kueue objects: its AWS form validates, and so does that form
/// back in Kueue's (the agreement itself need not come back: Kueue states more than AWS can).
fn kueue_to_aws_and_back(label: &str, kueue: &Scenario) -> Result<(), String> {
    let aws = to_aws(kueue).scenario;
    let errors = errors_of(&aws);
    if !errors.is_empty() {
        return Err(format!(
            "{label}: its AWS form does not validate: {errors:?}"
        ));
    }
    let again = to_kueue(&aws).scenario;
    let errors = errors_of(&again);
    if !errors.is_empty() {
        return Err(format!(
            "{label}: back in Kueue form it does not validate: {errors:?}"
        ));
    }
    Ok(())
}

#[test]
fn a_run_translates_only_when_the_rules_differ_from_the_agreements_form() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/default.json"),
    )
    .unwrap();
    let mut aws = Scenario::from_json(&text).unwrap();
    assert_eq!(for_rules(&aws), None);
    aws.rules = Rules::Kueue;
    let t = for_rules(&aws).expect("AWS shares under Kueue's rules are translated");
    assert_eq!(t, to_kueue(&aws));
    let mut kueue = t.scenario;
    assert_eq!(for_rules(&kueue), None);
    kueue.rules = Rules::Aws;
    assert_eq!(for_rules(&kueue), Some(to_aws(&kueue)));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// Generated scenarios (`support::scenario`): both directions validate and never panic, and
    /// the agreement comes back.
    #[test]
    fn generated_scenarios_translate_both_ways(seed in any::<u64>()) {
        if let Some(aws) = support::scenario(seed) {
            prop_assert_eq!(round_trip(&format!("seed {seed}"), &aws), Ok(()));
            let kueue = to_kueue(&aws).scenario;
            prop_assert_eq!(to_kueue(&kueue).scenario, Scenario { rules: Rules::Kueue, ..kueue.clone() });
        }
    }
}

/// Each job's attempts, their start and end times and instance type, a line per job: the
/// schedule.
fn schedule(result: &quotalab_engine::SimResult) -> Vec<String> {
    result
        .jobs
        .iter()
        .map(|j| {
            let attempts: Vec<String> = j
                .attempts
                .iter()
                .map(|a| format!("{:.9}-{:.9} {}", a.start_h, a.end_h, a.instance_type))
                .collect();
            format!("{}: {}", j.name, attempts.join(", "))
        })
        .collect()
}

/// Borrowed and lent are instance-hours under both rule sets: where an AWS agreement runs the
/// same schedule under Kueue's rules (its translation), every share borrows and lends the same
/// hours, on types of one accelerator and of several alike (docs/KUEUE.md, "Results").
#[test]
fn the_same_schedule_under_both_rule_sets_borrows_and_lends_the_same_instance_hours() {
    let mut compared = Vec::new();
    for path in quotalab_mutate::bundled_scenarios() {
        let aws = Scenario::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
        if aws.kueue.is_some() || aws.quota_shares.is_empty() {
            continue;
        }
        let mut kueue = aws.clone();
        kueue.rules = Rules::Kueue;
        let (a, k) = (
            quotalab_engine::simulate(&aws),
            quotalab_engine::simulate(&kueue),
        );
        if schedule(&a) != schedule(&k) {
            continue;
        }
        for (x, y) in a.shares.iter().zip(&k.shares) {
            let close = |p: f64, q: f64| (p - q).abs() <= 1e-9 * p.abs().max(1.0);
            assert!(
                close(x.borrowed_instance_h, y.borrowed_instance_h)
                    && close(x.lent_instance_h, y.lent_instance_h),
                "{}, share {}: AWS borrowed {} and lent {}, Kueue {} and {}",
                path.display(),
                x.name,
                x.borrowed_instance_h,
                x.lent_instance_h,
                y.borrowed_instance_h,
                y.lent_instance_h
            );
        }
        compared.push(path.file_name().unwrap().to_string_lossy().into_owned());
    }
    assert!(
        compared.iter().any(|name| name == "lend-and-borrow.json"),
        "a scenario whose type has four accelerators is among those compared: {compared:?}"
    );
}
