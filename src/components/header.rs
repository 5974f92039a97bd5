//! The top bar (docs/DESIGN.md): the scenario's name, then Examples | Import | Import account… |
//! Import trace… | Export | AWS / Kueue… | Agreement report | Copy link | Undo Redo, then Present,
//! How this works and "?" (the shortcuts).

use super::scenario_files;
use crate::state::{use_editor, Dialog};
use leptos::html::Input;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

#[component]
pub fn Header() -> impl IntoView {
    let state = use_editor();
    let file_input: NodeRef<Input> = NodeRef::new();
    let on_file = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        if let Some(file) = input.files().and_then(|files| files.get(0)) {
            leptos::task::spawn_local(scenario_files::import(state, file));
        }
        // Let the same file be picked again after fixing it.
        input.set_value("");
    };
    let export = move |_| match state.workspace.with_untracked(scenario_files::export) {
        Ok(()) => state.pristine.set(true),
        Err(why) => state.screen.tell(true, format!("Export failed: {why}.")),
    };
    let copy_link = move |_| {
        let url = state.make_link();
        // The clipboard may be refused (no permission, headless); the link also stays in the
        // address bar and in the box below the header.
        if let Some(window) = web_sys::window() {
            let written = wasm_bindgen_futures::JsFuture::from(
                window.navigator().clipboard().write_text(&url),
            );
            // Awaited so a refusal is handled here, not reported as an uncaught rejection.
            leptos::task::spawn_local(async move {
                let _ = written.await;
            });
        }
        state.screen.tell(
            false,
            "Link copied: it holds the whole scenario. It is also in the address bar and below.",
        );
    };
    let can_undo = move || state.history.with(|h| h.can_undo());
    let can_redo = move || state.history.with(|h| h.can_redo());
    view! {
        <header class="topbar">
            <h1>"Quota Lab"</h1>
            <span class="scenario-name" data-testid="scenario-name">{move || state.scenario.with(|s| s.name.clone())}</span>
            <nav class="actions" aria-label="Scenario">
                <button type="button" on:click=move |_| state.screen.dialog.set(Some(Dialog::Examples))>"Examples"</button>
                <button type="button" on:click=move |_| { if let Some(i) = file_input.get() { i.click() } }
                    title="Open a scenario .json file, or Kueue YAML (also by paste or drop)">"Import"</button>
                <input type="file" accept=".json,application/json,.yaml,.yml" class="visually-hidden" node_ref=file_input
                    data-testid="import-file" aria-label="Import a scenario file" tabindex="-1" on:change=on_file />
                <button type="button" on:click=move |_| state.screen.dialog.set(Some(Dialog::AccountImport)) data-testid="open-account-import"
                    title="Your AWS Batch account or Kueue cluster and its history, from the describe output">"Import account\u{2026}"</button>
                <button type="button" on:click=move |_| state.screen.dialog.set(Some(Dialog::TraceImport)) data-testid="open-trace-import"
                    title="Make a scenario from a Philly, Alibaba or SWF trace (I)">"Import trace\u{2026}"</button>
                <button type="button" on:click=export title="Download the scenario as a .json file">"Export"</button>
                <button type="button" on:click=move |_| state.screen.dialog.set(Some(Dialog::AgreementFiles)) data-testid="open-agreement-files"
                    title="The agreement as AWS Batch CLI input and Kueue YAML, and those files imported back">"AWS / Kueue\u{2026}"</button>
                <button type="button" on:click=move |_| state.screen.dialog.set(Some(Dialog::AgreementReport)) data-testid="open-report"
                    title="The agreement and its results as a printable page (R)">"Agreement report"</button>
                <button type="button" on:click=copy_link data-testid="copy-link" title="Put the whole scenario in a link">"Copy link"</button>
                <span class="separator" aria-hidden="true"></span>
                <button type="button" on:click=move |_| state.undo() disabled=move || !can_undo() title="Undo (Ctrl+Z)" data-testid="undo">"Undo"</button>
                <button type="button" on:click=move |_| state.redo() disabled=move || !can_redo() title="Redo (Ctrl+Shift+Z)" data-testid="redo">"Redo"</button>
                <button type="button" aria-pressed=move || state.screen.presentation.get().to_string()
                    on:click=move |_| state.screen.toggle_presentation() title="Presenter view for a projector: one slide at a time, live controls and a QR code of the link (P)">"Present"</button>
                <button type="button" on:click=move |_| state.screen.dialog.set(Some(Dialog::HowItWorks)) data-testid="open-how-it-works"
                    title="RESERVE, LEND, borrowing, reclaim, preference lists, plans and spot in plain words">"How this works"</button>
                <button type="button" on:click=move |_| state.screen.dialog.set(Some(Dialog::Shortcuts)) title="Keyboard shortcuts (?)" aria-label="Keyboard shortcuts">"?"</button>
            </nav>
        </header>
    }
}
