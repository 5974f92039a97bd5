//! The tables `quotalab compare` and `quotalab sweep` print: means with 90% intervals, and for
//! comparisons the paired difference from the first variant with its verdict.

use quotalab_engine::result::numbers::counted;
use quotalab_engine::study::rules_causes::{TeamDifference, NO_OWN_RULE_DIFFERS, NO_TEAM_DIFFERS};
use quotalab_engine::study::{Comparison, Difference, Estimate, Kpi, SweepSummary, Verdict};
use quotalab_engine::Scenario;
use std::fmt::Write;

const CELL: usize = 26;
/// A difference cell: "+12.34 [+10.00, +14.68] *better".
const DIFF: usize = 32;

/// Column labels when the variants run under different rules: `V1 (AWS Batch)`, `V2 (Kueue)`,
/// so a comparison of the same agreement under both rules reads side by side; `None` when every
/// variant follows the same rules (the columns are then the variants' names).
pub fn rule_labels(variants: &[Scenario]) -> Option<Vec<String>> {
    let first = variants.first()?.rules;
    if variants.iter().all(|v| v.rules == first) {
        return None;
    }
    Some(
        variants
            .iter()
            .enumerate()
            .map(|(i, v)| format!("V{} ({})", i + 1, v.rules.title()))
            .collect(),
    )
}

/// One block per share: KPI rows, one column per variant (`labels`, else its name), then one
/// difference column per variant after the first. `*` marks a significant difference.
pub fn comparison(c: &Comparison, labels: Option<&[String]>) -> String {
    let mut out = String::new();
    let label = |i: usize| -> String {
        labels
            .and_then(|l| l.get(i).cloned())
            .unwrap_or_else(|| c.variants[i].name.clone())
    };
    let _ = writeln!(
        out,
        "{}: {}; mean [90% interval]; differences vs '{}' paired by seed, * = significant",
        c.name,
        counted(c.seeds.len() as u64, "seed"),
        c.variants[0].name
    );
    if labels.is_some() {
        for (i, v) in c.variants.iter().enumerate() {
            let _ = writeln!(out, "{} is '{}'", label(i), v.name);
        }
    }
    for change in &c.changes {
        let _ = writeln!(
            out,
            "'{}' differs from '{}' in:",
            change.variant, c.variants[0].name
        );
        for field in &change.fields {
            let _ = writeln!(out, "  {}  ({})", field.words, field.path);
        }
        if change.fields.is_empty() {
            let _ = writeln!(out, "  nothing (identical agreement and workload)");
        }
    }
    for note in &c.notes {
        let _ = writeln!(out, "note: {note}");
    }
    let mut shares: Vec<&str> = Vec::new();
    for s in c.variants.iter().flat_map(|v| &v.shares) {
        if !shares.contains(&s.share.as_str()) {
            shares.push(&s.share);
        }
    }
    for share in shares {
        let _ = writeln!(out, "\nshare {share}");
        let mut header = format!("{:<30}", "KPI");
        for i in 0..c.variants.len() {
            let _ = write!(header, " {:>CELL$}", clip(&label(i)));
        }
        for i in 1..c.variants.len() {
            let _ = write!(header, " {:>DIFF$}", clip(&format!("{} - first", label(i))));
        }
        let _ = writeln!(out, "{}", header.trim_end());
        for (row, kpi) in Kpi::COMPARED.iter().enumerate() {
            let label = match kpi {
                Kpi::WaitBelowThreshold => format!("P(wait < {} h)", c.wait_threshold_h),
                Kpi::Cost => format!("Cost ({})", c.currency),
                other => format!("{} ({})", other.label(), other.unit().as_str()),
            };
            let mut line = format!("{label:<30}");
            let cells: Vec<_> = c
                .variants
                .iter()
                .map(|v| {
                    v.shares
                        .iter()
                        .find(|s| s.share == share)
                        .map(|s| &s.kpis[row])
                })
                .collect();
            for cell in &cells {
                let text = cell.map_or("(no such share)".into(), |k| estimate(k.estimate));
                let _ = write!(line, " {text:>CELL$}");
            }
            for cell in &cells[1..] {
                let text = cell.and_then(|k| k.diff).map_or("n/a".into(), difference);
                let _ = write!(line, " {text:>DIFF$}");
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }
    out
}

/// "Where the rule sets differ", after a comparison whose variants run under different rules:
/// each team whose KPIs the seeds say differ, with its Kueue rules that act differently, or the
/// engine's sentence that no team differs (docs/KUEUE.md, "In the app": Compare and the study
/// report print the same list).
pub fn rules_differences(teams: &[TeamDifference]) -> String {
    let mut out = String::from("\nWhere the rule sets differ\n");
    if teams.is_empty() {
        let _ = writeln!(out, "{NO_TEAM_DIFFERS}");
    }
    for team in teams {
        let kpis: Vec<&str> = team.kpis.iter().map(|k| k.label()).collect();
        let _ = writeln!(
            out,
            "share {} ({}): {}",
            team.share,
            team.variant,
            kpis.join(", ")
        );
        if team.rules.is_empty() {
            let _ = writeln!(out, "  - {NO_OWN_RULE_DIFFERS}");
        }
        for rule in &team.rules {
            let _ = writeln!(out, "  - {}", rule.words);
        }
    }
    out
}

/// One block per share: a row per swept value with p50, p90, lost work and cost.
pub fn sweep(s: &SweepSummary) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "sweep of {} ({}): {} per value; mean [90% interval]",
        s.label,
        s.param,
        counted(s.seeds.len() as u64, "seed")
    );
    let shares: Vec<&str> = s.points.first().map_or(Vec::new(), |p| {
        p.shares.iter().map(|x| x.share.as_str()).collect()
    });
    for share in shares {
        let _ = writeln!(out, "\nshare {share}");
        let _ = writeln!(
            out,
            "{:>10} {:>CELL$} {:>CELL$} {:>CELL$} {:>CELL$}",
            "value", "completion p50 (h)", "completion p90 (h)", "lost (accelerator-h)", "cost"
        );
        for point in &s.points {
            let Some(x) = point.shares.iter().find(|x| x.share == share) else {
                continue;
            };
            let _ = writeln!(
                out,
                "{:>10} {:>CELL$} {:>CELL$} {:>CELL$} {:>CELL$}",
                value(point.value),
                estimate(x.completion_p50_h),
                estimate(x.completion_p90_h),
                estimate(x.lost_accelerator_h),
                estimate(x.cost)
            );
        }
    }
    if let Some(yd) = &s.young_daly {
        let _ = match (yd.optimum_interval_h, yd.mean_time_between_interruptions_h, &yd.note) {
            (Some(opt), Some(mtbi), _) => writeln!(
                out,
                "\nYoung/Daly for mix '{}': sqrt(2 x {} h checkpoint x {:.2} h between interruptions) = {:.2} h",
                yd.mix, yd.checkpoint_cost_h, mtbi, opt
            ),
            (_, _, Some(note)) => writeln!(out, "\nYoung/Daly for mix '{}': n/a, {note}", yd.mix),
            _ => Ok(()),
        };
    }
    out
}

/// A swept value, without the float noise of a range (`0.8333333333333334` shows as `0.8333`).
fn value(v: f64) -> String {
    let short = format!("{v:.4}");
    short
        .trim_end_matches('0')
        .trim_end_matches('.')
        .to_string()
}

fn estimate(e: Option<Estimate>) -> String {
    match e {
        None => "n/a".into(),
        Some(e) if !e.has_interval() => format!("{:.2}", e.mean),
        Some(e) => format!("{:.2} [{:.2}, {:.2}]", e.mean, e.lo, e.hi),
    }
}

fn difference(d: Difference) -> String {
    let marker = match d.verdict {
        Verdict::Better => " *better",
        Verdict::Worse => " *worse",
        Verdict::Higher => " *higher",
        Verdict::Lower => " *lower",
        Verdict::NoClearDifference => "",
    };
    format!("{:+.2} [{:+.2}, {:+.2}]{marker}", d.mean, d.lo, d.hi)
}

fn clip(name: &str) -> String {
    if name.chars().count() <= CELL {
        name.to_string()
    } else {
        name.chars().take(CELL - 1).collect::<String>() + "…"
    }
}
