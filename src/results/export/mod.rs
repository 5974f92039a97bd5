//! Files out: the result JSON (the engine's bytes, asked for from the worker when the button is
//! pressed: `session::full_result`), a CSV of jobs, and
//! each chart as SVG or PNG, the one on screen or all of them. Everything is made in the page;
//! nothing leaves the machine.

mod csv;
mod png;

pub use csv::jobs_csv;
pub use png::download_png;

use crate::download::download_text;
use crate::results::charts::Chart;
use crate::results::format::count;
use crate::results::session::{use_session, Outcome};
use leptos::prelude::*;
use std::sync::Arc;
use std::time::Duration;

/// The two picture formats a chart is saved in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picture {
    Svg,
    Png,
}

impl Picture {
    fn extension(self) -> &'static str {
        match self {
            Picture::Svg => "svg",
            Picture::Png => "png",
        }
    }
}

/// The file name a chart is saved under: `quotalab-<chart>.<svg|png>`, where a name a user typed
/// (a share's, in Compare) keeps only letters, digits and dashes.
pub fn chart_file_name(chart: &str, picture: Picture) -> String {
    format!("quotalab-{}.{}", file_slug(chart), picture.extension())
}

/// `name` for a file name: lower case, runs of anything but letters and digits as one dash.
pub fn file_slug(name: &str) -> String {
    let mut slug = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() {
            slug.extend(c.to_lowercase());
        } else if !slug.ends_with('-') {
            slug.push('-');
        }
    }
    slug.trim_matches('-').to_owned()
}

fn save_chart(name: &str, svg: &str, picture: Picture) {
    let file = chart_file_name(name, picture);
    let saved = match picture {
        Picture::Svg => download_text(&file, "image/svg+xml", svg),
        Picture::Png => download_png(&file, svg),
    };
    if let Err(err) = saved {
        leptos::logging::warn!("saving {file} failed: {err:?}");
    }
}

/// "SVG" and "PNG" buttons for one chart, saved as `chart_file_name(name, …)`.
#[component]
pub fn ChartExports(#[prop(into)] name: String, svg: Signal<String>) -> impl IntoView {
    let name = StoredValue::new(name);
    let save = move |picture| name.with_value(|n| save_chart(n, &svg.get_untracked(), picture));
    let save_svg = move |_| save(Picture::Svg);
    let save_png = move |_| save(Picture::Png);
    view! {
        <span class="exports">
            <button on:click=save_svg data-testid="export-svg" title="Save this chart as SVG">"SVG"</button>
            <button on:click=save_png data-testid="export-png" title="Save this chart as PNG">"PNG"</button>
        </span>
    }
}

/// One button that saves a table as CSV, made when pressed: Compare's and Sweep's tables.
#[component]
pub fn TableCsv(
    file_name: &'static str,
    label: &'static str,
    title: &'static str,
    csv: Callback<(), String>,
) -> impl IntoView {
    let save = move |_| {
        if let Err(err) = download_text(file_name, "text/csv", &csv.run(())) {
            leptos::logging::warn!("saving {file_name} failed: {err:?}");
        }
    };
    view! { <button on:click=save data-testid="export-table-csv" title=title>{label}</button> }
}

/// The "Result JSON" button's words: what it saves, or, while the worker makes the document,
/// how much of it has come (`Session::saving_result`), so a million jobs' minute-long download
/// is seen to move.
fn json_label(saving: Option<u64>) -> String {
    match saving {
        None => "Result JSON".to_owned(),
        Some(0) => "Preparing Result JSON\u{2026}".to_owned(),
        Some(bytes) => format!("Preparing Result JSON\u{2026} {} MB", count(bytes >> 20)),
    }
}

/// "Result JSON" and "Jobs CSV" buttons for the whole result.
#[component]
pub fn ResultExports(outcome: Signal<Option<Arc<Outcome>>>) -> impl IntoView {
    let session = use_session();
    let save_json = move |_| {
        if let Some(o) = outcome.get_untracked() {
            session.save_result_json(&o);
        }
    };
    let save_csv = move |_| {
        if let Some(o) = outcome.get_untracked() {
            let _ = download_text("quotalab-jobs.csv", "text/csv", &jobs_csv(&o.result.jobs));
        }
    };
    view! {
        <span class="exports">
            <button on:click=save_json data-testid="export-json" disabled=move || session.saving_result.get().is_some()
                aria-busy=move || session.saving_result.get().is_some().to_string()
                title="The engine's result document, byte for byte">
                {move || json_label(session.saving_result.get())}
            </button>
            <button on:click=save_csv data-testid="export-csv" title="One line per job">"Jobs CSV"</button>
        </span>
    }
}

/// "All charts: SVG" and "All charts: PNG": every chart of the result, drawn for the file (the
/// timeline over the whole run), not only the one whose tab is open.
#[component]
pub fn AllChartsExports(outcome: Signal<Option<Arc<Outcome>>>) -> impl IntoView {
    let save_all = move |picture: Picture| {
        let Some(outcome) = outcome.get_untracked() else {
            return;
        };
        // One file at a time, a little apart: browsers drop downloads started in the same tick.
        for (k, chart) in Chart::ALL.into_iter().enumerate() {
            let outcome = Arc::clone(&outcome);
            set_timeout(
                move || save_chart(chart.slug(), &chart.draw(&outcome.result), picture),
                Duration::from_millis(150 * k as u64),
            );
        }
    };
    let none = move || outcome.with(Option::is_none);
    view! {
        <span class="exports" role="group" aria-label="Export every chart">
            <button on:click=move |_| save_all(Picture::Svg) data-testid="export-all-svg" disabled=none
                title="Save each of the seven charts as an SVG file">"All charts: SVG"</button>
            <button on:click=move |_| save_all(Picture::Png) data-testid="export-all-png" disabled=none
                title="Save each of the seven charts as a PNG file">"All charts: PNG"</button>
        </span>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_result_json_button_counts_what_has_come() {
        assert_eq!(json_label(None), "Result JSON");
        assert_eq!(json_label(Some(0)), "Preparing Result JSON\u{2026}");
        assert_eq!(
            json_label(Some(1_216_008_289)),
            "Preparing Result JSON\u{2026} 1,159 MB"
        );
    }

    #[test]
    fn chart_files_are_named_without_what_a_user_typed_around_the_words() {
        assert_eq!(
            chart_file_name("completion", Picture::Svg),
            "quotalab-completion.svg"
        );
        assert_eq!(
            chart_file_name("compare-completion-<img src=x> NLP", Picture::Png),
            "quotalab-compare-completion-img-src-x-nlp.png"
        );
    }
}
