//! Reading the files a user picked, with the browser's File API: `File.text()` reads each one off
//! the main thread and resolves with its text, so even a large log does not block the page while
//! it loads. Nothing is uploaded anywhere. Every dialog that takes files (trace, account, AWS and
//! Kueue) picks them through [`read_picked`].

use super::trace_preview::LoadedFile;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// When files were picked in the file input that raised `ev`: calls `start` at once (to show
/// that they are being read), reads them all, and hands their texts, or why one could not be
/// read, to what `start` returned. Nothing happens when nothing was picked.
pub fn read_picked<Then>(ev: &leptos::ev::Event, start: impl FnOnce() -> Then)
where
    Then: FnOnce(Result<Vec<LoadedFile>, String>) + 'static,
{
    let Some(list) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .and_then(|input| input.files())
        .filter(|list| list.length() > 0)
    else {
        return;
    };
    let then = start();
    leptos::task::spawn_local(async move { then(read_all(list).await) });
}

/// The text of every file in `list`, in the order the browser gives them, or which one failed.
async fn read_all(list: web_sys::FileList) -> Result<Vec<LoadedFile>, String> {
    let mut out = Vec::new();
    for i in 0..list.length() {
        let Some(file) = list.get(i) else { continue };
        let name = file.name();
        let text = JsFuture::from(file.text())
            .await
            .map_err(|_| format!("Could not read \u{201c}{name}\u{201d}; nothing was changed."))?;
        out.push(LoadedFile {
            name,
            text: text.as_string().unwrap_or_default(),
        });
    }
    Ok(out)
}
