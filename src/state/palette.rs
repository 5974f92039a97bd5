//! One colour per quota share, everywhere: card border, allocation-bar slice, chart series, Gantt
//! row, table tag (DESIGN.md, "Visual language").
//!
//! The palette is Okabe-Ito's, chosen because it stays distinguishable under the common forms of
//! colour blindness. A share's colour follows its position in `quota_shares`, so adding a share
//! never recolours the others.

use quotalab_engine::Scenario;

/// Okabe-Ito, reordered so the first shares get the most distinct hues.
const OKABE_ITO: [&str; 8] = [
    "#0072B2", // blue
    "#E69F00", // orange
    "#009E73", // bluish green
    "#D55E00", // vermillion
    "#56B4E9", // sky blue
    "#CC79A7", // reddish purple
    "#F0E442", // yellow
    "#000000", // black
];

/// Capacity that belongs to no share (SEMANTICS §2, "unowned").
pub const UNOWNED_GREY: &str = "#BBBBBB";

/// The colour of the share at `index` in `quota_shares`. Past eight shares the hues repeat.
pub fn share_colour(index: usize) -> &'static str {
    OKABE_ITO[index % OKABE_ITO.len()]
}

/// The colour of the share called `name`, or the unowned grey when no share has that name.
pub fn share_colour_by_name(scenario: &Scenario, name: &str) -> &'static str {
    scenario
        .quota_shares
        .iter()
        .position(|share| share.name == name)
        .map_or(UNOWNED_GREY, share_colour)
}

/// Text colour readable on `colour` (one of this palette's): black on the light hues.
pub fn ink_on(colour: &str) -> &'static str {
    match colour {
        "#E69F00" | "#56B4E9" | "#F0E442" | UNOWNED_GREY => "#000000",
        _ => "#FFFFFF",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_eight_shares_get_distinct_colours() {
        let colours: std::collections::HashSet<_> = (0..8).map(share_colour).collect();
        assert_eq!(colours.len(), 8);
    }

    #[test]
    fn colours_repeat_after_the_palette() {
        assert_eq!(share_colour(8), share_colour(0));
    }
}
