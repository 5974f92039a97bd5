//! "Import trace…": pick trace files, set the CLI's options, see what the import would create
//! (jobs, shares, bad rows with their lines) and only then apply it.
//!
//! The files are read with the File API (`files`); the import itself is the interop crate's, run
//! in the interop worker (`client`) so the page stays responsive and its wasm small, and again
//! whenever an option changes (a 380 KB Philly VC imports in tens of milliseconds;
//! docs/TRACES.md has the measurements). "Imported in" is the time from request to answer.
//! Applying goes through `Editor::open`, which asks before replacing unsaved edits and keeps
//! the old scenario one Undo away; a failed import changes nothing.

use super::form::TraceForm;
use super::options::TraceOptions;
use super::preview::{guess_format, origin, LoadedFile, Preview, Timed};
use super::summary::TraceSummary;
use crate::components::modal::Modal;
use crate::interop::asking::Asking;
use crate::interop::client;
use crate::interop::files::picked;
use crate::interop::picking::{ApplyOrCancel, FilesField};
use crate::interop::protocol::{Answer, Task};
use crate::state::browser::now_ms;
use crate::state::use_editor;
use crate::worker::Latest;
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn TraceImportDialog() -> impl IntoView {
    let state = use_editor();
    let files: RwSignal<Arc<Vec<LoadedFile>>> = RwSignal::new(Arc::default());
    let read_ms = RwSignal::new(0.0);
    let form = RwSignal::new(TraceForm::default());
    let asking = Asking::<Timed>::default();
    let (preview, busy) = (asking.answer, asking.busy);
    let reading_error: RwSignal<Option<String>> = RwSignal::new(None);
    // The files picked last; the reading of files picked before is dropped.
    let reading = Latest::new();

    let format = Memo::new(move |_| {
        let chosen = form.with(|f| f.format);
        chosen.or_else(|| {
            files
                .with(|list| guess_format(&list.iter().map(|f| f.name.clone()).collect::<Vec<_>>()))
        })
    });

    // Re-imports whenever the files or the options change; an answer to an older import is
    // dropped (`Asking`).
    Effect::new(move |_| {
        let picked = files.get();
        let chosen = format.get();
        let options = form.get();
        if picked.is_empty() {
            return asking.clear();
        }
        asking.ask(async move {
            let started = now_ms();
            let preview = match chosen {
                None => Preview::Failed(
                    "The format cannot be told from these file names: choose it above.".into(),
                ),
                Some(format) => {
                    let task = Task::Trace {
                        format,
                        files: picked.to_vec(),
                        form: Box::new(options),
                    };
                    match client::ask(task).await {
                        Ok(Answer::Trace(outcome)) => outcome,
                        Ok(other) => Preview::Failed(client::other_answer(other).to_string()),
                        Err(why) => Preview::Failed(format!("Nothing was imported: {why}.")),
                    }
                }
            };
            Timed {
                preview,
                import_ms: now_ms() - started,
                read_ms: read_ms.get_untracked(),
            }
        });
    });

    let on_pick = move |ev: leptos::ev::Event| {
        let Some(read) = picked(&ev) else { return };
        busy.set(true);
        reading_error.set(None);
        let started = now_ms();
        reading.start().run(read, move |read| match read {
            Ok(loaded) => {
                read_ms.set(now_ms() - started);
                files.set(Arc::new(loaded));
            }
            Err(unreadable) => {
                busy.set(false);
                reading_error.set(Some(unreadable.to_string()));
            }
        });
    };

    let ready = move || {
        preview.with(|p| {
            matches!(
                p.as_deref().map(|t| &t.preview),
                Some(Preview::Ready { blocked: None, .. })
            )
        }) && !busy.get()
    };
    let apply = move |_| {
        let Some(timed) = preview.get_untracked() else {
            return;
        };
        let (
            Preview::Ready {
                scenario,
                blocked: None,
                ..
            },
            Some(f),
        ) = (&timed.preview, format.get_untracked())
        else {
            return;
        };
        let from = files.with_untracked(|list| origin(f, list));
        state.screen.dialog.set(None);
        state.open((**scenario).clone(), &from);
    };

    let picked_names = move || {
        files.with(|list| {
            list.iter()
                .map(|f| view! { <li>{f.name.clone()}" "<span class="unit">{kib(f.text.len())}</span></li> })
                .collect_view()
        })
    };

    view! {
        <Modal title="Import a trace" testid="trace-dialog">
            <div class="trace-import">
                <p class="hint">
                    "Philly: one or more VC job lists (.trace) with gavel_isolated_throughputs.csv and, optionally, philly_vc_nodes.csv. "
                    "Alibaba 2023: a pod list with a node list. SWF: any Standard Workload Format log. "
                    "The files are read in this browser; nothing is uploaded."
                </p>
                <FilesField id="trace-files" label="Trace files" accept=".trace,.csv,.swf,.txt,.log" on_pick />
                <ul class="picked-files">{picked_names}</ul>
                {move || reading_error.get().map(|m| view! { <p class="error" role="alert">{m}</p> })}
                <TraceOptions form format=format.into() />
                <TraceSummary preview busy />
                <ApplyOrCancel testid="trace-apply" ready apply />
            </div>
        </Modal>
    }
}

/// A file size for the list of picked files.
fn kib(bytes: usize) -> String {
    format!("{:.0} KB", (bytes as f64 / 1024.0).ceil())
}
