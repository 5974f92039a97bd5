//! The advisor (docs/ADVISOR.md): `view` is its form and proposals, with `targets`, `knobs` and
//! `spec` (what each team needs and what may change, as the engine's `AdviseSpec`),
//! `proposals` (what it found) and `cli` (the same search as a `quotalab advise` line); `run` is
//! its search, one start per worker.

pub mod cli;
pub mod knobs;
pub mod proposals;
pub mod run;
pub mod spec;
pub mod targets;
pub mod view;
