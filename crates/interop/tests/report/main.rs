//! The agreement report (docs/REPORT.md): of one scenario and of a study.
//! One test binary per area (docs/ARCHITECTURE.md, "Testing").

mod scenario;
mod study;
