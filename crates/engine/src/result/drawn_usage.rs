//! The usage series as the page draws them: at most [`DRAWN_POINTS`] points per instance type.
//!
//! A trace's usage changes at almost every start and every end: a million jobs listed one by one
//! make about 1.4 million points, 390 MB of the JSON the worker sends the page, which reads it
//! only to draw a chart a thousand pixels wide (docs/PERFORMANCE.md, "A trace's usage drawn at
//! the chart's resolution"). So a longer series is thinned for the page: its time is cut into
//! `DRAWN_POINTS / 4` equal slices, and each slice keeps its first and its last point, and the
//! points with the most and with the fewest instances in use. Every point kept is a real state
//! at a real time; the highest and lowest use are drawn where they happened, and every slice
//! ends in its true state, so no step is drawn off by more than one slice. The result document
//! ("Result JSON", `quotalab run`) keeps every point.

use super::{UsagePoint, UsageSeries};

/// The most points of one type's series the page is sent: two slices per pixel of a quota chart
/// drawn 1,000 pixels wide, four points each.
pub const DRAWN_POINTS: usize = 8_192;

/// `series` as the page draws it: itself when it has at most [`DRAWN_POINTS`] points, otherwise
/// thinned (see the module's note) over the run's time, `0` to `end_h`, with `points_in_run`
/// saying how many points it had.
pub fn drawn(series: &UsageSeries, end_h: f64) -> UsageSeries {
    let points = &series.points;
    let thinned = (points.len() > DRAWN_POINTS).then(|| {
        kept(points, end_h)
            .into_iter()
            .map(|i| points[i].clone())
            .collect()
    });
    UsageSeries {
        instance_type: series.instance_type.clone(),
        unit: series.unit.clone(),
        points_in_run: thinned.is_some().then_some(points.len() as u64),
        points: thinned.unwrap_or_else(|| points.clone()),
    }
}

/// The indices kept of `points` (in time order, more than `DRAWN_POINTS`): per slice of time,
/// the first, the last, the most used and the least used.
fn kept(points: &[UsagePoint], end_h: f64) -> Vec<usize> {
    let slice_of = slicer(points, end_h);
    let in_use = |i: &usize| points[*i].used.iter().sum::<u32>();
    let mut kept = Vec::with_capacity(DRAWN_POINTS);
    let mut from = 0;
    while from < points.len() {
        let slice = slice_of(&points[from]);
        let to = from + points[from..].partition_point(|p| slice_of(p) == slice);
        let mut slice_kept = [
            from,
            (from..to).max_by_key(in_use).unwrap_or(from),
            (from..to).min_by_key(in_use).unwrap_or(from),
            to - 1,
        ];
        slice_kept.sort_unstable();
        kept.extend(slice_kept);
        kept.dedup();
        from = to;
    }
    kept
}

/// Which of the `DRAWN_POINTS / 4` equal slices of the time from the first point to `end_h` a
/// point falls in (the last point's time, should the run end before it).
fn slicer(points: &[UsagePoint], end_h: f64) -> impl Fn(&UsagePoint) -> usize {
    let slices = DRAWN_POINTS / 4;
    let start = points.first().map_or(0.0, |p| p.t_h);
    let last = points.last().map_or(0.0, |p| p.t_h);
    let span = (end_h.max(last) - start).max(f64::MIN_POSITIVE);
    move |p| (((p.t_h - start) / span * slices as f64) as usize).min(slices - 1)
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

    /// A use that swings from 0 to 99 and back every 7 points, with a peak of 150 once.
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
        assert_eq!(drawn(&whole, 100.0), whole);
    }

    #[test]
    fn a_longer_series_keeps_real_points_in_order_with_its_extremes_and_its_end() {
        let whole = series(swinging(DRAWN_POINTS * 40 + 3));
        let end_h = whole.points.last().unwrap().t_h + 1.0;
        let thinned = drawn(&whole, end_h);
        assert_eq!(thinned.points_in_run, Some(whole.points.len() as u64));
        assert!(
            thinned.points.len() <= DRAWN_POINTS,
            "{}",
            thinned.points.len()
        );
        assert!(
            thinned.points.len() > DRAWN_POINTS / 2,
            "every slice has points"
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
    }

    #[test]
    fn every_slice_ends_in_its_true_state() {
        let whole = series(swinging(DRAWN_POINTS * 3));
        let end_h = whole.points.last().unwrap().t_h;
        let thinned = drawn(&whole, end_h);
        let slice_of = slicer(&whole.points, end_h);
        let mut ends = 0;
        for pair in whole.points.windows(2) {
            if slice_of(&pair[0]) != slice_of(&pair[1]) {
                ends += 1;
                assert!(thinned.points.contains(&pair[0]), "{:?}", pair[0]);
            }
        }
        assert!(ends >= DRAWN_POINTS / 4 - 1, "{ends} slices end in the run");
    }
}
