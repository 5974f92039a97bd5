//! "AWS / Kueue…": the scenario's agreement as the files `quotalab export aws` and `quotalab
//! export kueue` write, offered as downloads under the export's warnings, and the import of such
//! files back (docs/AWS_EXPORT.md, "In the app").
//!
//! Both run in the interop worker (`client`). The exports are made when the dialog opens, so
//! their warnings are on screen before anything is downloaded. An import shows the scenario it
//! makes and the importer's notes, or why nothing can be imported, and changes nothing until
//! Apply, which goes through `Editor::open` (it asks before replacing unsaved edits and keeps
//! the old scenario one Undo away).

use super::files::{AgreementImport, Made, MadeFile, NotExportable};
use crate::components::modal::Modal;
use crate::components::scenario_files::file_name_as;
use crate::download::download_blob;
use crate::interop::asking::Asking;
use crate::interop::client;
use crate::interop::files::{picked, NotImportable};
use crate::interop::picking::{ApplyOrCancel, FilesField, NotImportableView};
use crate::interop::protocol::{Answer, Task};
use crate::interop::trace::preview::{capacity_line, share_lines};
use crate::state::use_editor;
use crate::worker::{wire, WorkerError};
use leptos::prelude::*;
use quotalab_engine::result::numbers::count;
use quotalab_engine::Scenario;
use send_wrapper::SendWrapper;

#[component]
pub fn AgreementDialog() -> impl IntoView {
    view! {
        <Modal title="AWS Batch and Kueue" testid="agreement-dialog">
            <div class="agreement-files">
                <ExportFiles />
                <ImportFiles />
            </div>
        </Modal>
    }
}

/// Why the exports are not on screen: the scenario, or the worker that makes them, or the
/// browser that holds them.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
enum ExportFailed {
    #[error(transparent)]
    Scenario(#[from] NotExportable),
    #[error("The files could not be made: {0}.")]
    Worker(#[from] WorkerError),
    #[error("The browser could not hold the files: {0}.")]
    Browser(String),
}

/// The export's warnings and its files, each a blob the browser holds outside the page's wasm
/// memory, made from where the worker's answer arrived (docs/PERFORMANCE.md, "An export of a
/// large trace").
#[derive(Clone)]
struct Downloadable {
    made: Made,
    blobs: SendWrapper<Vec<web_sys::Blob>>,
}

impl Downloadable {
    /// The files of the worker's answer `posted`.
    fn of(posted: wire::Answer<Answer>) -> Result<Downloadable, ExportFailed> {
        let made = match &posted.reply {
            Answer::Export(Ok(made)) => made.clone(),
            Answer::Export(Err(why)) => return Err(why.clone().into()),
            _ => return Err(client::other_answer(posted.reply).into()),
        };
        let mut at = 0;
        let mut blobs = Vec::with_capacity(made.files.len());
        for &(file, len) in &made.files {
            let blob = posted
                .body_blob(at..at + len, mime(file))
                .ok_or_else(|| {
                    ExportFailed::Browser("the answer is shorter than its files".into())
                })?
                .map_err(|e| ExportFailed::Browser(format!("{e:?}")))?;
            blobs.push(blob);
            at += len;
        }
        Ok(Downloadable {
            made,
            blobs: SendWrapper::new(blobs),
        })
    }
}

/// The type a saved file is given.
fn mime(file: MadeFile) -> &'static str {
    match file {
        MadeFile::AwsBundle => "application/json",
        MadeFile::Commands => "text/x-shellscript",
        MadeFile::KueueYaml => "application/yaml",
    }
}

/// Listed jobs above which the files are made only when asked for: each becomes a Workload and
/// a job skeleton, and at 600,000 making them took a minute and several gigabytes of the
/// browser's memory (docs/PERFORMANCE.md, "An export of a large trace").
const MADE_WHEN_ASKED_ABOVE_JOBS: usize = 100_000;

/// The exports of the scenario on screen, asked for once when the dialog opens, or, for a
/// scenario of very many listed jobs, when the user asks.
#[component]
fn ExportFiles() -> impl IntoView {
    let state = use_editor();
    let scenario = state.scenario.get_untracked();
    let asking = Asking::<Result<Downloadable, ExportFailed>>::default();
    let (exports, busy) = (asking.answer, asking.busy);
    let listed = scenario.jobs.len();
    let task = StoredValue::new(Task::Export {
        scenario: scenario.clone().into(),
    });
    let make = move || {
        let task = task.get_value();
        asking.ask(async move { Downloadable::of(client::ask_posted(task).await?) });
    };
    if listed <= MADE_WHEN_ASKED_ABOVE_JOBS {
        make();
    }
    let scenario = StoredValue::new(scenario);
    view! {
        <section aria-labelledby="export-head">
            <h3 id="export-head">"Export this agreement"</h3>
            <p class="hint">
                "The shares, their limits, strategies, borrow limits and in-share preemption, and the on-demand capacity: "
                "the same files as quotalab export aws and quotalab export kueue. Jobs become submit-service-job skeletons "
                "in the AWS bundle; plans, spot and capacity changes have no place in either."
            </p>
            {move || match exports.get() {
                None if !busy.get() => view! {
                    <p class="hint" data-testid="export-large">
                        {format!("This scenario lists {} jobs, and each becomes a Workload and a job skeleton: \
                            making the files takes about a minute for 600,000 jobs and several gigabytes of this browser's memory. \
                            quotalab export aws and quotalab export kueue make them from the scenario's file.", count(listed as u64))}
                    </p>
                    <div class="dialog-actions">
                        <button type="button" data-testid="export-make" on:click=move |_| make()>"Make the files"</button>
                    </div>
                }.into_any(),
                None => view! { <p class="hint" role="status" data-testid="export-busy">"Making the files\u{2026}"</p> }.into_any(),
                Some(done) => match done.as_ref() {
                    Err(failed) => view! { <p class="error" role="alert" data-testid="export-error">{failed.to_string()}</p> }.into_any(),
                    Ok(made) => view! { <Downloads files=made.clone() scenario=scenario.get_value() /> }.into_any(),
                },
            }}
        </section>
    }
}

/// The warnings of both exports, then a button per file. The files are blobs the browser
/// holds: an imported trace's listed jobs make hundreds of megabytes of Workloads and job
/// skeletons, which the page's wasm memory, which never shrinks, would otherwise keep for as
/// long as the page is open (docs/PERFORMANCE.md, "An export of a large trace").
#[component]
fn Downloads(files: Downloadable, scenario: Scenario) -> impl IntoView {
    let state = use_editor();
    let Downloadable { made, blobs } = files;
    let blobs = StoredValue::new(blobs);
    let buttons = made
        .files
        .iter()
        .enumerate()
        .map(|(at, &(file, _))| {
            let (name, testid, label, title) = match file {
                MadeFile::AwsBundle => (
                    file_name_as(&scenario, "aws.json"),
                    "download-aws-bundle",
                    "AWS bundle (.json)",
                    "Every --cli-input-json file and commands.sh in one JSON file; quotalab import aws reads it back",
                ),
                MadeFile::Commands => (
                    super::files::COMMANDS.to_string(),
                    "download-aws-commands",
                    "commands.sh",
                    "The aws commands in order, for the files of the bundle",
                ),
                MadeFile::KueueYaml => (
                    file_name_as(&scenario, "kueue.yaml"),
                    "download-kueue",
                    "Kueue YAML",
                    "ResourceFlavors, a Cohort and a ClusterQueue per share",
                ),
            };
            let save = move |_| {
                let saved = blobs.with_value(|b| download_blob(&name, &b[at]));
                if saved.is_err() {
                    state
                        .screen
                        .tell(true, "The browser could not create the file.");
                }
            };
            let class = (file == MadeFile::AwsBundle).then_some("primary");
            view! { <button type="button" class=class data-testid=testid on:click=save title=title>{label}</button> }
        })
        .collect_view();
    view! {
        <Warnings title="AWS" warnings=made.aws_warnings testid="aws-warnings" />
        <Warnings title="Kueue" warnings=made.kueue_warnings testid="kueue-warnings" />
        <p class="hint">
            "The Kueue file opens with a comment listing what Kueue does differently from AWS (reclaim, borrow limits, idle capacity, preference lists)."
        </p>
        <div class="dialog-actions">{buttons}</div>
    }
}

/// One export's warnings in a list, or a line saying there are none.
#[component]
fn Warnings(title: &'static str, warnings: Vec<String>, testid: &'static str) -> impl IntoView {
    if warnings.is_empty() {
        return view! { <p class="hint" data-testid=testid>{format!("{title}: no warnings.")}</p> }
            .into_any();
    }
    let items = warnings
        .into_iter()
        .map(|w| view! { <li>{w}</li> })
        .collect_view();
    view! {
        <div class="export-warnings" role="note" data-testid=testid>
            <h4>{format!("{title}: read this before you use the files")}</h4>
            <ul>{items}</ul>
        </div>
    }
    .into_any()
}

/// Picked AWS or Kueue files, what they would open, and Apply.
#[component]
fn ImportFiles() -> impl IntoView {
    let state = use_editor();
    let asking = Asking::<Result<AgreementImport, NotImportable>>::default();
    let (outcome, busy) = (asking.answer, asking.busy);
    let on_pick = move |ev: leptos::ev::Event| {
        let Some(reading) = picked(&ev) else { return };
        asking.ask(async move {
            let files = reading.await?;
            match client::ask(Task::ImportAgreement { files }).await {
                Ok(Answer::ImportAgreement(result)) => result,
                Ok(other) => Err(client::other_answer(other).into()),
                Err(why) => Err(why.into()),
            }
        });
    };
    let apply = move |_| {
        let Some(done) = outcome.get_untracked() else {
            return;
        };
        let Ok(import) = done.as_ref() else { return };
        state.screen.dialog.set(None);
        state.open(import.imported.scenario.clone(), &import.origin);
    };
    let ready = move || asking.settled(Result::is_ok);
    view! {
        <section aria-labelledby="import-head">
            <h3 id="import-head">"Import AWS or Kueue files"</h3>
            <FilesField id="agreement-files" label="The AWS bundle, the .json files of an AWS export, or a Kueue .yaml file"
                accept=".json,.yaml,.yml,.sh,application/json" on_pick />
            {move || busy.get().then(|| view! { <p class="hint" role="status" data-testid="agreement-busy">"Reading the files\u{2026}"</p> })}
            {move || outcome.get().map(|o| match o.as_ref() {
                Ok(import) => view! { <ImportSummary import=import.clone() /> }.into_any(),
                Err(why) => view! { <NotImportableView testid="agreement-error" why=why.clone() /> }.into_any(),
            })}
            <ApplyOrCancel testid="agreement-apply" ready apply />
        </section>
    }
}

/// What the import would open: its shares and capacity, and the importer's notes.
#[component]
fn ImportSummary(import: AgreementImport) -> impl IntoView {
    let s = &import.imported.scenario;
    let shares = share_lines(s)
        .into_iter()
        .zip(&s.quota_shares)
        .map(|(line, q)| view! { <li><strong>{line.name}</strong>{format!(" ({}): {}", q.strategy.as_str(), line.limits)}</li> })
        .collect_view();
    let capacity = capacity_line(s);
    let notes = import
        .imported
        .notes
        .iter()
        .map(|n| view! { <li>{n.clone()}</li> })
        .collect_view();
    view! {
        <div class="agreement-summary" data-testid="agreement-summary">
            <p>{format!("From {}: {} share{}, on-demand capacity {}.", import.origin, s.quota_shares.len(),
                if s.quota_shares.len() == 1 { "" } else { "s" },
                if capacity.is_empty() { "none".to_string() } else { capacity })}</p>
            <ul>{shares}</ul>
            {(!import.imported.notes.is_empty()).then(|| view! {
                <h4>"Notes from the import"</h4>
                <ul class="notes" data-testid="agreement-notes">{notes}</ul>
            })}
            <p class="hint">"AWS and Kueue configuration holds no jobs: the scenario opens with the agreement only."</p>
        </div>
    }
}
