//! Importing an account (docs/ACCOUNT.md): the fixture accounts, malformed documents, the shapes of
//! describe output, and a history that goes out and comes back. One test binary per area
//! (docs/ARCHITECTURE.md, "Testing").

#[path = "../support/mod.rs"]
mod support;

mod import;
mod malformed;
mod roundtrip;
mod shapes;
