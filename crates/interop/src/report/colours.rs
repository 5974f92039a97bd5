//! One colour per quota share, as in the app (docs/DESIGN.md, "Visual language"): Okabe-Ito, by the
//! share's position in `quota_shares`, the same order as the app's `state/palette.rs`, so a share
//! has the same colour on screen and on paper.

const OKABE_ITO: [&str; 8] = [
    "#0072B2", "#E69F00", "#009E73", "#D55E00", "#56B4E9", "#CC79A7", "#F0E442", "#000000",
];

/// The colour of the share at `index`; past eight shares the hues repeat.
pub fn share(index: usize) -> &'static str {
    OKABE_ITO[index % OKABE_ITO.len()]
}
