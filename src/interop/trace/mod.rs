//! "Import trace…" (docs/TRACES.md): `form` is the CLI's import options as typed, `preview`
//! what an upload would create (run in the interop worker), `dialog`, `options` and `summary`
//! the dialog that shows it.

pub mod dialog;
pub mod form;
pub mod options;
pub mod preview;
pub mod summary;
