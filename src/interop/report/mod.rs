//! The printable agreement report (docs/REPORT.md): `view` is the page; `variant` and `study`
//! what it reports (the variant on screen, or the whole study from Compare); `frame` what both
//! hand the page (the Markdown download, or why there is no report yet); `body`, `study_body`,
//! `share` and `facts` draw it; `units` makes a study's variant sections in the simulation
//! workers.

pub mod body;
pub mod facts;
pub mod frame;
pub mod share;
pub mod study;
pub mod study_body;
pub mod units;
pub mod variant;
pub mod view;
