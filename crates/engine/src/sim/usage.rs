//! The utilisation series (`usage`: per type, a point whenever its usage, capacity, limits or
//! lending changed) and each share's borrowed, lent and own-used instance-time, integrated over
//! the run. Sampled after every instant (usage is constant between instants).

use super::state::Capacity;
use super::world::{TypeId, World};
use super::Keep;
use crate::result::drawn_usage::SeriesPoints;
use crate::result::metrics::ShareTime;
use crate::result::{PoolLevels, UsagePoint};
use crate::time::{hours, Seconds};

/// Instance levels, or instance-seconds once integrated, per share.
#[derive(Default, Clone, PartialEq)]
struct ShareAreas {
    borrowed: f64,
    lent: f64,
    own_used: f64,
    own_limit: f64,
}

impl ShareAreas {
    fn add(&mut self, other: &ShareAreas) {
        self.borrowed += other.borrowed;
        self.lent += other.lent;
        self.own_used += other.own_used;
        self.own_limit += other.own_limit;
    }
}

/// The series and areas as the run goes.
pub struct UsageLog {
    /// Per type, its points so far (thinned as they come in a run that is only drawn).
    points: Vec<SeriesPoints>,
    /// Per share, instance-seconds so far.
    areas: Vec<ShareAreas>,
    /// The share levels since the last sample, in total and per type.
    levels: Vec<ShareAreas>,
    type_levels: Vec<Vec<ShareAreas>>,
    /// Shares whose level on some type changed at this instant, so their totals are summed again.
    level_changed: Vec<bool>,
    last_sample: Seconds,
}

impl UsageLog {
    pub fn new(world: &World, keep: Keep) -> Self {
        UsageLog {
            points: (0..world.types.len())
                .map(|_| SeriesPoints::new(keep))
                .collect(),
            areas: vec![ShareAreas::default(); world.shares.len()],
            levels: vec![ShareAreas::default(); world.shares.len()],
            type_levels: vec![vec![ShareAreas::default(); world.shares.len()]; world.types.len()],
            level_changed: vec![false; world.shares.len()],
            last_sample: 0,
        }
    }

    /// Each type's points, moved out (the run is over).
    pub fn take_points(&mut self) -> Vec<SeriesPoints> {
        std::mem::take(&mut self.points)
    }

    /// Each share's areas in instance-hours, and its own utilisation (0 without own limits).
    pub fn share_times(&self) -> Vec<ShareTime> {
        self.areas
            .iter()
            .map(|a| ShareTime {
                borrowed_instance_h: a.borrowed / 3600.0,
                lent_instance_h: a.lent / 3600.0,
                own_utilization: if a.own_limit > 0.0 {
                    a.own_used / a.own_limit
                } else {
                    0.0
                },
            })
            .collect()
    }

    /// Records usage per type after an instant, for the types that changed, and integrates the
    /// share areas over the time since the last instant (usage is constant between instants).
    pub fn sample(&mut self, world: &World, cap: &mut Capacity, now: Seconds) {
        let dt = (now - self.last_sample) as f64;
        if dt > 0.0 {
            for (area, level) in self.areas.iter_mut().zip(&self.levels) {
                area.borrowed += level.borrowed * dt;
                area.lent += level.lent * dt;
                area.own_used += level.own_used * dt;
                area.own_limit += level.own_limit * dt;
            }
        }
        let terms_changed = std::mem::take(&mut cap.terms_changed);
        for t in 0..world.types.len() {
            if !std::mem::take(&mut cap.touched[t]) {
                continue;
            }
            // Compared in place: a type is often touched (a tentative release during victim
            // choice, a start and an end at one instant) without its levels changing. The
            // levels follow from the point's usage, capacity and limits, and the strategies.
            let unchanged = self.points[t]
                .last()
                .is_some_and(|last| usage_unchanged(world, cap, t, last));
            if !unchanged || terms_changed {
                write_type_levels(cap, t, &mut self.type_levels[t], &mut self.level_changed);
            }
            // New terms can change what is lent (a strategy) without changing the usage.
            let lent_unchanged = || {
                self.points[t]
                    .last()
                    .is_some_and(|last| last.lent == lent(&self.type_levels[t]))
            };
            if !unchanged || (terms_changed && !lent_unchanged()) {
                let point = usage_point(world, cap, t, now, &self.type_levels[t]);
                self.points[t].push(point);
            }
        }
        // Summed afresh rather than updated by differences, so no rounding drift builds up; only
        // the shares whose level changed somewhere (the others' sums would come out the same).
        for (s, total) in self.levels.iter_mut().enumerate() {
            if !std::mem::take(&mut self.level_changed[s]) {
                continue;
            }
            *total = ShareAreas::default();
            for levels in &self.type_levels {
                total.add(&levels[s]);
            }
        }
        self.last_sample = now;
    }
}

/// Instances of `t` in use on all its pools (the usage of a scenario without shares).
fn type_used(world: &World, cap: &Capacity, t: TypeId) -> u32 {
    world.type_pools[t].iter().map(|&p| cap.pool_used[p]).sum()
}

/// Instances in use and offered per pool kind of `t`.
fn pool_levels(world: &World, cap: &Capacity, t: TypeId) -> (PoolLevels, PoolLevels) {
    let mut used = PoolLevels::default();
    let mut capacity = PoolLevels::default();
    for &p in &world.type_pools[t] {
        let kind = world.pools[p].kind.result_kind();
        used.add(kind, cap.pool_used[p]);
        capacity.add(kind, cap.pool_capacity(world, p));
    }
    (used, capacity)
}

/// Each share's lent instances, or nothing when no share lends any: most points of a large run
/// lend nothing, and an empty list costs no allocation.
fn lent(levels: &[ShareAreas]) -> Vec<f64> {
    if levels.iter().all(|l| l.lent == 0.0) {
        Vec::new()
    } else {
        levels.iter().map(|l| l.lent).collect()
    }
}

/// On-demand capacity of `t` that no share's limit covers.
fn unowned(cap: &Capacity, t: TypeId) -> u32 {
    let owned: u32 = cap.terms.iter().map(|terms| terms.own(t)).sum();
    cap.on_demand[t].saturating_sub(owned)
}

/// Whether `last` still describes type `t`: the same capacity, pool levels, usage and limits per
/// share (the borrowed and unowned counts follow from usage, capacity and limits; what is lent
/// also from the strategies, checked by the caller when they change).
fn usage_unchanged(world: &World, cap: &Capacity, t: TypeId, last: &UsagePoint) -> bool {
    if last.capacity != cap.on_demand[t]
        || (last.pool_used, last.pool_capacity) != pool_levels(world, cap, t)
    {
        return false;
    }
    if world.shares.is_empty() {
        return last.used == [type_used(world, cap, t)] && last.limits.is_empty();
    }
    let shares = world.shares.len();
    last.used.len() == shares
        && last.limits.len() == shares
        && (0..shares)
            .all(|s| last.used[s] == cap.share_used[s][t] && last.limits[s] == cap.terms[s].own(t))
}

/// The point of `t` now; `levels` are its shares' levels, just written.
fn usage_point(
    world: &World,
    cap: &Capacity,
    t: TypeId,
    now: Seconds,
    levels: &[ShareAreas],
) -> UsagePoint {
    let (used, borrowed, limits) = if world.shares.is_empty() {
        (vec![type_used(world, cap, t)], vec![0], Vec::new())
    } else {
        (
            (0..world.shares.len())
                .map(|s| cap.share_used[s][t])
                .collect(),
            (0..world.shares.len())
                .map(|s| cap.borrowed(s, t))
                .collect(),
            (0..world.shares.len())
                .map(|s| cap.terms[s].own(t))
                .collect(),
        )
    };
    let (pool_used, pool_capacity) = pool_levels(world, cap, t);
    UsagePoint {
        t_h: hours(now),
        capacity: cap.on_demand[t],
        used,
        borrowed,
        limits,
        lent: lent(levels),
        unowned: unowned(cap, t),
        pool_used,
        pool_capacity,
    }
}

/// Each share's instance levels on one type right now. Lent capacity: what is borrowed beyond
/// the unowned capacity is drawn from the lending shares' idle capacity pro rata (our
/// attribution; the quota invariant guarantees it is there). Written in place: this runs after
/// every instant; `changed` marks the shares whose level differs from before.
fn write_type_levels(cap: &Capacity, t: TypeId, levels: &mut [ShareAreas], changed: &mut [bool]) {
    let shares = cap.terms.len();
    let drawn = f64::from(cap.total_borrowed(t).saturating_sub(unowned(cap, t)));
    let idle = |s: usize| {
        if cap.terms[s].strategy.lends() {
            f64::from(cap.terms[s].own(t).saturating_sub(cap.share_used[s][t]))
        } else {
            0.0
        }
    };
    let idle_total: f64 = (0..shares).map(idle).sum();
    for (s, level) in levels.iter_mut().enumerate().take(shares) {
        let own = cap.terms[s].own(t);
        let current = ShareAreas {
            borrowed: f64::from(cap.borrowed(s, t)),
            own_used: f64::from(cap.share_used[s][t].min(own)),
            own_limit: f64::from(own),
            lent: if idle_total > 0.0 {
                drawn.min(idle_total) * idle(s) / idle_total
            } else {
                0.0
            },
        };
        if *level != current {
            *level = current;
            changed[s] = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::result::{PoolLevels, UsagePoint};
    use crate::{simulate, Scenario};

    fn points(instance_type: &str) -> Vec<UsagePoint> {
        let scenario = Scenario::from_json(include_str!(
            "../result/fixtures/fallback-reclaim-owned-plan.json"
        ))
        .expect("a valid fixture");
        let result = simulate(&scenario);
        let series = result
            .usage
            .into_iter()
            .find(|u| u.instance_type == instance_type);
        series.expect("a used type").points
    }

    /// Worked by hand: the g5.12xlarge capacity (2) is all owned (A 1, B 1), so nothing is
    /// unowned, and B1's second instance at 0 h is drawn from A's idle limit: A lends 1. At 2 h
    /// A reclaims it and lends nothing; at 3 h B1 starts again and borrows A's again.
    #[test]
    fn a_borrowed_instance_is_lent_by_the_idle_owner() {
        let points = points("ml.g5.12xlarge");
        let at = |t: f64| points.iter().find(|p| p.t_h == t).expect("a point");
        assert_eq!((at(0.0).unowned, at(0.0).lent.clone()), (0, vec![1.0, 0.0]));
        assert!(
            at(2.0).lent.is_empty(),
            "nothing is lent, so the list is empty"
        );
        assert_eq!(at(3.0).lent, [1.0, 0.0]);
        assert!(points.iter().all(|p| p.pool_used.spot == 0));
    }

    /// A2 holds the plan's one instance from 0 to 4 h; the block stops offering it 30 minutes
    /// before it ends at 10 h (SEMANTICS §1); on-demand p4d capacity is 0 throughout.
    #[test]
    fn plan_use_is_its_own_pool_not_on_demand() {
        let points = points("ml.p4d.24xlarge");
        let level = |t: f64| {
            let p = points.iter().rev().find(|p| p.t_h <= t).expect("a point");
            (p.pool_used, p.pool_capacity)
        };
        let plan = |n| PoolLevels {
            training_plan: n,
            ..PoolLevels::default()
        };
        assert_eq!(level(1.0), (plan(1), plan(1)));
        assert_eq!(level(5.0), (plan(0), plan(1)));
        assert_eq!(level(9.5), (plan(0), plan(0)));
        assert!(points
            .iter()
            .all(|p| p.capacity == 0 && p.pool_used.on_demand == 0));
    }
}
