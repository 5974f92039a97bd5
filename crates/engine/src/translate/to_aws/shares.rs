//! A ClusterQueue as an AWS quota share (docs/KUEUE-TRANSLATION.md, "Shares"): its limit per
//! type is its nominal quota in instances (at least 1 when the quota is above 0); `lendingLimit`
//! and `borrowingLimit` 0 is `RESERVE`, `borrowingLimit` 0 `LEND`, anything else
//! `LEND_AND_BORROW` with the borrowing limit as a percentage of the nominal quota (none: no
//! cap). A queue in no cohort can neither lend nor borrow: `RESERVE`.

use super::super::notes::Notes;
use super::capacity::instances;
use super::flavors::Flavors;
use crate::scenario::kueue::{ClusterQueue, ReclaimPolicy, WithinClusterQueue};
use crate::scenario::{Strategy, UNLIMITED_BORROW};

/// AWS: a share has at most 5 capacity limits.
const MAX_LIMITS: usize = 5;

/// One flavor quota of a queue, in instances and in its counting resource's units.
struct Quota {
    instance_type: String,
    spot: bool,
    instances: u64,
    nominal: u64,
    borrowing: Option<u64>,
    lending: Option<u64>,
    /// Per instance, in the counting resource.
    per: u64,
}

/// A queue's terms as a share.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Terms {
    pub name: String,
    pub limits: Vec<(String, u32)>,
    pub strategy: Strategy,
    pub borrow_limit: Option<i64>,
    pub in_share_preemption: bool,
}

impl Terms {
    /// Instances of all its limits, which ranks queues when they must be pooled.
    pub fn size(&self) -> u64 {
        self.limits.iter().map(|(_, n)| u64::from(*n)).sum()
    }
}

fn quotas(q: &ClusterQueue, flavors: &Flavors) -> Vec<Quota> {
    let mut out = Vec::new();
    for fq in q.resource_groups.iter().flat_map(|g| &g.flavors) {
        let Some(t) = flavors.get(&fq.name) else {
            continue;
        };
        let Some(n) = instances(&t.def, fq) else {
            continue;
        };
        out.push(Quota {
            instance_type: t.def.name.clone(),
            spot: t.spot,
            instances: n.nominal,
            nominal: n.nominal_units(),
            borrowing: n.limit_units(n.quota.borrowing_limit.as_ref()),
            lending: n.limit_units(n.quota.lending_limit.as_ref()),
            per: n.per,
        });
    }
    out
}

/// Limits per type: the on-demand flavors' nominal quotas, else the spot ones', summed, in the
/// order the flavors are listed; at most [`MAX_LIMITS`], the largest kept.
fn limits(path: &str, quotas: &[Quota], notes: &mut Notes) -> Vec<(String, u32)> {
    let mut types: Vec<&str> = Vec::new();
    for q in quotas {
        if !types.contains(&q.instance_type.as_str()) {
            types.push(&q.instance_type);
        }
    }
    let mut limits: Vec<(String, u32)> = types
        .into_iter()
        .filter_map(|t| {
            let sum = |spot: bool| -> u64 {
                quotas
                    .iter()
                    .filter(|q| q.instance_type == t && q.spot == spot)
                    .map(|q| q.instances)
                    .sum()
            };
            let n = Some(sum(false))
                .filter(|&n| n > 0)
                .unwrap_or_else(|| sum(true));
            (n > 0).then(|| (t.to_string(), u32::try_from(n).unwrap_or(u32::MAX)))
        })
        .collect();
    if limits.len() > MAX_LIMITS {
        let mut by_size: Vec<usize> = (0..limits.len()).collect();
        by_size.sort_by_key(|&i| std::cmp::Reverse(limits[i].1));
        let keep: Vec<usize> = by_size[..MAX_LIMITS].to_vec();
        let dropped: Vec<String> = (0..limits.len())
            .filter(|i| !keep.contains(i))
            .map(|i| format!("{} x {}", limits[i].1, limits[i].0))
            .collect();
        notes.dropped(
            format!("{path}.resource_groups"),
            format!(
                "AWS shares have at most {MAX_LIMITS} limits: the largest are kept, {} dropped",
                dropped.join(", ")
            ),
        );
        limits = (0..limits.len())
            .filter(|i| keep.contains(i))
            .map(|i| limits[i].clone())
            .collect();
    }
    limits
}

/// The share a ClusterQueue becomes; `None` when it has no flavor of a known type at all.
pub(super) fn terms(
    i: usize,
    q: &ClusterQueue,
    flavors: &Flavors,
    notes: &mut Notes,
) -> Option<Terms> {
    let path = format!("kueue.cluster_queues[{i}]");
    let all = quotas(q, flavors);
    let owned: Vec<&Quota> = all.iter().filter(|x| x.nominal > 0).collect();
    let mut limits = limits(&path, &all, notes);
    if limits.is_empty() {
        let first = all.first()?;
        notes.approximated(&path, format!("ClusterQueue {} has no nominal quota; an AWS share holds at least 1 instance: a limit of 1 {}", q.name, first.instance_type));
        limits.push((first.instance_type.clone(), 1));
    }
    let (strategy, borrow_limit) = strategy(&path, q, &all, &owned, notes);
    policy_notes(&path, q, strategy, notes);
    Some(Terms {
        name: q.name.clone(),
        limits,
        strategy,
        borrow_limit,
        in_share_preemption: q.preemption.within_cluster_queue != WithinClusterQueue::Never,
    })
}

fn strategy(
    path: &str,
    q: &ClusterQueue,
    all: &[Quota],
    owned: &[&Quota],
    notes: &mut Notes,
) -> (Strategy, Option<i64>) {
    if q.cohort.is_none() {
        notes.carried(
            path,
            format!(
                "ClusterQueue {} is in no cohort: it neither lends nor borrows, RESERVE",
                q.name
            ),
        );
        return (Strategy::Reserve, None);
    }
    let lends_nothing = !owned.is_empty() && owned.iter().all(|x| x.lending == Some(0));
    let borrows_nothing = owned.iter().all(|x| x.borrowing == Some(0)) && !owned.is_empty();
    if owned
        .iter()
        .any(|x| x.lending.is_some_and(|l| l > 0 && l < x.nominal))
    {
        notes.approximated(path, format!("ClusterQueue {}: a lendingLimit below the nominal quota has no AWS counterpart; the share lends all its idle capacity", q.name));
    }
    match (lends_nothing, borrows_nothing) {
        (true, true) => (Strategy::Reserve, None),
        (false, true) => (Strategy::Lend, None),
        (lends, false) => {
            if lends {
                notes.approximated(path, format!("ClusterQueue {} borrows but lends nothing (lendingLimit 0); AWS has no such strategy: LEND_AND_BORROW, which lends", q.name));
            }
            let basis: Vec<&Quota> = if owned.is_empty() {
                all.iter().collect()
            } else {
                owned.to_vec()
            };
            (
                Strategy::LendAndBorrow,
                Some(percent(path, q, &basis, notes)),
            )
        }
    }
}

/// The borrow limit as a percentage of the nominal quota, read from the largest flavor with a
/// `borrowingLimit` (the finest one: a limit rounded down to whole accelerators loses least
/// there); -1 when none has one. A note when another flavor's limit is not that percentage of
/// its own quota, rounded down, as [`super::super::to_kueue`] writes it.
fn percent(path: &str, q: &ClusterQueue, quotas: &[&Quota], notes: &mut Notes) -> i64 {
    let basis = |x: &Quota| {
        if x.nominal > 0 {
            x.nominal
        } else {
            x.per.max(1)
        }
    };
    let largest = quotas
        .iter()
        .filter(|x| x.borrowing.is_some())
        .max_by_key(|x| basis(x));
    let Some(largest) = largest else {
        return UNLIMITED_BORROW;
    };
    let b = largest.borrowing.unwrap_or(0);
    let chosen = ((b as f64) * 100.0 / basis(largest) as f64).round() as i64;
    let agrees = |x: &&Quota| {
        x.borrowing.is_some_and(|bl| {
            let p = u128::try_from(chosen).unwrap_or(0);
            u128::from(basis(x)) * p / 100 == u128::from(bl)
        })
    };
    let words = crate::scenario::borrow_limit_words(chosen);
    if !quotas.iter().all(agrees) {
        notes.approximated(path, format!("ClusterQueue {}: its flavors' borrowingLimits are not one percentage of their nominal quotas; AWS takes one, {words} (from flavor {}'s {b} of {})", q.name, largest.instance_type, basis(largest)));
    } else if !(u128::from(b) * 100).is_multiple_of(u128::from(basis(largest))) {
        notes.approximated(
            path,
            format!(
                "ClusterQueue {}: borrowingLimit {b} of {} is {words}, rounded to a whole percent",
                q.name,
                basis(largest)
            ),
        );
    }
    chosen
}

/// What the share cannot state of the queue's policies.
fn policy_notes(path: &str, q: &ClusterQueue, strategy: Strategy, notes: &mut Notes) {
    let name = &q.name;
    if strategy.lends() && q.preemption.reclaim_within_cohort != ReclaimPolicy::Any {
        notes.approximated(format!("{path}.preemption.reclaim_within_cohort"), format!("ClusterQueue {name} reclaims {:?}; AWS reclaims lent capacity for every lender, from any borrower", q.preemption.reclaim_within_cohort));
    }
    if q.preemption.within_cluster_queue == WithinClusterQueue::LowerOrNewerEqualPriority {
        notes.approximated(format!("{path}.preemption.within_cluster_queue"), format!("ClusterQueue {name}: LowerOrNewerEqualPriority; AWS in-share preemption takes only strictly lower priorities"));
    }
    if q.preemption.borrow_within_cohort != Default::default() {
        notes.dropped(
            format!("{path}.preemption.borrow_within_cohort"),
            format!("ClusterQueue {name}: AWS has no preemption by a borrowing share"),
        );
    }
    if q.flavor_fungibility != Default::default() {
        notes.dropped(
            format!("{path}.flavor_fungibility"),
            format!(
                "ClusterQueue {name}: AWS tries each job's preference list in order, first fit"
            ),
        );
    }
    match &q.namespace_selector {
        None => notes.dropped(format!("{path}.namespace_selector"), format!("ClusterQueue {name} has no namespaceSelector, so Kueue admits from no namespace; the AWS share takes its jobs")),
        Some(s) if *s != Default::default() => notes.dropped(format!("{path}.namespace_selector"), format!("ClusterQueue {name}: AWS shares have no namespaces; every job of the queue is the share's")),
        Some(_) => {}
    }
    if q.stop_policy != Default::default() {
        notes.dropped(
            format!("{path}.stop_policy"),
            format!(
                "ClusterQueue {name} is stopped ({:?}); an AWS share always admits",
                q.stop_policy
            ),
        );
    }
    if q.fair_sharing.is_some() {
        notes.dropped(
            format!("{path}.fair_sharing"),
            format!("ClusterQueue {name}: AWS has no fair-sharing weights"),
        );
    }
}
