//! `scenarios/philly-trace.json`, the gallery's trace example: four Philly virtual clusters
//! sharing V100 and K80 capacity over three days of real arrivals (413 jobs), one week observed.
//! It must stay reproducible from the trace: this test regenerates it from the slice in
//! `data/traces/philly-gavel-per-vc` (each VC's rows up to day 21) and compares bytes.
//! To rewrite it after a deliberate mapping change:
//! `QUOTALAB_REGENERATE=1 cargo test -p quotalab-interop --test traces gallery`.

use quotalab_interop::traces::{philly, ImportOptions, TraceFile};
use std::path::Path;

/// The virtual clusters: the three busiest with node counts, and a small one (8 nodes).
const VCS: [&str; 4] = ["6c71a0", "b436b2", "ee9e8c", "ed69ec"];

fn regenerate() -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/traces/philly-gavel-per-vc");
    let mut owned: Vec<(String, String)> = VCS
        .iter()
        .map(|vc| format!("{vc}.trace"))
        .map(|f| (f.clone(), std::fs::read_to_string(dir.join(&f)).unwrap()))
        .collect();
    for f in ["gavel_isolated_throughputs.csv", "philly_vc_nodes.csv"] {
        owned.push((f.to_string(), std::fs::read_to_string(dir.join(f)).unwrap()));
    }
    let files: Vec<TraceFile> = owned
        .iter()
        .map(|(name, text)| TraceFile { name, text })
        .collect();
    // Days 18 to 21 of the trace: every one of the four VCs is submitting.
    let options = ImportOptions {
        from_h: Some(432.0),
        to_h: Some(504.0),
        seed: 1,
        name: Some("Philly trace: four virtual clusters share V100 and K80".into()),
        ..Default::default()
    };
    let mut scenario = philly::import(&files, &options).unwrap().scenario;
    scenario.description = "Three days of real arrivals (413 jobs) from four Microsoft Philly virtual clusters, via Gavel's per-VC lists: one LEND_AND_BORROW share per VC sized from its node count, V100 first and K80 as fallback with durations from Gavel's throughput table; observed for one week. Imported with `quotalab import philly` (see docs/TRACES.md).".into();
    scenario.horizon_h = Some(168.0);
    scenario.to_json_pretty() + "\n"
}

#[test]
fn philly_gallery_scenario_is_reproducible_from_the_trace() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/philly-trace.json");
    let fresh = regenerate();
    if std::env::var_os("QUOTALAB_REGENERATE").is_some() {
        std::fs::write(&path, &fresh).unwrap();
    }
    let stored = std::fs::read_to_string(&path)
        .expect("scenarios/philly-trace.json exists; regenerate it with QUOTALAB_REGENERATE=1");
    assert!(stored == fresh, "scenarios/philly-trace.json differs from a fresh import; regenerate with QUOTALAB_REGENERATE=1 if the change is meant");
    let scenario = quotalab_engine::Scenario::from_json(&stored).unwrap();
    assert_eq!(scenario.jobs.len(), 413);
    assert!((3..=6).contains(&scenario.quota_shares.len()));
    let result = quotalab_engine::simulate(&scenario);
    assert!(
        result.jobs.iter().any(|j| j.preemptions > 0),
        "the example should show reclaim at work"
    );
}
