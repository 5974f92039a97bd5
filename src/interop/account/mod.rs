//! "Import account…" (docs/ACCOUNT.md): `task` is the import as the interop worker runs it,
//! `dialog` the dialog that asks for it and shows what was and was not imported.

pub mod dialog;
pub mod task;
