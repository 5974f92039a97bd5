//! The messages between the page and the interop worker (`src/bin/quotalab-interop.rs`), and the
//! worker's side of them.
//!
//! The trace importers, the account import and the AWS/Kueue export and import (with the YAML
//! parser behind them) are most of `quotalab-interop`; they are needed only when a user opens one
//! of those dialogs. So they run in a worker of their own, started on first use
//! (`interop::client`), and the page's wasm, which every visitor downloads before the first
//! chart, does not carry them (docs/PERFORMANCE.md, "First load, per file"). The page only
//! deserialises the answers: scenarios and the importers' reports, plain data.
//!
//! It is a worker like the simulation worker (`crate::worker`): the same envelope, handle and
//! loop, with these requests and replies.

use super::agreement::files::{AgreementImport, Exports, NotExportable};
use super::files::NotImportable;
use super::trace::form::TraceForm;
use super::trace::preview::{LoadedFile, Preview};
use super::{account, agreement};
use crate::worker::protocol::{Boot, Carries, Protocol, Script};
use crate::worker::serve::{serve_message, Answered, Done, Post};
use quotalab_interop::account::AccountImport;
use quotalab_interop::agreement::Imported;
use quotalab_interop::traces::TraceFormat;
use serde::{Deserialize, Serialize};

/// The interop worker (`src/bin/quotalab-interop.rs`, built by Trunk: index.html).
pub struct Interop;

impl Protocol for Interop {
    type Request = Task;
    type Reply = Answer;
    const SCRIPT: Script = Script {
        url: "./quotalab-interop_loader.js",
        boot: Boot::Loader,
        name: "the import and export worker",
        stopped: "the import or export stopped",
    };
}

/// A task's files travel inside its envelope: they are what the worker reads.
impl Carries for Task {}

/// What the worker is asked to do, tagged by its kind's name as the simulation worker's requests
/// are (`worker::messages::Request`), so large files are read straight into their strings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Task {
    /// What a trace upload would make (`Preview::of`).
    Trace {
        format: TraceFormat,
        files: Vec<LoadedFile>,
        form: Box<TraceForm>,
    },
    /// An account's describe output and history (`import_account`).
    Account { files: Vec<LoadedFile> },
    /// The AWS and Kueue exports of a scenario, given as its JSON.
    Export { scenario: String },
    /// AWS or Kueue files read back into a scenario.
    ImportAgreement { files: Vec<LoadedFile> },
    /// Kueue YAML opened as a Kueue-form scenario, its Workloads replayed or taken as the
    /// cluster's current state (`from_state`).
    ImportKueue { yaml: String, from_state: bool },
}

/// One answer per kind of task, in the same order.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    Trace(Preview),
    Account(Result<AccountImport, NotImportable>),
    Export(Result<Exports, NotExportable>),
    ImportAgreement(Result<AgreementImport, NotImportable>),
    ImportKueue(Result<Imported, NotImportable>),
}

/// Serves one message as the interop worker does (`src/bin/quotalab-interop.rs`; the browser
/// tests serve in the page with it).
pub fn serve(message: String, post: &mut Post<'_>) {
    serve_message::<Interop>(message, &mut |task, _| answer(task), post);
}

/// Answers one task.
fn answer(task: Task) -> Answered<Answer> {
    Ok(Done::reply(match task {
        Task::Trace {
            format,
            files,
            form,
        } => Answer::Trace(Preview::of(format, &files, &form)),
        Task::Account { files } => Answer::Account(account::task::import(&files)),
        Task::Export { scenario } => Answer::Export(Exports::of(&scenario)),
        Task::ImportAgreement { files } => {
            Answer::ImportAgreement(agreement::files::import(&files))
        }
        Task::ImportKueue { yaml, from_state } => {
            Answer::ImportKueue(agreement::files::import_kueue(&yaml, from_state))
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::posted::Posted;
    use crate::worker::wire::{encode_request, Header, Message, Refusal as Refused};

    fn header(message: String) -> Header<Answer> {
        let mut posted = Vec::new();
        serve(message, &mut |parts| posted.push(parts.concat()));
        assert_eq!(posted.len(), 1);
        Message::read(Posted::Copied(posted.remove(0)))
            .expect("a header")
            .header
    }

    #[test]
    fn a_request_is_answered_under_its_id() {
        let task = Task::Export {
            scenario: include_str!("../../scenarios/default.json").into(),
        };
        let Header::Reply {
            id: 7,
            done: true,
            reply: Answer::Export(Ok(exports)),
        } = header(encode_request(7, &task).into_string())
        else {
            panic!("the default scenario exports")
        };
        assert!(exports.kueue.yaml.contains("ClusterQueue"));
    }

    /// The preview's scenario crosses as its JSON text inside the internally tagged header,
    /// and the page reads it back whole (docs/PERFORMANCE.md, "One reader for every scenario").
    #[test]
    fn a_trace_preview_reaches_the_page_with_its_scenario() {
        let swf = "; MaxProcs: 8\n1 0 0 3600 2 -1 -1 2 -1 -1 1 1 1 -1 -1 -1 -1 -1\n";
        let files = vec![LoadedFile {
            name: "log.swf".into(),
            text: swf.into(),
        }];
        let form = TraceForm::default();
        let Preview::Ready { scenario: made, .. } = Preview::of(TraceFormat::Swf, &files, &form)
        else {
            panic!("the log imports")
        };
        let task = Task::Trace {
            format: TraceFormat::Swf,
            files,
            form: Box::new(form),
        };
        let Header::Reply {
            reply: Answer::Trace(Preview::Ready { scenario, .. }),
            ..
        } = header(encode_request(1, &task).into_string())
        else {
            panic!("the preview reaches the page")
        };
        assert_eq!(scenario, made);
    }

    #[test]
    fn an_unreadable_request_is_refused_not_ignored() {
        assert!(matches!(
            header("{not json".into()),
            Header::Refused {
                id: 0,
                refusal: Refused::Unreadable(_)
            }
        ));
        assert!(matches!(
            header(r#"{"id":3,"request":{"trace":{"files":[]}}}"#.into()),
            Header::Refused {
                id: 3,
                refusal: Refused::Unreadable(_)
            }
        ));
    }
}
