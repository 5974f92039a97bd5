//! Reading the files a user picked, with the browser's File API: `File.text()` reads each one off
//! the main thread and resolves with its text, so even a large log does not block the page while
//! it loads. Nothing is uploaded anywhere.

use super::trace_preview::LoadedFile;
use wasm_bindgen_futures::JsFuture;

/// The text of every file in `list`, in the order the browser gives them, or which one failed.
pub async fn read_all(list: web_sys::FileList) -> Result<Vec<LoadedFile>, String> {
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
