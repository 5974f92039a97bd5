//! The dialogs: the example gallery, "replace your edits?", the keyboard shortcuts, and the
//! rules switch's translation, the trace and account uploads, the AWS and Kueue files and the agreement report
//! (`crate::interop`).

use super::how_it_works::HowItWorksDialog;
use super::modal::Modal;
use super::rules_dialog::SwitchRulesDialog;
use crate::interop::account::dialog::AccountImportDialog;
use crate::interop::agreement::dialog::AgreementDialog;
use crate::interop::kueue_yaml::KueueWorkloadsDialog;
use crate::interop::report::view::AgreementReportView;
use crate::interop::trace::dialog::TraceImportDialog;
use crate::state::gallery::EXAMPLES;
use crate::state::workspace::Workspace;
use crate::state::{use_editor, Dialog};
use leptos::prelude::*;
use quotalab_engine::Scenario;

/// Whichever dialog the state says is open.
#[component]
pub fn Dialogs() -> impl IntoView {
    let state = use_editor();
    move || match state.screen.dialog.get() {
        None => ().into_any(),
        Some(Dialog::Examples) => view! { <ExamplesDialog /> }.into_any(),
        Some(Dialog::Shortcuts) => view! { <ShortcutsDialog /> }.into_any(),
        Some(Dialog::ConfirmReplace { workspace, origin }) => {
            view! { <ConfirmReplace workspace=*workspace origin=origin /> }.into_any()
        }
        Some(Dialog::TraceImport) => view! { <TraceImportDialog /> }.into_any(),
        Some(Dialog::AccountImport) => view! { <AccountImportDialog /> }.into_any(),
        Some(Dialog::AgreementFiles) => view! { <AgreementDialog /> }.into_any(),
        Some(Dialog::AgreementReport) => view! { <AgreementReportView /> }.into_any(),
        Some(Dialog::HowItWorks) => view! { <HowItWorksDialog /> }.into_any(),
        Some(Dialog::KueueWorkloads {
            origin,
            yaml,
            replay,
        }) => view! { <KueueWorkloadsDialog origin yaml replay=*replay /> }.into_any(),
        Some(Dialog::SwitchRules { translation }) => {
            view! { <SwitchRulesDialog translation=*translation /> }.into_any()
        }
    }
}

#[component]
fn ExamplesDialog() -> impl IntoView {
    let state = use_editor();
    let items = EXAMPLES
        .iter()
        .map(|example| {
            let open = move |_| {
                state.screen.dialog.set(None);
                match Scenario::parse_json(example.json) {
                    Ok(scenario) => state.open(scenario, "the examples"),
                    Err(e) => state.screen.tell(true, format!("The example {} is broken: {e}", example.id)),
                }
            };
            view! {
                <li>
                    <button type="button" class="example" on:click=open data-testid=format!("example-{}", example.id)>
                        <strong>{example.title}</strong>
                        <span>{example.description}</span>
                    </button>
                </li>
            }
        })
        .collect_view();
    view! {
        <Modal title="Examples" testid="examples-dialog">
            <ul class="gallery">{items}</ul>
        </Modal>
    }
}

/// Opening a scenario or study over edits that were never shared or exported.
#[component]
fn ConfirmReplace(workspace: Workspace, origin: String) -> impl IntoView {
    let state = use_editor();
    let current = state.workspace.with_untracked(title);
    let incoming = title(&workspace);
    let stored = StoredValue::new(workspace);
    let place = origin.clone();
    let replace = move |_| {
        state.screen.dialog.set(None);
        state.replace_workspace(stored.get_value(), &place, false);
    };
    view! {
        <Modal title="Replace the scenario?" testid="confirm-dialog">
            <p>
                "Open \u{201c}"{incoming}"\u{201d} from "{origin}" in place of \u{201c}"{current}
                "\u{201d}? Your edits have not been shared or exported; they stay one Undo (Ctrl+Z) away."
            </p>
            <div class="dialog-actions">
                <button type="button" class="primary" on:click=replace data-testid="confirm-replace">"Replace"</button>
                <button type="button" on:click=move |_| state.screen.dialog.set(None)>"Keep editing"</button>
            </div>
        </Modal>
    }
}

/// What a workspace is called in a sentence: the study's name, or the scenario's.
fn title(workspace: &Workspace) -> String {
    if workspace.is_study() {
        workspace.study_name()
    } else {
        workspace.active_scenario().name.clone()
    }
}

/// The shortcuts, as `keyboard` implements them.
const SHORTCUTS: [(&str, &str); 11] = [
    ("Ctrl+Z", "Undo"),
    ("Ctrl+Shift+Z, Ctrl+Y", "Redo"),
    ("?", "Show these shortcuts"),
    ("P", "Presentation mode on or off"),
    ("I", "Import a trace"),
    ("R", "Agreement report"),
    (
        "Escape",
        "Close what is on top: a dialog, then the presenter view, then a job's story",
    ),
    ("Tab", "Move through the controls: header, BUILD, RESULTS"),
    (
        "Left, Right, Home, End",
        "In a row of tabs: the next, the previous, the first, the last tab",
    ),
    (
        "Page Down, Page Up",
        "In the presenter view: the next or the previous slide",
    ),
    (
        "+, -, Left, Right, 0",
        "On the focused job timeline: zoom in and out, pan, show the whole run",
    ),
];

#[component]
fn ShortcutsDialog() -> impl IntoView {
    let rows = SHORTCUTS.iter().map(|(keys, what)| view! { <tr><th scope="row"><kbd>{*keys}</kbd></th><td>{*what}</td></tr> }).collect_view();
    view! {
        <Modal title="Keyboard shortcuts" testid="shortcuts-dialog">
            <table class="shortcuts"><tbody>{rows}</tbody></table>
        </Modal>
    }
}
