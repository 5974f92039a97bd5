//! The presenter view (key P; docs/ARCHITECTURE.md, "The app"): `view` covers the page for a
//! projector, `deck` is the order of its slides, `slide` draws one, `controls` is the strip of
//! live controls under it.

pub mod controls;
pub mod deck;
pub mod slide;
pub mod view;
