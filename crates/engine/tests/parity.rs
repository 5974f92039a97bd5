//! The same scenario and seed give byte-identical results natively and in the browser
//! (SEMANTICS §3). Natively this test writes or checks `fixtures/result-digests.txt`, a digest of
//! each result's bytes; in the browser the same digests must come out.
//!
//! After a deliberate change of engine output, regenerate natively with
//! `QUOTALAB_REGENERATE=1 cargo test -p quotalab-engine --test parity`, then run the browser suite.

mod support;

use quotalab_engine::{simulate, Scenario};

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

const DIGESTS: &str = include_str!("fixtures/result-digests.txt");

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
    all
}

/// FNV-1a over the result bytes, with their length.
fn digest(bytes: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}-{}", bytes.len())
}

fn current() -> String {
    scenarios()
        .into_iter()
        .map(|(name, s)| format!("{name} {}\n", digest(simulate(&s).to_json().as_bytes())))
        .collect()
}

fn assert_matches_fixture() {
    let now = current();
    let mismatched: Vec<String> = now
        .lines()
        .zip(DIGESTS.lines())
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("now {a}, fixture {b}"))
        .collect();
    assert!(
        mismatched.is_empty() && now.lines().count() == DIGESTS.lines().count(),
        "results differ from fixtures/result-digests.txt ({} of {} lines); if the engine changed on purpose, regenerate natively:\n{}",
        mismatched.len(),
        now.lines().count(),
        mismatched.join("\n")
    );
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn native_results_match_the_recorded_digests() {
    if std::env::var_os("QUOTALAB_REGENERATE").is_some() {
        std::fs::write(
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/result-digests.txt"
            ),
            current(),
        )
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
        let mut streamed = Vec::new();
        result.write_json(&mut streamed).expect("writes to memory");
        assert!(streamed == result.to_json().into_bytes(), "{name}");
    }
}
