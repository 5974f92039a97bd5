//! A [`StudyReport`] as one self-contained, printable HTML page: the comparison and what changed
//! first, then every variant's own report starting on a page of its own (the print rules are in
//! [`super::html`]'s one `<style>`). Every user-typed string goes through [`escape::html`].

use super::colours;
use super::escape::html as esc;
use super::html;
use super::study::{Cell, ShareTable, StudyReport};
use quotalab_engine::study::rules_causes::{NO_OWN_RULE_DIFFERS, NO_TEAM_DIFFERS};
use quotalab_engine::study::Verdict;
use std::fmt::Write;

pub fn render(report: &StudyReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<header><p class=\"kicker\">Quota Lab agreement report: a study</p><h1>{}</h1><p class=\"description\">{}</p></header>",
        esc(&report.title),
        esc(&report.reading)
    );
    out.push_str("<section class=\"changes\"><h2>What changed</h2><ul>");
    for change in &report.changes {
        let _ = write!(
            out,
            "<li><strong>{}</strong> {}: {}<ul>",
            change.tag,
            esc(&change.variant),
            esc(&change.summary)
        );
        for field in &change.fields {
            let _ = write!(
                out,
                "<li>{} <code class=\"field\">{}</code></li>",
                esc(&field.words),
                esc(&field.path)
            );
        }
        out.push_str("</ul></li>");
    }
    out.push_str("</ul>");
    rules(&mut out, report);
    for note in &report.notes {
        let _ = write!(out, "<p class=\"note\">{}</p>", esc(note));
    }
    let _ = write!(
        out,
        "</section>\n<section class=\"comparison\"><h2>Comparison across variants</h2><p>Baseline: {}.</p>",
        esc(&report.baseline)
    );
    for table in &report.tables {
        share_table(&mut out, table);
    }
    out.push_str("</section>\n");
    for variant in &report.variants {
        let _ = write!(
            out,
            "<section class=\"variant\"><h1>{} · {}</h1>",
            variant.tag,
            esc(&variant.report.title)
        );
        if !variant.report.description.is_empty() {
            let _ = write!(
                out,
                "<p class=\"description\">{}</p>",
                esc(&variant.report.description)
            );
        }
        let _ = write!(out, "<p class=\"note\">{}</p>", esc(&variant.run));
        html::body(&mut out, &variant.report);
        out.push_str("</section>\n");
    }
    html::document(&report.title, &out)
}

fn share_table(out: &mut String, table: &ShareTable) {
    let _ = write!(
        out,
        "<section class=\"compare-share\" style=\"--share: {}\"><h3>{}</h3><table class=\"compare\"><thead><tr><th scope=\"col\">KPI</th>",
        colours::share(table.index),
        esc(&table.share)
    );
    for column in &table.columns {
        let _ = write!(out, "<th scope=\"col\">{}</th>", esc(column));
    }
    out.push_str("</tr></thead><tbody>");
    for row in &table.rows {
        let _ = write!(out, "<tr><th scope=\"row\">{}</th>", esc(&row.label));
        for cell in &row.cells {
            td(out, cell);
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></section>");
}

fn td(out: &mut String, cell: &Cell) {
    let _ = write!(out, "<td>{}", esc(&cell.value));
    if let Some(change) = &cell.change {
        let _ = write!(
            out,
            "<br><span class=\"diff {}\">{}</span>",
            verdict_class(cell.verdict),
            esc(change)
        );
    }
    out.push_str("</td>");
}

/// Only a significant change gets a colour (and its words say which way, for print in grey).
fn verdict_class(verdict: Option<Verdict>) -> &'static str {
    match verdict {
        Some(Verdict::Better) => "better",
        Some(Verdict::Worse) => "worse",
        Some(Verdict::Higher | Verdict::Lower) => "changed",
        Some(Verdict::NoClearDifference) | None => "same",
    }
}

/// Per team whose outcome differs under the other rules, the KPIs and the rules behind them.
fn rules(out: &mut String, report: &StudyReport) {
    let Some(teams) = &report.rules else {
        return;
    };
    out.push_str("<h3>Where the rule sets differ</h3>");
    if teams.is_empty() {
        let _ = write!(out, "<p>{}</p>", esc(NO_TEAM_DIFFERS));
        return;
    }
    out.push_str("<ul>");
    for team in teams {
        let kpis: Vec<String> = team.kpis.iter().map(|k| k.label().to_string()).collect();
        let _ = write!(
            out,
            "<li><strong>{}</strong> ({}): {}<ul>",
            esc(&team.share),
            esc(&team.variant),
            esc(&kpis.join(", "))
        );
        if team.rules.is_empty() {
            let _ = write!(out, "<li>{}</li>", esc(NO_OWN_RULE_DIFFERS));
        }
        for rule in &team.rules {
            let _ = write!(out, "<li>{}</li>", esc(&rule.words));
        }
        out.push_str("</ul></li>");
    }
    out.push_str("</ul>");
}
