//! The side-by-side comparison: per variant and share, every KPI as a mean over seeds with its
//! 90% interval, the paired difference from the first variant, a pooled completion-time CDF,
//! and the fields that differ between the variants.
//!
//! Values that do not exist are left out, never NaN: a share with no succeeded job in a seed has
//! no p50 for that seed, and its estimate uses the other seeds (`n` says how many); with no seed
//! at all the estimate is `None` ("n/a"). A share present in one variant and not in another is
//! listed where it exists and named in `notes`.

use super::diff::{scenario_changes, FieldChange};
use super::kpi::Kpi;
use super::rules_causes::{team_rules, RuleCause, TeamDifference};
use super::sample::{team_of, ShareSample};
use super::stats::{Difference, Estimate};
use super::unit::{check_complete, units, StudyError, Unit, UnitSample};
use super::Study;
use crate::scenario::{Rules, Scenario};
use crate::translate::{for_rules, Translation};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The most points of a pooled completion CDF (enough for a chart, small in JSON).
pub const CDF_POINTS: usize = 200;

/// Everything the side-by-side view and `quotalab compare` show.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    /// The study's name.
    pub name: String,
    /// The seeds every variant ran with, in order.
    pub seeds: Vec<u64>,
    /// The T of P(wait < T), hours.
    pub wait_threshold_h: f64,
    /// The first variant's currency, the unit of `cost`.
    pub currency: String,
    /// Per variant, in study order; the first is the baseline.
    pub variants: Vec<VariantSummary>,
    /// Per variant after the first, the fields that differ from the first.
    pub changes: Vec<VariantChanges>,
    /// Things the reader should know (one seed, shares missing from some variants).
    pub notes: Vec<String>,
    /// Where the rule sets differ: per variant whose `rules` differ from the first variant's,
    /// each team with a KPI that the seeds say differs, and that team's rules that act
    /// differently under Kueue (docs/STUDY.md, "The statistics"; docs/KUEUE.md, "In the app").
    /// Empty when no team differs; absent when no variant changes the rules, so such a
    /// comparison keeps its bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules_differences: Option<Vec<TeamDifference>>,
}

/// One variant's shares.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VariantSummary {
    /// The variant's (scenario's) name.
    pub name: String,
    /// Its shares, in scenario order.
    pub shares: Vec<ShareSummary>,
}

/// One share of one variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShareSummary {
    /// The share's name.
    pub share: String,
    /// One entry per [`Kpi::COMPARED`], in that order.
    pub kpis: Vec<KpiSummary>,
    /// `(hours, fraction of the share's jobs finished by then)`, pooled over seeds; it ends
    /// below 1 when jobs did not succeed. At most [`CDF_POINTS`] points.
    pub completion_cdf: Vec<(f64, f64)>,
}

/// One KPI of one share of one variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KpiSummary {
    /// Which KPI.
    pub kpi: Kpi,
    /// Mean and 90% interval over seeds; `None` when no seed has a value ("n/a").
    pub estimate: Option<Estimate>,
    /// Paired difference from the first variant; `None` for the first variant, for a share the
    /// first variant lacks, and when no seed has both values.
    pub diff: Option<Difference>,
}

/// The fields of a variant that differ from the first variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VariantChanges {
    /// The variant's name.
    pub variant: String,
    /// Its changed fields, leaves only.
    pub fields: Vec<FieldChange>,
}

impl Comparison {
    /// Compact JSON; the same bytes natively and in wasm.
    pub fn to_json(&self) -> String {
        crate::json_text::compact(self)
    }

    /// Indented JSON, for files people read.
    pub fn to_json_pretty(&self) -> String {
        crate::json_text::pretty(self)
    }
}

/// Every unit of a comparison: each variant at each seed.
pub fn compare_units(study: &Study) -> Vec<Unit> {
    units(study.variants.len(), study.seeds)
}

/// Compares the variants of `study` from one sample per unit of [`compare_units`], given in any
/// order. Missing or duplicate units are an error.
pub fn compare(study: &Study, samples: &[UnitSample]) -> Result<Comparison, StudyError> {
    if study.variants.is_empty() {
        return Err(StudyError::Coverage(
            "a study without variants has nothing to compare".into(),
        ));
    }
    let grid = check_complete(&compare_units(study), samples, study.variants.len())?;
    let mut notes = Vec::new();
    if study.seeds == 1 {
        notes.push(
            "one seed: every interval is a single value, and no difference is called significant"
                .into(),
        );
    }
    notes.extend(unmatched_shares(study, &grid));
    let translated: Vec<Translated> = study
        .variants
        .iter()
        .map(|v| translated(study, v))
        .collect();
    notes.extend(translated.iter().flat_map(|t| t.lost.iter().cloned()));
    let baseline = &grid[0];
    let variants: Vec<VariantSummary> = study
        .variants
        .iter()
        .zip(&grid)
        .enumerate()
        .map(|(v, (scenario, runs))| {
            let shares = share_names(runs)
                .into_iter()
                .map(|share| {
                    let base = (v > 0)
                        .then(|| shares_named(baseline, &share))
                        .filter(|b| b.iter().any(Option::is_some));
                    summarize_share(
                        &share,
                        &shares_named(runs, &share),
                        base.as_deref(),
                        study.wait_threshold_h,
                    )
                })
                .collect();
            VariantSummary {
                name: scenario.name.clone(),
                shares,
            }
        })
        .collect();
    let changes = study.variants[1..]
        .iter()
        .map(|v| VariantChanges {
            variant: v.name.clone(),
            fields: scenario_changes(&study.variants[0], v),
        })
        .collect();
    let rules_differences = rules_differences(study, &variants, &translated);
    Ok(Comparison {
        name: study.name.clone(),
        seeds: study.seed_list(),
        wait_threshold_h: study.wait_threshold_h,
        currency: study.variants[0].currency.0.clone(),
        variants,
        changes,
        notes,
        rules_differences,
    })
}

/// Per variant whose `rules` differ from the first variant's, each team with a significant
/// difference and its rules, read from the Kueue side's agreement in Kueue's form; empty when no
/// team differs. `None` when no variant changes the rules, so there is nothing to say.
fn rules_differences(
    study: &Study,
    variants: &[VariantSummary],
    translated: &[Translated],
) -> Option<Vec<TeamDifference>> {
    let first = study.variants.first()?;
    if study.variants.iter().all(|v| v.rules == first.rules) {
        return None;
    }
    let mut out = Vec::new();
    for (v, (variant, summary)) in study.variants.iter().zip(variants).enumerate().skip(1) {
        if variant.rules == first.rules {
            continue;
        }
        let kueue_side = if variant.rules == Rules::Kueue { v } else { 0 };
        let scenario = &study.variants[kueue_side];
        let causes = &translated[kueue_side].causes;
        for share in &summary.shares {
            let kpis: Vec<Kpi> = share
                .kpis
                .iter()
                .filter(|k| k.diff.as_ref().is_some_and(|d| d.significant))
                .map(|k| k.kpi)
                .collect();
            if kpis.is_empty() {
                continue;
            }
            let rules = causes
                .iter()
                .find(|(queue, _)| team_of(scenario, queue) == share.share)
                .map(|(_, rules)| rules.clone())
                .unwrap_or_default();
            out.push(TeamDifference {
                variant: summary.name.clone(),
                share: share.share.clone(),
                kpis,
                rules,
            });
        }
    }
    Some(out)
}

/// A note for every share that one variant has and the first variant lacks, or the reverse: such
/// a share has no difference to show.
fn unmatched_shares(study: &Study, grid: &[Vec<&UnitSample>]) -> Vec<String> {
    let first = &study.variants[0].name;
    let base = share_names(&grid[0]);
    let mut notes = Vec::new();
    for (variant, runs) in study.variants.iter().zip(grid).skip(1) {
        let names = share_names(runs);
        for share in names.iter().filter(|s| !base.contains(s)) {
            notes.push(format!(
                "share '{share}' of variant '{}' is not in the first variant '{first}'",
                variant.name
            ));
        }
        for share in base.iter().filter(|s| !names.contains(s)) {
            notes.push(format!(
                "share '{share}' of the first variant '{first}' is not in variant '{}'",
                variant.name
            ));
        }
    }
    notes
}

/// What a variant's translation into its rules' form says, kept once the translated scenario is
/// let go: for a trace, that scenario lists every job again. One translation serves the notes
/// and the rules' differences.
struct Translated {
    /// What the translation states approximately or not at all (a training plan, a max pending
    /// time), as the comparison's notes: a difference between the rule sets may be the
    /// translation's rather than the rules' (docs/KUEUE-TRANSLATION.md).
    lost: Vec<String>,
    /// Per ClusterQueue of the Kueue form, the rules that act differently from AWS's: only for a
    /// variant under Kueue's rules in a study whose variants change the rules.
    causes: Vec<(String, Vec<RuleCause>)>,
}

fn translated(study: &Study, variant: &Scenario) -> Translated {
    let translation = for_rules(variant);
    let lost = translation
        .iter()
        .flat_map(Translation::lost)
        .map(|n| format!("'{}': {}", variant.name, n.of_run_under(variant.rules)))
        .collect();
    let rules_change = study.variants.iter().any(|v| v.rules != variant.rules);
    let causes = if rules_change && variant.rules == Rules::Kueue {
        team_rules(variant, translation.as_ref())
    } else {
        Vec::new()
    };
    Translated { lost, causes }
}

/// The share names of a variant's runs, in order of first appearance.
fn share_names(runs: &[&UnitSample]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for share in runs.iter().flat_map(|r| &r.sample.shares) {
        if !names.contains(&share.share) {
            names.push(share.share.clone());
        }
    }
    names
}

/// Per seed, the share called `name` (if that run has it).
fn shares_named<'s>(runs: &[&'s UnitSample], name: &str) -> Vec<Option<&'s ShareSample>> {
    runs.iter()
        .map(|r| r.sample.shares.iter().find(|s| s.share == name))
        .collect()
}

fn summarize_share(
    name: &str,
    runs: &[Option<&ShareSample>],
    baseline: Option<&[Option<&ShareSample>]>,
    threshold_h: f64,
) -> ShareSummary {
    let kpis = Kpi::COMPARED
        .iter()
        .map(|&kpi| {
            let values: Vec<Option<f64>> = runs
                .iter()
                .map(|s| s.and_then(|s| kpi.of_sample(s, threshold_h)))
                .collect();
            let present: Vec<f64> = values.iter().flatten().copied().collect();
            let diff = baseline.and_then(|base| {
                let pairs: Vec<(f64, f64)> = values
                    .iter()
                    .zip(base)
                    .filter_map(|(x, b)| Some(((*x)?, kpi.of_sample((*b)?, threshold_h)?)))
                    .collect();
                Difference::paired(&pairs, kpi.direction())
            });
            KpiSummary {
                kpi,
                estimate: Estimate::of(&present),
                diff,
            }
        })
        .collect();
    ShareSummary {
        share: name.to_string(),
        kpis,
        completion_cdf: completion_cdf(runs),
    }
}

/// The completion CDF pooled over seeds, thinned to at most [`CDF_POINTS`] evenly spaced ranks.
fn completion_cdf(runs: &[Option<&ShareSample>]) -> Vec<(f64, f64)> {
    let samples: Vec<&ShareSample> = runs.iter().flatten().copied().collect();
    let jobs: u32 = samples.iter().map(|s| s.jobs).sum();
    let (done, copies) = pooled_completions(&samples);
    let m = done.len() * copies;
    let points = m.min(CDF_POINTS);
    (1..=points)
        .map(|j| {
            let rank = (j * m).div_ceil(points);
            (done[(rank - 1) / copies], rank as f64 / f64::from(jobs))
        })
        .collect()
}

/// The completion hours of `samples`, pooled and sorted, as sorted hours each standing `copies`
/// times in the pool. Samples that stand in for one run share its hours (`stand_in`), and that
/// run's hours repeated K times sort to each of its sorted hours K times, so they are sorted
/// once: a trace of 600,000 jobs at 20 seeds is otherwise 12 million hours to sort, on the
/// page's main thread in the app.
fn pooled_completions(samples: &[&ShareSample]) -> (Vec<f64>, usize) {
    let one_run = samples
        .windows(2)
        .all(|pair| Arc::ptr_eq(&pair[0].completions_h, &pair[1].completions_h));
    let (distinct, copies) = match samples {
        [first, ..] if one_run => (std::slice::from_ref(first), samples.len()),
        _ => (samples, 1),
    };
    let mut done: Vec<f64> = distinct
        .iter()
        .flat_map(|s| s.completions_h.iter().copied())
        .collect();
    done.sort_by(f64::total_cmp);
    (done, copies)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::run_sample;

    /// Samples that stand in for one run (sharing its hours) pool to the very curve that copies
    /// of its hours, sorted together, give; a pool of different runs is sorted as a whole.
    #[test]
    fn stand_ins_pool_to_the_curve_of_copies_of_their_run() {
        let trace =
            Scenario::parse_json(include_str!("../../../../scenarios/philly-trace.json")).unwrap();
        let run = run_sample(&trace, 1).shares.swap_remove(0);
        let copy = |s: &ShareSample| ShareSample {
            completions_h: s.completions_h.to_vec().into(),
            ..s.clone()
        };
        let stand_ins: Vec<ShareSample> = (0..7).map(|_| run.clone()).collect();
        let copies: Vec<ShareSample> = (0..7).map(|_| copy(&run)).collect();
        assert!(
            run.completions_h.len() * 7 > CDF_POINTS,
            "the curve is thinned"
        );
        let pooled =
            |samples: &[ShareSample]| completion_cdf(&samples.iter().map(Some).collect::<Vec<_>>());
        assert_eq!(pooled(&stand_ins), pooled(&copies));

        let mut other = copy(&run);
        other.completions_h = run.completions_h.iter().map(|h| h * 1.5).collect();
        let mixed = [run.clone(), run.clone(), other.clone()];
        let mut pool: Vec<f64> = mixed
            .iter()
            .flat_map(|s| s.completions_h.iter().copied())
            .collect();
        pool.sort_by(f64::total_cmp);
        let jobs = f64::from(run.jobs * 3);
        let points = pool.len().min(CDF_POINTS);
        let expected: Vec<(f64, f64)> = (1..=points)
            .map(|j| {
                let rank = (j * pool.len()).div_ceil(points);
                (pool[rank - 1], rank as f64 / jobs)
            })
            .collect();
        assert_eq!(pooled(&mixed), expected);
    }
}
