//! Where a study's variant under the other rules differs from its first variant, per team, and
//! the rules that act differently for that team under Kueue than under AWS Batch (docs/KUEUE.md,
//! "Where Kueue and AWS Batch differ"). The comparison finds the teams and keeps them with its
//! KPIs (`Comparison::rules_differences`); this module says their rules. "Compare with Kueue
//! rules", `quotalab compare` and the study report show them.
//!
//! The rules come from the agreement in Kueue's form (the Kueue variant's own objects, or the
//! translation of the AWS one, docs/KUEUE-TRANSLATION.md): for each ClusterQueue, each of its
//! settings under which Kueue does not do what AWS does. **ours**: the simulation does not trace
//! a difference back to one rule; a team's rules are listed beside the KPIs the seeds say differ,
//! as the candidates that explain them.

use super::kpi::Kpi;
use super::sample::{team_of, NO_SHARE};
use crate::result::numbers::counted;
use crate::scenario::kueue::{ClusterQueue, ReclaimPolicy, WithinClusterQueue};
use crate::scenario::Scenario;
use crate::translate::Translation;
use serde::{Deserialize, Serialize};

/// One rule that acts differently for a team under Kueue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleCause {
    /// The Kueue field or mechanism (`reclaimWithinCohort`, `lendingLimit`).
    pub rule: String,
    /// What it does to the team, against AWS, in words with the team's names and numbers.
    pub words: String,
}

/// One team whose outcome differs between the rule sets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TeamDifference {
    /// The variant under the other rules.
    pub variant: String,
    /// The team (its quota share, or ClusterQueue, of the same name).
    pub share: String,
    /// The KPIs whose difference from the first variant the seeds call real.
    pub kpis: Vec<Kpi>,
    /// The team's rules that act differently under Kueue.
    pub rules: Vec<RuleCause>,
}

/// What every view prints under "Where the rule sets differ" when the study compares rule sets
/// and no team's KPIs differ, so that a reader knows the comparison was made and found nothing.
pub const NO_TEAM_DIFFERS: &str = "No team's KPIs differ between the rule sets: every difference is within the seeds' 90% intervals, so for this workload and agreement the two rule sets give the same outcomes.";

/// What every view prints for a team whose KPIs differ while none of its own settings acts
/// differently under Kueue: the difference reaches it through its cohort.
pub const NO_OWN_RULE_DIFFERS: &str =
    "None of its own rules differ: the difference comes from the rest of its cohort.";

/// Per ClusterQueue of `scenario`'s agreement in Kueue's form, the rules that act differently
/// from AWS's. `translation` is the one that gives that form, the one its run under Kueue's rules
/// goes through ([`crate::translate::for_rules`]); `None` when the agreement is in it already.
/// What the translation could not carry is a candidate for every queue. The comparison passes
/// the translation it made for its notes, so a trace's listed jobs are translated once.
pub fn team_rules(
    scenario: &Scenario,
    translation: Option<&Translation>,
) -> Vec<(String, Vec<RuleCause>)> {
    let retries = retry_limited_jobs(scenario);
    let lost = translation.map_or(0, |t| t.lost().count());
    let kueue_form = translation.map_or(scenario, |t| &t.scenario);
    let Some(k) = kueue_form.kueue.as_deref() else {
        return Vec::new();
    };
    k.cluster_queues
        .iter()
        .map(|q| {
            let mut rules = queue_rules(q, team_of(scenario, &q.name) == NO_SHARE);
            if lost > 0 {
                rules.push(translation_cause(lost));
            }
            let n = retries.iter().filter(|s| **s == q.name).count();
            if n > 0 {
                rules.push(cause(
                    "preemptionRetries",
                    format!("Kueue has no retry limit: {n} of {}'s jobs that AWS fails after their preemption retries are requeued every time", q.name),
                ));
            }
            (q.name.clone(), rules)
        })
        .collect()
}

/// The cause every queue has when the translation into Kueue's form lost `lost` parts.
fn translation_cause(lost: usize) -> RuleCause {
    let them = if lost == 1 { "it" } else { "them" };
    cause(
        "translation",
        format!("Kueue's form of this agreement leaves out or approximates {} (the comparison's notes list {them}), which the Kueue run goes without", counted(lost as u64, "part")),
    )
}

fn cause(rule: &str, words: String) -> RuleCause {
    RuleCause {
        rule: rule.to_string(),
        words,
    }
}

/// The shares of the AWS form's explicit jobs that set `preemption_retries`, one per job.
fn retry_limited_jobs(scenario: &Scenario) -> Vec<String> {
    if scenario.kueue.is_some() {
        return Vec::new();
    }
    scenario
        .jobs
        .iter()
        .filter(|j| j.preemption_retries.is_some())
        .filter_map(|j| j.share.as_deref().map(String::from))
        .collect()
}

/// A queue's settings under which Kueue does not do what AWS does. `lone_pool`: the queue is a
/// scenario's only one because it has no shares, so being in no cohort is no difference (AWS's
/// lone pool lends to nobody either).
fn queue_rules(q: &ClusterQueue, lone_pool: bool) -> Vec<RuleCause> {
    let name = &q.name;
    let mut rules = match &q.cohort {
        Some(cohort) => cohort_rules(q, cohort),
        None if lone_pool => Vec::new(),
        None => vec![cause(
            "cohort",
            format!("Kueue: {name} is in no cohort, so it neither lends nor borrows"),
        )],
    };
    if q.preemption.within_cluster_queue == WithinClusterQueue::LowerOrNewerEqualPriority {
        rules.push(cause("withinClusterQueue", format!(
            "Kueue: {name}'s workloads also preempt newer ones of equal priority; AWS only lower priorities"
        )));
    }
    for g in q.resource_groups.iter().filter(|g| g.flavors.len() > 1) {
        let order: Vec<&str> = g.flavors.iter().map(|f| f.name.as_str()).collect();
        rules.push(cause("flavors", format!(
            "Kueue tries {name}'s flavors in the queue's order ({}); AWS follows each job's preference list",
            order.join(", ")
        )));
    }
    rules
}

/// What acts differently for a queue in `cohort`: how it reclaims, what it keeps private, and
/// whom it loses borrowed quota to first.
fn cohort_rules(q: &ClusterQueue, cohort: &str) -> Vec<RuleCause> {
    let name = &q.name;
    let mut rules = Vec::new();
    let quotas = || {
        q.resource_groups.iter().flat_map(|g| {
            g.flavors
                .iter()
                .flat_map(|f| f.resources.iter().map(move |r| (f, r)))
        })
    };
    let lends = quotas().any(|(_, r)| !r.nominal_quota.is_zero());
    let policy = q.preemption.reclaim_within_cohort;
    if lends && policy != ReclaimPolicy::Any {
        let what = if policy == ReclaimPolicy::Never {
            "could not take back"
        } else {
            "could take back only from lower priorities"
        };
        rules.push(cause("reclaimWithinCohort", format!(
            "Kueue: `reclaimWithinCohort` is `{policy:?}`, so {name} {what} the quota it lent to {cohort}; AWS reclaims lent capacity for every lender"
        )));
    }
    for (flavor, r) in quotas() {
        // A lending limit of 0 is AWS's RESERVE, the same agreement (docs/KUEUE-TRANSLATION.md).
        if let Some(ll) = r
            .lending_limit
            .as_ref()
            .filter(|ll| !ll.is_zero() && **ll < r.nominal_quota)
        {
            rules.push(cause("lendingLimit", format!(
                "Kueue: `lendingLimit` {ll} keeps part of {name}'s {} {} on {} private; AWS lends all idle capacity",
                r.nominal_quota, r.name, flavor.name
            )));
        }
    }
    if quotas().any(|(_, r)| r.borrowing_limit.as_ref().is_none_or(|b| !b.is_zero())) {
        rules.push(cause("victim order", format!(
            "Kueue takes back {name}'s borrowed quota from its most recently admitted workloads first; AWS from the biggest borrower"
        )));
    }
    rules
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Rules;
    use crate::study::compare::Comparison;
    use crate::study::Study;
    use crate::translate::to_rules;

    const THREE_TEAMS: &str = include_str!("../../../../scenarios/kueue-three-teams.json");
    const DEFAULT: &str = include_str!("../../../../scenarios/default.json");

    /// The study's comparison, every run made here.
    fn compared(study: &Study) -> Comparison {
        use crate::study::{Definition, Summary};
        let definition = Definition::Compare(study.clone());
        let samples = definition.run(&definition.units()).unwrap();
        let Summary::Comparison(comparison) = definition.summarize(&samples).unwrap() else {
            panic!("a comparison")
        };
        comparison
    }

    fn rules_of<'a>(all: &'a [(String, Vec<RuleCause>)], queue: &str) -> Vec<&'a str> {
        all.iter()
            .find(|(q, _)| q == queue)
            .map(|(_, r)| r.iter().map(|c| c.rule.as_str()).collect())
            .unwrap_or_default()
    }

    #[test]
    fn a_lender_that_may_not_reclaim_is_named_with_its_policy() {
        let all = team_rules(&Scenario::parse_json(THREE_TEAMS).unwrap(), None);
        let research = &all.iter().find(|(q, _)| q == "research").unwrap().1;
        assert!(research.iter().any(|c| c.words.starts_with(
            "Kueue: `reclaimWithinCohort` is `Never`, so research could not take back"
        )));
        assert!(
            !rules_of(&all, "training").contains(&"reclaimWithinCohort"),
            "training reclaims from any"
        );
        assert!(rules_of(&all, "inference").contains(&"lendingLimit"));
        assert!(
            !rules_of(&all, "inference").contains(&"victim order"),
            "inference never borrows"
        );
        assert!(rules_of(&all, "research").contains(&"flavors"));
    }

    /// Out of the cohort, research still tries its flavors in the queue's order: that difference
    /// does not depend on lending.
    #[test]
    fn a_queue_in_no_cohort_keeps_the_causes_that_need_none() {
        let mut s = Scenario::parse_json(THREE_TEAMS).unwrap();
        s.kueue.as_mut().unwrap().cluster_queues[0].cohort = None;
        let all = team_rules(&s, None);
        assert_eq!(rules_of(&all, "research"), ["cohort", "flavors"]);
    }

    #[test]
    fn an_aws_agreement_is_read_in_its_kueue_form() {
        let aws = Scenario::parse_json(DEFAULT).unwrap();
        let all = team_rules(&aws, Some(&to_rules(&aws, Rules::Kueue)));
        assert_eq!(all.len(), 3);
        // The translation gives every queue reclaimWithinCohort: Any, as AWS reclaims.
        assert!(all
            .iter()
            .all(|(_, r)| r.iter().all(|c| c.rule != "reclaimWithinCohort")));
        assert!(
            rules_of(&all, "protected").is_empty(),
            "RESERVE neither borrows nor differs"
        );
    }

    #[test]
    fn a_study_under_both_rules_lists_the_teams_that_differ_with_their_rules() {
        let kueue = Scenario::parse_json(THREE_TEAMS).unwrap();
        let mut aws = kueue.clone();
        aws.rules = Rules::Aws;
        aws.name = "under AWS rules".into();
        let mut study = Study::new("both", vec![kueue.clone(), aws]);
        study.seeds = 8;
        let comparison = compared(&study);
        let teams = comparison
            .rules_differences
            .expect("the study compares rule sets");
        assert!(!teams.is_empty(), "the rule sets give different outcomes");
        for team in &teams {
            assert_eq!(team.variant, "under AWS rules");
            assert!(!team.kpis.is_empty());
            let own = team_rules(&kueue, None);
            let expected = &own.iter().find(|(q, _)| *q == team.share).unwrap().1;
            assert_eq!(
                &team.rules, expected,
                "the Kueue side's rules of {}",
                team.share
            );
        }
        let same = Study::new(
            "same",
            vec![kueue.clone(), {
                let mut k = kueue;
                k.name = "copy".into();
                k
            }],
        );
        assert_eq!(
            compared(&same).rules_differences,
            None,
            "no variant changes the rules"
        );
    }

    /// The default scenario's three teams come out the same under Kueue's rules: the comparison
    /// of rule sets is made and finds no team, which the views then say in so many words.
    #[test]
    fn rule_sets_that_give_the_same_outcomes_are_compared_and_no_team_is_listed() {
        let aws = Scenario::parse_json(include_str!("../../../../scenarios/default.json")).unwrap();
        let mut kueue = aws.clone();
        kueue.rules = Rules::Kueue;
        let mut study = Study::new("both", vec![aws, kueue]);
        study.seeds = 8;
        let comparison = compared(&study);
        assert_eq!(comparison.rules_differences, Some(Vec::new()));
        assert!(
            comparison.notes.is_empty(),
            "the default agreement translates whole: {:?}",
            comparison.notes
        );
    }

    /// A scenario without shares is one team under both rules (`sample::team_of`): compared
    /// with itself under Kueue's rules, that team lines up, and what the translation cannot carry
    /// (a training plan) is in the comparison's notes and among the team's causes, not "in no
    /// cohort", which AWS's lone pool is not either.
    #[test]
    fn a_scenario_without_shares_is_one_team_under_both_rules_with_what_the_translation_drops() {
        use crate::study::sample::NO_SHARE;
        let aws = Scenario::parse_json(include_str!(
            "../../../../scenarios/training-plan-fallback.json"
        ))
        .unwrap();
        let mut kueue = aws.clone();
        kueue.rules = Rules::Kueue;
        kueue.name = "under Kueue".into();
        let mut study = Study::new("both", vec![aws, kueue]);
        study.seeds = 6;
        let comparison = compared(&study);
        for variant in &comparison.variants {
            let teams: Vec<&str> = variant.shares.iter().map(|s| s.share.as_str()).collect();
            assert_eq!(teams, [NO_SHARE], "{}", variant.name);
        }
        assert!(
            comparison.notes.iter().any(|n| n.starts_with("'under Kueue': run under Kueue rules through the translation: dropped: training_plans[0]")),
            "{:?}",
            comparison.notes
        );
        let teams = comparison.rules_differences.expect("the rules differ");
        let team = teams
            .iter()
            .find(|t| t.share == NO_SHARE)
            .expect("the plan's loss shows");
        let rules: Vec<&str> = team.rules.iter().map(|r| r.rule.as_str()).collect();
        assert_eq!(rules, ["translation"], "{:?}", team.rules);
        assert!(team.rules[0]
            .words
            .contains("leaves out or approximates 2 parts"));
    }
}
