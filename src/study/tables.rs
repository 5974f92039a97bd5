//! Compare's and Sweep's numbers as CSV, for a spreadsheet: every value exact, as the engine
//! summarised it, one row per number with its 90% interval. The page saves them with the
//! single-run results' download helper (`results::export`).

use crate::results::format::csv_field;
use crate::state::workspace::variant_tag;
use crate::study::charts::SweepMetric;
use crate::study::numbers::verdict_words;
use quotalab_engine::study::{Comparison, Estimate, SweepSummary};

/// The comparison tables: one row per share, KPI and variant, with the estimate over seeds and
/// the paired difference from V1 (empty for V1 itself and where there is none).
pub fn comparison_csv(comparison: &Comparison) -> String {
    let mut out = String::from(
        "share,kpi,variant,variant_name,seeds,mean,lo,hi,diff_mean,diff_lo,diff_hi,verdict\n",
    );
    for (v, variant) in comparison.variants.iter().enumerate() {
        for share in &variant.shares {
            for k in &share.kpis {
                let diff = k.diff.map_or_else(
                    || [String::new(), String::new(), String::new(), String::new()],
                    |d| {
                        [
                            d.mean.to_string(),
                            d.lo.to_string(),
                            d.hi.to_string(),
                            verdict_words(&d).to_owned(),
                        ]
                    },
                );
                let row = [
                    csv_field(&share.share),
                    k.kpi.name(),
                    variant_tag(v),
                    csv_field(&variant.name),
                ]
                .into_iter()
                .chain(estimate_fields(k.estimate))
                .chain(diff);
                push_row(&mut out, row);
            }
        }
    }
    out
}

/// The sweep: one row per point, share and charted metric.
pub fn sweep_csv(summary: &SweepSummary) -> String {
    let mut out = String::from("param,value,share,metric,seeds,mean,lo,hi\n");
    for point in &summary.points {
        for share in &point.shares {
            for metric in SweepMetric::ALL {
                let row = [
                    csv_field(&summary.param),
                    point.value.to_string(),
                    csv_field(&share.share),
                    metric.field().to_owned(),
                ]
                .into_iter()
                .chain(estimate_fields(metric.pick(share)));
                push_row(&mut out, row);
            }
        }
    }
    out
}

/// Seeds, mean, lo and hi; four empty fields for "n/a".
fn estimate_fields(estimate: Option<Estimate>) -> [String; 4] {
    estimate.map_or_else(Default::default, |e| {
        [
            e.n.to_string(),
            e.mean.to_string(),
            e.lo.to_string(),
            e.hi.to_string(),
        ]
    })
}

fn push_row(out: &mut String, fields: impl Iterator<Item = String>) {
    out.push_str(&fields.collect::<Vec<_>>().join(","));
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::default_scenario;
    use quotalab_engine::study::{Definition, Study, Summary, Sweep, SweepPlan};

    fn summarize(definition: Definition) -> Summary {
        let samples = definition.run(&definition.units()).unwrap();
        definition.summarize(&samples).unwrap()
    }

    #[test]
    fn the_comparison_csv_has_a_row_per_share_kpi_and_variant_with_the_engine_numbers() {
        let base = default_scenario();
        let mut other = base.clone();
        other.name = "more, \"quoted\"".into();
        other.capacity[0].count += 2;
        let mut study = Study::new("s", vec![base, other]);
        study.seeds = 3;
        let Summary::Comparison(comparison) = summarize(Definition::Compare(study)) else {
            panic!("a comparison summarises as a comparison");
        };
        let csv = comparison_csv(&comparison);
        let lines: Vec<&str> = csv.lines().collect();
        let rows: usize = comparison
            .variants
            .iter()
            .map(|v| v.shares.iter().map(|s| s.kpis.len()).sum::<usize>())
            .sum();
        assert_eq!(lines.len(), 1 + rows);
        let share = &comparison.variants[1].shares[0];
        let kpi = &share.kpis[0];
        let e = kpi.estimate.unwrap();
        let d = kpi.diff.unwrap();
        let expected = format!(
            "{},{},V2,\"more, \"\"quoted\"\"\",{},{},{},{},{},{},{},{}",
            share.share,
            kpi.kpi.name(),
            e.n,
            e.mean,
            e.lo,
            e.hi,
            d.mean,
            d.lo,
            d.hi,
            verdict_words(&d)
        );
        assert!(
            lines.contains(&expected.as_str()),
            "{expected} not in\n{csv}"
        );
        assert!(
            lines[1].ends_with(",,,,"),
            "V1 has no difference: {}",
            lines[1]
        );
    }

    #[test]
    fn the_sweep_csv_has_a_row_per_point_share_and_metric() {
        let scenario = default_scenario();
        let sweep = Sweep {
            param: "capacity[0].count".into(),
            values: vec![2.0, 4.0],
        };
        let plan = SweepPlan::new(scenario, sweep, 2);
        let Summary::Sweep(summary) = summarize(Definition::Sweep(Box::new(plan))) else {
            panic!("a sweep summarises as a sweep");
        };
        let csv = sweep_csv(&summary);
        let shares = summary.points[0].shares.len();
        assert_eq!(csv.lines().count(), 1 + 2 * shares * SweepMetric::ALL.len());
        let first = &summary.points[1].shares[0];
        let cost = first.cost.unwrap();
        let expected = format!(
            "capacity[0].count,4,{},cost,{},{},{},{}",
            first.share, cost.n, cost.mean, cost.lo, cost.hi
        );
        assert!(
            csv.lines().any(|l| l == expected),
            "{expected} not in\n{csv}"
        );
    }
}
