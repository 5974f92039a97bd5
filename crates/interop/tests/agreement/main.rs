//! The agreement as AWS configuration and back (docs/AWS_EXPORT.md): the export, the round trip for
//! every gallery scenario, and the validation every importer applies to what it writes. One test
//! binary per area (docs/ARCHITECTURE.md, "Testing").

mod aws_export;
mod roundtrip;
mod validation;
