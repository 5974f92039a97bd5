//! Random valid scenarios for the property tests, drawn from a seed with the engine's own
//! stream, so the same seeds give the same scenarios natively and in the browser.

use quotalab_engine::rng::{Purpose, Stream};
use quotalab_engine::scenario::*;
use quotalab_engine::Scenario;

const TYPES: [&str; 4] = [
    "ml.g5.xlarge",
    "ml.g6e.12xlarge",
    "ml.p4d.24xlarge",
    "ml.m5.xlarge",
];

fn pick<'a, T>(rng: &mut Stream, items: &'a [T]) -> &'a T {
    &items[(rng.next_u64() % items.len() as u64) as usize]
}

fn below(rng: &mut Stream, n: u64) -> u64 {
    rng.next_u64() % n
}

fn hours(rng: &mut Stream, max: f64) -> f64 {
    (rng.uniform() * max * 4.0).round() / 4.0
}

/// A scenario that passes validation, or `None` when the draw broke a rule.
pub fn scenario(seed: u64) -> Option<Scenario> {
    let mut rng = Stream::new(seed, Purpose::JobMix, "property-test");
    let types: Vec<&str> = TYPES[..1 + below(&mut rng, 3) as usize].to_vec();
    let capacity = types
        .iter()
        .map(|t| Capacity {
            instance_type: t.to_string(),
            count: below(&mut rng, 6) as u32,
            changes: if below(&mut rng, 3) == 0 {
                vec![CapacityChange {
                    at_h: hours(&mut rng, 6.0) + 0.25,
                    count: below(&mut rng, 6) as u32,
                }]
            } else {
                vec![]
            },
        })
        .collect();
    let spot = if below(&mut rng, 3) == 0 {
        vec![SpotPool {
            instance_type: types[0].into(),
            count: 1 + below(&mut rng, 3) as u32,
            price_factor: 0.3,
            interruptions_per_h: rng.uniform() * 0.5,
        }]
    } else {
        vec![]
    };
    let plans = if below(&mut rng, 3) == 0 {
        vec![TrainingPlan {
            name: "plan".into(),
            instance_type: types[0].into(),
            count: 1 + below(&mut rng, 2) as u32,
            blocks: vec![PlanBlock {
                start_h: hours(&mut rng, 3.0),
                end_h: 4.0 + hours(&mut rng, 6.0),
            }],
            upfront_cost: 100.0,
            owner_share: None,
        }]
    } else {
        vec![]
    };
    let share_count = below(&mut rng, 4) as usize;
    let shares: Vec<QuotaShare> = (0..share_count)
        .map(|s| {
            let strategy = *pick(
                &mut rng,
                &[Strategy::Reserve, Strategy::Lend, Strategy::LendAndBorrow],
            );
            QuotaShare {
                name: format!("S{s}"),
                capacity_limits: types
                    .iter()
                    .filter_map(|t| {
                        let keep = below(&mut rng, 4) != 0;
                        let max_capacity = 1 + below(&mut rng, 3) as u32;
                        keep.then(|| CapacityLimit {
                            instance_type: t.to_string(),
                            max_capacity,
                        })
                    })
                    .collect(),
                strategy,
                borrow_limit: (strategy == Strategy::LendAndBorrow)
                    .then(|| *pick(&mut rng, &[-1, 0, 50, 100])),
                in_share_preemption: below(&mut rng, 2) == 0,
            }
        })
        .collect();
    let jobs: Vec<JobSpec> = (0..1 + below(&mut rng, 10))
        .map(|k| {
            job(
                &mut rng,
                k,
                &types,
                &shares,
                !plans.is_empty(),
                !spot.is_empty(),
            )
        })
        .collect();
    let mut actions = Vec::new();
    if below(&mut rng, 2) == 0 {
        let target = pick(&mut rng, &jobs).name.clone();
        actions.push(Action {
            at_h: hours(&mut rng, 6.0),
            set_priority: Some(SetPriority {
                job: target,
                priority: below(&mut rng, 100) as i32,
            }),
            update_share: None,
            cancel: None,
        });
    }
    if below(&mut rng, 4) == 0 {
        let target = pick(&mut rng, &jobs).name.clone();
        actions.push(Action {
            at_h: hours(&mut rng, 6.0),
            set_priority: None,
            update_share: None,
            cancel: Some(Cancel { job: target }),
        });
    }
    if !shares.is_empty() && below(&mut rng, 4) == 0 {
        let share = pick(&mut rng, &shares);
        actions.push(Action {
            at_h: hours(&mut rng, 6.0),
            set_priority: None,
            update_share: Some(UpdateShare {
                share: share.name.clone(),
                capacity_limits: Some(
                    share
                        .capacity_limits
                        .iter()
                        .map(|l| CapacityLimit {
                            max_capacity: 1,
                            ..l.clone()
                        })
                        .collect(),
                ),
                strategy: Some(Strategy::Reserve),
                borrow_limit: None,
                in_share_preemption: None,
            }),
            cancel: None,
        });
    }
    let scenario = Scenario {
        version: 1,
        name: format!("generated {seed}"),
        description: String::new(),
        seed,
        currency: Currency::default(),
        horizon_h: (below(&mut rng, 2) == 0).then(|| 4.0 + hours(&mut rng, 20.0)),
        rules: Default::default(),
        queueing: *pick(&mut rng, &[Queueing::BestEffortFifo, Queueing::StrictFifo]),
        instance_types: Vec::new(),
        capacity,
        spot,
        training_plans: plans,
        quota_shares: shares,
        kueue: None,
        jobs: jobs.into(),
        job_mixes: Vec::new(),
        actions,
    };
    scenario.validate().is_valid().then_some(scenario)
}

fn job(
    rng: &mut Stream,
    k: u64,
    types: &[&str],
    shares: &[QuotaShare],
    plan: bool,
    spot_pool: bool,
) -> JobSpec {
    let spot = spot_pool && below(rng, 4) == 0;
    let entries = if spot {
        1
    } else {
        1 + below(rng, types.len() as u64) as usize
    };
    let preferences = types
        .iter()
        .take(entries)
        .enumerate()
        .map(|(i, t)| Preference {
            instance_type: (*t).into(),
            instance_count: None,
            training_plan: (plan && i == 0 && !spot && below(rng, 2) == 0).then(|| "plan".into()),
            duration_h: (below(rng, 3) == 0).then(|| 0.5 + hours(rng, 4.0)),
        })
        .collect();
    let checkpoints = below(rng, 2) == 0;
    JobSpec::from_attributes(
        format!("J{k}"),
        (!shares.is_empty()).then(|| {
            shares[below(rng, shares.len() as u64) as usize]
                .name
                .as_str()
                .into()
        }),
        hours(rng, 8.0),
        0.25 + hours(rng, 5.0),
        &JobAttributes {
            kind: JobKind::Training,
            priority: below(rng, 100) as i32,
            instance_count: Some(1 + below(rng, 2) as u32),
            preferences,
            startup_h: hours(rng, 0.5),
            checkpoint_interval_h: checkpoints.then(|| 0.25 + hours(rng, 1.0)),
            checkpoint_cost_h: if checkpoints { hours(rng, 0.1) } else { 0.0 },
            max_pending_h: (below(rng, 3) == 0).then(|| 1.0 + hours(rng, 6.0)),
            preemption_retries: (below(rng, 3) == 0).then(|| below(rng, 3) as u32),
            accelerator_memory_gib: (below(rng, 5) == 0).then_some(30.0),
            deadline_h: (below(rng, 2) == 0).then(|| 1.0 + hours(rng, 10.0)),
            spot,
            max_wait_h: (spot && below(rng, 2) == 0).then(|| 1.0 + hours(rng, 10.0)),
            ..JobAttributes::default()
        },
    )
}
