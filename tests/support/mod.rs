//! What the browser tests of the app share.

use wasm_bindgen::JsCast;

/// A fresh `<div>` attached to the test page's body, to mount a component into.
pub fn attached_root() -> web_sys::HtmlElement {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .expect("a test page has a document");
    let root: web_sys::HtmlElement = document
        .create_element("div")
        .expect("div")
        .unchecked_into();
    document
        .body()
        .expect("body")
        .append_child(&root)
        .expect("append");
    root
}
