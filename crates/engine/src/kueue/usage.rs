//! Quota use over time under Kueue's rules: one utilisation series per flavor, in the flavor's
//! reported resource (its accelerators when a queue covers them, else its first covered
//! resource), and per ClusterQueue and resource the resource-hours used, borrowed and lent
//! (docs/KUEUE.md, "Results"). Lending is our attribution, as under AWS rules: what the queues
//! of a tree borrow beyond the cohorts' own quota is drawn from the lenders' idle nominal
//! quota, pro rata.

use super::tree::Usage;
use super::world::{Fr, World};
use crate::result::drawn_usage::SeriesPoints;
use crate::result::{PoolLevels, UsagePoint};
use crate::scenario::kueue::ACCELERATOR_RESOURCES;
use crate::sim::Keep;
use crate::time::{hours, Seconds};

/// Per queue and FR, integrated amount-seconds.
#[derive(Clone, Copy, Default)]
pub struct Areas {
    pub used: f64,
    pub nominal: f64,
    pub borrowed: f64,
    pub lent: f64,
}

pub struct UsageLog {
    /// The FRs any queue or cohort has quota or a listing for.
    frs: Vec<Fr>,
    /// Per reported flavor: its FR, and its points (thinned as they come in a run that is only
    /// drawn).
    series: Vec<(usize, Fr, SeriesPoints)>,
    /// Per queue, per entry of `frs`.
    pub areas: Vec<Vec<Areas>>,
    levels: Vec<Vec<Areas>>,
    /// The queues and entries of `frs` whose level is not all zero: the only areas an
    /// interval adds to (adding 0 leaves a sum as it is), so an instant costs what is in use,
    /// not every queue times every FR (docs/PERFORMANCE.md, "Under Kueue's rules").
    in_use: Vec<(usize, usize)>,
    last_usage: Option<Usage>,
    last_sample: Seconds,
}

impl UsageLog {
    pub fn new(world: &World, keep: Keep) -> UsageLog {
        let mut frs: Vec<Fr> = Vec::new();
        for q in &world.queues {
            for g in &q.groups {
                for &f in &g.flavors {
                    for &r in &g.resources {
                        frs.push(world.fr(f, r));
                    }
                }
            }
        }
        frs.sort_unstable();
        frs.dedup();
        let series = (0..world.flavors.len())
            .filter_map(|f| {
                reported_resource(world, f).map(|r| (f, world.fr(f, r), SeriesPoints::new(keep)))
            })
            .collect();
        let width = frs.len();
        UsageLog {
            frs,
            series,
            areas: vec![vec![Areas::default(); width]; world.queues.len()],
            levels: vec![vec![Areas::default(); width]; world.queues.len()],
            in_use: Vec::new(),
            last_usage: None,
            last_sample: 0,
        }
    }

    /// The FRs the areas are kept for, in their order.
    pub fn frs(&self) -> &[Fr] {
        &self.frs
    }

    /// After an instant: integrates the levels since the last one and, for each FR whose usage
    /// changed, takes its new levels and adds a point to its series. Every level and point of an
    /// FR depends on that FR's usage alone, so the FRs that did not change keep theirs.
    pub fn sample(&mut self, world: &World, usage: &Usage, now: Seconds) {
        let dt = (now - self.last_sample) as f64;
        if dt > 0.0 {
            for &(c, i) in &self.in_use {
                let area = &mut self.areas[c][i];
                let level = &self.levels[c][i];
                area.used += level.used * dt;
                area.nominal += level.nominal * dt;
                area.borrowed += level.borrowed * dt;
                area.lent += level.lent * dt;
            }
        }
        self.last_sample = now;
        let changed: Vec<bool> = match &mut self.last_usage {
            Some(last) if last == usage => return,
            Some(last) => {
                let changed = usage.changed_frs(last);
                last.clone_from(usage);
                changed
            }
            None => {
                self.last_usage = Some(usage.clone());
                vec![true; world.frs()]
            }
        };
        self.take_levels(world, usage, &changed);
        // Only the changed FRs' levels moved: their entries are taken anew, the rest kept. Each
        // area is a sum of its own, so the order of the list does not matter.
        let frs = &self.frs;
        self.in_use.retain(|&(_, i)| !changed[frs[i]]);
        for (i, &fr) in frs.iter().enumerate() {
            if !changed[fr] {
                continue;
            }
            for (c, row) in self.levels.iter().enumerate() {
                let l = &row[i];
                if l.used != 0.0 || l.nominal != 0.0 || l.borrowed != 0.0 || l.lent != 0.0 {
                    self.in_use.push((c, i));
                }
            }
        }
        self.add_points(world, usage, now, &changed);
    }

    fn take_levels(&mut self, world: &World, usage: &Usage, changed: &[bool]) {
        for (i, &fr) in self.frs.iter().enumerate() {
            if !changed[fr] {
                continue;
            }
            let mut borrowed_total = 0.0;
            let mut idle_total = 0.0;
            for (c, q) in world.queues.iter().enumerate() {
                let node = &world.nodes[q.node];
                let used = usage.of(q.node, fr) as f64;
                let nominal = node.nominal[fr] as f64;
                let lendable = node.lending_limit[fr].map_or(nominal, |ll| ll as f64);
                let level = &mut self.levels[c][i];
                level.used = used;
                level.nominal = nominal;
                level.borrowed = (used - nominal).max(0.0);
                level.lent = (nominal - used).clamp(0.0, lendable.max(0.0));
                borrowed_total += level.borrowed;
                if node.parent.is_some() {
                    idle_total += level.lent;
                }
            }
            let cohorts_own: f64 = world
                .nodes
                .iter()
                .filter(|n| n.cq.is_none())
                .map(|n| n.nominal[fr] as f64)
                .sum();
            let drawn = (borrowed_total - cohorts_own).max(0.0).min(idle_total);
            for (c, q) in world.queues.iter().enumerate() {
                let level = &mut self.levels[c][i];
                level.lent = if world.nodes[q.node].parent.is_some() && idle_total > 0.0 {
                    level.lent * drawn / idle_total
                } else {
                    0.0
                };
            }
        }
    }

    fn add_points(&mut self, world: &World, usage: &Usage, now: Seconds, changed: &[bool]) {
        for (f, fr, points) in &mut self.series {
            if !changed[*fr] {
                continue;
            }
            let flavor = &world.flavors[*f];
            let (_, resource) = world.fr_parts(*fr);
            let unit = |v: i64| chart_units(&world.resources[resource], v);
            let at = self.frs.iter().position(|x| x == fr);
            let used: Vec<u32> = world
                .queues
                .iter()
                .map(|q| unit(usage.of(q.node, *fr)))
                .collect();
            let limits: Vec<u32> = world
                .queues
                .iter()
                .map(|q| unit(world.nodes[q.node].nominal[*fr]))
                .collect();
            let borrowed = used
                .iter()
                .zip(&limits)
                .map(|(u, l)| u.saturating_sub(*l))
                .collect();
            let lent = match at {
                Some(i) if self.levels.iter().any(|l| l[i].lent > 0.0) => self
                    .levels
                    .iter()
                    .map(|l| chart_units_f(&world.resources[resource], l[i].lent))
                    .collect(),
                _ => Vec::new(),
            };
            // Every node's own quota: what the queues keep private under a lending limit is
            // quota too, though their cohort never sees it.
            let capacity: i64 = world.nodes.iter().map(|n| n.nominal[*fr]).sum();
            let capacity = unit(capacity);
            // Chart units stop at u32::MAX per queue (`chart_units`), so their sums saturate too.
            let total_used = saturating_sum(&used);
            let mut pool_used = PoolLevels::default();
            let mut pool_capacity = PoolLevels::default();
            let kind = if flavor.spot {
                crate::result::PoolKind::Spot
            } else {
                crate::result::PoolKind::OnDemand
            };
            pool_used.add(kind, total_used);
            pool_capacity.add(kind, capacity);
            let point = UsagePoint {
                t_h: hours(now),
                capacity,
                unowned: capacity.saturating_sub(saturating_sum(&limits)),
                used,
                borrowed,
                limits,
                lent,
                pool_used,
                pool_capacity,
            };
            let unchanged = points.last().is_some_and(|p: &UsagePoint| {
                p.used == point.used && p.capacity == point.capacity && p.lent == point.lent
            });
            if !unchanged {
                points.push(point);
            }
        }
    }

    /// The series, moved out (the run is over), with their units.
    pub fn take_series(&mut self, world: &World) -> Vec<crate::result::UsageSeries> {
        std::mem::take(&mut self.series)
            .into_iter()
            .map(|(f, fr, points)| {
                let (_, r) = world.fr_parts(fr);
                let (points, points_in_run) = points.finish();
                crate::result::UsageSeries {
                    instance_type: world.flavors[f].name.clone(),
                    unit: Some(unit_name(&world.resources[r])),
                    points,
                    points_in_run,
                }
            })
            .collect()
    }
}

/// The resource a flavor's series counts: the first accelerator resource a queue covers with
/// it, else the first resource it is covered for.
fn reported_resource(world: &World, f: usize) -> Option<usize> {
    let covered: Vec<usize> = world
        .queues
        .iter()
        .flat_map(|q| &q.groups)
        .filter(|g| g.flavors.contains(&f))
        .flat_map(|g| g.resources.iter().copied())
        .collect();
    covered
        .iter()
        .copied()
        .find(|&r| ACCELERATOR_RESOURCES.contains(&world.resources[r].as_str()))
        .or_else(|| covered.first().copied())
}

fn saturating_sum(values: &[u32]) -> u32 {
    values.iter().fold(0, |sum, &v| sum.saturating_add(v))
}

/// A Kueue amount in the unit people read: cores for `cpu` (milli-cores in Kueue), GiB for
/// memory and storage (bytes), the resource's own unit otherwise; rounded up.
pub fn chart_units(resource: &str, amount: i64) -> u32 {
    chart_units_f(resource, amount as f64).ceil() as u32
}

fn chart_units_f(resource: &str, amount: f64) -> f64 {
    let per = unit_divisor(resource);
    (amount.max(0.0) / per).min(f64::from(u32::MAX))
}

/// What one chart unit of a resource is in Kueue's amounts.
pub fn unit_divisor(resource: &str) -> f64 {
    match resource {
        "cpu" => 1000.0,
        "memory" | "ephemeral-storage" => 1024.0 * 1024.0 * 1024.0,
        _ => 1.0,
    }
}

/// The unit of a resource's chart levels, for labels.
pub fn unit_name(resource: &str) -> String {
    match resource {
        "cpu" => "cpu cores".to_string(),
        "memory" | "ephemeral-storage" => format!("{resource} GiB"),
        other => other.to_string(),
    }
}
