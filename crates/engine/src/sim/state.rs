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
    /// `u(S,t)`: instances of type t held by share S's jobs, any pool.
    pub share_used: Vec<Vec<u32>>,
    /// The shares' current terms (scripted updates change them).
    pub terms: Vec<ShareTerms>,
    /// Types whose usage, capacity or terms changed since the usage series last looked.
    pub touched: Vec<bool>,
}

impl Capacity {
    pub fn new(world: &World) -> Self {
        Capacity {
            pool_used: vec![0; world.pools.len()],
            on_demand: world.on_demand.iter().map(|steps| steps[0].1).collect(),
            plan_open: vec![false; world.plans.len()],
            touched: vec![true; world.types.len()],
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
        }
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
            self.share_used[s][t] += count;
        }
    }

    pub fn release(&mut self, pool: PoolId, t: TypeId, share: Option<ShareId>, count: u32) {
        self.pool_used[pool] -= count;
        self.touched[t] = true;
        if let Some(s) = share {
            self.share_used[s][t] -= count;
        }
    }

    /// `borrowed(S,t) = max(0, u(S,t) - max(S,t))`.
    pub fn borrowed(&self, s: ShareId, t: TypeId) -> u32 {
        self.share_used[s][t].saturating_sub(self.terms[s].own(t))
    }

    /// `sum over S of borrowed(S,t) - lendable(t)`, with `extra` instances added to one share
    /// first. Lendable is the unowned capacity plus the idle capacity of every lending share.
    pub fn excess(&self, t: TypeId, extra: Option<(ShareId, u32)>) -> i64 {
        let mut borrowed = 0i64;
        let mut idle_lent = 0i64;
        let mut owned = 0i64;
        for (s, terms) in self.terms.iter().enumerate() {
            let own = i64::from(terms.own(t));
            let used = i64::from(self.share_used[s][t])
                + extra.filter(|e| e.0 == s).map_or(0, |e| i64::from(e.1));
            owned += own;
            borrowed += (used - own).max(0);
            if terms.strategy.lends() {
                idle_lent += (own - used).max(0);
            }
        }
        let unowned = (i64::from(self.on_demand[t]) - owned).max(0);
        borrowed - (unowned + idle_lent)
    }

    /// Total borrowed instances of a type across shares.
    pub fn total_borrowed(&self, t: TypeId) -> u32 {
        (0..self.terms.len()).map(|s| self.borrowed(s, t)).sum()
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
