//! How the page starts a worker. The simulation worker runs the page's own wasm module
//! (docs/ARCHITECTURE.md, "One module for the page and the simulation worker"): it is a module
//! worker, `public/simulation-worker.js`, that is posted the URL of the page's wasm-bindgen
//! script and the page's compiled `WebAssembly.Module` before anything else, so it downloads
//! and compiles no wasm of its own; the page's first one was started before the app, while the
//! wasm downloaded (`started_early`). The interop worker is a separate binary that Trunk builds
//! with a loader script (`data-loader-shim`), which loads its own wasm.

use wasm_bindgen::prelude::*;
use web_sys::{Url, Worker, WorkerOptions, WorkerType};

/// What a worker's script needs in order to start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Boot {
    /// A Trunk-built worker binary's loader, which fetches that binary's own wasm.
    Loader,
    /// A module worker that runs the page's module, posted to it first.
    PageModule,
}

impl Boot {
    /// Whether the worker's script keeps the requests that come before it serves them, so the
    /// page may post them at once instead of holding them until `Ready`, which it hears only when
    /// its own thread is free (docs/PERFORMANCE.md, "First chart on a slow link"):
    /// `public/simulation-worker.js` keeps them; a Trunk loader does not.
    pub fn keeps_early_requests(self) -> bool {
        matches!(self, Boot::PageModule)
    }
}

/// Starts the worker script at `url` the way `boot` says; a page module worker is told to import
/// `glue_instead` rather than the page's glue, if given (for a test fault).
pub fn start(url: &str, boot: Boot, glue_instead: Option<&str>) -> Result<Worker, JsValue> {
    match boot {
        Boot::Loader => Worker::new(url),
        Boot::PageModule => {
            let worker = match started_early() {
                Some(worker) => worker,
                None => {
                    let options = WorkerOptions::new();
                    options.set_type(WorkerType::Module);
                    Worker::new_with_options(url, &options)?
                }
            };
            let message = js_sys::Object::new();
            let glue = match glue_instead {
                Some(glue) => glue.to_owned(),
                None => page_script_url()?,
            };
            js_sys::Reflect::set(&message, &"glue".into(), &glue.into())?;
            js_sys::Reflect::set(&message, &"module".into(), &wasm_bindgen::module())?;
            worker.post_message(&message)?;
            Ok(worker)
        }
    }
}

/// The simulation worker `public/simulation-worker-start.js` started while the page's wasm
/// downloaded, taken once: the first worker of the page then has its script and the glue
/// already (docs/PERFORMANCE.md, "First chart on a slow link"). `None` when there is none left
/// (a later worker, or a page without that script, as in the browser tests).
fn started_early() -> Option<Worker> {
    const EARLY: &str = "quotalabSimulationWorker";
    let window = web_sys::window()?;
    let worker = js_sys::Reflect::get(&window, &EARLY.into()).ok()?;
    let _ = js_sys::Reflect::delete_property(&window, &EARLY.into());
    worker.dyn_into().ok()
}

/// The absolute URL of the page's wasm-bindgen script, which Trunk names with a content hash and
/// announces in a `<link rel="modulepreload">` of the built index.html. Trunk announces
/// wasm-bindgen's JavaScript snippets the same way, under `snippets/`; those are not the glue.
fn page_script_url() -> Result<String, JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let href = document
        .query_selector(r#"link[rel=modulepreload]:not([href*="snippets/"])"#)?
        .and_then(|link| link.get_attribute("href"))
        .ok_or("the page names no script to run in the worker (no <link rel=modulepreload>)")?;
    Ok(Url::new_with_base(&href, &window.location().href()?)?.href())
}
