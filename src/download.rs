//! Hands a file to the browser as a `blob:` download; nothing leaves the machine.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, Url};

/// The browser did not take a download (it could not make the file or the link to it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the browser could not create the file")]
pub struct NotDownloaded;

/// Makes the browser save `content` as `file_name`.
pub fn download_text(file_name: &str, mime: &str, content: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(content));
    let options = BlobPropertyBag::new();
    options.set_type(mime);
    download_blob(
        file_name,
        &Blob::new_with_str_sequence_and_options(&parts, &options)?,
    )
}

/// Makes the browser save `blob` as `file_name`.
pub fn download_blob(file_name: &str, blob: &Blob) -> Result<(), JsValue> {
    let url = Url::create_object_url_with_blob(blob)?;
    let anchor: HtmlAnchorElement = document().create_element("a")?.unchecked_into();
    anchor.set_href(&url);
    anchor.set_download(file_name);
    anchor.click();
    // The click has started the download; the URL is not needed any more once it has been read.
    set_timeout(
        move || drop(Url::revoke_object_url(&url)),
        std::time::Duration::from_secs(10),
    );
    Ok(())
}
