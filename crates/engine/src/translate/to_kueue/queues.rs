//! The Cohort and ClusterQueues of an AWS agreement (docs/KUEUE-TRANSLATION.md, "Shares"): a
//! share is a ClusterQueue of the same name whose nominal quota is its limit; the strategy is
//! its borrowing and lending limits; unowned capacity and the spot pools are the Cohort's own
//! quota. A scenario without shares is one ClusterQueue holding all capacity, in no cohort.

use super::super::notes::Notes;
use super::flavors::{FlavorPlan, TypeFlavors};
use crate::scenario::kueue::{
    ClusterQueue, Cohort, FlavorQuotas, LabelSelector, Preemption, QueueingStrategy, ReclaimPolicy,
    ResourceGroup, WithinClusterQueue,
};
use crate::scenario::{Queueing, QuotaShare, Scenario, Strategy};

/// The name of the one ClusterQueue of a scenario without quota shares.
pub const SINGLE_QUEUE: &str = "all-jobs";
/// The Cohort's name when the scenario's name gives no DNS label.
pub const DEFAULT_COHORT: &str = "quotalab";

/// The Cohort: the scenario's name as a DNS label.
pub(super) fn cohort_name(s: &Scenario) -> String {
    super::super::names::dns_label(&s.name).unwrap_or_else(|| DEFAULT_COHORT.to_string())
}

/// The Cohorts and ClusterQueues of the scenario's agreement.
pub(super) fn build(
    s: &Scenario,
    plan: &FlavorPlan,
    notes: &mut Notes,
) -> (Vec<Cohort>, Vec<ClusterQueue>) {
    if s.quota_shares.is_empty() {
        notes.carried(
            "quota_shares",
            format!("no shares: one ClusterQueue \"{SINGLE_QUEUE}\" in no cohort holds all capacity, and nothing preempts in it"),
        );
        return (Vec::new(), vec![single_queue(s, plan)]);
    }
    let name = cohort_name(s);
    let queues = s
        .quota_shares
        .iter()
        .enumerate()
        .map(|(i, share)| share_queue(i, share, s, plan, &name, notes))
        .collect();
    (vec![cohort(s, plan, &name, notes)], queues)
}

fn strategy_of(s: &Scenario) -> QueueingStrategy {
    match s.queueing {
        Queueing::StrictFifo => QueueingStrategy::StrictFIFO,
        Queueing::BestEffortFifo => QueueingStrategy::BestEffortFIFO,
    }
}

fn queue(
    name: &str,
    cohort: Option<&str>,
    s: &Scenario,
    flavors: Vec<FlavorQuotas>,
) -> ClusterQueue {
    ClusterQueue {
        name: name.to_string(),
        cohort: cohort.map(str::to_string),
        resource_groups: group(flavors),
        queueing_strategy: strategy_of(s),
        namespace_selector: Some(LabelSelector::default()),
        flavor_fungibility: Default::default(),
        preemption: Preemption::default(),
        fair_sharing: None,
        stop_policy: Default::default(),
    }
}

/// One resource group of `flavors` (which all list the plan's covered resources), or none when
/// there are no flavors.
fn group(flavors: Vec<FlavorQuotas>) -> Vec<ResourceGroup> {
    match flavors.first() {
        Some(first) => vec![ResourceGroup {
            covered_resources: first.resources.iter().map(|r| r.name.clone()).collect(),
            flavors,
        }],
        None => Vec::new(),
    }
}

fn single_queue(s: &Scenario, plan: &FlavorPlan) -> ClusterQueue {
    let none = |_| (None, None);
    let mut flavors = Vec::new();
    for t in &plan.types {
        if let Some(name) = &t.on_demand {
            flavors.push(quotas(name, plan, t, t.capacity, &none));
        }
        if let Some(name) = &t.spot {
            flavors.push(quotas(name, plan, t, t.spot_count, &none));
        }
    }
    queue(SINGLE_QUEUE, None, s, flavors)
}

fn quotas(
    name: &str,
    plan: &FlavorPlan,
    t: &TypeFlavors,
    instances: u32,
    limits: &dyn Fn(u64) -> (Option<u64>, Option<u64>),
) -> FlavorQuotas {
    FlavorQuotas {
        name: name.to_string(),
        resources: plan.quotas(t, u64::from(instances), limits),
    }
}

/// The Cohort's own quota: on-demand capacity no share owns, and every spot pool.
fn cohort(s: &Scenario, plan: &FlavorPlan, name: &str, notes: &mut Notes) -> Cohort {
    let none = |_| (None, None);
    let mut flavors = Vec::new();
    for (i, t) in plan.types.iter().enumerate() {
        let owned = s.owned_capacity(&t.instance_type);
        let unowned = s.unowned_capacity(&t.instance_type, t.capacity);
        if let Some(flavor) = &t.on_demand {
            capacity_note(s, t, owned, unowned, notes);
            if unowned > 0 {
                flavors.push(quotas(flavor, plan, t, unowned, &none));
            }
        }
        if let Some(flavor) = &t.spot {
            let at = s
                .spot
                .iter()
                .position(|p| p.instance_type == t.instance_type);
            notes.approximated(
                format!("spot[{}]", at.unwrap_or(i)),
                format!("{} spot instances of {} are the Cohort's own quota on flavor {flavor}; each share listing the type may borrow there up to what it may hold of the type. AWS counts a share's spot and on-demand instances against one limit, Kueue caps the two flavors apart", t.spot_count, t.instance_type),
            );
            if t.spot_count > 0 {
                flavors.push(quotas(flavor, plan, t, t.spot_count, &none));
            }
        }
    }
    Cohort {
        name: name.to_string(),
        parent: None,
        resource_groups: group(flavors),
        fair_sharing: None,
    }
}

fn capacity_note(s: &Scenario, t: &TypeFlavors, owned: u32, unowned: u32, notes: &mut Notes) {
    let path = match s
        .capacity
        .iter()
        .position(|c| c.instance_type == t.instance_type)
    {
        Some(i) => format!("capacity[{i}]"),
        None => "capacity".to_string(),
    };
    if owned > t.capacity {
        notes.approximated(path, format!("{}: the shares' limits own {owned} instances but only {} exist; Kueue admits by quota, so up to {owned} may run at once", t.instance_type, t.capacity));
    } else {
        notes.carried(path, format!("{}: {} instances: {owned} in the ClusterQueues' nominal quotas, {unowned} as the Cohort's own quota (borrowable by all, reclaimed by nobody)", t.instance_type, t.capacity));
    }
}

/// The borrowing and lending limits of one resource of a share's flavor, from its nominal.
fn limits_for(share: &QuotaShare) -> impl Fn(u64) -> (Option<u64>, Option<u64>) {
    let strategy = share.strategy;
    let percent = share.effective_borrow_limit();
    move |nominal| match strategy {
        Strategy::Reserve => (Some(0), Some(0)),
        Strategy::Lend => (Some(0), None),
        Strategy::LendAndBorrow if percent < 0 => (None, None),
        Strategy::LendAndBorrow => (Some(share_of(nominal, percent)), None),
    }
}

/// floor(nominal x percent / 100), exact in 128 bits.
fn share_of(nominal: u64, percent: i64) -> u64 {
    let p = u128::try_from(percent).unwrap_or(0);
    u64::try_from(u128::from(nominal) * p / 100).unwrap_or(u64::MAX)
}

/// What a share may hold of a type at most, per resource: its limit, plus its borrow limit.
fn most_for(share: &QuotaShare) -> impl Fn(u64) -> Option<u64> {
    let percent = share.effective_borrow_limit();
    let strategy = share.strategy;
    move |nominal| match strategy {
        Strategy::LendAndBorrow if percent < 0 => None,
        Strategy::LendAndBorrow => Some(nominal.saturating_add(share_of(nominal, percent))),
        _ => Some(nominal),
    }
}

fn share_queue(
    i: usize,
    share: &QuotaShare,
    s: &Scenario,
    plan: &FlavorPlan,
    cohort: &str,
    notes: &mut Notes,
) -> ClusterQueue {
    let limits = limits_for(share);
    let most = most_for(share);
    let mut flavors = Vec::new();
    for limit in &share.capacity_limits {
        let Some(t) = plan.get(&limit.instance_type) else {
            continue;
        };
        if let Some(name) = &t.on_demand {
            flavors.push(quotas(name, plan, t, limit.max_capacity, &limits));
        }
        if let Some(name) = &t.spot {
            let mut spot = quotas(name, plan, t, limit.max_capacity, &|_| (None, None));
            for r in &mut spot.resources {
                r.borrowing_limit = most(super::super::resources::units(&r.nominal_quota, &r.name))
                    .map(crate::quantity::Quantity::units);
                r.nominal_quota = crate::quantity::Quantity::zero();
            }
            flavors.push(spot);
        }
    }
    share_notes(i, share, plan, notes);
    let mut q = queue(&share.name, Some(cohort), s, flavors);
    q.preemption = Preemption {
        reclaim_within_cohort: ReclaimPolicy::Any,
        within_cluster_queue: if share.in_share_preemption {
            WithinClusterQueue::LowerPriority
        } else {
            WithinClusterQueue::Never
        },
        ..Preemption::default()
    };
    q
}

fn share_notes(i: usize, share: &QuotaShare, plan: &FlavorPlan, notes: &mut Notes) {
    let path = format!("quota_shares[{i}]");
    let terms = match (share.strategy, share.effective_borrow_limit()) {
        (Strategy::Reserve, _) => "RESERVE: lendingLimit 0 and borrowingLimit 0".to_string(),
        (Strategy::Lend, _) => "LEND: borrowingLimit 0".to_string(),
        (Strategy::LendAndBorrow, b) if b < 0 => {
            "LEND_AND_BORROW without a cap: no borrowingLimit".to_string()
        }
        (Strategy::LendAndBorrow, b) => {
            format!("LEND_AND_BORROW: borrowingLimit {b}% of each nominal quota, rounded down")
        }
    };
    let preemption = if share.in_share_preemption {
        "withinClusterQueue LowerPriority"
    } else {
        "withinClusterQueue Never"
    };
    notes.carried(&path, format!("ClusterQueue \"{}\": {terms}; reclaimWithinCohort Any (AWS reclaims for every lender); {preemption}", share.name));
    let b = share.effective_borrow_limit();
    if share.strategy != Strategy::LendAndBorrow || b <= 0 {
        return;
    }
    for limit in &share.capacity_limits {
        let Some(t) = plan.get(&limit.instance_type) else {
            continue;
        };
        let (unit, per) = super::super::resources::unit_of(t.def.as_ref());
        let nominal = u64::from(limit.max_capacity) * per;
        let exact = u128::from(nominal) * u128::try_from(b).unwrap_or(0);
        if exact % 100 != 0 {
            notes.approximated(
                format!("{path}.borrow_limit"),
                format!("{b}% of {nominal} {unit} on {} is {:.2}; Kueue's borrowingLimit is a quantity, {}", t.instance_type, exact as f64 / 100.0, exact / 100),
            );
        }
    }
}
