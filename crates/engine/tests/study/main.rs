//! Studies (docs/STUDY.md): the format round-trips and names bad fields, common random
//! numbers make identical variants identical, a capacity sweep shows what capacity buys beyond the
//! seed noise, shards merge into exactly the unsharded result, and the summaries are the same
//! bytes natively and in the browser.
//!
//! After a deliberate change of engine output, regenerate the digests natively with
//! `QUOTALAB_REGENERATE=1 cargo test -p quotalab-engine --test study`, then run the browser suite.

/// The advisor under Kueue's rules (native only: each search runs dozens of simulations).
#[cfg(not(target_arch = "wasm32"))]
mod advise_kueue;
#[path = "../support/digest.rs"]
mod digest;
use digest::fnv;

use quotalab_engine::study::{
    apply_parameter, compare, merge, shard, sweep_parameters, Definition, Kpi, SampleSet, Study,
    Summary, Sweep, SweepPlan, Verdict,
};
use quotalab_engine::{LoadError, Scenario};
use serde_json::{json, Value};

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

const DEFAULT: &str = include_str!("../../../../scenarios/default.json");
const NO_HORIZON: &str = include_str!("../fixtures/study-capacity.json");
const CHECKPOINTS: &str = include_str!("../../../../scenarios/checkpoint-study.json");
const KUEUE: &str = include_str!("../../../../scenarios/kueue-three-teams.json");
const DIGESTS: &str = include_str!("../fixtures/study-digests.txt");

macro_rules! both {
    ($($(#[$meta:meta])* fn $name:ident() $body:block)*) => {$(
        $(#[$meta])*
        #[cfg_attr(not(target_arch = "wasm32"), test)]
        #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
        fn $name() $body
    )*};
}

fn scenario(text: &str) -> Scenario {
    Scenario::from_json(text).expect("bundled scenarios are valid")
}

fn renamed(text: &str, name: &str) -> Scenario {
    let mut s = scenario(text);
    s.name = name.into();
    s
}

/// The default scenario and a copy with the medium share reserving instead of lending.
fn two_variants() -> Study {
    let mut reserve = renamed(DEFAULT, "medium reserves");
    reserve.quota_shares[1].strategy = quotalab_engine::scenario::Strategy::Reserve;
    let mut study = Study::new("lend or reserve", vec![renamed(DEFAULT, "as is"), reserve]);
    study.seeds = 5;
    study
}

fn study_json(edit: impl FnOnce(&mut Value)) -> String {
    let mut doc: Value = serde_json::from_str(&two_variants().to_json_pretty()).unwrap();
    edit(&mut doc);
    doc.to_string()
}

/// The study's error paths: a parse error's path, or every validation error's path.
fn error_paths(text: &str) -> Vec<String> {
    match Study::parse_json(text) {
        Err(LoadError::Shape { path, .. }) => vec![path],
        Err(other) => other.diagnostics().into_iter().map(|d| d.path).collect(),
        Ok(study) => study
            .validate()
            .errors
            .into_iter()
            .map(|d| d.path)
            .collect(),
    }
}

fn capacity_plan(seeds: u32) -> SweepPlan {
    let sweep = Sweep {
        param: "capacity[0].count".into(),
        values: vec![1.0, 2.0, 3.0],
    };
    SweepPlan::new(scenario(NO_HORIZON), sweep, seeds)
}

fn summarize(definition: &Definition) -> Summary {
    let samples = definition.run(&definition.units()).expect("units run");
    definition.summarize(&samples).expect("complete samples")
}

/// Variants that draw nothing at random, run once for every seed.
mod stand_in;

both! {
    fn a_study_round_trips_byte_for_byte() {
        let mut study = two_variants();
        study.sweep = Some(Sweep { param: "capacity[0].count".into(), values: vec![1.0, 2.5e-1, 3.0] });
        let text = study.to_json_pretty();
        let back = Study::parse_json(&text).expect("parses");
        assert_eq!(back, study);
        assert_eq!(back.to_json_pretty(), text);
        assert!(text.contains("\"kind\": \"study\""), "{text}");
    }

    fn study_format_errors_name_their_path() {
        assert_eq!(error_paths(&study_json(|d| d["colour"] = json!(1))), vec!["colour"]);
        assert!(Study::parse_json(&study_json(|d| d["colour"] = json!(1))).unwrap_err().to_string().contains("colour"));
        assert_eq!(
            error_paths(&study_json(|d| d["variants"][1]["quota_shares"][0]["strategy"] = json!("SHARE"))),
            vec!["variants[1].quota_shares[0].strategy"]
        );
        let newer = Study::parse_json(&study_json(|d| d["version"] = json!(2))).unwrap_err();
        assert!(matches!(newer, LoadError::Version { found: Some(2), .. }) && newer.to_string().contains("newer Quota Lab"), "{newer}");
        assert_eq!(error_paths(&study_json(|d| d["variants"].as_array_mut().unwrap().truncate(1))), vec!["variants"]);
        let seven = study_json(|d| {
            let variants: Vec<Value> = (0..7).map(|i| { let mut v = d["variants"][0].clone(); v["name"] = json!(format!("v{i}")); v }).collect();
            d["variants"] = json!(variants);
        });
        assert_eq!(error_paths(&seven), vec!["variants"]);
        assert_eq!(error_paths(&study_json(|d| d["variants"][1]["name"] = json!("as is"))), vec!["variants[1].name"]);
        assert_eq!(error_paths(&study_json(|d| d["seeds"] = json!(0))), vec!["seeds"]);
        assert_eq!(error_paths(&study_json(|d| d["wait_threshold_h"] = json!(-1))), vec!["wait_threshold_h"]);
        assert_eq!(error_paths(&study_json(|d| d["variants"][0]["jobs"] = json!([{"name": "x", "share": "medium", "submit_h": 0, "duration_h": -1, "instance_count": 1, "preferences": [{"instance_type": "ml.g5.xlarge"}]}]))), vec!["variants[0].jobs[0].duration_h"]);
        assert_eq!(error_paths(&study_json(|d| d["sweep"] = json!({"param": "capacity[0].count", "values": [1, 2.5]}))), vec!["sweep.values[1]"]);
        assert_eq!(error_paths(&study_json(|d| d["sweep"] = json!({"param": "capacity[0].colour", "values": [1, 2]}))), vec!["sweep.param"]);
        assert_eq!(error_paths(&study_json(|d| d["sweep"] = json!({"param": "capacity[0].count", "values": [1]}))), vec!["sweep.values"]);
    }

    fn a_thousand_variants_are_refused_when_read_with_the_rule() {
        let thousand = study_json(|d| {
            // Not even valid scenarios: the count is refused before any variant is read.
            d["variants"] = json!(vec![json!({"version": 1}); 1000]);
        });
        let err = Study::parse_json(&thousand).unwrap_err().to_string();
        assert_eq!(err, "variants: a study holds 2 to 6 variants; this one has 1000");
    }

    fn a_variant_reads_exactly_as_the_same_scenario_alone() {
        // Each variant is read from its own text by the scenario's reader, so what a lone
        // scenario refuses, a variant refuses too: here a field written twice.
        let pretty = two_variants().to_json_pretty();
        let doubled = pretty.replacen("\"name\": \"as is\",", "\"name\": \"as is\", \"name\": \"again\",", 1);
        assert_ne!(doubled, pretty, "the first variant's name is in the text");
        let alone = Scenario::parse_json(r#"{"version": 1, "name": "a", "name": "b"}"#).unwrap_err().to_string();
        assert!(alone.contains("duplicate field `name`"), "{alone}");
        let in_study = Study::parse_json(&doubled).unwrap_err().to_string();
        assert!(in_study.starts_with("variants[0]") && in_study.contains("duplicate field `name`"), "{in_study}");
    }

    fn documents_that_hold_scenarios_say_what_they_are_and_where_they_break() {
        let not_a_study = Study::parse_json("[1, 2]").unwrap_err().to_string();
        assert!(not_a_study.contains("a study is a JSON object"), "{not_a_study}");
        let broken = SweepPlan::parse_json("{\n  \"kind\": \"sweep\",\n  \"version\": }").unwrap_err();
        assert!(matches!(broken, LoadError::Syntax { line: 3, .. }), "{broken:?}");
        let not_a_plan = SweepPlan::parse_json("\"sweep\"").unwrap_err().to_string();
        assert!(not_a_plan.contains("a sweep plan is a JSON object"), "{not_a_plan}");
        // A samples file whose study has a variant that is not a scenario names the field.
        let set = SampleSet::new(Definition::Compare(two_variants()), None, Vec::new()).to_json();
        let bad = set.replacen("\"strategy\":\"LEND\"", "\"strategy\":\"SHARE\"", 1);
        assert_ne!(bad, set, "the definition's first share lends");
        let err = SampleSet::parse_json(&bad).unwrap_err().to_string();
        assert!(err.starts_with("definition: variants[0].quota_shares[") && err.contains("strategy"), "{err}");
    }

    fn a_document_is_a_study_or_a_scenario() {
        use quotalab_engine::study::Document;
        assert!(matches!(Document::parse_json(DEFAULT), Ok(Document::Scenario(_))));
        assert!(matches!(Document::parse_json(&two_variants().to_json_pretty()), Ok(Document::Study(_))));
    }

    fn identical_variants_show_exactly_zero_difference() {
        let mut study = Study::new("twins", vec![renamed(DEFAULT, "a"), renamed(DEFAULT, "b")]);
        study.seeds = 6;
        let definition = Definition::Compare(study.clone());
        let samples = definition.run(&definition.units()).unwrap();
        let comparison = compare(&study, &samples).unwrap();
        let twin = &comparison.variants[1];
        assert_eq!(twin.shares.len(), 3);
        let mut checked = 0;
        for share in &twin.shares {
            for kpi in &share.kpis {
                let diff = kpi.diff.unwrap_or_else(|| panic!("{} {:?} has no difference", share.share, kpi.kpi));
                assert_eq!((diff.mean, diff.lo, diff.hi), (0.0, 0.0, 0.0), "{} {:?}", share.share, kpi.kpi);
                assert!(!diff.significant);
                assert_eq!(diff.verdict, Verdict::NoClearDifference);
                checked += 1;
            }
        }
        assert_eq!(checked, 3 * Kpi::COMPARED.len());
        assert!(comparison.changes[0].fields.is_empty(), "{:?}", comparison.changes);
        // The seeds really differ: the runs vary, so zero is not an artefact of one repeated run.
        let p90 = &comparison.variants[0].shares[0].kpis[2].estimate.unwrap();
        assert!(p90.hi > p90.lo, "{p90:?}");
    }

    fn a_changed_strategy_is_named_in_plain_words() {
        let study = two_variants();
        let definition = Definition::Compare(study.clone());
        let comparison = compare(&study, &definition.run(&definition.units()).unwrap()).unwrap();
        let fields: Vec<String> = comparison.changes[0].fields.iter().map(|f| f.describe()).collect();
        assert_eq!(fields, vec![r#"quota_shares[1].strategy: "LEND" -> "RESERVE""#]);
        assert_eq!(comparison.changes[0].fields[0].words, "share 'medium' strategy: LEND -> RESERVE");
        assert!(!comparison.to_json().contains("NaN"));
    }

    /// Three instances for three shares of limit 1 ("ample": each share has its own) against one
    /// instance for all three ("scarce"). Every share queues for that one instance when it is
    /// scarce, so every share's p90 completion must drop, and the drop must clear the seed noise:
    /// the upper end of the ample interval below the lower end of the scarce one.
    fn more_capacity_clearly_shortens_p90_completion_for_every_share() {
        let Summary::Sweep(summary) = summarize(&Definition::Sweep(Box::new(capacity_plan(10)))) else { unreachable!() };
        let scarce = &summary.points[0];
        let ample = &summary.points[2];
        assert_eq!((scarce.value, ample.value), (1.0, 3.0));
        assert_eq!(ample.shares.len(), 3);
        for (s, a) in scarce.shares.iter().zip(&ample.shares) {
            let (s90, a90) = (s.completion_p90_h.unwrap(), a.completion_p90_h.unwrap());
            assert_eq!((s90.n, a90.n), (10, 10), "every seed finishes jobs of {}", s.share);
            assert!(a90.hi < s90.lo, "{}: ample p90 {a90:?} not clearly below scarce {s90:?}", s.share);
        }
        assert_eq!(summary.label, "On-demand capacity of ml.g5.xlarge (instances)");
        assert!(summary.young_daly.is_none());
    }

    fn shards_merge_into_exactly_the_unsharded_result() {
        for definition in [Definition::Sweep(Box::new(capacity_plan(4))), Definition::Compare(two_variants())] {
            let whole = SampleSet::new(definition.clone(), None, definition.run(&definition.units()).unwrap());
            let parts: Vec<SampleSet> = [2, 0, 1]
                .iter()
                .map(|&i| {
                    let units = shard(&definition.units(), i, 3).unwrap();
                    let text = SampleSet::new(definition.clone(), Some(quotalab_engine::study::ShardSpec { index: i, count: 3 }), definition.run(&units).unwrap()).to_json();
                    SampleSet::parse_json(&text).expect("a shard file reads back")
                })
                .collect();
            let merged = merge(parts.clone()).expect("three shards cover the work");
            assert_eq!(merged.to_json(), whole.to_json());
            assert_eq!(
                merged.definition.summarize(&merged.samples).unwrap().to_json_pretty(),
                definition.summarize(&whole.samples).unwrap().to_json_pretty()
            );
            let missing = merge(parts[..2].to_vec()).unwrap_err().to_string();
            assert!(missing.contains("missing"), "{missing}");
            let twice = merge(vec![parts[0].clone(), parts[0].clone(), parts[1].clone(), parts[2].clone()]).unwrap_err().to_string();
            assert!(twice.contains("twice"), "{twice}");
        }
        let other = SampleSet::new(Definition::Sweep(Box::new(capacity_plan(3))), None, Vec::new());
        let mine = SampleSet::new(Definition::Sweep(Box::new(capacity_plan(4))), None, Vec::new());
        assert!(merge(vec![mine, other]).unwrap_err().to_string().contains("different study or sweep"));
    }

    fn shards_are_balanced_and_bad_shards_are_refused() {
        let units = Definition::Compare(two_variants()).units();
        let sizes: Vec<usize> = (0..4).map(|i| shard(&units, i, 4).unwrap().len()).collect();
        assert_eq!(sizes, vec![3, 3, 2, 2]);
        assert!(shard(&units, 4, 4).is_err());
        assert!(quotalab_engine::study::ShardSpec::parse("3/3").unwrap_err().to_string().contains("i >= N"));
        assert!(quotalab_engine::study::ShardSpec::parse("1-3").is_err());
        assert_eq!(quotalab_engine::study::ShardSpec::parse("2/5").unwrap().index, 2);
    }

    fn a_share_in_only_one_variant_is_reported_not_compared() {
        let mut renamed_share = renamed(DEFAULT, "protected renamed");
        renamed_share.quota_shares[2].name = "guarded".into();
        renamed_share.job_mixes[2].share = Some("guarded".into());
        let mut study = Study::new("renamed", vec![renamed(DEFAULT, "as is"), renamed_share]);
        study.seeds = 2;
        let definition = Definition::Compare(study.clone());
        let comparison = compare(&study, &definition.run(&definition.units()).unwrap()).unwrap();
        assert_eq!(
            comparison.notes,
            vec![
                "share 'guarded' of variant 'protected renamed' is not in the first variant 'as is'",
                "share 'protected' of the first variant 'as is' is not in variant 'protected renamed'",
            ]
        );
        let guarded = comparison.variants[1].shares.iter().find(|s| s.share == "guarded").unwrap();
        assert!(guarded.kpis.iter().all(|k| k.diff.is_none() && k.estimate.is_some()));
    }

    fn foreign_units_and_empty_studies_are_errors_not_panics() {
        let definition = Definition::Compare(two_variants());
        let stranger = quotalab_engine::study::Unit { index: 99, variant_or_point: 9, seed_index: 0 };
        assert!(definition.run(&[stranger]).unwrap_err().to_string().contains("not part of this study"));
        let empty = Study::new("nothing", Vec::new());
        assert!(compare(&empty, &[]).is_err());
        assert_eq!(empty.validate().errors[0].path, "variants");
    }

    fn young_daly_uses_the_measured_interruptions() {
        let plan = SweepPlan::new(scenario(CHECKPOINTS), Sweep { param: "job_mixes[1].template.checkpoint_interval_h".into(), values: vec![0.25, 0.5, 1.0, 2.0] }, 3);
        assert!(plan.validate().is_valid(), "{:?}", plan.validate().errors);
        let Summary::Sweep(summary) = summarize(&Definition::Sweep(Box::new(plan))) else { unreachable!() };
        let yd = summary.young_daly.expect("a checkpoint sweep has Young/Daly");
        assert_eq!((yd.mix.as_str(), yd.checkpoint_cost_h), ("ckpt2h", 0.02));
        let mtbi = yd.mean_time_between_interruptions_h.expect("the owner reclaims");
        assert!(mtbi > 0.0);
        assert_eq!(yd.optimum_interval_h, Some((2.0 * 0.02 * mtbi).sqrt()));
    }

    fn sweep_parameters_are_the_sensible_fields_and_bad_values_are_explained() {
        let s = scenario(DEFAULT);
        let paths: Vec<String> = sweep_parameters(&s).into_iter().map(|p| p.path).collect();
        for want in ["capacity[0].count", "quota_shares[0].capacity_limits[0].max_capacity", "quota_shares[0].borrow_limit", "job_mixes[0].arrivals.every_h", "job_mixes[1].arrivals.poisson_per_h", "job_mixes[0].template.checkpoint_interval_h", "job_mixes[2].template.max_pending_h"] {
            assert!(paths.iter().any(|p| p == want), "{want} not in {paths:?}");
        }
        assert!(!paths.iter().any(|p| p == "quota_shares[1].borrow_limit"), "medium lends only");
        for p in sweep_parameters(&s) {
            let value = p.current.unwrap_or(p.suggested_range.0);
            assert!(apply_parameter(&s, &p.path, value).is_ok(), "{} = {value}", p.path);
        }
        let fraction = apply_parameter(&s, "capacity[0].count", 2.5).unwrap_err();
        assert_eq!(fraction.path, "capacity[0].count");
        assert!(fraction.message.contains("whole number"), "{}", fraction.message);
        let borrow = apply_parameter(&s, "quota_shares[1].borrow_limit", 50.0).unwrap_err();
        assert_eq!(borrow.path, "quota_shares[1].borrow_limit");
        let typo = apply_parameter(&s, "capacity[0].cont", 2.0).unwrap_err();
        assert!(typo.to_string().starts_with("capacity[0].cont: cannot sweep"), "{typo}");
        let out_of_range = apply_parameter(&s, "capacity[4].count", 2.0).unwrap_err();
        assert!(out_of_range.message.contains("out of range"), "{out_of_range}");
        assert!(apply_parameter(&s, "name", 2.0).is_err());
        let set = apply_parameter(&s, "job_mixes[0].template.max_pending_h", 12.0).unwrap();
        assert_eq!(set.job_mixes[0].template.max_pending_h, Some(12.0));
    }

    fn a_scenario_of_kueue_objects_sweeps_its_queues_quotas_not_instance_counts() {
        let s = scenario(KUEUE);
        let params = sweep_parameters(&s);
        let paths: Vec<&str> = params.iter().map(|p| p.path.as_str()).collect();
        let research = "kueue.cluster_queues[0].resource_groups[0].flavors[0].resources[0]";
        for want in [format!("{research}.nominal_quota"), format!("{research}.borrowing_limit"), format!("{research}.lending_limit")] {
            assert!(paths.contains(&want.as_str()), "{want} not in {paths:?}");
        }
        assert!(
            !paths.iter().any(|p| p.starts_with("capacity[") || p.ends_with("].count")),
            "the quotas admit, so instance counts change nothing: {paths:?}"
        );
        assert!(!paths.iter().any(|p| p.ends_with("max_pending_h")), "Kueue has no max pending time: {paths:?}");
        let nominal = params.iter().find(|p| p.path == format!("{research}.nominal_quota")).unwrap();
        assert_eq!(nominal.label, "Nominal quota of ClusterQueue 'research' on flavor 'a10g' (nvidia.com/gpu)");
        assert_eq!((nominal.current, nominal.integer), (Some(8.0), true));
        for p in &params {
            let value = p.current.unwrap_or(p.suggested_range.0);
            assert!(apply_parameter(&s, &p.path, value).is_ok(), "{} = {value}", p.path);
        }
        let more = apply_parameter(&s, &nominal.path, 12.0).expect("a larger quota");
        let quota = |s: &Scenario| s.kueue.as_ref().unwrap().cluster_queues[0].resource_groups[0].flavors[0].resources[0].clone();
        assert_eq!(quota(&more).nominal_quota.as_f64(), 12.0);
        let lending = apply_parameter(&s, &format!("{research}.lending_limit"), 2.0).expect("a lending limit where none was");
        assert_eq!(quota(&lending).lending_limit.map(|q| q.as_f64()), Some(2.0));
        let above = apply_parameter(&s, &format!("{research}.lending_limit"), 99.0).unwrap_err();
        assert!(above.message.contains("above its nominal_quota"), "{above}");
        let negative = apply_parameter(&s, &nominal.path, -2.0).unwrap_err();
        assert!(negative.message.contains("negative"), "{negative}");
        let name = apply_parameter(&s, "kueue.cluster_queues[0].name", 2.0).unwrap_err();
        assert!(name.message.contains("cannot sweep"), "{name}");

        let plan = SweepPlan::new(s.clone(), Sweep { param: nominal.path.clone(), values: vec![2.0, 12.0] }, 3);
        assert!(plan.validate().is_valid(), "{:?}", plan.validate().errors);
        let Summary::Sweep(summary) = summarize(&Definition::Sweep(Box::new(plan))) else { unreachable!() };
        let research_at = |i: usize| summary.points[i].shares.iter().find(|sh| sh.share == "research").unwrap().completion_p90_h.unwrap().mean;
        assert!(research_at(0) > research_at(1), "a quarter of the quota waits longer: {} vs {}", research_at(0), research_at(1));
    }

    fn summaries_are_the_same_bytes_natively_and_in_the_browser() {
        let now = current_digests();
        assert_eq!(now, DIGESTS, "study summaries differ from fixtures/study-digests.txt; if the engine changed on purpose, regenerate natively (see the module doc)");
    }
}

/// FNV-1a over the summary bytes, with their length, per named summary.
fn current_digests() -> String {
    let definitions = [
        (
            "capacity-sweep",
            Definition::Sweep(Box::new(capacity_plan(5))),
        ),
        ("lend-or-reserve", Definition::Compare(two_variants())),
    ];
    definitions
        .iter()
        .map(|(name, d)| format!("{name} {}\n", fnv(summarize(d).to_json_pretty().as_bytes())))
        .collect()
}

/// A definition's digest, hashed as its JSON is written, is the hash of that whole text, over
/// the pieces of a long one too: a samples file written before still matches its definition.
#[test]
fn a_definitions_digest_is_the_hash_of_its_compact_json() {
    let mut long = two_variants();
    long.variants[1].description = "a trace's worth of text ".repeat(200_000);
    for definition in [
        Definition::Sweep(Box::new(capacity_plan(5))),
        Definition::Compare(two_variants()),
        Definition::Compare(long),
    ] {
        let text = serde_json::to_string(&definition).unwrap();
        assert_eq!(definition.digest(), fnv(text.as_bytes()));
    }
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn regenerate_digests_when_asked() {
    if std::env::var_os("QUOTALAB_REGENERATE").is_some() {
        std::fs::write(
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/study-digests.txt"
            ),
            current_digests(),
        )
        .expect("write digests");
    }
}
