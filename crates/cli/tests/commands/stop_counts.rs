//! One scenario with all five kinds of stop of AWS's rules (SEMANTICS §5): `quotalab run
//! --summary` and the agreement report (`quotalab report`, the interop crate's model as Markdown)
//! show, per share and in the totals, the engine's own `preemptions` and `interruptions`, under
//! those words. The app's KPI cards are checked against the same scenario in its browser tests
//! (`tests/results/kpi.rs`).

use crate::common::{quotalab, succeeds, text, EVERY_STOP_KIND};
use quotalab_engine::result::numbers::counted;
use quotalab_engine::result::StopKind;
use quotalab_engine::SimResult;

fn engine_result() -> SimResult {
    let out = succeeds(&["run", EVERY_STOP_KIND], None);
    serde_json::from_slice(&out.stdout).expect("the result JSON")
}

#[test]
fn the_scenario_has_every_kind_of_stop() {
    let result = engine_result();
    for kind in StopKind::AWS {
        let n: u32 = result.shares.iter().map(|s| s.preempted.of(kind)).sum();
        assert!(n > 0, "no {} in the scenario", kind.as_str());
    }
}

#[test]
fn the_summary_shows_the_engine_counts() {
    let result = engine_result();
    let out = quotalab(&["run", EVERY_STOP_KIND, "--summary"], None);
    let summary = text(&out.stdout);
    let header = summary.lines().nth(1).expect("a header");
    // The columns are right-aligned: a row's value ends where its header word does.
    let column_end = |word: &str| header.find(&format!(" {word} ")).expect(word) + 1 + word.len();
    let (preempt, interrupt) = (column_end("preempt"), column_end("interrupt"));
    for share in &result.shares {
        let row = summary
            .lines()
            .find(|l| l.split_whitespace().next() == Some(share.name.as_str()))
            .expect("a row per share");
        let value = |end: usize| row[..end].split_whitespace().last().unwrap_or_default();
        assert_eq!(value(preempt), share.preemptions.to_string(), "{row}");
        assert_eq!(value(interrupt), share.interruptions.to_string(), "{row}");
    }
    let totals = summary
        .lines()
        .find(|l| l.starts_with("total: "))
        .expect("a totals line");
    assert!(
        totals.contains(&format!("; {};", counts(&result))),
        "{totals}"
    );
    assert_shares_add_up_to_totals(&result);
}

/// The totals of both kinds in the words the summary and the report use: "7 preemptions, 1
/// interruption".
fn counts(result: &SimResult) -> String {
    let t = &result.totals;
    format!(
        "{}, {}",
        counted(t.preemptions.into(), "preemption"),
        counted(t.interruptions.into(), "interruption")
    )
}

/// The totals are the shares' counts added up, so a line of totals and the rows above it agree.
fn assert_shares_add_up_to_totals(result: &SimResult) {
    let sum = |count: fn(&quotalab_engine::result::ShareResult) -> u32| -> u32 {
        result.shares.iter().map(count).sum()
    };
    let t = &result.totals;
    assert_eq!(sum(|s| s.preemptions), t.preemptions);
    assert_eq!(sum(|s| s.interruptions), t.interruptions);
    assert!(t.preemptions > 0 && t.interruptions > 0);
}

#[test]
fn the_report_shows_the_engine_counts() {
    let result = engine_result();
    let out = quotalab(&["report", EVERY_STOP_KIND], None);
    let md = text(&out.stdout);
    for share in &result.shares {
        let section = md
            .split("## Share: ")
            .find(|s| s.starts_with(&format!("{} (", share.name)))
            .expect("a section per share");
        for (label, n) in [
            ("Preemptions", share.preemptions),
            ("Interruptions", share.interruptions),
        ] {
            let row = section
                .lines()
                .find(|l| l.starts_with(&format!("| {label} |")))
                .unwrap_or_else(|| panic!("{}: no {label} row", share.name));
            let shown = if n == 0 {
                "none".to_string()
            } else {
                format!("{n}:")
            };
            assert!(row.contains(&format!("| {label} | {shown}")), "{row}");
        }
        let chart_row = format!(
            "| {} | {} | {} | {} |",
            share.name,
            share.preemptions,
            share.reclaimed_from.values().sum::<u32>(),
            share.interruptions
        );
        assert!(md.contains(&chart_row), "{chart_row}");
    }
    // The report's first line of figures (its summary) says the totals in the same words.
    let t = &result.totals;
    let totals = md
        .lines()
        .find(|l| l.starts_with(&format!("{} jobs: ", t.jobs)))
        .expect("the report's totals line");
    assert!(
        totals.contains(&format!(". {}; ", counts(&result))),
        "{totals}"
    );
    assert_shares_add_up_to_totals(&result);
}
