//! Files out: the result JSON (the engine's bytes, as the worker sent them), a CSV of jobs, and
//! each chart as SVG or PNG. Everything is made in the page; nothing leaves the machine.

mod csv;
mod download;
mod png;

pub use csv::jobs_csv;
pub use download::download_text;
pub use png::download_png;

use leptos::prelude::*;
use quotalab_engine::SimResult;

/// "SVG" and "PNG" buttons for one chart.
#[component]
pub fn ChartExports(name: &'static str, svg: Signal<String>) -> impl IntoView {
    let save_svg = move |_| {
        let _ = download_text(
            &format!("quotalab-{name}.svg"),
            "image/svg+xml",
            &svg.get_untracked(),
        );
    };
    let save_png = move |_| {
        let _ = download_png(&format!("quotalab-{name}.png"), &svg.get_untracked());
    };
    view! {
        <span class="exports">
            <button on:click=save_svg data-testid="export-svg" title="Save this chart as SVG">"SVG"</button>
            <button on:click=save_png data-testid="export-png" title="Save this chart as PNG">"PNG"</button>
        </span>
    }
}

/// "Result JSON" and "Jobs CSV" buttons for the whole result.
#[component]
pub fn ResultExports(
    json: Signal<Option<String>>,
    result: Signal<Option<std::sync::Arc<SimResult>>>,
) -> impl IntoView {
    let save_json = move |_| {
        if let Some(json) = json.get_untracked() {
            let _ = download_text("quotalab-result.json", "application/json", &json);
        }
    };
    let save_csv = move |_| {
        if let Some(r) = result.get_untracked() {
            let _ = download_text("quotalab-jobs.csv", "text/csv", &jobs_csv(&r));
        }
    };
    view! {
        <span class="exports">
            <button on:click=save_json data-testid="export-json" title="The engine's result document, byte for byte">"Result JSON"</button>
            <button on:click=save_csv data-testid="export-csv" title="One line per job">"Jobs CSV"</button>
        </span>
    }
}
