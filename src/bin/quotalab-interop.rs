//! The interop worker: a second wasm binary that Trunk builds for a Web Worker (`index.html`),
//! holding the trace importers, the account import and the AWS/Kueue export and import, so the
//! page's own wasm need not (docs/PERFORMANCE.md, "First load, per file"). The page starts it on
//! first use (`quotalab_app::interop::client`).
//!
//! It serves requests with [`quotalab_app::interop::protocol::serve`], through the same
//! [`quotalab_app::worker::serve::serve_requests`] as the simulation worker, which reports
//! panics and announces that it is ready.

use quotalab_app::interop::protocol::serve;
use quotalab_app::worker::serve::serve_requests;

fn main() {
    serve_requests(serve);
}
