//! The usage series as the page draws them: at most [`DRAWN_POINTS`] points per instance type.
//!
//! A trace's usage changes at almost every start and every end: a million jobs listed one by one
//! make about 1.4 million points, 390 MB of the JSON the worker sends the page, which reads it
//! only to draw a chart a thousand pixels wide (docs/PERFORMANCE.md, "A trace's usage drawn at
//! the chart's resolution"). So a longer series is thinned for the page.
//!
//! Its time, from its first point, is cut into [`SLICES`] slices of equal width: one second at
//! first, doubled whenever a point falls past the last slice, and each pair of neighbouring
//! slices then becomes one. Each slice keeps its first and its last point, and the points with
//! the most and with the fewest instances in use. Every point kept is a real state at a real
//! time; the highest and lowest use are drawn where they happened, and every slice ends in its
//! true state, so no step is drawn off by more than one slice, and a series takes at least half
//! of the slices, about one per pixel of the chart.
//!
//! A pair of slices becomes one exactly: its first point is the first one's, its last the
//! second one's, and its most and fewest the greater and the lesser of the two slices'. So a
//! series can be thinned as the run makes it ([`SeriesPoints`]), and a run for the page never
//! holds the whole series (at a million listed jobs, about 400 MB in the CLI), with the very
//! points [`drawn`] keeps of the whole series afterwards (docs/PERFORMANCE.md, "A trace's usage
//! thinned as it is made"). The result document ("Result JSON", `quotalab run`) keeps every
//! point.

use super::{UsagePoint, UsageSeries};
use crate::sim::Keep;
use std::rc::Rc;

/// The most points of one type's series the page is sent: four per slice.
pub const DRAWN_POINTS: usize = 8_192;

/// How many slices a thinned series' time is cut into.
const SLICES: u64 = (DRAWN_POINTS / 4) as u64;

/// `series` as the page draws it: itself when it has at most [`DRAWN_POINTS`] points or was
/// thinned already (`points_in_run` says so), otherwise thinned (see the module's note), with
/// `points_in_run` saying how many points it had.
pub fn drawn(series: &UsageSeries) -> UsageSeries {
    if series.points_in_run.is_some() || series.points.len() <= DRAWN_POINTS {
        return series.clone();
    }
    let mut thinned = SeriesPoints::new(Keep::Drawn);
    for point in &series.points {
        thinned.push(point.clone());
    }
    let (points, points_in_run) = thinned.finish();
    UsageSeries {
        instance_type: series.instance_type.clone(),
        unit: series.unit.clone(),
        points,
        points_in_run,
    }
}

/// One type's series as a run makes it: every point, or, for a run that keeps only what is
/// drawn, every point while there are at most [`DRAWN_POINTS`] and thinned from then on.
#[derive(Debug)]
pub struct SeriesPoints {
    /// Every point so far; emptied into `slices` once there are more than `whole_up_to`.
    whole: Vec<UsagePoint>,
    whole_up_to: usize,
    /// Once thinned, each slice that has points, in time order.
    slices: Vec<Slice>,
    /// The first point's time, in whole seconds.
    start_s: i64,
    /// A slice is `1 << width_log2` seconds wide.
    width_log2: u32,
    /// The points pushed.
    count: u64,
}

impl SeriesPoints {
    /// A series as a run that keeps `keep` keeps it.
    pub fn new(keep: Keep) -> SeriesPoints {
        SeriesPoints {
            whole: Vec::new(),
            whole_up_to: match keep {
                Keep::Drawn => DRAWN_POINTS,
                Keep::AllButEvents | Keep::Everything => usize::MAX,
            },
            slices: Vec::new(),
            start_s: 0,
            width_log2: 0,
            count: 0,
        }
    }

    /// Adds the next point (points come in time order).
    pub fn push(&mut self, point: UsagePoint) {
        if self.slices.is_empty() && self.whole.len() < self.whole_up_to {
            self.count += 1;
            return self.whole.push(point);
        }
        if self.slices.is_empty() {
            // Each point is counted again as it is thinned.
            self.count = 0;
            self.start_s = seconds(&self.whole[0]);
            for earlier in std::mem::take(&mut self.whole) {
                self.thin(earlier);
            }
        }
        self.thin(point);
    }

    /// The last point pushed.
    pub fn last(&self) -> Option<&UsagePoint> {
        match self.slices.last() {
            Some(slice) => Some(&slice.last.point),
            None => self.whole.last(),
        }
    }

    /// The points kept, in time order, and how many there were when they are not all of them.
    pub fn finish(self) -> (Vec<UsagePoint>, Option<u64>) {
        if self.slices.is_empty() {
            return (self.whole, None);
        }
        let mut points = Vec::with_capacity(self.slices.len() * 4);
        for slice in self.slices {
            let mut kept = [slice.first, slice.most, slice.fewest, slice.last];
            kept.sort_unstable_by_key(|k| k.index);
            let mut previous = None;
            for k in kept {
                if previous != Some(k.index) {
                    previous = Some(k.index);
                    points.push(Rc::try_unwrap(k.point).unwrap_or_else(|p| (*p).clone()));
                }
            }
        }
        (points, Some(self.count))
    }

    /// Adds a point to its slice, widening the slices until it falls in one.
    fn thin(&mut self, point: UsagePoint) {
        let kept = Kept {
            index: self.count,
            in_use: in_use(&point),
            point: Rc::new(point),
        };
        self.count += 1;
        let after_start = (seconds(&kept.point) - self.start_s).max(0) as u64;
        while after_start >> self.width_log2 >= SLICES {
            self.widen();
        }
        let number = after_start >> self.width_log2;
        match self.slices.last_mut() {
            Some(slice) if slice.number == number => slice.add(kept),
            _ => self.slices.push(Slice::of(number, kept)),
        }
    }

    /// Doubles the slices' width: each pair of neighbours becomes one.
    fn widen(&mut self) {
        self.width_log2 += 1;
        let mut merged: Vec<Slice> = Vec::with_capacity(self.slices.len());
        for mut slice in std::mem::take(&mut self.slices) {
            slice.number >>= 1;
            match merged.last_mut() {
                Some(earlier) if earlier.number == slice.number => earlier.merge(slice),
                _ => merged.push(slice),
            }
        }
        self.slices = merged;
    }
}

/// A point kept, with its place in the series and its instances in use.
#[derive(Debug, Clone)]
struct Kept {
    index: u64,
    in_use: u32,
    /// Shared when it is more than one of its slice's four.
    point: Rc<UsagePoint>,
}

/// The points a slice keeps. Of equal uses, the most is the last and the fewest the first.
#[derive(Debug)]
struct Slice {
    number: u64,
    first: Kept,
    most: Kept,
    fewest: Kept,
    last: Kept,
}

impl Slice {
    fn of(number: u64, kept: Kept) -> Slice {
        Slice {
            number,
            first: kept.clone(),
            most: kept.clone(),
            fewest: kept.clone(),
            last: kept,
        }
    }

    /// Adds the slice's next point.
    fn add(&mut self, kept: Kept) {
        if kept.in_use >= self.most.in_use {
            self.most = kept.clone();
        }
        if kept.in_use < self.fewest.in_use {
            self.fewest = kept.clone();
        }
        self.last = kept;
    }

    /// Takes in the slice after this one.
    fn merge(&mut self, later: Slice) {
        if later.most.in_use >= self.most.in_use {
            self.most = later.most;
        }
        if later.fewest.in_use < self.fewest.in_use {
            self.fewest = later.fewest;
        }
        self.last = later.last;
    }
}

/// The instances a point has in use, over all shares.
fn in_use(point: &UsagePoint) -> u32 {
    point
        .used
        .iter()
        .fold(0, |sum, used| sum.saturating_add(*used))
}

/// A point's time in whole seconds: the engine's clock counts seconds, and a point's hours are
/// those seconds over 3,600.
fn seconds(point: &UsagePoint) -> i64 {
    (point.t_h * 3600.0).round() as i64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::result::PoolLevels;

    fn point(t_h: f64, used: u32) -> UsagePoint {
        UsagePoint {
            t_h,
            capacity: 100,
            used: vec![used, 1],
            borrowed: vec![0, 0],
            limits: vec![50, 50],
            lent: Vec::new(),
            unowned: 0,
            pool_used: PoolLevels::default(),
            pool_capacity: PoolLevels::default(),
        }
    }

    fn series(points: Vec<UsagePoint>) -> UsageSeries {
        UsageSeries {
            instance_type: "ml.p4d.24xlarge".into(),
            unit: None,
            points_in_run: None,
            points,
        }
    }

    /// A use that swings from 0 to 99 and back every 7 points, with a peak of 150 once; a
    /// point every 36 seconds.
    fn swinging(len: usize) -> Vec<UsagePoint> {
        (0..len)
            .map(|i| {
                let used = if i == len / 3 {
                    150
                } else {
                    (i % 7) as u32 * 16
                };
                point(i as f64 * 0.01, used)
            })
            .collect()
    }

    #[test]
    fn a_series_the_chart_can_draw_whole_is_sent_whole() {
        let whole = series(swinging(DRAWN_POINTS));
        assert_eq!(drawn(&whole), whole);
    }

    #[test]
    fn a_longer_series_keeps_real_points_in_order_with_its_extremes_and_its_end() {
        let whole = series(swinging(DRAWN_POINTS * 40 + 3));
        let thinned = drawn(&whole);
        assert_eq!(thinned.points_in_run, Some(whole.points.len() as u64));
        assert!(
            thinned.points.len() <= DRAWN_POINTS,
            "{}",
            thinned.points.len()
        );
        assert!(
            thinned.points.len() > DRAWN_POINTS / 2,
            "at least half the slices have points"
        );
        let mut rest = whole.points.iter();
        for p in &thinned.points {
            assert!(
                rest.any(|q| q == p),
                "each kept point is one of the run's, in order"
            );
        }
        assert_eq!(thinned.points.first(), whole.points.first());
        assert_eq!(thinned.points.last(), whole.points.last());
        let used = |s: &UsageSeries| s.points.iter().map(|p| p.used[0]).collect::<Vec<_>>();
        assert_eq!(used(&thinned).iter().max(), Some(&150), "the peak is drawn");
        assert_eq!(used(&thinned).iter().min(), Some(&0));
        assert_eq!(
            drawn(&thinned),
            thinned,
            "a thinned series is not thinned again"
        );
    }

    /// The slices of the finished series are `1 << width_log2` seconds wide from the first
    /// point: each keeps the last point before the next slice, and its most and fewest used.
    #[test]
    fn every_slice_ends_in_its_true_state_with_its_extremes() {
        let whole = swinging(DRAWN_POINTS * 3);
        let mut thinning = SeriesPoints::new(Keep::Drawn);
        for p in &whole {
            thinning.push(p.clone());
        }
        let width_log2 = thinning.width_log2;
        let slice_of = |p: &UsagePoint| (seconds(p) - seconds(&whole[0])) >> width_log2;
        let slices = whole.iter().map(slice_of).collect::<Vec<_>>();
        let (kept, _) = thinning.finish();
        let mut ends = 0;
        for (i, pair) in whole.windows(2).enumerate() {
            if slices[i] != slices[i + 1] {
                ends += 1;
                assert!(kept.contains(&pair[0]), "{:?}", pair[0]);
            }
        }
        assert!(
            ends as u64 >= SLICES / 2 - 1,
            "{ends} slices end in the run"
        );
        for slice in slices
            .iter()
            .copied()
            .collect::<std::collections::BTreeSet<_>>()
        {
            let of_slice = |points: &[UsagePoint]| {
                let used: Vec<u32> = points
                    .iter()
                    .filter(|p| slice_of(p) == slice)
                    .map(in_use)
                    .collect();
                (used.iter().max().copied(), used.iter().min().copied())
            };
            assert_eq!(of_slice(&kept), of_slice(&whole), "slice {slice}");
        }
    }

    /// The slices widened as the points come keep what slices of the final width keep of the
    /// whole series: widening merges slices exactly. Times are uneven, with long gaps, so slices
    /// widen at odd moments and some stay empty.
    #[test]
    fn slices_widened_as_the_points_come_keep_what_slices_of_their_final_width_keep() {
        let mut t_s = 0;
        let whole: Vec<UsagePoint> = (0..DRAWN_POINTS * 5)
            .map(|i| {
                t_s += 1 + (i * i) % 977 + if i % 1_000 == 0 { 86_400 } else { 0 };
                point(t_s as f64 / 3600.0, ((i * 7919) % 113) as u32)
            })
            .collect();
        let mut thinning = SeriesPoints::new(Keep::Drawn);
        let mut lasts_agree = true;
        for p in &whole {
            thinning.push(p.clone());
            lasts_agree &= thinning.last() == Some(p);
        }
        assert!(lasts_agree, "the last point is always at hand");
        let width_log2 = thinning.width_log2;
        let (points, points_in_run) = thinning.finish();
        assert_eq!(points_in_run, Some(whole.len() as u64));
        // The final width: the narrowest whose slices hold the whole span.
        let start = seconds(&whole[0]);
        let span = (seconds(whole.last().unwrap()) - start) as u64;
        assert!(span >> width_log2 < SLICES && span >> (width_log2 - 1) >= SLICES);
        let mut expected = Vec::new();
        let mut from = 0;
        while from < whole.len() {
            let slice_of = |p: &UsagePoint| (seconds(p) - start) >> width_log2;
            let to =
                from + whole[from..].partition_point(|p| slice_of(p) == slice_of(&whole[from]));
            let by_use = |i: &usize| in_use(&whole[*i]);
            let mut kept = [
                from,
                (from..to).max_by_key(by_use).unwrap(),
                (from..to).min_by_key(by_use).unwrap(),
                to - 1,
            ];
            kept.sort_unstable();
            let mut kept = kept.to_vec();
            kept.dedup();
            expected.extend(kept.into_iter().map(|i| whole[i].clone()));
            from = to;
        }
        assert_eq!(points, expected);
        assert_eq!(drawn(&series(whole)).points, expected);
    }
}
