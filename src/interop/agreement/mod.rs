//! "AWS / Kueue…" (docs/AWS_EXPORT.md, "In the app"): `files` is the export and import as the
//! interop worker runs them, `dialog` the dialog that offers the downloads and reads files back.

pub mod dialog;
pub mod files;
