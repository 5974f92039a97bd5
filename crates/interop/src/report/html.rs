//! The report as one self-contained, printable HTML document: all CSS in one `<style>` (with
//! print rules: page margins, one share per page, no background fills), charts as inline SVG,
//! no scripts and no external resources, so it can be mailed, archived or saved as PDF as is.
//! Every user-typed string goes through [`escape::html`].

use super::charts::Chart;
use super::colours;
use super::escape::html as esc;
use super::fact::Fact;
use super::model::{AgreementReport, ShareSection};
use super::svg;
use quotalab_engine::RULES_VERSION;
use std::fmt::Write;

const STYLE: &str = r#"
:root { --ink: #1b1b1b; --muted: #555; --rule: #d0d0d0; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--ink); background: #fff;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 1040px; margin: 0 auto; padding: 28px 32px 40px; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 19px; margin: 0 0 10px; }
h3 { font-size: 13px; margin: 0 0 6px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); }
.kicker { margin: 0; color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .08em; }
.description { margin: 6px 0 0; font-size: 15px; }
section { margin-top: 26px; }
.summary { margin: 0 0 12px; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(440px, 1fr)); gap: 14px 24px; }
figure { margin: 0; }
figcaption { font-weight: 600; font-size: 13px; margin-bottom: 2px; }
svg.chart { max-width: 100%; height: auto; font-size: 11px; }
svg.chart .label { fill: var(--ink); }
svg.chart .value, svg.chart .legend { fill: var(--muted); }
.share { border-left: 6px solid var(--share); padding: 4px 0 4px 16px; }
.share h2 code { font-size: 13px; font-weight: 600; border: 1px solid var(--share); border-radius: 4px; padding: 1px 6px; margin-left: 6px; vertical-align: 2px; }
.columns { display: grid; grid-template-columns: 1.25fr 1fr; gap: 24px; }
.terms { margin: 0; padding: 0; list-style: none; }
.terms li { margin: 0 0 8px; }
.terms .topic { font-weight: 600; }
.field { color: var(--muted); font-size: 12px; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 12px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 4px 6px; border-bottom: 1px solid var(--rule); vertical-align: top; }
th { font-weight: 500; color: var(--muted); width: 42%; }
.reading { margin: 10px 0 0; padding: 8px 10px; border: 1px solid var(--share); border-radius: 4px; }
.assumptions ul { padding-left: 20px; margin: 0; }
.assumptions li { margin-bottom: 4px; }
.changes ul ul { margin: 2px 0 8px; }
.changes code.field { color: var(--muted); }
.note { color: var(--muted); }
.compare-share { border-left: 6px solid var(--share); padding-left: 12px; margin-top: 14px; }
table.compare th, table.compare td { width: auto; font-size: 12px; }
table.compare thead th { color: var(--ink); font-weight: 600; }
.diff.better { color: #007a4d; font-weight: 600; }
.diff.worse { color: #b3261e; font-weight: 600; }
.diff.changed { color: #0b5394; }
.diff.same { color: var(--muted); }
.variant { margin-top: 36px; border-top: 3px solid var(--ink); padding-top: 10px; }
footer { margin-top: 28px; color: var(--muted); font-size: 12px; }
@media (max-width: 720px) { .columns { grid-template-columns: 1fr; } main { padding: 16px; } }
@page { size: A4; margin: 16mm 14mm; }
@media print {
  body { font-size: 11pt; background: none; }
  main { max-width: none; padding: 0; }
  .share { break-before: page; page-break-before: always; }
  .assumptions, .variant, .comparison { break-before: page; page-break-before: always; }
  .variant { border-top: none; margin-top: 0; padding-top: 0; }
  .compare-share h3 { break-after: avoid; page-break-after: avoid; }
  thead { display: table-header-group; }
  figure, tr, .terms li { break-inside: avoid; page-break-inside: avoid; }
  h2, h3 { break-after: avoid; page-break-after: avoid; }
  .charts { grid-template-columns: 1fr; gap: 8px; }
  svg.chart { width: 75%; }
  .columns { grid-template-columns: 1.2fr 1fr; }
  svg.chart { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}
"#;

pub fn render(report: &AgreementReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<header><p class=\"kicker\">Quota Lab agreement report</p><h1>{}</h1>",
        esc(&report.title)
    );
    if !report.description.is_empty() {
        let _ = write!(
            out,
            "<p class=\"description\">{}</p>",
            esc(&report.description)
        );
    }
    out.push_str("</header>\n");
    body(&mut out, report);
    document(&report.title, &out)
}

/// The page around `main`: the one `<style>`, no scripts, the footer.
pub fn document(title: &str, main: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>Agreement report: {}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n{main}\
         <footer>Generated by Quota Lab from the scenario and its simulated result; the scheduling rules are Quota Lab's, version {RULES_VERSION}.</footer>\n</main>\n</body>\n</html>\n",
        esc(title)
    )
}

/// Everything after the title: the run at a glance, the shares, the assumptions.
pub fn body(out: &mut String, report: &AgreementReport) {
    let _ = writeln!(
        out,
        "<section class=\"glance\"><h2>At a glance</h2><p class=\"summary\">{}</p>",
        esc(&report.summary)
    );
    if !report.charts.is_empty() {
        out.push_str("<div class=\"charts\">");
        for chart in &report.charts {
            figure(out, chart);
        }
        out.push_str("</div>");
    }
    out.push_str("</section>\n");
    for share in &report.shares {
        section(out, share);
    }
    if let Some(facts) = &report.single_queue {
        out.push_str("<section><h2>One queue</h2><p>This scenario has no quota shares: all jobs form one queue with no preemption.</p>");
        facts_table(out, facts);
        out.push_str("</section>\n");
    }
    out.push_str("<section class=\"assumptions\"><h2>Assumptions</h2><ul>");
    for a in &report.assumptions {
        let _ = write!(out, "<li>{}</li>", esc(a));
    }
    out.push_str("</ul></section>\n");
}

fn figure(out: &mut String, chart: &Chart) {
    let _ = write!(
        out,
        "<figure><figcaption>{}</figcaption>{}</figure>",
        esc(&chart.title),
        svg::render(chart)
    );
}

fn section(out: &mut String, share: &ShareSection) {
    let _ = write!(
        out,
        "<section class=\"share\" style=\"--share: {}\"><h2>{}<code>{}</code></h2><div class=\"columns\"><div><h3>What is promised</h3><ul class=\"terms\">",
        colours::share(share.index),
        esc(&share.name),
        share.strategy
    );
    for term in &share.promised {
        let value = term
            .value
            .as_ref()
            .map_or(String::new(), |v| format!(" = {}", esc(v)));
        let _ = write!(
            out,
            "<li><span class=\"topic\">{}</span> <span class=\"field\">(<code>{}</code>{value})</span>: {}</li>",
            term.topic,
            term.field,
            esc(&term.text)
        );
    }
    out.push_str("</ul></div><div><h3>What the simulation showed</h3>");
    facts_table(out, &share.observed);
    if !share.reading.is_empty() {
        out.push_str("<p class=\"reading\"><strong>In short:</strong>");
        for sentence in &share.reading {
            let _ = write!(out, " {}", esc(sentence));
        }
        out.push_str("</p>");
    }
    out.push_str("</div></div></section>\n");
}

fn facts_table(out: &mut String, facts: &[Fact]) {
    out.push_str("<table>");
    for fact in facts {
        let _ = write!(
            out,
            "<tr><th scope=\"row\">{}</th><td>{}</td></tr>",
            fact.label,
            esc(&fact.value)
        );
    }
    out.push_str("</table>");
}
