//! The report as Markdown (GitHub-flavoured tables): for pull requests, wikis and e-mail.
//! Every user-typed string goes through [`escape::markdown`]; the fixed AWS field names are
//! written as code spans.

use super::charts::Chart;
use super::escape::markdown as esc;
use super::fact::Fact;
use super::model::{AgreementReport, ShareSection};
use std::fmt::Write;

pub fn render(report: &AgreementReport) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# Agreement report: {}\n", esc(&report.title));
    if !report.description.is_empty() {
        let _ = writeln!(out, "{}\n", esc(&report.description));
    }
    body(&mut out, report, 2);
    out
}

/// Everything after the title, its sections' headings at `level` (2 for a report of its own, 3
/// for a variant within a study's report).
pub fn body(out: &mut String, report: &AgreementReport, level: usize) {
    let h = "#".repeat(level);
    let _ = writeln!(out, "{h} At a glance\n\n{}\n", esc(&report.summary));
    for chart in &report.charts {
        table_of_chart(out, chart, level + 1);
    }
    for share in &report.shares {
        section(out, share, level);
    }
    if let Some(facts) = &report.single_queue {
        let _ = writeln!(
            out,
            "{h} One queue\n\nThis scenario has no quota shares: all jobs form one queue with no preemption.\n"
        );
        facts_table(out, facts);
    }
    let _ = writeln!(out, "{h} Assumptions\n");
    for a in &report.assumptions {
        let _ = writeln!(out, "- {}", esc(a));
    }
}

fn table_of_chart(out: &mut String, chart: &Chart, level: usize) {
    let _ = writeln!(out, "{} {}\n", "#".repeat(level), chart.title);
    table_head(out, "share", chart.series.iter().map(|s| &s.name));
    for row in &chart.rows {
        table_row(out, &row.label, &row.shown);
    }
    out.push('\n');
}

/// A table's header and alignment rows: `first` left-aligned, then one right-aligned column per
/// name, so the numbers under them line up. The chart tables and a study's comparison tables are
/// written by this one place so both read alike; the names come escaped where they need it.
pub(super) fn table_head<T: std::fmt::Display>(
    out: &mut String,
    first: &str,
    columns: impl IntoIterator<Item = T>,
) {
    let _ = write!(out, "| {first} |");
    let mut alignment = String::from("\n| --- |");
    for column in columns {
        let _ = write!(out, " {column} |");
        alignment.push_str(" ---: |");
    }
    out.push_str(&alignment);
    out.push('\n');
}

/// One row under [`table_head`]: `label`, then `cells`, each escaped as user-typed text.
pub(super) fn table_row<S: AsRef<str>>(
    out: &mut String,
    label: &str,
    cells: impl IntoIterator<Item = S>,
) {
    let _ = write!(out, "| {} |", esc(label));
    for cell in cells {
        let _ = write!(out, " {} |", esc(cell.as_ref()));
    }
    out.push('\n');
}

fn section(out: &mut String, share: &ShareSection, level: usize) {
    let (h, sub) = ("#".repeat(level), "#".repeat(level + 1));
    let _ = writeln!(
        out,
        "{h} Share: {} (`{}`)\n\n{sub} What is promised\n",
        esc(&share.name),
        share.strategy
    );
    for term in &share.promised {
        let value = term
            .value
            .as_ref()
            .map_or(String::new(), |v| format!(" = `{}`", v.replace('`', "")));
        let _ = writeln!(
            out,
            "- **{}** (`{}`{value}): {}",
            term.topic,
            term.field,
            esc(&term.text)
        );
    }
    let _ = writeln!(out, "\n{sub} What the simulation showed\n");
    facts_table(out, &share.observed);
    if !share.reading.is_empty() {
        let reading: Vec<String> = share.reading.iter().map(|r| esc(r)).collect();
        let _ = writeln!(out, "**In short:** {}\n", reading.join(" "));
    }
}

fn facts_table(out: &mut String, facts: &[Fact]) {
    let _ = writeln!(out, "| measure | value |\n| --- | --- |");
    for fact in facts {
        let _ = writeln!(out, "| {} | {} |", fact.label, esc(&fact.value));
    }
    out.push('\n');
}
