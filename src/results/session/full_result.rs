//! "Result JSON": the whole result document of the outcome on screen, asked for from the worker
//! and saved as a `Blob` made of the pieces it sends (`protocol::full`), so the document is
//! never one string on the page.

use crate::download::download_blob;
use crate::results::protocol::full::FullRequest;
use crate::results::session::{Outcome, Session};
use leptos::prelude::*;
use wasm_bindgen::JsValue;
use web_sys::{Blob, BlobPropertyBag};

/// The file "Result JSON" saves.
const FILE_NAME: &str = "quotalab-result.json";

/// A download under way: the run whose document it is, and the pieces so far.
pub struct Gathering {
    run: u64,
    parts: js_sys::Array,
}

impl Session {
    /// Asks the worker for `outcome`'s whole result document and saves it once it has come.
    pub fn save_result_json(self, outcome: &Outcome) {
        self.send(FullRequest::encode(outcome.run, &outcome.scenario));
        self.gathering.set_value(Some(Gathering {
            run: outcome.run,
            parts: js_sys::Array::new(),
        }));
        self.saving_result.set(Some(0));
    }

    /// The run whose document is being gathered, if any.
    pub(super) fn gathering_run(self) -> Option<u64> {
        self.gathering.with_value(|g| g.as_ref().map(|g| g.run))
    }

    /// Drops the download under way, if any: it is done, failed, or its worker is gone.
    pub(super) fn stop_gathering(self) {
        self.gathering.set_value(None);
        self.saving_result.set(None);
    }

    /// Takes one piece of a document; saves the file after the last one.
    pub(super) fn receive_piece(self, run: u64, last: bool, piece: &[u8]) {
        let done = self.gathering.with_value(|g| {
            let g = g.as_ref().filter(|g| g.run == run)?;
            g.parts.push(&js_sys::Uint8Array::from(piece).into());
            last.then(|| g.parts.clone())
        });
        let Some(parts) = done else {
            if self.gathering_run() == Some(run) {
                let arrived = piece.len() as u64;
                self.saving_result
                    .update(|bytes| *bytes = bytes.map(|b| b + arrived));
            }
            return;
        };
        self.stop_gathering();
        if let Err(err) = save(&parts) {
            self.fail(format!("the result could not be saved: {err:?}"));
        }
    }
}

fn save(parts: &js_sys::Array) -> Result<(), JsValue> {
    let options = BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = Blob::new_with_u8_array_sequence_and_options(parts, &options)?;
    download_blob(FILE_NAME, &blob)
}
