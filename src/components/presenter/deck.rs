//! The presenter view's slides, in the order a clicker steps through them: one slide per KPI (each
//! team a column), then one per chart. Plain data, so the order and the stepping keys are tested
//! natively.

use crate::results::charts::Chart;
use quotalab_engine::study::Kpi;

/// What the stage shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slide {
    /// One of the engine's `Kpi::CARD`, for every team side by side.
    Kpi(Kpi),
    Chart(Chart),
}

impl Slide {
    /// The slide's heading, as the room reads it.
    pub fn title(self) -> &'static str {
        match self {
            Slide::Kpi(kpi) => kpi.short_label(),
            Slide::Chart(chart) => chart.title(),
        }
    }
}

/// Every slide for a result with (`shared`) or without shares (an AWS scenario's quota shares, a
/// Kueue one's ClusterQueues); without them the KPIs that exist only between shares (borrowed,
/// lent, reclaims made) are left out, as on the KPI cards.
pub fn deck(shared: bool) -> Vec<Slide> {
    let kpis = Kpi::CARD
        .into_iter()
        .filter(|kpi| shared || !kpi.between_shares())
        .map(Slide::Kpi);
    kpis.chain(Chart::ALL.into_iter().map(Slide::Chart))
        .collect()
}

/// The slide a key moves to from `at` in a deck of `len`, or `None` when the key does not step.
/// A presentation clicker sends Page Down / Page Up; the arrow keys, Space, Home and End work too.
pub fn step(key: &str, shift: bool, at: usize, len: usize) -> Option<usize> {
    let last = len.checked_sub(1)?;
    let next = (at + 1).min(last);
    let previous = at.saturating_sub(1);
    match key {
        "PageDown" | "ArrowRight" | "ArrowDown" => Some(next),
        " " if shift => Some(previous),
        " " => Some(next),
        "PageUp" | "ArrowLeft" | "ArrowUp" => Some(previous),
        "Home" => Some(0),
        "End" => Some(last),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kpis_come_first_then_every_chart() {
        let slides = deck(true);
        assert_eq!(slides.len(), Kpi::CARD.len() + Chart::ALL.len());
        assert_eq!(slides[0], Slide::Kpi(Kpi::CARD[0]));
        assert_eq!(slides[Kpi::CARD.len()], Slide::Chart(Chart::ALL[0]));
        assert_eq!(
            slides.last(),
            Some(&Slide::Chart(Chart::ALL[Chart::ALL.len() - 1]))
        );
    }

    #[test]
    fn without_shares_the_between_share_kpis_are_left_out() {
        let between = Kpi::CARD.iter().filter(|k| k.between_shares()).count();
        assert!(between > 0);
        assert_eq!(deck(false).len(), deck(true).len() - between);
        assert!(deck(false)
            .iter()
            .all(|s| !matches!(s, Slide::Kpi(k) if k.between_shares())));
    }

    #[test]
    fn a_clicker_steps_and_stops_at_the_ends() {
        assert_eq!(step("PageDown", false, 0, 3), Some(1));
        assert_eq!(step("PageDown", false, 2, 3), Some(2));
        assert_eq!(step("PageUp", false, 0, 3), Some(0));
        assert_eq!(step("ArrowLeft", false, 2, 3), Some(1));
        assert_eq!(step(" ", true, 2, 3), Some(1));
        assert_eq!(step("End", false, 0, 3), Some(2));
        assert_eq!(step("Home", false, 2, 3), Some(0));
        assert_eq!(step("a", false, 1, 3), None);
        assert_eq!(step("PageDown", false, 0, 0), None);
    }
}
