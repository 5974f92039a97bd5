//! "Result JSON": the whole result document of the outcome on screen, asked for from the worker
//! (`Request::Document`) and saved as a `Blob` made of the pieces it sends, so the document is
//! never one string on the page.

use crate::download::download_blob;
use crate::results::session::{Outcome, Session};
use crate::worker::messages::{Reply, Request};
use crate::worker::wire::Answer;
use crate::worker::WorkerError;
use leptos::prelude::*;
use std::rc::Rc;
use wasm_bindgen::JsValue;
use web_sys::{Blob, BlobPropertyBag};

/// The file "Result JSON" saves.
const FILE_NAME: &str = "quotalab-result.json";

impl Session {
    /// Asks the worker for `outcome`'s whole result document and saves it once it has come;
    /// meanwhile `saving_result` counts the bytes that have come.
    pub fn save_result_json(self, outcome: &Outcome) {
        let ticket = self.documents.start();
        let parts = Rc::new(js_sys::Array::new());
        self.saving_result.set(Some(0));
        let gathered = parts.clone();
        let piece = move |answer: Answer<Reply>| {
            if ticket.is_current() {
                self.gather(&gathered, &answer.body());
            }
        };
        // The whole document needs the event list, which the run held for the page leaves out,
        // so the worker always runs the scenario again for it (`worker::simulation::held`).
        let request = Request::Document {
            run: outcome.run,
            scenario: outcome.scenario.clone().into(),
        };
        self.ask(ticket, request, piece, move |answer| match answer {
            Ok(last) => {
                self.gather(&parts, &last.body());
                self.stop_gathering();
                if let Err(err) = save(&parts) {
                    self.fail(format!("the result could not be saved: {err:?}"));
                }
            }
            // The worker was replaced (a newer run): the download dies with it.
            Err(WorkerError::Gone) => self.stop_gathering(),
            Err(err) => self.fail(format!("the result document could not be made: {err}")),
        });
    }

    /// Adds one piece of the document and counts it.
    fn gather(self, parts: &js_sys::Array, piece: &[u8]) {
        parts.push(&js_sys::Uint8Array::from(piece).into());
        let arrived = piece.len() as u64;
        self.saving_result
            .update(|bytes| *bytes = bytes.map(|b| b + arrived));
    }

    /// Drops the download under way, if any: it is done, failed, or its worker is gone.
    pub(super) fn stop_gathering(self) {
        self.documents.stop();
        self.saving_result.set(None);
    }
}

fn save(parts: &js_sys::Array) -> Result<(), JsValue> {
    let options = BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = Blob::new_with_u8_array_sequence_and_options(parts, &options)?;
    download_blob(FILE_NAME, &blob)
}
