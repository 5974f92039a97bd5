//! A variant or sweep point that draws nothing at random runs at its first seed only, and its
//! sample stands in for the other seeds (docs/STUDY.md, "A scenario that draws nothing at
//! random"): the samples, the shards and the summary are the bytes every run would give.

use super::*;
use quotalab_engine::study::{run_sample, Unit, UnitSample};

const TRACE: &str = include_str!("../../../../scenarios/philly-trace.json");
const KUEUE_SPOT: &str = include_str!("../kueue/rule-spot-flavor-interruptions.json");

/// Every unit run on its own, as before stand-ins: the truth they must equal.
fn every_run(definition: &Definition, units: &[Unit]) -> Vec<UnitSample> {
    let scenarios = definition.scenarios().unwrap();
    let seeds = definition.seeds();
    units
        .iter()
        .map(|&unit| UnitSample {
            unit,
            sample: run_sample(&scenarios[unit.variant_or_point], seeds[unit.seed_index]),
        })
        .collect()
}

/// The trace as is and with its first share reserving, at `seeds` seeds.
fn trace_study(seeds: u32) -> Study {
    let mut reserve = renamed(TRACE, "first share reserves");
    reserve.quota_shares[0].strategy = quotalab_engine::scenario::Strategy::Reserve;
    let mut study = Study::new("a trace", vec![renamed(TRACE, "as is"), reserve]);
    study.seeds = seeds;
    study
}

/// The Kueue scenario with a spot flavor, its interruptions at `rate` per hour.
fn kueue_spot(rate: f64, name: &str) -> Scenario {
    let mut s = renamed(KUEUE_SPOT, name);
    s.spot[0].interruptions_per_h = rate;
    s
}

both! {
    fn a_trace_runs_once_per_variant_and_gives_the_bytes_of_every_run() {
        let definition = Definition::Compare(trace_study(5));
        let units = definition.units();
        let made = definition.runs_to_make(&units).unwrap();
        assert_eq!(made.iter().map(|u| (u.variant_or_point, u.seed_index)).collect::<Vec<_>>(), vec![(0, 0), (1, 0)]);
        let samples = definition.run(&units).unwrap();
        assert_eq!(samples, every_run(&definition, &units));
        assert_eq!(
            definition.summarize(&samples).unwrap().to_json_pretty(),
            definition.summarize(&every_run(&definition, &units)).unwrap().to_json_pretty()
        );
    }

    fn a_seed_that_changes_the_run_makes_every_run() {
        let random = kueue_spot(2.0, "spot interrupted");
        assert!(random.draws_at_random());
        let mut study = Study::new("spot", vec![random, kueue_spot(0.0, "spot never interrupted")]);
        study.seeds = 6;
        let definition = Definition::Compare(study);
        let units = definition.units();
        let made = definition.runs_to_make(&units).unwrap();
        let first_variant: Vec<Unit> = units.iter().filter(|u| u.variant_or_point == 0).copied().collect();
        assert_eq!(made[..6], first_variant[..], "every seed of the random variant runs");
        assert_eq!(made.len(), 7, "the variant without interruptions runs once");
        let truth = every_run(&definition, &units);
        assert_eq!(definition.run(&units).unwrap(), truth);
        // The first variant's seeds really differ, so running it once would have been wrong.
        let mut shares: Vec<_> = truth[..6].iter().map(|s| format!("{:?}", s.sample.shares)).collect();
        shares.dedup();
        assert!(shares.len() > 1, "spot interruptions at 2 an hour give different runs per seed");
    }

    fn shards_of_a_trace_merge_into_exactly_the_unsharded_result() {
        let definition = Definition::Compare(trace_study(4));
        let whole = SampleSet::new(definition.clone(), None, definition.run(&definition.units()).unwrap());
        let parts: Vec<SampleSet> = (0..3)
            .map(|i| {
                let units = shard(&definition.units(), i, 3).unwrap();
                // Shard 1 holds units 1, 4 and 7: seed 2 of the first variant and seeds 1 and 4
                // of the second, so each shard makes its own run of a variant.
                assert!(definition.runs_to_make(&units).unwrap().len() <= 2);
                let samples = definition.run(&units).unwrap();
                assert_eq!(samples.len(), units.len());
                SampleSet::new(definition.clone(), Some(quotalab_engine::study::ShardSpec { index: i, count: 3 }), samples)
            })
            .collect();
        assert_eq!(merge(parts).unwrap().to_json(), whole.to_json());
    }

    fn a_missing_run_is_still_named_missing() {
        let definition = Definition::Compare(trace_study(3));
        let units = definition.units();
        // Only the second variant ran: the first has nothing to stand in for its seeds.
        let ran: Vec<UnitSample> = every_run(&definition, &units[3..4]);
        let samples = definition.with_stand_ins(&units, ran).unwrap();
        assert_eq!(samples.len(), 3);
        let error = definition.summarize(&samples).unwrap_err().to_string();
        assert!(error.contains("3 of 6 units are missing (the first is unit 0)"), "{error}");
    }

    fn a_sweep_of_a_trace_runs_each_point_once() {
        let plan = SweepPlan::new(scenario(TRACE), Sweep { param: "capacity[0].count".into(), values: vec![8.0, 16.0, 32.0] }, 4);
        let definition = Definition::Sweep(Box::new(plan));
        let units = definition.units();
        assert_eq!(definition.runs_to_make(&units).unwrap().len(), 3);
        assert_eq!(definition.run(&units).unwrap(), every_run(&definition, &units));
    }
}

/// The claim stand-ins rest on, over every scenario the engine's tests carry: one that draws
/// nothing at random gives the same sample at any seed, under either rules.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn every_scenario_that_draws_nothing_at_random_gives_one_sample_at_any_seed() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut checked = 0;
    for folder in ["golden", "kueue", "kueue_rules", "examples", "differences"] {
        let Ok(entries) = std::fs::read_dir(root.join(folder)) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = path.to_string_lossy();
            if !name.ends_with(".json") || name.ends_with(".expected.json") {
                continue;
            }
            let Ok(s) = Scenario::from_json(&std::fs::read_to_string(&path).unwrap()) else {
                continue;
            };
            if s.draws_at_random() || !s.validate().errors.is_empty() {
                continue;
            }
            let mut other = run_sample(&s, 0x5eed_0f0a);
            other.seed = s.seed;
            assert_eq!(run_sample(&s, s.seed), other, "{name}");
            checked += 1;
        }
    }
    assert!(checked >= 50, "only {checked} scenarios checked");
}
