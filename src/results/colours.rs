//! Colours of the results: one per share (the same on every chart and card), one per preference
//! rank, one per pool.
//!
//! The share colours are the builder's (`state::palette`), so a share looks the same in the BUILD
//! and RESULTS zones; ranks and pools have their own scales here.

use plotters::style::RGBColor;
use quotalab_engine::result::PoolKind;

/// One colour per share, the same in both zones: the builder's palette.
pub use crate::state::palette::share_colour;

/// Preference ranks 0..4 (the list has at most 5 entries): a sequential scale, so "further down the
/// list" reads as "darker and warmer".
const RANK_COLOURS: [&str; 5] = ["#2166AC", "#67A9CF", "#F4A582", "#D6604D", "#B2182B"];

pub fn rank_colour(rank: usize) -> &'static str {
    RANK_COLOURS[rank.min(RANK_COLOURS.len() - 1)]
}

/// Pools, for the cost and utilisation charts: on-demand, training plan, spot.
pub fn pool_colour(pool: PoolKind) -> &'static str {
    match pool {
        PoolKind::OnDemand => "#4D4D4D",
        PoolKind::TrainingPlan => "#5E3C99",
        PoolKind::Spot => "#E66101",
    }
}

/// A `#RRGGBB` colour for plotters.
pub fn rgb(hex: &str) -> RGBColor {
    let channel =
        |i: usize| u8::from_str_radix(hex.get(i..i + 2).unwrap_or("99"), 16).unwrap_or(0x99);
    RGBColor(channel(1), channel(3), channel(5))
}
