//! Files out: the result JSON (the engine's bytes, asked for from the worker when the button is
//! pressed: `session::full_result`), a CSV of jobs, and
//! each chart as SVG or PNG, the one on screen or all of them. Everything is made in the page;
//! nothing leaves the machine.

mod csv;
mod download;
mod png;

pub use csv::jobs_csv;
pub use download::{download_blob, download_text};
pub use png::download_png;

use crate::results::charts::Chart;
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

/// The file name a chart is saved under: `quotalab-<chart>.<svg|png>`.
pub fn chart_file_name(chart: &str, picture: Picture) -> String {
    format!("quotalab-{chart}.{}", picture.extension())
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

/// "SVG" and "PNG" buttons for one chart.
#[component]
pub fn ChartExports(name: &'static str, svg: Signal<String>) -> impl IntoView {
    let save_svg = move |_| save_chart(name, &svg.get_untracked(), Picture::Svg);
    let save_png = move |_| save_chart(name, &svg.get_untracked(), Picture::Png);
    view! {
        <span class="exports">
            <button on:click=save_svg data-testid="export-svg" title="Save this chart as SVG">"SVG"</button>
            <button on:click=save_png data-testid="export-png" title="Save this chart as PNG">"PNG"</button>
        </span>
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
            <button on:click=save_json data-testid="export-json" title="The engine's result document, byte for byte">"Result JSON"</button>
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
