//! A [`StudyReport`] as Markdown: the comparison and what changed first, then every variant's
//! own report one heading level down. User-typed names go through [`escape::markdown`].

use super::escape::markdown as esc;
use super::markdown;
use super::study::{ShareTable, StudyReport};
use quotalab_engine::study::rules_causes::{NO_OWN_RULE_DIFFERS, NO_TEAM_DIFFERS};
use std::fmt::Write;

pub fn render(report: &StudyReport) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# Agreement report: {}\n", esc(&report.title));
    let _ = writeln!(out, "{}\n", esc(&report.reading));
    let _ = writeln!(out, "## What changed\n");
    for change in &report.changes {
        let _ = writeln!(
            out,
            "- **{}** {}: {}",
            change.tag,
            esc(&change.variant),
            change.summary
        );
        for field in &change.fields {
            let _ = writeln!(
                out,
                "  - {} (`{}`)",
                esc(&field.words),
                field.path.replace('`', "")
            );
        }
    }
    out.push('\n');
    rules(&mut out, report);
    for note in &report.notes {
        let _ = writeln!(out, "Note: {}\n", esc(note));
    }
    let _ = writeln!(
        out,
        "## Comparison across variants\n\nBaseline: {}.\n",
        esc(&report.baseline)
    );
    for table in &report.tables {
        share_table(&mut out, table);
    }
    for variant in &report.variants {
        let _ = writeln!(out, "## {}: {}\n", variant.tag, esc(&variant.report.title));
        if !variant.report.description.is_empty() {
            let _ = writeln!(out, "{}\n", esc(&variant.report.description));
        }
        let _ = writeln!(out, "*{}*\n", esc(&variant.run));
        markdown::body(&mut out, &variant.report, 3);
        out.push('\n');
    }
    out
}

fn share_table(out: &mut String, table: &ShareTable) {
    let _ = writeln!(out, "### Share: {}\n", esc(&table.share));
    markdown::table_head(out, "KPI", table.columns.iter().map(|c| esc(c)));
    for row in &table.rows {
        let cells = row.cells.iter().map(|cell| match &cell.change {
            Some(change) => format!("{}; {change}", cell.value),
            None => cell.value.clone(),
        });
        markdown::table_row(out, &row.label, cells);
    }
    out.push('\n');
}

/// Per team whose outcome differs under the other rules, the KPIs and the rules behind them.
fn rules(out: &mut String, report: &StudyReport) {
    let Some(teams) = &report.rules else {
        return;
    };
    let _ = writeln!(out, "## Where the rule sets differ\n");
    if teams.is_empty() {
        let _ = writeln!(out, "{}\n", esc(NO_TEAM_DIFFERS));
        return;
    }
    for team in teams {
        let kpis: Vec<String> = team.kpis.iter().map(|k| k.label().to_string()).collect();
        let _ = writeln!(
            out,
            "- **{}** ({}): {}",
            esc(&team.share),
            esc(&team.variant),
            kpis.join(", ")
        );
        if team.rules.is_empty() {
            let _ = writeln!(out, "  - {}", esc(NO_OWN_RULE_DIFFERS));
        }
        for rule in &team.rules {
            let _ = writeln!(out, "  - {}", esc(&rule.words));
        }
    }
    out.push('\n');
}
