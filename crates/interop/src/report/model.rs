//! The report as data: built once from a scenario and its result, then rendered as Markdown
//! ([`super::markdown`]) or HTML ([`super::html`]). All wording and rounding happen here, so the
//! two outputs say the same thing; every string is plain text and the renderers escape it.

use super::fact::{Fact, Term};
use super::{assumptions, charts, numbers, observed, queue_terms, reading, terms};
use quotalab_engine::result::columns::JobColumns;
use quotalab_engine::scenario::kueue::ClusterQueue;
use quotalab_engine::{Scenario, SimResult};
use serde::{Deserialize, Serialize};

/// The whole agreement report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgreementReport {
    /// The scenario's name.
    pub title: String,
    pub description: String,
    /// One line on the run as a whole (jobs, outcomes, preemptions, cost).
    pub summary: String,
    /// The key comparisons across shares: SVG bar charts in HTML, tables in Markdown.
    pub charts: Vec<charts::Chart>,
    /// One section per quota share, or per ClusterQueue of a scenario written as Kueue objects,
    /// in scenario order: the promise next to the outcome.
    pub shares: Vec<ShareSection>,
    /// Outcomes of a scenario without quota shares or ClusterQueues (one queue), when there are
    /// no sections.
    pub single_queue: Option<Vec<Fact>>,
    /// Seed, horizon, capacity, and the engine decisions of docs/SEMANTICS.md that matter here.
    pub assumptions: Vec<String>,
}

/// One share: what the agreement promises and what the simulation showed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShareSection {
    pub name: String,
    /// The share's index in `quota_shares` (or the queue's in `cluster_queues`), which picks its
    /// colour.
    pub index: usize,
    /// `RESERVE`, `LEND` or `LEND_AND_BORROW`; `ClusterQueue` for a queue's section.
    pub strategy: String,
    pub promised: Vec<Term>,
    pub observed: Vec<Fact>,
    /// The promise held against the outcome, in a few sentences.
    pub reading: Vec<String>,
}

impl AgreementReport {
    /// Builds the report for a run that holds its job records (the CLI's, a study variant's).
    pub fn of_run(scenario: &Scenario, result: &SimResult) -> AgreementReport {
        AgreementReport::build(scenario, result, &JobColumns::of(result))
    }

    /// Builds the report for `result`, which must be the result of simulating `scenario`, with
    /// its jobs as `jobs` (`JobColumns::of(result)`, or the columns the web page was sent, whose
    /// result has no job records).
    pub fn build(scenario: &Scenario, result: &SimResult, jobs: &JobColumns) -> AgreementReport {
        let queues = scenario.kueue.as_ref().map(|k| &k.cluster_queues);
        let shares: Vec<ShareSection> = match queues {
            Some(queues) => queues
                .iter()
                .enumerate()
                .map(|(index, queue)| queue_section(index, queue, result))
                .collect(),
            None => share_sections(scenario, result, jobs),
        };
        let single_queue = shares.is_empty().then(|| observed::of_totals(result));
        AgreementReport {
            title: scenario.name.clone(),
            description: scenario.description.clone(),
            summary: summary(result),
            charts: charts::of_result(result),
            shares,
            single_queue,
            assumptions: assumptions::of(scenario, result),
        }
    }
}

/// A section per AWS quota share: its terms, its outcome, and how the promise held.
fn share_sections(scenario: &Scenario, result: &SimResult, jobs: &JobColumns) -> Vec<ShareSection> {
    scenario
        .quota_shares
        .iter()
        .enumerate()
        .map(|(index, share)| {
            let measured = result.shares.iter().find(|r| r.name == share.name);
            ShareSection {
                name: share.name.clone(),
                index,
                strategy: share.strategy.as_str().into(),
                promised: terms::of_share(scenario, share),
                observed: measured
                    .map(|r| observed::of_share(r, &share.name, &result.currency))
                    .unwrap_or_default(),
                reading: measured
                    .map(|r| reading::of_share(share, r, jobs))
                    .unwrap_or_default(),
            }
        })
        .collect()
}

/// A ClusterQueue's section: its Kueue terms and its outcome (the run's share of its name). The
/// reading of how the promise held is AWS's (`reading`), so a queue's section has none.
fn queue_section(index: usize, queue: &ClusterQueue, result: &SimResult) -> ShareSection {
    let measured = result.shares.iter().find(|r| r.name == queue.name);
    ShareSection {
        name: queue.name.clone(),
        index,
        strategy: "ClusterQueue".into(),
        promised: queue_terms::of_queue(queue),
        observed: measured
            .map(|r| observed::of_share(r, &queue.name, &result.currency))
            .unwrap_or_default(),
        reading: Vec::new(),
    }
}

fn summary(result: &SimResult) -> String {
    let t = &result.totals;
    let mut line = format!(
        "{}: {} succeeded, {} failed, {} timed out, {} unfinished. {}, {}; {} of work lost. Usage cost {}",
        numbers::count(t.jobs.into(), "job", "jobs"),
        t.succeeded,
        t.failed,
        t.timed_out,
        t.unfinished,
        numbers::count(t.preemptions.into(), "preemption", "preemptions"),
        numbers::count(t.interruptions.into(), "interruption", "interruptions"),
        observed::accelerator_hours(t.lost_accelerator_h),
        numbers::money(t.cost, &result.currency),
    );
    if t.upfront_cost > 0.0 {
        line += &format!(
            " (training plans: {} upfront)",
            numbers::money(t.upfront_cost, &result.currency)
        );
    }
    line += &format!(
        "; {} of started jobs fell back past their first preference.",
        numbers::percent(t.fallback_rate)
    );
    line
}
