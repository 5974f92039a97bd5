//! How a study's numbers read: the engine's study formatter (`quotalab_engine::study::numbers`,
//! shared with the agreement report), and the colour of a difference, which only the page has.

pub use quotalab_engine::study::numbers::{estimate, signed, value, verdict_words};
use quotalab_engine::study::{Difference, Verdict};

/// The CSS class colouring a difference: only significant ones get a colour.
pub fn verdict_class(d: &Difference) -> &'static str {
    verdict_class_of(d.verdict)
}

/// The CSS class of a verdict (the study's report has verdicts without their difference).
pub fn verdict_class_of(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Better => "diff better",
        Verdict::Worse => "diff worse",
        Verdict::Higher | Verdict::Lower => "diff changed",
        Verdict::NoClearDifference => "diff same",
    }
}
