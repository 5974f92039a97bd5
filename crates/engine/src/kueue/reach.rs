//! How far each ClusterQueue's quota reaches, per flavor and resource, from the quotas alone
//! (docs/KUEUE.md, "Quota: available, potential and borrowing"): what is guaranteed (its nominal
//! quota), what of that others may borrow while it is idle (all of it, or its lending limit; none
//! outside a cohort), and what it may borrow on top (Kueue's potential available above its
//! nominal quota, within its borrowing limit). The app's allocation bar draws it.

use super::tree::local_quota;
use super::world::World;
use crate::quantity::Quantity;
use crate::scenario::Scenario;
use serde::{Deserialize, Serialize};

/// One ClusterQueue's reach, its flavors in the order it tries them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QueueReach {
    /// The ClusterQueue.
    pub queue: String,
    /// Its cohort; none: it neither lends nor borrows.
    pub cohort: Option<String>,
    /// Per flavor (in the queue's order) and resource.
    pub quotas: Vec<QuotaReach>,
}

/// One flavor and resource of a ClusterQueue.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QuotaReach {
    /// The ResourceFlavor.
    pub flavor: String,
    /// The resource, as Kubernetes names it.
    pub resource: String,
    /// Its nominal quota: guaranteed to it.
    pub guaranteed: Quantity,
    /// Of its nominal quota, what queues of its cohort tree may borrow while it is idle.
    pub lendable: Quantity,
    /// What it may hold above its nominal quota when the rest of the tree is idle.
    pub borrowable: Quantity,
}

/// The reach of every ClusterQueue of a validated scenario written as Kueue objects, in
/// scenario order; empty for an AWS one.
pub fn quota_reach(scenario: &Scenario) -> Vec<QueueReach> {
    if scenario.kueue.is_none() {
        return Vec::new();
    }
    let world = World::new(scenario);
    world
        .queues
        .iter()
        .map(|q| {
            let node = &world.nodes[q.node];
            let quotas = q
                .groups
                .iter()
                .flat_map(|g| {
                    g.flavors
                        .iter()
                        .flat_map(move |&f| g.resources.iter().map(move |&r| (f, r)))
                })
                .map(|(f, r)| {
                    let fr = world.fr(f, r);
                    let resource = world.resources[r].as_str();
                    let nominal = node.nominal[fr];
                    let lendable = if node.parent.is_some() {
                        nominal - local_quota(node, fr)
                    } else {
                        0
                    };
                    QuotaReach {
                        flavor: world.flavors[f].name.to_string(),
                        resource: resource.to_string(),
                        guaranteed: Quantity::from_amount(resource, nominal),
                        lendable: Quantity::from_amount(resource, lendable),
                        borrowable: Quantity::from_amount(resource, q.potential[fr] - nominal),
                    }
                })
                .collect();
            QueueReach {
                queue: q.name.to_string(),
                cohort: node.parent.map(|p| world.nodes[p].name.to_string()),
                quotas,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const THREE_TEAMS: &str = include_str!("../../../../scenarios/kueue-three-teams.json");

    fn reach_of<'a>(all: &'a [QueueReach], queue: &str, flavor: &str) -> &'a QuotaReach {
        all.iter()
            .find(|q| q.queue == queue)
            .and_then(|q| q.quotas.iter().find(|r| r.flavor == flavor))
            .unwrap_or_else(|| panic!("{queue}/{flavor}"))
    }

    #[test]
    fn a_queue_reaches_its_nominal_quota_lends_up_to_its_lending_limit_and_borrows_what_the_cohort_lends(
    ) {
        let scenario = Scenario::parse_json(THREE_TEAMS).unwrap();
        let all = quota_reach(&scenario);
        assert_eq!(all.len(), 3);
        // inference: 8 guaranteed, lends at most 4 (lending_limit), borrows nothing (0).
        let inference = reach_of(&all, "inference", "a10g");
        assert_eq!(inference.guaranteed.to_string(), "8");
        assert_eq!(inference.lendable.to_string(), "4");
        assert_eq!(inference.borrowable.to_string(), "0");
        // research: borrows what training lends (8) and inference lends (4) on a10g.
        let research = reach_of(&all, "research", "a10g");
        assert_eq!(research.lendable.to_string(), "8");
        assert_eq!(research.borrowable.to_string(), "12");
        // a10g-spot: research holds none of its own, and may borrow all of training's 8.
        let spot = reach_of(&all, "research", "a10g-spot");
        assert_eq!(spot.guaranteed.to_string(), "0");
        assert_eq!(spot.borrowable.to_string(), "8");
        assert_eq!(all[0].cohort.as_deref(), Some("ml-org"));
        let order: Vec<&str> = all[0].quotas.iter().map(|r| r.flavor.as_str()).collect();
        assert_eq!(order, ["a10g", "a10g-spot"], "the queue's order of flavors");
    }

    #[test]
    fn a_queue_in_no_cohort_neither_lends_nor_borrows() {
        let mut scenario = Scenario::parse_json(THREE_TEAMS).unwrap();
        if let Some(k) = scenario.kueue.as_mut() {
            k.cluster_queues[0].cohort = None;
        }
        let all = quota_reach(&scenario);
        let research = reach_of(&all, "research", "a10g");
        assert_eq!(research.guaranteed.to_string(), "8");
        assert_eq!(research.lendable.to_string(), "0");
        assert_eq!(research.borrowable.to_string(), "0");
        assert_eq!(all[0].cohort, None);
    }

    #[test]
    fn an_aws_scenario_has_no_reach() {
        let aws = Scenario::parse_json(include_str!("../../../../scenarios/default.json")).unwrap();
        assert!(quota_reach(&aws).is_empty());
    }
}
