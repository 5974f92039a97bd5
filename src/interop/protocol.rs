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

use super::agreement::files::{AgreementImport, Exports, Made, NotExportable};
use super::files::NotImportable;
use super::trace::form::TraceForm;
use super::trace::preview::{LoadedFile, Preview};
use super::{account, agreement};
use crate::worker::carried::Carried;
use crate::worker::outgoing::Body;
use crate::worker::protocol::{Boot, Carries, Protocol, Script};
use crate::worker::serve::{serve_message, Answered, Done, Post};
use crate::worker::wire;
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

/// A task's files travel inside its envelope; an export's scenario after it, as the simulation
/// worker's scenarios do (`Carried`), so the page never writes it into a string of its own.
impl Carries for Task {
    fn document(&self) -> Option<&Carried> {
        match self {
            Task::Export { scenario } => Some(scenario),
            _ => None,
        }
    }

    fn carrying(mut self, document: Carried) -> Self {
        if let Task::Export { scenario } = &mut self {
            *scenario = document;
        }
        self
    }
}

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
    /// The AWS and Kueue exports of a scenario, sent after the envelope.
    Export {
        #[serde(skip)]
        scenario: Carried,
    },
    /// AWS or Kueue files read back into a scenario.
    ImportAgreement { files: Vec<LoadedFile> },
    /// Kueue YAML opened as a Kueue-form scenario, its Workloads replayed or taken as the
    /// cluster's current state (`from_state`).
    ImportKueue { yaml: String, from_state: bool },
}

impl Task {
    /// How many bytes of files it sends the worker (its YAML, for Kueue's). An export's scenario
    /// is not counted: its answer holds the scenario again, larger, and counting a scenario
    /// means writing it once more.
    pub fn file_bytes(&self) -> usize {
        let files = |files: &[LoadedFile]| files.iter().map(|f| f.text.len()).sum();
        match self {
            Task::Trace { files: f, .. }
            | Task::Account { files: f }
            | Task::ImportAgreement { files: f } => files(f),
            Task::Export { .. } => 0,
            Task::ImportKueue { yaml, .. } => yaml.len(),
        }
    }
}

/// One answer per kind of task, in the same order.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    Trace(Preview),
    Account(Result<AccountImport, NotImportable>),
    /// The export's warnings; its files follow the header (`Made`).
    Export(Result<Made, NotExportable>),
    ImportAgreement(Result<AgreementImport, NotImportable>),
    ImportKueue(Result<Imported, NotImportable>),
}

/// Serves one message as the interop worker does (`src/bin/quotalab-interop.rs`; the browser
/// tests serve in the page with it).
pub fn serve(message: wire::Incoming, post: &mut Post<'_>) {
    serve_message::<Interop>(message, &mut |task, _| answer(task), post);
}

/// Answers one task.
fn answer(task: Task) -> Answered<Answer> {
    Ok(Done::reply(match task {
        Task::Trace {
            format,
            files,
            form,
        } => return Ok(trace_answer(Preview::of(format, &files, &form))),
        Task::Account { files } => Answer::Account(account::task::import(&files)),
        Task::Export { scenario } => return Ok(export_answer(&scenario.into_text())),
        Task::ImportAgreement { files } => {
            Answer::ImportAgreement(agreement::files::import(&files))
        }
        Task::ImportKueue { yaml, from_state } => {
            Answer::ImportKueue(agreement::files::import_kueue(&yaml, from_state))
        }
    }))
}

/// A trace's preview, its scenario after the header: as a string inside the header, a
/// quarter of a gigabyte of JSON was held written and then escaped in the worker, and read
/// back twice in the page (docs/PERFORMANCE.md, "A trace's preview after its header").
fn trace_answer(mut preview: Preview) -> Done<Answer> {
    let body = preview
        .take_scenario()
        .map_or(Body::Empty, |scenario| Body::Document(scenario.into()));
    Done {
        reply: Answer::Trace(preview),
        body,
    }
}

/// An export's warnings, its files after the header, each written once: inside the header as
/// JSON strings, hundreds of megabytes of Workloads were held escaped in the worker, then copied
/// into the page's wasm memory and read into strings again, where they stayed
/// (docs/PERFORMANCE.md, "An export of a large trace").
fn export_answer(scenario_json: &str) -> Done<Answer> {
    match Exports::of(scenario_json) {
        Ok(exports) => {
            let (made, files) = exports.into_files();
            Done {
                reply: Answer::Export(Ok(made)),
                body: Body::Pieces(files),
            }
        }
        Err(why) => Done::reply(Answer::Export(Err(why))),
    }
}

/// An answer as the page reads it, with the body that followed its header read into it.
pub fn received(answer: wire::Answer<Answer>) -> Answer {
    let (reply, body) = answer.into_reply_and_body();
    match reply {
        Answer::Trace(preview) => Answer::Trace(preview.with_scenario_from(&body)),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interop::agreement::files::MadeFile;
    use crate::worker::posted::Posted;
    use crate::worker::wire::{encode_request, Header, Message, Refusal as Refused};

    fn header(message: String) -> Header<Answer> {
        let mut posted = Vec::new();
        serve(message.into(), &mut |parts| posted.push(parts.concat()));
        assert_eq!(posted.len(), 1);
        Message::read(Posted::Copied(posted.remove(0)))
            .expect("a header")
            .header
    }

    #[test]
    fn a_request_is_answered_under_its_id() {
        let task = Task::Export {
            scenario: include_str!("../../scenarios/default.json")
                .to_string()
                .into(),
        };
        assert!(matches!(
            header(encode_request(7, &task).into_string()),
            Header::Reply {
                id: 7,
                done: true,
                reply: Answer::Export(Ok(_)),
            }
        ));
    }

    /// An export's files follow the header, each as `quotalab export` writes it, and the header
    /// holds only their kinds and lengths (docs/PERFORMANCE.md, "An export of a large trace").
    #[test]
    fn an_exports_files_follow_its_header_byte_for_byte() {
        let scenario = include_str!("../../scenarios/default.json");
        let task = Task::Export {
            scenario: scenario.to_string().into(),
        };
        let mut posted = Vec::new();
        serve(
            encode_request(1, &task).into_string().into(),
            &mut |parts| posted.push(parts.concat()),
        );
        let message = posted.remove(0);
        let (_, _, answer) = Message::<Answer>::read(Posted::Copied(message))
            .and_then(Message::into_answer)
            .expect("a reply");
        let Answer::Export(Ok(made)) = &answer.reply else {
            panic!("the default scenario exports")
        };
        let exports = Exports::of(scenario).expect("exports");
        let expected = [
            (MadeFile::AwsBundle, exports.aws.to_bundle_json() + "\n"),
            (
                MadeFile::Commands,
                exports.commands().expect("commands").to_string(),
            ),
            (MadeFile::KueueYaml, exports.kueue.yaml.clone()),
        ];
        let body = answer.body();
        let mut at = 0;
        for ((file, len), (kind, text)) in made.files.iter().zip(&expected) {
            assert_eq!(file, kind);
            assert_eq!(&body[at..at + len], text.as_bytes(), "{file:?}");
            at += len;
        }
        assert_eq!((made.files.len(), at), (3, body.len()));
        assert_eq!(made.kueue_warnings, exports.kueue.warnings);
        assert_eq!(made.aws_warnings, exports.aws.warnings);
    }

    /// The preview's scenario crosses after the reply's header as its own JSON, not inside the
    /// header, and the page reads it back whole (docs/PERFORMANCE.md, "A trace's preview after
    /// its header").
    #[test]
    fn a_trace_preview_reaches_the_page_with_its_scenario_after_the_header() {
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
        let mut posted = Vec::new();
        serve(
            encode_request(1, &task).into_string().into(),
            &mut |parts| posted.push(parts.concat()),
        );
        let message = String::from_utf8(posted.remove(0)).expect("UTF-8");
        let (header, body) = message.split_once('\n').expect("a body follows the header");
        assert!(
            !header.contains("\"submit_h\"") && !header.contains("\"quota_shares\""),
            "no scenario in the header: {header}"
        );
        assert_eq!(body, quotalab_engine::json_text::compact(&*made));
        let (_, _, answer) = Message::<Answer>::read(Posted::Copied(message.into_bytes()))
            .and_then(Message::into_answer)
            .expect("a reply");
        let Answer::Trace(Preview::Ready { scenario, .. }) = received(answer) else {
            panic!("the preview reaches the page")
        };
        assert_eq!(scenario, made);
    }

    #[test]
    fn a_preview_whose_body_is_not_its_scenario_fails_with_the_readers_message() {
        let mut preview = Preview::of(
            TraceFormat::Swf,
            &[LoadedFile {
                name: "log.swf".into(),
                text: "; MaxProcs: 8\n1 0 0 3600 2 -1 -1 2 -1 -1 1 1 1 -1 -1 -1 -1 -1\n".into(),
            }],
            &TraceForm::default(),
        );
        assert!(preview.take_scenario().is_some());
        let Preview::Failed(message) = preview.with_scenario_from(&b"{\"version\": 9}"[..]) else {
            panic!("not a scenario of this build")
        };
        assert!(message.contains("could not be read"), "{message}");
        let failed = Preview::Failed("nothing".into());
        assert!(matches!(
            failed.with_scenario_from(&b""[..]),
            Preview::Failed(m) if m == "nothing"
        ));
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
