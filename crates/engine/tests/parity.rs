//! The same scenario and seed give byte-identical results natively and in the browser
//! (SEMANTICS §3). Natively this test writes or checks `fixtures/result-digests.txt`, a digest of
//! each whole result's bytes as the worker writes them on request (`SimResult::write_json`), and
//! `fixtures/drawn-digests.txt`, a digest of what the worker sends the page (the drawn summary
//! and the job columns, `result::view::Drawn::write`, of a run that leaves its event list out as
//! the worker's does); in the browser the same digests must come out.
//!
//! After a deliberate change of engine output, regenerate natively with
//! `QUOTALAB_REGENERATE=1 cargo test -p quotalab-engine --test parity`, then run the browser suite.

#[path = "support/digest.rs"]
mod digest;
mod support;
use digest::fnv;

use quotalab_engine::result::columns::JobColumns;
use quotalab_engine::result::metrics;
use quotalab_engine::result::view::Drawn;
use quotalab_engine::{run, simulate, simulate_without_events, Keep, Scenario, SimResult};

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

const DIGESTS: &str = include_str!("fixtures/result-digests.txt");
const DRAWN_DIGESTS: &str = include_str!("fixtures/drawn-digests.txt");

/// Named scenarios whose results are compared across platforms.
fn scenarios() -> Vec<(String, Scenario)> {
    let files: [(&str, &str); 5] = [
        ("default", include_str!("../../../scenarios/default.json")),
        (
            "philly-trace",
            include_str!("../../../scenarios/philly-trace.json"),
        ),
        (
            "two-teams-reclaim",
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/examples/two-teams-reclaim.json"
            )),
        ),
        (
            "in-share-priorities",
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/examples/in-share-priorities.json"
            )),
        ),
        (
            "preference-stockout",
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/examples/preference-stockout.json"
            )),
        ),
    ];
    let mut all: Vec<(String, Scenario)> = files
        .iter()
        .map(|(name, text)| {
            (
                name.to_string(),
                Scenario::from_json(text).expect("bundled scenarios are valid"),
            )
        })
        .collect();
    all.extend(
        (0..60)
            .filter_map(|seed| support::scenario(seed).map(|s| (format!("generated-{seed}"), s))),
    );
    all.push((
        "synthetic-2000".into(),
        quotalab_engine::synthetic::scenario(2_000, 3),
    ));
    all.extend(kueue_scenarios(&all));
    all
}

/// Runs under Kueue's rules (docs/KUEUE.md): a Kueue agreement, and the bundled AWS ones and the
/// synthetic one through the translation.
fn kueue_scenarios(aws: &[(String, Scenario)]) -> Vec<(String, Scenario)> {
    let three_teams = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/kueue/valid/three-teams.json"
    ));
    let mut out = vec![(
        "kueue-three-teams".to_string(),
        Scenario::from_json(three_teams).expect("the Kueue example is valid"),
    )];
    for (name, scenario) in aws.iter().filter(|(n, _)| !n.starts_with("generated")) {
        let mut under_kueue = scenario.clone();
        under_kueue.rules = quotalab_engine::scenario::Rules::Kueue;
        out.push((format!("{name}-under-kueue"), under_kueue));
    }
    out
}

/// The whole document, as the worker writes it when asked for it.
fn whole(result: &SimResult) -> Vec<u8> {
    let mut bytes = Vec::new();
    result.write_json(&mut bytes).expect("writes to memory");
    bytes
}

/// The whole document of a run of `scenario`.
fn document(scenario: &Scenario) -> Vec<u8> {
    whole(&simulate(scenario))
}

/// What the worker sends the page: the drawn summary, then the job columns, of a run that
/// keeps only what is drawn.
fn drawn(scenario: &Scenario) -> Vec<u8> {
    let run = run(scenario, Keep::Drawn, 0, &mut |_| true).expect("runs to its end");
    let mut bytes = Vec::new();
    Drawn::write(&run, "all jobs", &mut bytes);
    bytes
}

/// One line per scenario: its name and the digest of `bytes`, its result as one of the above.
fn current(bytes: fn(&Scenario) -> Vec<u8>) -> String {
    scenarios()
        .into_iter()
        .map(|(name, s)| format!("{name} {}\n", fnv(&bytes(&s))))
        .collect()
}

fn assert_matches(now: &str, fixture: &str, file: &str) {
    let mismatched: Vec<String> = now
        .lines()
        .zip(fixture.lines())
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("now {a}, fixture {b}"))
        .collect();
    assert!(
        mismatched.is_empty() && now.lines().count() == fixture.lines().count(),
        "results differ from fixtures/{file} ({} of {} lines); if the engine changed on purpose, regenerate natively:\n{}",
        mismatched.len(),
        now.lines().count(),
        mismatched.join("\n")
    );
}

fn assert_matches_fixture() {
    assert_matches(&current(document), DIGESTS, "result-digests.txt");
    assert_matches(&current(drawn), DRAWN_DIGESTS, "drawn-digests.txt");
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn native_results_match_the_recorded_digests() {
    if std::env::var_os("QUOTALAB_REGENERATE").is_some() {
        let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/");
        std::fs::write(format!("{fixtures}result-digests.txt"), current(document))
            .expect("write digests");
        std::fs::write(format!("{fixtures}drawn-digests.txt"), current(drawn))
            .expect("write digests");
    }
    assert_matches_fixture();
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen_test::wasm_bindgen_test]
fn browser_results_are_byte_identical_to_native() {
    assert_matches_fixture();
}

/// `write_json` (the CLI's streamed output) writes exactly `to_json`'s bytes.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn streamed_json_is_byte_identical_to_the_string() {
    for (name, scenario) in scenarios() {
        let result = simulate(&scenario);
        assert!(whole(&result) == result.to_json().into_bytes(), "{name}");
    }
}

/// A run without its event list is the whole run's result with `events` empty, in every other
/// byte: what the page draws and a study samples are the same either way.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_run_without_its_event_list_differs_only_in_the_event_list() {
    for (name, scenario) in scenarios() {
        let mut whole_run = simulate(&scenario);
        let without = simulate_without_events(&scenario);
        assert!(
            !whole_run.events.is_empty(),
            "{name}: the whole run has events"
        );
        assert!(without.events.is_empty(), "{name}: events were recorded");
        whole_run.events.clear();
        assert!(whole(&whole_run) == whole(&without), "{name}");
    }
}

/// A finished run's figures, records, columns and document, made from its history as they are
/// asked for, are those of the whole result, byte for byte (the CLI writes a run's document this
/// way); under Kueue's rules too, whose history makes its records the same way.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_run_made_on_demand_is_its_whole_result() {
    let kueue = Scenario::from_json(include_str!("kueue/valid/three-teams.json"))
        .expect("a valid Kueue scenario");
    let all = scenarios()
        .into_iter()
        .chain([("kueue".to_string(), kueue)]);
    for (name, scenario) in all {
        // What is drawn keeps these scenarios' usage series whole: none is longer than a chart.
        for keep in [Keep::Everything, Keep::AllButEvents, Keep::Drawn] {
            let finished = run(&scenario, keep, 0, &mut |_| true).expect("not cancelled");
            let mut result = simulate(&scenario);
            if keep < Keep::Everything {
                result.events.clear();
            }
            let mut bytes = Vec::new();
            finished.write_json(&mut bytes).expect("writes to memory");
            assert!(bytes == whole(&result), "{name}: the document differs");
            // The page's columns and summary of all jobs, written from the run block by block.
            let mut drawn = Vec::new();
            let summary = Drawn::write(&finished, "all jobs", &mut drawn);
            let (summary, columns) = drawn.split_at(summary);
            let read = Drawn::read(summary, columns).expect("reads back");
            assert!(read.jobs == JobColumns::of(&result), "{name}");
            assert_eq!(
                read.all_jobs,
                metrics::all_jobs(&result, "all jobs"),
                "{name}"
            );
            assert_eq!(finished.waits(), metrics::waits(&result.jobs), "{name}");
            assert_eq!(finished.len(), result.jobs.len(), "{name}");
            let last = result.jobs.len() - 1;
            assert_eq!(finished.job(last), result.jobs[last], "{name}");
            let summary = finished.summary();
            assert!(summary.jobs.is_empty() && summary.events.is_empty());
            assert!(finished.into_result() == result, "{name}");
        }
    }
}
