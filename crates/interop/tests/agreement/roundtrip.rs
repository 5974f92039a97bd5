//! Export then import gives the same agreement (Kueue's read back as AWS shares through the
//! engine's translation) (shares: names, limits, strategies, borrow limits,
//! in-share preemption; the capacity at time 0), for every gallery scenario and worked example.

use crate::kueue_as_aws;
use quotalab_engine::Scenario;
use quotalab_interop::agreement::Agreement;
use quotalab_interop::{aws, kueue};
use std::path::{Path, PathBuf};

fn load(path: &Path) -> Scenario {
    Scenario::parse_json(&std::fs::read_to_string(path).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The gallery scenarios and worked examples that have an agreement to carry: both round trips
/// walk the same ones.
fn gallery_with_shares() -> impl Iterator<Item = (PathBuf, Scenario)> {
    quotalab_mutate::bundled_scenarios()
        .into_iter()
        .map(|path| {
            let scenario = load(&path);
            (path, scenario)
        })
        .filter(|(_, scenario)| !scenario.quota_shares.is_empty())
}

/// What a round trip must keep, whichever format it went through: `back` has the agreement of
/// `scenario` and is a valid scenario; `context` says which file and export failed.
fn assert_keeps_agreement(scenario: &Scenario, back: &Scenario, context: &str) {
    assert_eq!(Agreement::of(back), Agreement::of(scenario), "{context}");
    let errors = back.validate().errors;
    assert!(errors.is_empty(), "{context}: {errors:?}");
}

#[test]
fn gallery_includes_the_default_scenario_and_the_spec_examples() {
    let names: Vec<String> = quotalab_mutate::bundled_scenarios()
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert!(names.contains(&"default.json".to_string()), "{names:?}");
    assert!(
        names.contains(&"two-teams-reclaim.json".to_string()),
        "{names:?}"
    );
}

#[test]
fn aws_export_then_import_keeps_the_agreement_for_every_gallery_scenario() {
    for (path, scenario) in gallery_with_shares() {
        let export = aws::export(&scenario);
        let back = aws::import(&export.files).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_keeps_agreement(&scenario, &back.scenario, &path.display().to_string());
        let via_bundle = aws::import_bundle(&export.to_bundle_json()).unwrap();
        assert_eq!(
            Agreement::of(&via_bundle.scenario),
            Agreement::of(&scenario),
            "{}",
            path.display()
        );
    }
}

#[test]
fn kueue_export_then_import_keeps_the_agreement_for_every_gallery_scenario() {
    for (path, scenario) in gallery_with_shares() {
        let export = kueue::export(&scenario);
        let back = kueue_as_aws(&export.yaml)
            .unwrap_or_else(|e| panic!("{}: {e}\n{}", path.display(), export.yaml));
        assert_keeps_agreement(
            &scenario,
            &back.scenario,
            &format!("{}\n{}", path.display(), export.yaml),
        );
    }
}

#[test]
fn awkward_names_and_borrow_limits_survive_both_round_trips() {
    let scenario = Scenario::from_json(
        r#"{ "version": 1, "name": "Odd names: team A/B",
             "capacity": [ { "instance_type": "ml.g5.xlarge", "count": 10 }, { "instance_type": "ml.p4d.24xlarge", "count": 3 } ],
             "quota_shares": [
               { "name": "Team A/B (research)", "strategy": "LEND_AND_BORROW", "borrow_limit": 50,
                 "capacity_limits": [ { "instance_type": "ml.g5.xlarge", "max_capacity": 3 }, { "instance_type": "ml.p4d.24xlarge", "max_capacity": 1 } ] },
               { "name": "team a b research", "strategy": "LEND_AND_BORROW", "borrow_limit": 0, "in_share_preemption": true,
                 "capacity_limits": [ { "instance_type": "ml.g5.xlarge", "max_capacity": 2 } ] },
               { "name": "ops", "strategy": "RESERVE", "capacity_limits": [ { "instance_type": "ml.p4d.24xlarge", "max_capacity": 2 } ] } ] }"#,
    )
    .unwrap();
    let aws_back = aws::import(&aws::export(&scenario).files).unwrap();
    assert_eq!(Agreement::of(&aws_back.scenario), Agreement::of(&scenario));
    // Kueue's borrowingLimit 0 is LEND's: LEND_AND_BORROW at 0% comes back as LEND, the same
    // agreement (docs/KUEUE-TRANSLATION.md).
    let mut want = Agreement::of(&scenario);
    want.shares[1].strategy = quotalab_engine::scenario::Strategy::Lend;
    want.shares[1].borrow_limit = None;
    let back = kueue_as_aws(&kueue::export(&scenario).yaml).unwrap();
    assert_eq!(Agreement::of(&back.scenario), want);
}
