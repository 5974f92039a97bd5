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

/// Lets the reactive system run: effects and re-renders are scheduled, not immediate.
#[allow(dead_code)] // not every test binary that includes this module waits
pub async fn settle() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .expect("window")
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 20)
            .expect("timer");
    });
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .expect("timer fires");
}
