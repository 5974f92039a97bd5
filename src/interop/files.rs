//! Reading the files a user picked, with the browser's File API: `File.text()` reads each one off
//! the main thread and resolves with its text, so even a large log does not block the page while
//! it loads. Nothing is uploaded anywhere. Every dialog that takes files (trace, account, AWS and
//! Kueue) picks them through [`picked`].

use super::trace::preview::LoadedFile;
use std::future::Future;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Why a picked file could not be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("Could not read \u{201c}{0}\u{201d}; nothing was changed.")]
pub struct Unreadable(pub String);

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
