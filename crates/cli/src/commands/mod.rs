//! One module per subcommand.

pub mod advise;
pub mod bench;
pub mod compare;
pub mod export;
pub mod import;
pub mod merge;
pub mod report;
pub mod run;
pub mod sweep;
pub mod validate;
