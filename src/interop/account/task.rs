//! The account import as the interop worker runs it (docs/ACCOUNT.md): the picked files handed to
//! the interop crate's `import_account`, the same function `quotalab import account` calls. Plain
//! logic; it runs in the interop worker (`protocol`), so the page's wasm carries none of it, and
//! the "Import account…" dialog (`account::dialog`) only asks for it and shows the outcome.

use crate::interop::files::NotImportable;
use crate::interop::trace::preview::LoadedFile;
use quotalab_interop::account::{
    import_account, AccountError, AccountImport, AccountOptions, InputFile,
};

/// Imports the picked files (in the interop worker): the scenario, or why there is none.
pub fn import(files: &[LoadedFile]) -> Result<AccountImport, NotImportable> {
    let inputs: Vec<InputFile> = files
        .iter()
        .map(|f| InputFile {
            path: f.name.clone(),
            contents: f.text.clone(),
        })
        .collect();
    import_account(&inputs, &AccountOptions::default()).map_err(not_importable)
}

/// The import's refusal as the dialog shows it: a scenario that does not validate lists its
/// errors one by one, as the AWS/Kueue import does; anything else is a sentence.
fn not_importable(error: AccountError) -> NotImportable {
    match error {
        AccountError::Invalid(errors) => NotImportable::listing(
            "These files describe a scenario that does not validate, so it cannot be opened:",
            errors,
        ),
        other => NotImportable::plain(format!("These files cannot be imported: {other}.")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_that_are_no_account_are_refused_in_a_sentence_naming_each_file() {
        let notes = LoadedFile {
            name: "notes.json".into(),
            text: r#"{"meeting": "Tuesday"}"#.into(),
        };
        let why = import(&[notes]).expect_err("notes are no account");
        assert!(
            why.message.starts_with(
                "These files cannot be imported: no AWS Batch, SageMaker or Kueue document found: notes.json"
            ),
            "{}",
            why.message
        );
        assert!(why.message.ends_with('.') && why.errors.is_empty());
    }
}
