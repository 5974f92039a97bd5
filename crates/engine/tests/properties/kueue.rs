//! Properties of Kueue's rules (docs/KUEUE.md) on generated ClusterQueues and workloads: every
//! generated scenario validates and runs; the same scenario gives the same bytes; no queue ever
//! holds more than its nominal quota plus its borrowing limit, nor the cohort more than its
//! quota; every eviction respects the preemptor's policy (`LowerPriority` takes only strictly
//! lower priorities); a job's attempts never overlap and its status matches its last attempt.
//!
//! Natively proptest draws the seeds; in the browser a fixed range of seeds runs the same checks.

use quotalab_engine::result::{Outcome, Status, StopKind};
use quotalab_engine::rng::{Purpose, Stream};
use quotalab_engine::scenario::kueue::{ReclaimPolicy, WithinClusterQueue};
use quotalab_engine::{simulate, Scenario, SimResult};
use serde_json::json;

fn below(rng: &mut Stream, n: u64) -> u64 {
    rng.next_u64() % n
}

fn quarter_hours(rng: &mut Stream, max: f64) -> f64 {
    (rng.uniform() * max * 4.0).round() / 4.0
}

/// A Kueue scenario drawn from `seed`: one cohort of 2 to 4 ClusterQueues over two GPU flavors,
/// with random quotas, limits, policies and fungibility, and 4 to 24 jobs.
fn scenario(seed: u64) -> Scenario {
    let mut rng = Stream::new(seed, Purpose::JobMix, "kueue-property-test");
    let queues = 2 + below(&mut rng, 3) as usize;
    let within = ["Never", "LowerPriority", "LowerOrNewerEqualPriority"];
    let reclaim = ["Never", "LowerPriority", "Any"];
    let fungibility = ["MayStopSearch", "TryNextFlavor"];
    let mut cqs = Vec::new();
    for q in 0..queues {
        let flavors: Vec<_> = ["a", "b"]
            .iter()
            .map(|f| {
                let nominal = below(&mut rng, 9);
                let mut res = json!({ "name": "nvidia.com/gpu",
                    "nominal_quota": nominal.to_string() });
                if below(&mut rng, 3) == 0 {
                    res["borrowing_limit"] = json!(below(&mut rng, 5).to_string());
                }
                if below(&mut rng, 3) == 0 {
                    res["lending_limit"] = json!(below(&mut rng, nominal + 1).to_string());
                }
                json!({ "name": f, "resources": [res] })
            })
            .collect();
        let reclaim_policy = reclaim[below(&mut rng, 3) as usize];
        let mut preemption = json!({
            "within_cluster_queue": within[below(&mut rng, 3) as usize],
            "reclaim_within_cohort": reclaim_policy,
        });
        if reclaim_policy != "Never" && below(&mut rng, 3) == 0 {
            preemption["borrow_within_cohort"] = json!({ "policy": "LowerPriority",
                "max_priority_threshold": below(&mut rng, 5) as i64 });
        }
        cqs.push(json!({
            "name": format!("q{q}"), "cohort": "org", "namespace_selector": {},
            "queueing_strategy": if below(&mut rng, 3) == 0 { "StrictFIFO" } else { "BestEffortFIFO" },
            "resource_groups": [ { "covered_resources": ["nvidia.com/gpu"], "flavors": flavors } ],
            "preemption": preemption,
            "flavor_fungibility": {
                "when_can_borrow": fungibility[below(&mut rng, 2) as usize],
                "when_can_preempt": fungibility[below(&mut rng, 2) as usize],
            },
        }));
    }
    let jobs: Vec<_> = (0..4 + below(&mut rng, 21))
        .map(|k| {
            let checkpoints = below(&mut rng, 2) == 0;
            let mut job = json!({
                "name": format!("j{k}"), "share": format!("q{}", below(&mut rng, queues as u64)),
                "submit_h": quarter_hours(&mut rng, 8.0),
                "duration_h": 0.25 + quarter_hours(&mut rng, 6.0),
                "priority": below(&mut rng, 5) as i64 - 2,
                "pod_sets": [ { "count": 1 + below(&mut rng, 3),
                                "requests": { "nvidia.com/gpu": (1 + below(&mut rng, 2)).to_string() } } ],
            });
            if checkpoints {
                job["checkpoint_interval_h"] = json!(0.5);
            }
            job
        })
        .collect();
    let fair = below(&mut rng, 3) == 0;
    let text = json!({
        "version": 1, "name": format!("kueue property {seed}"), "rules": "kueue",
        "horizon_h": 40,
        "kueue": {
            "resource_flavors": [ { "name": "a" }, { "name": "b" } ],
            "cohorts": [ { "name": "org" } ],
            "cluster_queues": cqs,
            "fair_sharing": if fair { json!({}) } else { json!(null) },
        },
        "jobs": jobs,
    })
    .to_string();
    Scenario::from_json(&text)
        .unwrap_or_else(|e| panic!("seed {seed}: generated scenario is invalid: {e}"))
}

fn check_seed(seed: u64) -> Result<(), String> {
    let scenario = scenario(seed);
    let result = simulate(&scenario);
    let fail = |e: String| format!("seed {seed}: {e}");
    if simulate(&scenario).to_json() != result.to_json() {
        return Err(fail("the same scenario gave different bytes".into()));
    }
    attempts_are_consistent(&result).map_err(fail)?;
    quota_is_respected(&scenario, &result).map_err(fail)?;
    evictions_respect_policies(&scenario, &result).map_err(fail)
}

fn attempts_are_consistent(result: &SimResult) -> Result<(), String> {
    for job in &result.jobs {
        for pair in job.attempts.windows(2) {
            if pair[1].start_h < pair[0].end_h {
                return Err(format!("{}: attempts overlap", job.name));
            }
        }
        let last = job.attempts.last().map(|a| a.outcome);
        let consistent = match job.status {
            Status::Succeeded => last == Some(Outcome::Succeeded),
            Status::Unfinished => last.is_none_or(|o| o != Outcome::Succeeded),
            _ => true,
        };
        if !consistent {
            return Err(format!(
                "{} is {} but its last attempt is {last:?}",
                job.name, job.status
            ));
        }
    }
    Ok(())
}

/// At every point of every flavor's series: each queue within nominal + borrowing limit, and
/// the queues together within the flavor's quota.
fn quota_is_respected(scenario: &Scenario, result: &SimResult) -> Result<(), String> {
    let kueue = scenario.kueue.as_ref().expect("a Kueue scenario");
    for series in &result.usage {
        for point in &series.points {
            let total: u32 = point.used.iter().sum();
            if total > point.capacity {
                return Err(format!(
                    "{} at {} h: {total} GPUs used of {}",
                    series.instance_type, point.t_h, point.capacity
                ));
            }
            for (q, used) in point.used.iter().enumerate() {
                let quota = kueue.cluster_queues[q].resource_groups[0]
                    .flavors
                    .iter()
                    .find(|f| f.name == series.instance_type.as_str())
                    .map(|f| &f.resources[0]);
                let Some(quota) = quota else { continue };
                if let Some(bl) = &quota.borrowing_limit {
                    let most = quota.nominal_quota.amount_of("nvidia.com/gpu")
                        + bl.amount_of("nvidia.com/gpu");
                    if i64::from(*used) > most {
                        return Err(format!("q{q} holds {used} of {} at {} h, above nominal + borrowing limit {most}", series.instance_type, point.t_h));
                    }
                }
            }
        }
    }
    Ok(())
}

/// A preemptor with `LowerPriority` evicts only strictly lower priorities (priorities never
/// change in these scenarios).
fn evictions_respect_policies(scenario: &Scenario, result: &SimResult) -> Result<(), String> {
    let kueue = scenario.kueue.as_ref().expect("a Kueue scenario");
    let job = |name: &str| result.jobs.iter().find(|j| j.name == name);
    for victim in &result.jobs {
        for a in &victim.attempts {
            let (Some(kind), Some(by)) = (a.preemption, a.preempted_by.as_deref()) else {
                continue;
            };
            let preemptor = job(by).ok_or(format!("{} preempted by unknown {by}", victim.name))?;
            let cq = kueue
                .cluster_queues
                .iter()
                .find(|q| Some(q.name.as_str()) == preemptor.share.as_deref())
                .ok_or("a preemptor without a queue")?;
            let lower_only = match kind {
                StopKind::InClusterQueue => {
                    cq.preemption.within_cluster_queue == WithinClusterQueue::LowerPriority
                }
                StopKind::InCohortReclamation | StopKind::InCohortReclaimWhileBorrowing => {
                    cq.preemption.reclaim_within_cohort == ReclaimPolicy::LowerPriority
                }
                _ => false,
            };
            if lower_only && victim.priority >= preemptor.priority {
                return Err(format!(
                    "{by} (priority {}) evicted {} (priority {}) for {kind} under LowerPriority",
                    preemptor.priority, victim.name, victim.priority
                ));
            }
            if kind == StopKind::InClusterQueue && victim.share != preemptor.share {
                return Err(format!(
                    "{by} evicted {} of another queue as InClusterQueue",
                    victim.name
                ));
            }
        }
    }
    Ok(())
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

        #[test]
        fn generated_kueue_scenarios_keep_every_property(seed in any::<u64>()) {
            prop_assert!(check_seed(seed).is_ok(), "{}", check_seed(seed).unwrap_err());
        }
    }

    #[test]
    fn the_generator_makes_preemptions_happen() {
        let preempted = (0..200)
            .filter(|&s| simulate(&scenario(s)).totals.preemptions > 0)
            .count();
        assert!(
            preempted > 20,
            "only {preempted} of 200 generated scenarios preempt anything"
        );
    }
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen_test::wasm_bindgen_test]
fn generated_kueue_scenarios_keep_every_property_in_the_browser() {
    for seed in 0..40 {
        check_seed(seed).unwrap();
    }
}
