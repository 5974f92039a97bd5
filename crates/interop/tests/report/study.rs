//! The agreement report of a whole study (docs/REPORT.md, "A study"): every variant, the
//! comparison table with the engine's intervals and changes against the baseline, "what
//! changed" in the engine's words, per-share fallback, and names that stay text.

use quotalab_engine::study::numbers::{estimate, signed, verdict_words};
use quotalab_engine::study::rules_causes::{NO_OWN_RULE_DIFFERS, NO_TEAM_DIFFERS};
use quotalab_engine::study::{compare, Comparison, Definition, Kpi, Study};
use quotalab_interop::report::{variant_report, AgreementReport, StudyReport, StudyReportError};

const STUDY: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/study/two-variants.json"
);

fn study() -> Study {
    let text = std::fs::read_to_string(STUDY).expect("the fixture");
    Study::parse_json(&text).expect("a study")
}

/// The comparison as the app and `quotalab compare` compute it: every unit's sample, summarised.
fn comparison(study: &Study) -> Comparison {
    let definition = Definition::Compare(study.clone());
    let samples = definition
        .run(&definition.units())
        .expect("every unit runs");
    compare(study, &samples).expect("every unit ran")
}

fn built() -> (Study, Comparison, StudyReport) {
    let study = study();
    let comparison = comparison(&study);
    let report = StudyReport::build(&study, &comparison).expect("the comparison is the study's");
    (study, comparison, report)
}

#[test]
fn every_variant_has_its_own_section_with_its_agreement() {
    let (study, _, report) = built();
    assert_eq!(report.variants.len(), study.variants.len());
    let md = report.to_markdown();
    for (i, (variant, scenario)) in report.variants.iter().zip(&study.variants).enumerate() {
        assert_eq!(variant.tag, format!("V{}", i + 1));
        assert_eq!(variant.report.title, scenario.name);
        assert!(
            md.contains(&format!("## V{}: {}", i + 1, scenario.name)),
            "{md}"
        );
        // The variant's own agreement: medium lends in V1 and reserves in V2.
        let medium = variant.report.shares.iter().find(|s| s.name == "medium");
        assert_eq!(
            medium.map(|s| s.strategy.as_str()),
            Some(scenario.quota_shares[1].strategy.as_str())
        );
    }
    assert!(
        md.contains("### Share: medium (`LEND`)") && md.contains("### Share: medium (`RESERVE`)")
    );
}

#[test]
fn the_comparison_table_shows_the_engines_intervals_and_changes() {
    let (_, comparison, report) = built();
    assert_eq!(report.baseline, "V1 Today");
    let md = report.to_markdown();
    for table in &report.tables {
        assert_eq!(table.rows.len(), Kpi::COMPARED.len());
        for row in &table.rows {
            for (v, cell) in row.cells.iter().enumerate() {
                let summary = comparison.variants[v]
                    .shares
                    .iter()
                    .find(|s| s.share == table.share)
                    .and_then(|s| s.kpis.iter().find(|k| k.kpi == row.kpi))
                    .expect("every variant has every share");
                let e = summary.estimate.expect("every KPI has a value here");
                assert_eq!(cell.value, estimate(row.kpi, &e, &comparison.currency));
                match (v, summary.diff) {
                    (0, _) => assert_eq!(cell.change, None, "the baseline has no change"),
                    (_, Some(d)) => assert_eq!(
                        cell.change.as_deref(),
                        Some(
                            format!(
                                "{} ({})",
                                signed(row.kpi, d.mean, &comparison.currency),
                                verdict_words(&d)
                            )
                            .as_str()
                        )
                    ),
                    (_, None) => assert_eq!(cell.change, None),
                }
            }
        }
        assert!(md.contains(&format!("### Share: {}", table.share)));
    }
    // Five seeds give real intervals: "mean (lo to hi)".
    let p90 = &report.tables[0].rows[2];
    assert_eq!(p90.label, "Completion p90");
    assert!(p90.cells[0].value.contains(" to "), "{:?}", p90.cells[0]);
    assert!(
        md.contains("| KPI | V1 Today | V2 Medium reserves |"),
        "{md}"
    );
}

#[test]
fn what_changed_uses_the_engines_words() {
    let (_, comparison, report) = built();
    assert_eq!(report.changes.len(), 1);
    let change = &report.changes[0];
    assert_eq!(
        (change.tag.as_str(), change.summary.as_str()),
        ("V2", "1 change from V1")
    );
    let words: Vec<&str> = comparison.changes[0]
        .fields
        .iter()
        .map(|f| f.words.as_str())
        .collect();
    assert_eq!(words, vec!["share 'medium' strategy: LEND -> RESERVE"]);
    assert_eq!(change.fields[0].words, words[0]);
    let md = report.to_markdown();
    assert!(
        md.contains("share 'medium' strategy: LEND -\\> RESERVE (`quota_shares[1].strategy`)"),
        "{md}"
    );
}

#[test]
fn each_share_shows_its_fallback_and_lost_work_by_cause() {
    let (_, _, report) = built();
    for variant in &report.variants {
        for share in &variant.report.shares {
            let label = |l: &str| share.observed.iter().any(|f| f.label == l);
            assert!(
                label("Fallback rate") && label("First attempts ran on"),
                "{}",
                share.name
            );
            assert!(label("Lost work, by cause"), "{}", share.name);
        }
    }
    let md = report.to_markdown();
    assert!(
        md.contains("| Fallback rate |") && md.contains("first choice, 1 x ml.g5.xlarge on demand")
    );
}

#[test]
fn a_comparison_of_other_variants_is_refused() {
    let (mut study, comparison, _) = built();
    study.variants[1].name = "Renamed since".into();
    assert!(matches!(
        StudyReport::build(&study, &comparison),
        Err(StudyReportError::Mismatch(_))
    ));
}

#[test]
fn assembled_from_variant_reports_made_elsewhere_it_is_the_report_built_here() {
    let (study, comparison, report) = built();
    // What the web app does: each variant's report made on its own (in a worker), sent as JSON.
    let sent: Vec<AgreementReport> = study
        .variants
        .iter()
        .map(|v| serde_json::to_string(&variant_report(v)).expect("serialises"))
        .map(|json| serde_json::from_str(&json).expect("deserialises"))
        .collect();
    assert_eq!(
        StudyReport::assemble(&study, &comparison, sent.clone()),
        Ok(report)
    );
    assert_eq!(
        StudyReport::assemble(&study, &comparison, sent[..1].to_vec()),
        Err(StudyReportError::VariantReports { have: 1, want: 2 })
    );
}

#[test]
fn the_model_crosses_a_worker_boundary_unchanged() {
    let (_, _, report) = built();
    let json = serde_json::to_string(&report).expect("serialises");
    let back: StudyReport = serde_json::from_str(&json).expect("deserialises");
    assert_eq!(back, report);
}

#[test]
fn user_typed_names_stay_text_in_both_outputs() {
    let mut study = study();
    let hostile = "<img src=x onerror=alert(1)>|`x`";
    study.name = hostile.into();
    for v in &mut study.variants {
        v.quota_shares[0].name = hostile.into();
        for m in &mut v.job_mixes {
            if m.share.as_deref() == Some("background") {
                m.share = Some(hostile.into());
            }
        }
    }
    study.variants[1].name = format!("{hostile} 2");
    let report = StudyReport::build(&study, &comparison(&study)).expect("builds");
    let html = report.to_html();
    assert!(!html.contains("<img"), "no element from a name");
    assert!(html.contains("&lt;img src=x onerror=alert(1)&gt;|`x`"));
    let md = report.to_markdown();
    assert!(md.contains(r"\<img src=x onerror=alert(1)\>\|\`x\`"));
    assert_eq!(
        md.matches("<img").count(),
        md.matches(r"\<img").count(),
        "every < of a name is escaped"
    );
}

#[test]
fn the_html_prints_a_variant_per_page_and_keeps_rows_whole() {
    let (_, _, report) = built();
    let html = report.to_html();
    assert!(html.starts_with("<!DOCTYPE html>") && !html.contains("<script"));
    assert!(html.contains(".assumptions, .variant, .comparison { break-before: page;"));
    assert!(html.contains("figure, tr, .terms li { break-inside: avoid;"));
    assert_eq!(html.matches("<section class=\"variant\">").count(), 2);
    assert!(html.contains("<h1>V2 · Medium reserves</h1>"));
}

#[test]
fn a_study_under_both_rule_sets_prints_where_they_differ_per_team() {
    let kueue = quotalab_engine::Scenario::parse_json(include_str!(
        "../../../../scenarios/kueue-three-teams.json"
    ))
    .expect("the gallery's Kueue example");
    let mut aws = kueue.clone();
    aws.rules = quotalab_engine::scenario::Rules::Aws;
    aws.name = "under AWS rules".into();
    let mut study = Study::new("both rule sets", vec![kueue, aws]);
    study.seeds = 8;
    let report = StudyReport::build(&study, &comparison(&study)).expect("builds");
    let teams = report.rules.as_ref().expect("the study compares rule sets");
    assert!(!teams.is_empty(), "the rule sets give different outcomes");
    let markdown = report.to_markdown();
    assert!(
        markdown.contains("## Where the rule sets differ"),
        "{markdown}"
    );
    assert!(!markdown.contains(NO_TEAM_DIFFERS));
    for team in teams {
        assert!(markdown.contains(&format!("**{}**", team.share)));
        for rule in &team.rules {
            let words = rule.words.split('`').next().unwrap_or_default();
            assert!(markdown.contains(words), "{words}");
        }
    }
    assert!(report
        .to_html()
        .contains("<h3>Where the rule sets differ</h3>"));
    let (_, _, same) = built();
    assert_eq!(
        same.rules, None,
        "variants under the same rules print no such section"
    );
    assert!(!same.to_markdown().contains("Where the rule sets differ"));

    // A team whose own settings act alike under both rules is still said to differ, and why.
    let mut through_cohort = report.clone();
    let first = &mut through_cohort.rules.as_mut().unwrap()[0];
    first.rules.clear();
    let team = first.share.clone();
    let markdown = through_cohort.to_markdown();
    assert!(
        markdown.contains(&format!("**{team}**"))
            && markdown.contains(&format!("  - {NO_OWN_RULE_DIFFERS}")),
        "{markdown}"
    );
    assert!(through_cohort
        .to_html()
        .contains(&format!("<li>{NO_OWN_RULE_DIFFERS}</li>")));
}

/// The default agreement under both rule sets: the section is there, and says that no team
/// differs rather than leaving the reader to wonder whether the comparison was made.
#[test]
fn rule_sets_with_the_same_outcomes_are_said_to_agree() {
    let aws =
        quotalab_engine::Scenario::parse_json(include_str!("../../../../scenarios/default.json"))
            .expect("the default scenario");
    let mut kueue = aws.clone();
    kueue.rules = quotalab_engine::scenario::Rules::Kueue;
    let mut study = Study::new("both rule sets", vec![aws, kueue]);
    study.seeds = 8;
    let report = StudyReport::build(&study, &comparison(&study)).expect("builds");
    assert_eq!(report.rules, Some(Vec::new()));
    let markdown = report.to_markdown();
    assert!(
        markdown.contains("## Where the rule sets differ")
            && markdown.contains("No team's KPIs differ"),
        "{markdown}"
    );
    let html = report.to_html();
    assert!(
        html.contains("<h3>Where the rule sets differ</h3><p>No team")
            && html.contains("give the same outcomes.</p>"),
        "{html}"
    );
}
