//! The agreement report (docs/REPORT.md): each share's promise in the words of SEMANTICS §2 and
//! §5 next to the numbers the engine measured, the assumptions with the seed, and user-typed
//! names that stay text in both outputs.

use quotalab_engine::result::numbers::{hours, money};
use quotalab_engine::{simulate, Scenario, SimResult};
use quotalab_interop::report;

const DEFAULT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios/default.json");
const KUEUE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../scenarios/kueue-three-teams.json"
);
const TWO_TEAMS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../engine/tests/examples/two-teams-reclaim.json"
);

fn run(path: &str) -> (Scenario, SimResult) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let scenario = Scenario::from_json(&text).expect("a valid scenario");
    let result = simulate(&scenario);
    (scenario, result)
}

fn both(path: &str) -> (Scenario, SimResult, String, String) {
    let (scenario, result) = run(path);
    let md = report::markdown(&scenario, &result);
    let html = report::html(&scenario, &result);
    (scenario, result, md, html)
}

/// The strategy wording of the brief, one phrase per strategy.
fn promise_of(strategy: &str) -> &'static str {
    match strategy {
        "RESERVE" => "never lends its idle capacity and never borrows",
        "LEND" => "lends idle capacity; other shares' jobs running on it are reclaimed (preempted) when this share needs it back",
        _ => "Jobs running on borrowed capacity can be reclaimed by the lender",
    }
}

#[test]
fn every_share_is_named_with_its_strategy_wording() {
    for path in [DEFAULT, TWO_TEAMS] {
        let (scenario, _, md, html) = both(path);
        for share in &scenario.quota_shares {
            let strategy = share.strategy.as_str();
            assert!(
                md.contains(&format!("## Share: {} (`{strategy}`)", share.name)),
                "{path}: markdown names {}",
                share.name
            );
            assert!(html.contains(&format!("<h2>{}<code>{strategy}</code></h2>", share.name)));
            let wording = promise_of(strategy);
            // HTML writes the apostrophe of "shares'" as an entity.
            assert!(md.contains(wording), "{path}: {wording}");
            assert!(
                html.contains(&wording.replace('\'', "&#39;")),
                "{path}: {wording}"
            );
        }
    }
}

#[test]
fn lend_and_borrow_without_cap_says_so() {
    let (_, _, md, _) = both(TWO_TEAMS);
    assert!(
        md.contains("(`resourceSharingConfiguration.borrowLimit` = `-1`): may borrow without cap")
    );
    assert!(md.contains("no in-share preemption"));
    assert!(md.contains("(`preemptionRetriesBeforeTermination` = `unset`)"));
}

#[test]
fn in_share_preemption_is_stated_where_it_is_on() {
    let (_, _, md, _) = both(DEFAULT);
    assert!(md.contains("higher-priority jobs of this share may preempt its lower-priority jobs"));
}

#[test]
fn results_appear_as_displayed_next_to_each_share() {
    for path in [DEFAULT, TWO_TEAMS] {
        let (_, result, md, html) = both(path);
        for share in &result.shares {
            let p90 = format!(
                "{} / {}",
                share.completion_p50_h.map_or("-".into(), hours),
                hours(
                    share
                        .completion_p90_h
                        .expect("every share has a succeeded job")
                )
            );
            let cost = money(share.cost, &result.currency);
            // The share's own table follows its heading, before the next share's.
            let section = md
                .split("## Share: ")
                .find(|s| s.starts_with(share.name.as_str()))
                .expect("a section per share");
            assert!(section.contains(&p90), "{path} {}: {p90}", share.name);
            assert!(section.contains(&cost), "{path} {}: {cost}", share.name);
            assert!(html.contains(&p90) && html.contains(&cost));
        }
    }
}

#[test]
fn two_teams_shows_the_reclaims_suffered_and_made() {
    let (_, result, md, _) = both(TWO_TEAMS);
    let b = result.shares.iter().find(|s| s.name == "B").unwrap();
    let a = result.shares.iter().find(|s| s.name == "A").unwrap();
    assert!(b.preempted.reclaim > 0, "the example reclaims from B");
    assert!(md.contains(&format!(
        "| Preemptions | {}: {} reclaim |",
        b.preemptions, b.preempted.reclaim
    )));
    assert!(md.contains(&format!(
        "{} reclaims made; jobs preempted, by share: B",
        a.reclaims_made
    )));
}

#[test]
fn assumptions_give_the_seed_and_only_the_rules_that_apply() {
    let (scenario, _, md, html) = both(DEFAULT);
    let assumptions = md
        .split("## Assumptions")
        .nth(1)
        .expect("an assumptions section");
    assert!(assumptions.contains(&format!("Seed {}", scenario.seed)));
    assert!(assumptions.contains("Horizon 48 h"));
    assert!(assumptions.contains("idle capacity is then assigned to borrowers FIFO"));
    assert!(assumptions.contains("Reclaim takes the biggest borrower first"));
    assert!(!assumptions.contains("Spot"), "no spot in this scenario");
    assert!(
        !assumptions.contains("Training plan"),
        "no plans in this scenario"
    );
    assert!(html.contains("<h2>Assumptions</h2>") && html.contains("Seed 7"));
}

#[test]
fn html_is_self_contained_and_printable() {
    let (_, _, _, html) = both(DEFAULT);
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert_eq!(html.matches("<style>").count(), 1, "all CSS in one element");
    assert!(html.contains("@page") && html.contains("@media print"));
    assert!(
        html.contains("break-before: page"),
        "one share per printed page"
    );
    assert_eq!(html.matches("<svg").count(), 4, "the key charts");
    let lower = html.to_lowercase();
    for forbidden in [
        "<script", "<link", "<img", "<iframe", "src=", "href=", "url(", "@import",
    ] {
        assert!(!lower.contains(forbidden), "found {forbidden}");
    }
    assert!(!lower.contains(" onerror=") && !lower.contains(" onload="));
}

#[test]
fn capped_borrowing_and_configured_retries_are_spelled_out() {
    let scenario = Scenario::from_json(
        r#"{ "version": 1, "name": "capped", "seed": 5,
             "capacity": [ { "instance_type": "ml.g5.xlarge", "count": 4 } ],
             "quota_shares": [
               { "name": "lender", "strategy": "LEND",
                 "capacity_limits": [ { "instance_type": "ml.g5.xlarge", "max_capacity": 2 } ] },
               { "name": "borrower", "strategy": "LEND_AND_BORROW", "borrow_limit": 50,
                 "capacity_limits": [ { "instance_type": "ml.g5.xlarge", "max_capacity": 2 } ] } ],
             "jobs": [ { "name": "J1", "share": "borrower", "submit_h": 0, "duration_h": 1,
                         "instance_count": 1, "preemption_retries": 0,
                         "preferences": [ { "instance_type": "ml.g5.xlarge" } ] } ],
             "job_mixes": [ { "name": "evals", "share": "borrower", "count": 3,
                              "arrivals": { "every_h": 1, "start_h": 0 }, "duration_h": 1,
                              "template": { "instance_count": 1, "preemption_retries": 2,
                                            "preferences": [ { "instance_type": "ml.g5.xlarge" } ] } } ] }"#,
    )
    .unwrap();
    let md = report::markdown(&scenario, &simulate(&scenario));
    assert!(md.contains("may borrow up to 50% beyond its limit (at most 3 x ml.g5.xlarge in all)"));
    assert!(md.contains(
        "(`preemptionRetriesBeforeTermination`): a job fails at its first preemption: job J1; \
         a preempted job is requeued up to 2 times and fails at the next preemption: mix evals (3 jobs)."
    ));
    assert!(
        md.contains("preemption\\_retries\\_exhausted"),
        "the retries rule is assumed"
    );
    assert!(
        !md.contains("Unowned capacity"),
        "the shares own all 4 instances, so the unowned rule does not apply"
    );
}

#[test]
fn user_typed_names_stay_text() {
    let evil = "<img src=x onerror=alert(1)>";
    let text = std::fs::read_to_string(TWO_TEAMS)
        .unwrap()
        .replace("\"A\"", &format!("\"{}\"", evil.replace('"', "\\\"")))
        .replace("Two teams", "Two | `teams` & <b>co</b>")
        .replace("\"B\"", "\"B|x\"");
    let scenario = Scenario::from_json(&text).expect("names are free text");
    let result = simulate(&scenario);

    let html = report::html(&scenario, &result);
    assert!(html.contains("&lt;img src=x onerror=alert(1)&gt;"));
    assert!(!html.contains("<img"), "no image element from a share name");
    assert!(!html.contains("<b>co"), "no markup from the scenario name");
    assert!(html.contains("Two | `teams` &amp; &lt;b&gt;co&lt;/b&gt;"));

    let md = report::markdown(&scenario, &result);
    assert!(md.contains(r"\<img src=x onerror=alert(1)\>"));
    assert!(
        !md.replace(r"\<", "").contains('<'),
        "every < in the Markdown is escaped"
    );
    assert!(md.contains(r"Two \| \`teams\` \& \<b\>co\</b\>"));
    // A `|` in a share name cannot add a table cell: the cost row keeps its two cells.
    let row = md
        .lines()
        .find(|l| l.starts_with(r"| B\|x |") && l.contains(" $"))
        .expect("the cost row of share B|x");
    assert_eq!(row.matches('|').count() - row.matches(r"\|").count(), 3);
}

#[test]
fn scenario_without_shares_reports_one_queue() {
    let scenario = Scenario::from_json(
        r#"{ "version": 1, "name": "solo", "seed": 11,
             "capacity": [ { "instance_type": "ml.g5.xlarge", "count": 1 } ],
             "jobs": [ { "name": "J1", "submit_h": 0, "duration_h": 2, "instance_count": 1,
                         "preferences": [ { "instance_type": "ml.g5.xlarge" } ] } ] }"#,
    )
    .unwrap();
    let result = simulate(&scenario);
    let md = report::markdown(&scenario, &result);
    assert!(md.contains("## One queue") && md.contains("Seed 11"));
    assert!(!md.contains("## Share:"));
    let html = report::html(&scenario, &result);
    assert!(!html.contains("<svg"), "no per-share charts without shares");
}

/// A scenario written as Kueue objects gets a section per ClusterQueue, its promise in Kueue's
/// fields, not the one-queue page of a scenario without shares, and its lost work by Kueue's
/// eviction reasons.
#[test]
fn kueue_objects_report_a_section_per_cluster_queue_in_kueue_terms() {
    let (scenario, result, md, html) = both(KUEUE);
    let queues: Vec<&str> = scenario
        .kueue
        .as_ref()
        .expect("Kueue objects")
        .cluster_queues
        .iter()
        .map(|q| q.name.as_str())
        .collect();
    for queue in &queues {
        assert!(
            md.contains(&format!("## Share: {queue} (`ClusterQueue`)")),
            "{queue}: {md}"
        );
    }
    assert!(
        !md.contains("## One queue") && !md.contains("no quota shares"),
        "{md}"
    );
    assert!(
        md.contains("guaranteed a10g: 8 nvidia.com/gpu; a10g-spot: 0 nvidia.com/gpu"),
        "{md}"
    );
    assert!(
        md.contains("(`preemption.reclaimWithinCohort` = `Never`)"),
        "{md}"
    );
    assert!(
        md.contains(
            "it borrows at most 0 nvidia.com/gpu on a10g, lends at most 4 nvidia.com/gpu on a10g"
        ),
        "{md}"
    );
    let reclaimed = result.totals.lost_by_cause.in_cohort_reclamation;
    assert!(
        reclaimed > 0.0 && md.contains("to InCohortReclamation"),
        "{md}"
    );
    assert!(html.contains("<code>ClusterQueue</code>") && html.contains("reclaimWithinCohort"));
}

/// The web page holds a run's jobs as columns, not job records (docs/ARCHITECTURE.md); its
/// report must say what the CLI's says, including the count that reads the jobs.
#[test]
fn the_report_from_job_columns_equals_the_report_from_job_records() {
    let scenario = Scenario::from_json(
        r#"{ "version": 1, "name": "reclaimed", "seed": 1,
             "capacity": [ { "instance_type": "ml.g5.xlarge", "count": 2 } ],
             "quota_shares": [
               { "name": "lender", "strategy": "LEND",
                 "capacity_limits": [ { "instance_type": "ml.g5.xlarge", "max_capacity": 1 } ] },
               { "name": "borrower", "strategy": "LEND_AND_BORROW",
                 "capacity_limits": [ { "instance_type": "ml.g5.xlarge", "max_capacity": 1 } ] } ],
             "job_mixes": [
               { "name": "long", "share": "borrower", "count": 2,
                 "arrivals": { "every_h": 0.5, "start_h": 0 }, "duration_h": 10,
                 "template": { "instance_count": 1, "preemption_retries": 0,
                               "preferences": [ { "instance_type": "ml.g5.xlarge" } ] } },
               { "name": "own", "share": "lender", "count": 1,
                 "arrivals": { "every_h": 1, "start_h": 2 }, "duration_h": 1,
                 "template": { "instance_count": 1,
                               "preferences": [ { "instance_type": "ml.g5.xlarge" } ] } } ] }"#,
    )
    .unwrap();
    let result = simulate(&scenario);
    let from_records = report::AgreementReport::of_run(&scenario, &result);
    let drawn = quotalab_engine::result::view::Drawn::of(result, "all jobs");
    assert!(
        drawn.result.jobs.is_empty(),
        "the page's result has no job records"
    );
    let from_columns = report::AgreementReport::build(&scenario, &drawn, &drawn.jobs);
    assert_eq!(from_columns, from_records);
    let md = from_columns.to_markdown();
    assert!(
        md.contains("1 job failed after using up its preemption retries."),
        "the reclaimed borrower's job is counted: {md}"
    );
}
