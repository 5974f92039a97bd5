//! The jobs behind the charts: a table to find them and a story to explain one.

mod attempt_line;
pub mod query;
mod story;
mod table;
pub mod words;

pub use story::JobStory;
pub use table::JobsTable;
