//! The mutable state of a run: pool occupancy, share usage, and the quota arithmetic of
//! SEMANTICS §2 (borrowed, unowned, lendable, the invariant) that every decision consults.

use super::world::{PoolId, PoolKind, ShareId, ShareTerms, TypeId, World};
use crate::scenario::Strategy;

pub struct Capacity {
    /// Instances in use per pool.
    pub pool_used: Vec<u32>,
    /// Current on-demand level per type.
    pub on_demand: Vec<u32>,
    /// Whether each training plan has a block open for new starts.
    pub plan_open: Vec<bool>,
    /// `u(S,t)`: instances of type t held by share S's jobs, any pool. Changed only through
    /// `occupy` and `release`, which keep `sums` up to date.
    pub share_used: Vec<Vec<u32>>,
    /// The shares' current terms; changed only through `update_terms`.
    pub terms: Vec<ShareTerms>,
    /// Per type, the sums over shares that the quota arithmetic needs, kept up to date so each
    /// check costs the same whatever the number of shares.
    sums: Vec<TypeSums>,
    /// Types whose usage, capacity or terms changed since the usage series last looked.
    pub touched: Vec<bool>,
    /// Whether any share's terms changed since the usage series last looked.
    pub terms_changed: bool,
}

/// Sums over shares for one type (SEMANTICS §2).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct TypeSums {
    /// `sum over S of borrowed(S,t)`.
    borrowed: i64,
    /// The idle own capacity of lending shares, `sum over lending S of max(0, max(S,t) - u(S,t))`.
    idle_lent: i64,
    /// `sum over S of max(S,t)`.
    owned: i64,
}

impl TypeSums {
    /// Adds (`sign` 1) or takes away (`sign` -1) share `s`'s part.
    fn add_share(&mut self, terms: &ShareTerms, used: u32, t: TypeId, sign: i64) {
        let (borrowed, idle) = share_part(terms, i64::from(used), t);
        self.borrowed += sign * borrowed;
        self.idle_lent += sign * idle;
        self.owned += sign * i64::from(terms.own(t));
    }
}

/// A share's borrowed instances of a type and the idle own capacity it lends, at usage `used`.
fn share_part(terms: &ShareTerms, used: i64, t: TypeId) -> (i64, i64) {
    let own = i64::from(terms.own(t));
    let idle = if terms.strategy.lends() {
        (own - used).max(0)
    } else {
        0
    };
    ((used - own).max(0), idle)
}

impl Capacity {
    pub fn new(world: &World) -> Self {
        let mut cap = Capacity {
            pool_used: vec![0; world.pools.len()],
            on_demand: world.on_demand.iter().map(|steps| steps[0].1).collect(),
            plan_open: vec![false; world.plans.len()],
            touched: vec![true; world.types.len()],
            terms_changed: false,
            share_used: vec![vec![0; world.types.len()]; world.shares.len()],
            terms: world
                .shares
                .iter()
                .map(|s| ShareTerms {
                    name: s.name.clone(),
                    limits: s.limits.clone(),
                    strategy: s.strategy,
                    borrow_limit: s.borrow_limit,
                    in_share_preemption: s.in_share_preemption,
                })
                .collect(),
            sums: Vec::new(),
        };
        cap.recount();
        cap
    }

    /// Recomputes every type's sums from scratch.
    fn recount(&mut self) {
        self.sums = (0..self.on_demand.len())
            .map(|t| {
                let mut sums = TypeSums::default();
                for (s, terms) in self.terms.iter().enumerate() {
                    sums.add_share(terms, self.share_used[s][t], t, 1);
                }
                sums
            })
            .collect();
    }

    /// Changes share `s`'s terms (a scripted update).
    pub fn update_terms(&mut self, s: ShareId, change: impl FnOnce(&mut ShareTerms)) {
        change(&mut self.terms[s]);
        self.terms_changed = true;
        self.recount();
    }

    /// Changes share `s`'s usage of `t` by `delta`, keeping the type's sums.
    fn change_usage(&mut self, s: ShareId, t: TypeId, delta: i64) {
        let used = self.share_used[s][t];
        let terms = &self.terms[s];
        self.sums[t].add_share(terms, used, t, -1);
        let after = u32::try_from(i64::from(used) + delta).expect("usage stays within u32");
        self.sums[t].add_share(terms, after, t, 1);
        self.share_used[s][t] = after;
    }

    /// Instances the pool offers right now for new starts.
    pub fn pool_capacity(&self, world: &World, pool: PoolId) -> u32 {
        let p = &world.pools[pool];
        match p.kind {
            PoolKind::OnDemand => self.on_demand[p.instance_type],
            PoolKind::Spot => world.spot[p.instance_type].map_or(0, |s| s.0),
            PoolKind::Plan(plan) => {
                if self.plan_open[plan] {
                    world.plans[plan].count
                } else {
                    0
                }
            }
        }
    }

    pub fn pool_free(&self, world: &World, pool: PoolId) -> u32 {
        self.pool_capacity(world, pool)
            .saturating_sub(self.pool_used[pool])
    }

    pub fn occupy(&mut self, pool: PoolId, t: TypeId, share: Option<ShareId>, count: u32) {
        self.pool_used[pool] += count;
        self.touched[t] = true;
        if let Some(s) = share {
            self.change_usage(s, t, i64::from(count));
        }
    }

    pub fn release(&mut self, pool: PoolId, t: TypeId, share: Option<ShareId>, count: u32) {
        self.pool_used[pool] -= count;
        self.touched[t] = true;
        if let Some(s) = share {
            self.change_usage(s, t, -i64::from(count));
        }
    }

    /// `borrowed(S,t) = max(0, u(S,t) - max(S,t))`.
    pub fn borrowed(&self, s: ShareId, t: TypeId) -> u32 {
        self.share_used[s][t].saturating_sub(self.terms[s].own(t))
    }

    /// `sum over S of borrowed(S,t) - lendable(t)`, with `extra` instances added to one share
    /// first. Lendable is the unowned capacity plus the idle capacity of every lending share.
    pub fn excess(&self, t: TypeId, extra: Option<(ShareId, u32)>) -> i64 {
        let mut sums = self.sums[t];
        if let Some((s, count)) = extra {
            let terms = &self.terms[s];
            let used = i64::from(self.share_used[s][t]);
            let (borrowed, idle) = share_part(terms, used, t);
            let (borrowed_after, idle_after) = share_part(terms, used + i64::from(count), t);
            sums.borrowed += borrowed_after - borrowed;
            sums.idle_lent += idle_after - idle;
        }
        let unowned = (i64::from(self.on_demand[t]) - sums.owned).max(0);
        sums.borrowed - (unowned + sums.idle_lent)
    }

    /// Total borrowed instances of a type across shares.
    pub fn total_borrowed(&self, t: TypeId) -> u32 {
        u32::try_from(self.sums[t].borrowed).expect("borrowed counts fit u32")
    }

    /// Whether the share's strategy lets it hold `used` instances of `t` (own limit, or own plus
    /// borrow limit for `LEND_AND_BORROW`).
    pub fn strategy_allows(&self, s: ShareId, t: TypeId, used: u32) -> bool {
        self.terms[s].limits[t].is_some() && self.terms[s].ceiling(t).is_none_or(|c| used <= c)
    }

    /// Whether the share holds more of `t` than its strategy allows (after an update).
    pub fn over_strategy(&self, s: ShareId, t: TypeId) -> bool {
        let used = self.share_used[s][t];
        used > 0 && !self.strategy_allows(s, t, used)
    }

    pub fn can_borrow(&self, s: ShareId) -> bool {
        self.terms[s].strategy == Strategy::LendAndBorrow
    }
}
