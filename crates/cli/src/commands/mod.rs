//! One module per subcommand.

pub mod bench;
pub mod export;
pub mod import;
pub mod report;
pub mod run;
pub mod validate;
