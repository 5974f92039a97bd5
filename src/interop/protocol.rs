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
//! A request and its reply travel as JSON strings; every reply echoes its request's `id`. The
//! worker announces `Ready` and reports panics exactly as the simulation worker does
//! (`results::protocol::serving`), so the page's worker handle treats both alike.

use super::account_task::{self, AccountOutcome};
use super::agreement_files::{self, AgreementImport, Exports, Refusal};
use super::trace_form::TraceForm;
use super::trace_preview::{LoadedFile, Preview};
use quotalab_interop::traces::TraceFormat;
use serde::{Deserialize, Serialize};

/// One request to the interop worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub id: u64,
    pub task: Task,
}

/// What the worker is asked to do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
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
}

/// The worker's answer to request `id`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Reply {
    pub id: u64,
    pub answer: Answer,
}

/// One answer per kind of task, in the same order.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum Answer {
    Trace(Preview),
    Account(AccountOutcome),
    Export(Result<Exports, String>),
    ImportAgreement(Result<AgreementImport, Refusal>),
    /// The request could not be read; a page and worker of different builds, say.
    Unreadable(String),
}

impl Answer {
    /// Why an answer is not the one a request wanted: its own message when the worker could not
    /// read the request, otherwise a page and a worker of different builds.
    pub fn mismatch(self) -> String {
        match self {
            Answer::Unreadable(why) => why,
            _ => "the import and export worker answered another question; reload the page".into(),
        }
    }
}

/// Handles one request message and returns the reply to post.
pub fn serve(message: &str) -> String {
    let reply = match serde_json::from_str::<Request>(message) {
        Ok(request) => Reply {
            id: request.id,
            answer: answer(request.task),
        },
        Err(e) => Reply {
            id: 0,
            answer: Answer::Unreadable(format!("the interop worker could not read a request: {e}")),
        },
    };
    serde_json::to_string(&reply).expect("a reply always serialises")
}

fn answer(task: Task) -> Answer {
    match task {
        Task::Trace {
            format,
            files,
            form,
        } => Answer::Trace(Preview::of(format, &files, &form)),
        Task::Account { files } => Answer::Account(account_task::import(&files)),
        Task::Export { scenario } => Answer::Export(Exports::of(&scenario)),
        Task::ImportAgreement { files } => Answer::ImportAgreement(agreement_files::import(&files)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_answered_under_its_id() {
        let request = Request {
            id: 7,
            task: Task::Export {
                scenario: include_str!("../../scenarios/default.json").into(),
            },
        };
        let reply: Reply =
            serde_json::from_str(&serve(&serde_json::to_string(&request).unwrap())).unwrap();
        assert_eq!(reply.id, 7);
        let Answer::Export(Ok(exports)) = reply.answer else {
            panic!("the default scenario exports: {:?}", reply.answer)
        };
        assert!(exports.kueue.yaml.contains("ClusterQueue"));
    }

    #[test]
    fn an_unreadable_request_gets_an_answer_not_silence() {
        let reply: Reply = serde_json::from_str(&serve("{not json")).unwrap();
        assert!(matches!(reply.answer, Answer::Unreadable(ref m) if m.contains("could not read")));
    }
}
