//! A [`Chart`] as an inline SVG of horizontal grouped bars: one row per share in its colour,
//! the lighter bar for the first series of a pair (docs/DESIGN.md: "own is solid; borrowed is
//! lighter"). Share names are escaped and shortened; the full name and the values are in a
//! `<title>`, which browsers show on hover.

use super::charts::Chart;
use super::colours;
use super::escape::html as esc;
use std::fmt::Write;

const WIDTH: f64 = 460.0;
const LABEL_W: f64 = 120.0;
const VALUE_W: f64 = 112.0;
const BAR_H: f64 = 12.0;
const BAR_GAP: f64 = 2.0;
const ROW_GAP: f64 = 10.0;
const LEGEND_H: f64 = 22.0;
/// Longest label drawn in full; longer names are cut with an ellipsis.
const LABEL_CHARS: usize = 16;

pub fn render(chart: &Chart) -> String {
    let bars = chart.series.len().max(1) as f64;
    let row_h = bars * BAR_H + (bars - 1.0) * BAR_GAP;
    let height = LEGEND_H + chart.rows.len() as f64 * (row_h + ROW_GAP) + 4.0;
    let max = chart
        .rows
        .iter()
        .flat_map(|r| r.values.iter().copied())
        .fold(0.0_f64, f64::max);
    let span = WIDTH - LABEL_W - VALUE_W;
    let scale = if max > 0.0 { span / max } else { 0.0 };

    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg class="chart" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" role="img" aria-label="{}">"#,
        esc(&chart.title)
    );
    legend(&mut out, chart);
    for (i, row) in chart.rows.iter().enumerate() {
        let top = LEGEND_H + i as f64 * (row_h + ROW_GAP);
        let colour = colours::share(row.index);
        let values: Vec<String> = chart
            .series
            .iter()
            .zip(&row.shown)
            .map(|(s, shown)| format!("{} {shown}", s.name))
            .collect();
        let _ = write!(
            out,
            r#"<g><title>{}: {}</title><text class="label" x="{}" y="{}" text-anchor="end">{}</text>"#,
            esc(&row.label),
            esc(&values.join(", ")),
            LABEL_W - 6.0,
            top + row_h / 2.0 + 4.0,
            esc(&shorten(&row.label))
        );
        for (k, (series, (value, shown))) in chart
            .series
            .iter()
            .zip(row.values.iter().zip(&row.shown))
            .enumerate()
        {
            let y = top + k as f64 * (BAR_H + BAR_GAP);
            let w = (value * scale).max(0.0);
            let opacity = if series.light { 0.4 } else { 1.0 };
            let _ = write!(
                out,
                r#"<rect x="{LABEL_W}" y="{y}" width="{w:.1}" height="{BAR_H}" fill="{colour}" fill-opacity="{opacity}" stroke="{colour}"/><text class="value" x="{:.1}" y="{}">{}</text>"#,
                LABEL_W + w + 4.0,
                y + BAR_H - 2.0,
                esc(shown)
            );
        }
        out.push_str("</g>");
    }
    let _ = write!(
        out,
        r##"<line x1="{LABEL_W}" x2="{LABEL_W}" y1="{}" y2="{}" stroke="#444"/></svg>"##,
        LEGEND_H - 4.0,
        height - 2.0
    );
    out
}

/// Grey swatches naming the series, solid or light as drawn.
fn legend(out: &mut String, chart: &Chart) {
    let mut x = LABEL_W;
    for series in &chart.series {
        let opacity = if series.light { 0.4 } else { 1.0 };
        let _ = write!(
            out,
            r##"<rect x="{x}" y="4" width="12" height="10" fill="#555" fill-opacity="{opacity}" stroke="#555"/><text class="legend" x="{}" y="13">{}</text>"##,
            x + 16.0,
            esc(&series.name)
        );
        x += 24.0 + 7.0 * series.name.len() as f64;
    }
}

fn shorten(label: &str) -> String {
    if label.chars().count() <= LABEL_CHARS {
        label.to_string()
    } else {
        label.chars().take(LABEL_CHARS - 1).collect::<String>() + "…"
    }
}
