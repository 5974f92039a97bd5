//! The account import as the interop worker runs it (docs/ACCOUNT.md): the picked files handed to
//! the interop crate's `import_account`, the same function `quotalab import account` calls. Plain
//! logic; it runs in the interop worker (`protocol`), so the page's wasm carries none of it, and
//! the "Import account…" dialog (`account::dialog`) only asks for it and shows the outcome.

use crate::interop::trace::preview::LoadedFile;
use quotalab_interop::account::{import_account, AccountImport, AccountOptions, InputFile};

/// The import of the picked files, or why there is none.
pub type AccountOutcome = Result<AccountImport, String>;

/// Imports the picked files (in the interop worker).
pub fn import(files: &[LoadedFile]) -> AccountOutcome {
    let inputs: Vec<InputFile> = files
        .iter()
        .map(|f| InputFile {
            path: f.name.clone(),
            contents: f.text.clone(),
        })
        .collect();
    import_account(&inputs, &AccountOptions::default()).map_err(|e| e.to_string())
}
