//! Reading the files a user picked, with the browser's File API: `File.text()` reads each one off
//! the main thread and resolves with its text, so even a large log does not block the page while
//! it loads. Nothing is uploaded anywhere. Every dialog that takes files (trace, account, AWS and
//! Kueue) picks them through [`picked`].

use super::trace::preview::LoadedFile;
use crate::worker::WorkerError;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::future::Future;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Why a picked file could not be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("Could not read \u{201c}{0}\u{201d}; nothing was changed.")]
pub struct Unreadable(pub String);

/// Why picked files import nothing: a sentence, and every validation error of the scenario they
/// describe (each "path: message") when that is the reason. The interop worker answers with it,
/// so it crosses the worker boundary as it is; the dialogs show the sentence over the list, and a
/// status line shows it in one line (`Display`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NotImportable {
    pub message: String,
    pub errors: Vec<String>,
}

impl NotImportable {
    /// Errors a one-line account of it names; a status line has no room for more.
    const ERRORS_IN_ONE_LINE: usize = 3;

    /// A refusal that is one sentence.
    pub fn plain(message: impl Into<String>) -> NotImportable {
        NotImportable::listing(message, Vec::<String>::new())
    }

    /// A sentence that ends in a colon over the scenario's validation errors.
    pub fn listing(
        message: impl Into<String>,
        errors: impl IntoIterator<Item = impl fmt::Display>,
    ) -> NotImportable {
        NotImportable {
            message: message.into(),
            errors: errors.into_iter().map(|e| e.to_string()).collect(),
        }
    }
}

/// The sentence and its first errors, in one line.
impl fmt::Display for NotImportable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        for error in self.errors.iter().take(Self::ERRORS_IN_ONE_LINE) {
            write!(f, " {error}")?;
        }
        Ok(())
    }
}

/// The interop worker did not answer (it failed to start, stopped, or answered another task).
impl From<WorkerError> for NotImportable {
    fn from(error: WorkerError) -> NotImportable {
        NotImportable::plain(format!("Nothing was imported: {error}."))
    }
}

impl From<Unreadable> for NotImportable {
    fn from(unreadable: Unreadable) -> NotImportable {
        NotImportable::plain(unreadable.to_string())
    }
}

/// The files picked in the file input that raised `ev`, read: their texts in the order the
/// browser gives them, or which one could not be read. `None` when nothing was picked.
pub fn picked(
    ev: &leptos::ev::Event,
) -> Option<impl Future<Output = Result<Vec<LoadedFile>, Unreadable>>> {
    let list = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .and_then(|input| input.files())
        .filter(|list| list.length() > 0)?;
    Some(read_all(list))
}

async fn read_all(list: web_sys::FileList) -> Result<Vec<LoadedFile>, Unreadable> {
    let mut out = Vec::new();
    for i in 0..list.length() {
        let Some(file) = list.get(i) else { continue };
        let name = file.name();
        let Ok(text) = JsFuture::from(file.text()).await else {
            return Err(Unreadable(name));
        };
        out.push(LoadedFile {
            name,
            text: text.as_string().unwrap_or_default(),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_names_the_sentence_and_its_first_three_errors() {
        let why = NotImportable {
            message: "These files describe an agreement that does not validate:".into(),
            errors: ["a: one", "b: two", "c: three", "d: four"]
                .map(String::from)
                .to_vec(),
        };
        assert_eq!(
            why.to_string(),
            "These files describe an agreement that does not validate: a: one b: two c: three"
        );
    }

    #[test]
    fn a_worker_that_did_not_answer_and_an_unreadable_file_are_sentences() {
        let gone = NotImportable::from(WorkerError::Gone);
        assert_eq!(
            gone.message,
            "Nothing was imported: the worker was stopped."
        );
        assert!(gone.errors.is_empty());
        let unreadable = NotImportable::from(Unreadable("usage.csv".into()));
        assert_eq!(
            unreadable.to_string(),
            "Could not read \u{201c}usage.csv\u{201d}; nothing was changed."
        );
    }
}
