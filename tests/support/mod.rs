//! What the app's browser tests share: an editor under its own owner, the app mounted as its root
//! mounts it, and the DOM helpers. Each area's test binary (`builder`, `results`, `study`,
//! `interop`) includes this module and uses part of it.
#![allow(dead_code)]

use leptos::prelude::*;
use quotalab_app::app::provide_stores;
use quotalab_app::state::Editor;
use quotalab_engine::Scenario;
use wasm_bindgen::JsCast;

pub use quotalab_app::state::default_scenario;

/// An editor of `scenario` under its own reactive owner, as the app's root would create it; the
/// signals live as long as the owner returned.
pub fn editor(scenario: Scenario) -> (Owner, Editor) {
    let owner = Owner::new();
    owner.set();
    (owner.clone(), Editor::new(scenario))
}

/// Mounts `view` over an editor of `scenario`, with every store the app root provides
/// (`provide_stores`), into a fresh element. The stores live as long as their owner, which is
/// never dropped: the test page outlives each test.
pub fn mount_app<V: IntoView + 'static>(
    scenario: Scenario,
    view: impl Fn() -> V + 'static,
) -> (Editor, web_sys::HtmlElement) {
    let root = attached_root();
    let (owner, state) = editor(scenario);
    std::mem::forget(owner);
    leptos::mount::mount_to(root.clone(), move || {
        provide_stores(state);
        view()
    })
    .forget();
    (state, root)
}

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

/// The first element matching `selector` inside `root`.
pub fn element<T: JsCast>(root: &web_sys::HtmlElement, selector: &str) -> T {
    root.query_selector(selector)
        .ok()
        .flatten()
        .unwrap_or_else(|| panic!("no {selector}"))
        .unchecked_into()
}

/// `root.querySelectorAll(selector)`, as elements. web-sys's `query_selector_all` needs the
/// `NodeList` feature, which the app does not enable; `Reflect` reaches the same DOM call.
pub fn all(root: &web_sys::Element, selector: &str) -> Vec<web_sys::Element> {
    let method: js_sys::Function = js_sys::Reflect::get(root, &"querySelectorAll".into())
        .expect("querySelectorAll")
        .unchecked_into();
    let list = method.call1(root, &selector.into()).expect("selector");
    js_sys::Array::from(&list)
        .iter()
        .map(|e| e.unchecked_into())
        .collect()
}

/// The ids that more than one element inside `root` carries: a label's `for` or an
/// `aria-labelledby` would find the wrong one.
pub fn ids_used_twice(root: &web_sys::Element) -> Vec<String> {
    let mut seen = std::collections::BTreeSet::new();
    all(root, "[id]")
        .into_iter()
        .map(|e| e.id())
        .filter(|id| !seen.insert(id.clone()))
        .collect()
}

/// Picks `value` in `select` as a user would: set it, fire `change`.
pub fn choose(select: &web_sys::HtmlSelectElement, value: &str) {
    select.set_value(value);
    select
        .dispatch_event(&web_sys::Event::new("change").expect("event"))
        .expect("dispatch");
}

/// Types `text` into an input as a user would: set the value, fire `input`.
pub fn type_into(input: &web_sys::HtmlInputElement, text: &str) {
    input.set_value(text);
    input
        .dispatch_event(&web_sys::Event::new("input").expect("event"))
        .expect("dispatch");
}

/// Fires `kind` ("blur", "change") at `target`.
pub fn fire(target: &web_sys::EventTarget, kind: &str) {
    target
        .dispatch_event(&web_sys::Event::new(kind).expect("event"))
        .expect("dispatch");
}

/// Waits `ms` milliseconds of the page's clock.
pub async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .expect("window")
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .expect("timer");
    });
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .expect("timer fires");
}

/// Lets the reactive system run: effects and re-renders are scheduled, not immediate.
pub async fn settle() {
    sleep(20).await;
}
