//! The preview of a trace upload: what applying it would create (jobs, shares, capacity), the
//! capacity chosen beside the trace's own waits with any warning about it in sight (docs/TRACES.md,
//! "Capacity"), the rows it skipped and why, the bad rows with their file and line (the first
//! `BAD_ROWS_LISTED`, then how many more), or the reason nothing can be imported.

use super::preview::{capacity_line, share_lines, Preview, Timed, BAD_ROWS_LISTED};
use leptos::prelude::*;
use quotalab_engine::result::numbers::counted;
use quotalab_interop::traces::ImportReport;
use std::sync::Arc;

#[component]
pub fn TraceSummary(preview: RwSignal<Option<Arc<Timed>>>, busy: RwSignal<bool>) -> impl IntoView {
    let body = move || {
        let timed = preview.get()?;
        Some(match &timed.preview {
            Preview::Failed(message) => {
                view! { <p class="error" role="alert" data-testid="trace-error">{message.clone()}</p> }.into_any()
            }
            Preview::Ready { scenario, report, blocked } => {
                let capacity = capacity_line(scenario);
                let rows = share_lines(scenario)
                    .into_iter()
                    .map(|s| view! { <tr><th scope="row">{s.name}</th><td>{s.limits}</td><td class="number">{s.jobs}</td></tr> })
                    .collect_view();
                view! {
                    <p class="trace-result" data-testid="trace-summary">
                        <strong>{format!("{} in {}", counted(report.jobs as u64, "job"), counted(scenario.quota_shares.len() as u64, "share"))}</strong>
                        {format!(" on {capacity}, named \u{201c}")}{scenario.name.clone()}"\u{201d}."
                    </p>
                    <p class="hint" data-testid="trace-waits">{waits_line(report)}</p>
                    {report.capacity_warning.as_deref().map(|w| view! {
                        <p class="trace-warning" role="note" data-testid="trace-capacity-warning">{sentence(w)}</p>
                    })}
                    <p class="hint" data-testid="trace-timing">
                        {format!("{} read; files read in {:.0} ms, imported in ", counted(report.rows as u64, "row"), timed.read_ms)}
                        <span data-testid="trace-import-ms">{format!("{:.0}", timed.import_ms)}</span>" ms."
                    </p>
                    <table class="trace-shares" data-testid="trace-shares">
                        <thead><tr><th scope="col">"Share"</th><th scope="col">"Limits (instances)"</th><th scope="col">"Jobs"</th></tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                    <Skipped report=report.clone() />
                    <BadRows report=report.clone() />
                    {blocked.clone().map(|m| view! { <p class="error" role="alert" data-testid="trace-blocked">{m}</p> })}
                }
                .into_any()
            }
        })
    };
    view! {
        <section class="trace-preview" aria-live="polite" aria-busy=move || busy.get().to_string()>
            <h3>"Preview"</h3>
            {move || busy.get().then(|| view! { <p class="busy" role="status" data-testid="trace-busy">"Importing\u{2026}"</p> })}
            <div class:stale=move || busy.get()>
                {body}
                {move || preview.with(Option::is_none).then(|| view! { <p class="empty">"Pick trace files to see what they would create."</p> })}
            </div>
        </section>
    }
}

/// The capacity chosen beside the waits the trace itself recorded (docs/TRACES.md, "Capacity").
fn waits_line(report: &ImportReport) -> String {
    let waits = match &report.waits {
        Some(w) => format!("Observed waits: {w}."),
        None => "The trace records no start times, so it has no observed waits.".into(),
    };
    format!("Capacity: {}. {waits}", report.capacity)
}

/// The import's words as a sentence: capitalised, with its full stop.
fn sentence(words: &str) -> String {
    let mut chars = words.chars();
    let first = chars.next().map(|c| c.to_uppercase().collect::<String>());
    format!("{}{}.", first.unwrap_or_default(), chars.as_str())
}

/// Rows left out on purpose, by reason, and the notes on the mapping's choices.
#[component]
fn Skipped(report: ImportReport) -> impl IntoView {
    let lines: Vec<String> = report
        .skipped
        .iter()
        .map(|(why, n)| format!("{} skipped: {why}", counted(*n as u64, "row")))
        .chain(report.notes.iter().map(|n| format!("Note: {n}")))
        .collect();
    (!lines.is_empty()).then(|| {
        view! {
            <details class="trace-notes">
                <summary>{format!("Skipped rows and notes ({})", lines.len())}</summary>
                <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
            </details>
        }
    })
}

/// The bad rows, each as `file:line: message`.
#[component]
fn BadRows(report: ImportReport) -> impl IntoView {
    let total = report.bad_rows.len();
    (total > 0).then(|| {
        let listed = report
            .bad_rows
            .iter()
            .take(BAD_ROWS_LISTED)
            .map(|row| view! { <li><code>{format!("{}:{}", row.file, row.line)}</code>" "{row.message.clone()}</li> })
            .collect_view();
        let more = total.saturating_sub(BAD_ROWS_LISTED);
        view! {
            <div class="bad-rows" data-testid="trace-bad-rows">
                <h4>{counted(total as u64, "bad row")}</h4>
                <ol>{listed}</ol>
                {(more > 0).then(|| view! { <p data-testid="trace-bad-rows-more">{format!("\u{2026} and {}.", counted(more as u64, "more bad row"))}</p> })}
            </div>
        }
    })
}
