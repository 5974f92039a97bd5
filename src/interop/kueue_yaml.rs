//! Kueue YAML opened as the scenario, from the Import button, a paste or a drop: the
//! ClusterQueues and cohorts as Kueue objects (`rules: kueue`), and when the YAML holds Workloads
//! (`kubectl get clusterqueues,cohorts,resourceflavors,workloads -A -o yaml`), the choice Kueue's
//! importer offers (docs/AWS_EXPORT.md, "Kueue"): take the admitted Workloads as the cluster's
//! current state, or replay every Workload from its creation. The YAML is read in the interop
//! worker (`protocol::Task::ImportKueue`), like every import.

use super::client;
use super::protocol::{Answer, Task};
use crate::components::modal::Modal;
use crate::interop::files::NotImportable;
use crate::state::{use_editor, Dialog, Editor};
use leptos::prelude::*;
use quotalab_interop::agreement::Imported;

/// Whether a file or pasted text is Kueue YAML rather than a scenario: a `.yaml`/`.yml` name, or
/// text that is not JSON and names a Kubernetes `apiVersion`.
pub fn is_kueue_yaml(name: &str, text: &str) -> bool {
    has_yaml_name(name) || (!text.trim_start().starts_with('{') && text.contains("apiVersion:"))
}

/// Whether a file's name says it is YAML.
pub fn has_yaml_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.ends_with(".yaml") || lower.ends_with(".yml")
}

/// Reads `yaml` (from `origin`: "the file x.yaml", "the pasted YAML") and opens it, asking first
/// how to read its Workloads when it has any.
pub async fn open(state: Editor, origin: String, yaml: String) {
    let replay = match read(yaml.clone(), false).await {
        Ok(imported) => imported,
        Err(why) => {
            return state.screen.tell(
                true,
                format!("Could not import {origin}: {why} Nothing was changed."),
            )
        }
    };
    if replay.scenario.jobs.is_empty() {
        return finish(state, &origin, replay);
    }
    state.screen.dialog.set(Some(Dialog::KueueWorkloads {
        origin,
        yaml,
        replay: Box::new(replay),
    }));
}

/// The YAML read by the interop worker, or why not. It is shown in the status line (in one
/// line, `NotImportable`'s `Display`) after "Could not import {origin}:", so a worker that did
/// not answer is named without "Nothing was imported".
async fn read(yaml: String, from_state: bool) -> Result<Imported, NotImportable> {
    match client::ask(Task::ImportKueue { yaml, from_state }).await {
        Ok(Answer::ImportKueue(answer)) => answer,
        Ok(other) => Err(NotImportable::plain(
            client::other_answer(other).to_string(),
        )),
        Err(e) => Err(NotImportable::plain(e.to_string())),
    }
}

/// Opens the imported scenario and says how many notes the importer left.
fn finish(state: Editor, origin: &str, imported: Imported) {
    let notes = imported.notes.len();
    state.open(imported.scenario, origin);
    if notes > 0 {
        state.screen.tell(
            false,
            format!(
                "Opened {origin} under Kueue's rules; the importer left {notes} note{}: {}",
                if notes == 1 { "" } else { "s" },
                imported.notes.join(" ")
            ),
        );
    }
}

/// "This YAML holds Workloads: current state or replay?"
#[component]
pub fn KueueWorkloadsDialog(origin: String, yaml: String, replay: Imported) -> impl IntoView {
    let state = use_editor();
    let workloads = replay.scenario.jobs.len();
    let busy = RwSignal::new(false);
    let replay = StoredValue::new(replay);
    let (from, text) = (StoredValue::new(origin.clone()), StoredValue::new(yaml));
    let take_state = move |_| {
        busy.set(true);
        leptos::task::spawn_local(async move {
            let origin = from.get_value();
            match read(text.get_value(), true).await {
                Ok(imported) => {
                    state.screen.dialog.set(None);
                    finish(state, &origin, imported);
                }
                Err(why) => {
                    state.screen.dialog.set(None);
                    state.screen.tell(
                        true,
                        format!("Could not import {origin}: {why} Nothing was changed."),
                    );
                }
            }
        });
    };
    let take_replay = move |_| {
        state.screen.dialog.set(None);
        finish(state, &from.get_value(), replay.get_value());
    };
    view! {
        <Modal title="Workloads in the YAML" testid="kueue-workloads-dialog">
            <p>{format!("{} holds {workloads} Workload{} besides the ClusterQueues. How should they be read?", capitalised(&origin), if workloads == 1 { "" } else { "s" })}</p>
            <div class="dialog-actions kueue-choices">
                <button type="button" class="primary" data-testid="kueue-from-state" on:click=take_state disabled=move || busy.get()
                    title="Admitted Workloads hold their flavors from hour 0 and the pending ones wait; finished ones are left out">
                    "As the cluster's current state"
                </button>
                <button type="button" data-testid="kueue-replay" on:click=take_replay disabled=move || busy.get()
                    title="Every Workload is submitted again at its creation time, as history">
                    "Replay their history"
                </button>
            </div>
        </Modal>
    }
}

/// `origin` with its first letter in upper case, to open a sentence ("The file …").
fn capitalised(origin: &str) -> String {
    let mut chars = origin.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
