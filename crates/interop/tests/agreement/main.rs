//! The agreement as AWS configuration and back (docs/AWS_EXPORT.md): the export, the round trip for
//! every gallery scenario, and the validation every importer applies to what it writes. One test
//! binary per area (docs/ARCHITECTURE.md, "Testing").

mod aws_export;
mod roundtrip;
mod validation;

use quotalab_interop::agreement::{ImportError, Imported};
use quotalab_interop::kueue;

/// Kueue YAML read as AWS quota shares through the engine's translation, with the default
/// options: the round trips and the importers' validation read Kueue's side the same way.
fn kueue_as_aws(yaml: &str) -> Result<Imported, ImportError> {
    let options = kueue::ImportOptions::default();
    kueue::import_for_rules(yaml, &options, quotalab_engine::scenario::Rules::Aws)
}
