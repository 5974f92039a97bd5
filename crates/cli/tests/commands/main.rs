//! The `quotalab` command line, run as a user runs it (docs/CLI.md): one module per command or
//! convention, sharing `common`'s runner and work folders, in one test binary.

mod account;
mod advise;
mod collect;
mod command_line;
mod common;
mod contract;
mod kueue;
mod report;
mod robust;
mod stop_counts;
mod study;
mod study_manifest;
mod trace_import;
