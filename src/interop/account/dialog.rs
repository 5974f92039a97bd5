//! "Import account…": the describe output of an AWS Batch / SageMaker account or a Kueue cluster
//! dump (docs/ACCOUNT.md), several files at once, read by the interop crate's
//! `import_account`, the same function `quotalab import account` calls, in the interop worker
//! (`client`; `account::task` is the worker's side). The dialog shows what the scenario will hold
//! and everything that could not be imported, by document and field, before anything changes;
//! applying goes through `Editor::open` like any other import.

use crate::components::modal::Modal;
use crate::interop::asking::Asking;
use crate::interop::client;
use crate::interop::files::{picked, NotImportable};
use crate::interop::picking::{ApplyOrCancel, FilesField, NotImportableView};
use crate::interop::protocol::{Answer, Task};
use crate::interop::trace::preview::capacity_line;
use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_interop::account::AccountImport;

/// Unmapped fields listed one by one; the rest are counted.
const UNMAPPED_LISTED: usize = 40;

#[component]
pub fn AccountImportDialog() -> impl IntoView {
    let state = use_editor();
    let names: RwSignal<Vec<String>> = RwSignal::new(Vec::new());
    let asking = Asking::<Result<AccountImport, NotImportable>>::default();
    let (outcome, busy) = (asking.answer, asking.busy);
    let on_pick = move |ev: leptos::ev::Event| {
        let Some(reading) = picked(&ev) else { return };
        asking.ask(async move {
            let files = reading.await?;
            names.set(files.iter().map(|f| f.name.clone()).collect());
            match client::ask(Task::Account { files }).await {
                Ok(Answer::Account(result)) => result,
                Ok(other) => Err(client::other_answer(other).into()),
                Err(why) => Err(why.into()),
            }
        });
    };
    let apply = move |_| {
        let Some(done) = outcome.get_untracked() else {
            return;
        };
        let Ok(imported) = done.as_ref() else { return };
        let from = match names.with_untracked(Vec::len) {
            1 => format!("account file {}", names.with_untracked(|p| p[0].clone())),
            n => format!("{n} account files"),
        };
        state.screen.dialog.set(None);
        state.open(imported.scenario.clone(), &from);
    };
    let ready = move || asking.settled(Result::is_ok);
    view! {
        <Modal title="Import your account" testid="account-dialog">
            <div class="account-import">
                <p class="hint">
                    "The JSON of aws batch describe-job-queues, describe-service-environments, list-quota-shares, "
                    "describe-quota-share, list-service-jobs, describe-service-job and aws sagemaker describe-training-job "
                    "(docs/examples/collect-aws.sh writes them all), or kubectl get resourceflavors,cohorts,clusterqueues,"
                    "localqueues,workloads -A -o yaml. Pick every file at once; they are read in this browser, nothing is uploaded."
                </p>
                <FilesField id="account-files" label="Account files" accept=".json,.yaml,.yml,application/json" on_pick />
                {move || busy.get().then(|| view! { <p class="hint" role="status" data-testid="account-busy">"Reading the files\u{2026}"</p> })}
                {move || outcome.get().map(|o| match o.as_ref() {
                    Ok(imported) => view! { <AccountSummary imported=imported.clone() /> }.into_any(),
                    Err(why) => view! { <NotImportableView testid="account-error" why=why.clone() /> }.into_any(),
                })}
                <ApplyOrCancel testid="account-apply" ready apply />
            </div>
        </Modal>
    }
}

/// What the scenario will hold, the import's notes, and what was not imported.
#[component]
fn AccountSummary(imported: AccountImport) -> impl IntoView {
    let s = &imported.scenario;
    let observed = s.jobs.iter().filter(|j| j.observed.is_some()).count();
    let headline = format!(
        "{}: {} quota share{}, {} job{} ({observed} with an observed outcome), capacity {}.",
        s.name,
        s.quota_shares.len(),
        if s.quota_shares.len() == 1 { "" } else { "s" },
        s.jobs.len(),
        if s.jobs.len() == 1 { "" } else { "s" },
        capacity_line(s),
    );
    let notes = imported
        .notes
        .iter()
        .map(|n| view! { <li>{n.clone()}</li> })
        .collect_view();
    let total = imported.unmapped.len();
    let unmapped = imported
        .unmapped
        .iter()
        .take(UNMAPPED_LISTED)
        .map(|u| {
            view! {
                <li><code>{u.document.clone()}</code>
                    {(!u.field.is_empty()).then(|| view! { " › "<code>{u.field.clone()}</code> })}
                    ": "{u.reason.clone()}</li>
            }
        })
        .collect_view();
    let more =
        (total > UNMAPPED_LISTED).then(|| format!("… and {} more.", total - UNMAPPED_LISTED));
    view! {
        <div class="account-summary" data-testid="account-summary">
            <p>{headline}</p>
            <ul class="notes">{notes}</ul>
            <h4>{format!("Not imported ({total})")}</h4>
            <ul class="unmapped" data-testid="account-unmapped">{unmapped}</ul>
            {more.map(|m| view! { <p class="hint">{m}</p> })}
        </div>
    }
}
